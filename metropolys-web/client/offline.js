// The offline page: a whole game on one device with no server — people
// taking turns at one screen (hot-seat: the page hides each person's
// cards until they say they are ready) and bots thinking in Web Workers
// (the package's BotWorker, so the page keeps answering), with undo, a
// hint, the record to download, and the game saved in the browser between
// visits. The whole game lives in the page; what is shown is the view of
// the person whose turn it is (R-21). Once the game is over, the bots'
// review of it is computed in a Web Worker too (the package's
// ReviewWorker) and shown beside the board.

import { BoardView, piecesOf } from "./ui/board.js";
import { loadEngine } from "./ui/engine.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { renderCards, renderHowTo, renderLegend, renderPlayers, renderRules, renderSupply } from "./ui/panel.js";
import { Log } from "./ui/log.js";
import { ReviewPanel } from "./ui/review.js";
import { Picker } from "./ui/picker.js";
import { Tabs, bindKeys, bindZoom, followPicker } from "./ui/controls.js";
import { legalMoves } from "./ui/moves.js";
import { fitBoard, pickOn, showHint } from "./ui/bidding.js";
import { OfflineSetup, saveGame } from "./ui/offlinesetup.js";
import { Seats, bidHere } from "./ui/words.js";
import { BotWorker } from "./engine/worker.js";
import { OfflineEnd } from "./ui/offlineend.js";
import { handOver, showTurn, teach } from "./ui/offlineturn.js";

const $ = (id) => document.getElementById(id);
const E = await loadEngine();
setUpLanguage(E);
languageMenu($("language"));

/** The game under way: the whole game, its seats ("human" or a bot kind), the bots' workers. */
let s = null;

const board = new BoardView($("board"), $("board-wrap"), { onChoose: (n) => openPicker(n) });
const picker = new Picker($("picker"), { onPick: (id) => play(id), onClose: () => board.choose(null) });
const log = new Log($("log"));
const review = new ReviewPanel(E, $("review"), { board, log });
const ending = new OfflineEnd(E, board, review);
/** Each game its own key: a review shown stays while the page redraws the game's end. */
let games = 0;

function show(name) {
  document.body.dataset.page = name;
  $("loading").hidden = true;
  $("setup").hidden = name !== "setup";
  $("game").hidden = name !== "game";
}

// ----- setting up --------------------------------------------------------

const form = new OfflineSetup(E, { start, leave: setup });

function setup() {
  stopBots();
  s = null;
  review.withdraw();
  show("setup");
  form.show();
}

/** The game so far saved in the browser (a finished one forgotten). */
function save() {
  saveGame(record(), s.seats, s.game.isOver);
}

/** The record of the game so far, with who played each seat. */
function record() {
  const r = s.game.toRecord();
  r.seats = s.seats.map((k) => ({ kind: k }));
  return r;
}

function start(game, seats, guided = false) {
  stopBots();
  review.withdraw();
  s = {
    key: ++games,
    game,
    seats,
    bots: seats.map((k, i) => (k === "human" ? null : new BotWorker(k, { seed: (game.config?.seed ?? 0) + i + 1 }))),
    hint: new E.Bot("greedy", { seed: 1 }),
    shown: null,
    thinking: null,
    legal: new Map(),
    pass: null,
    guide: null,
    waiting: null,
  };
  const humans = seats.filter((k) => k === "human").length;
  s.names = seats.map(() => null);
  s.hotseat = humans > 1;
  $("guide").hidden = true;
  if (guided) {
    s.guide = new E.Guide({ lang: texts().lang });
    teach([s.guide.intro(), ...s.guide.feed(game.events)]);
  }
  show("game");
  board.draw(game.boardSvg());
  fitBoard(E, board, game);
  renderHowTo($("howto"), game.variant);
  renderLegend(E, $("legend"), game.variant, game.usesMetropolysCards);
  renderRules(E, $("rules"), game.variant, game.usesMetropolysCards);
  // A saved game: its events again, from its record.
  log.retell(E, game, seatWords(null));
  next();
}

function stopBots() {
  for (const b of s?.bots ?? []) b?.terminate();
  s?.hint?.free();
  s?.guide?.free();
}

// ----- the turn ------------------------------------------------------------

function seatWords(me) {
  return new Seats(E, s.game.players, s.names, me);
}

/** Draws the position and starts whatever comes next (a bot, a handoff, a person's turn). */
function next(events = [], built = -1) {
  const g = s.game;
  const seatToAct = g.isOver ? null : g.toAct;
  const human = seatToAct !== null && s.seats[seatToAct] === "human";
  // Hot-seat: a new person to act sees nothing of theirs until ready.
  if (human && s.hotseat && s.shown !== seatToAct) {
    s.shown = null;
    render(events, built, false);
    handOver(seatWords(null), seatToAct);
    return;
  }
  if (human) s.shown = seatToAct;
  $("handoff").hidden = true;
  render(events, built, human);
  save();
  // The guided game waits for "Go on" before a bot plays after a lesson.
  if (!g.isOver && !human) {
    if ($("guide").hidden) think(seatToAct);
    else s.waiting = seatToAct;
  }
}

$("guide-next").addEventListener("click", () => {
  $("guide").hidden = true;
  const seat = s?.waiting;
  if (s) s.waiting = null;
  if (seat !== null && seat !== undefined && s.game.toAct === seat) think(seat);
});

$("handoff-ready").addEventListener("click", () => {
  s.shown = s.game.toAct;
  $("handoff").hidden = true;
  render([], -1, true);
});

/** The page as the person shown (`s.shown`, none between two people) sees it; `mine`: that person is to act. */
function render(events, built, mine) {
  const g = s.game;
  const me = s.shown;
  const seats = seatWords(me);
  const view = me === null ? E.Game.fromJSON(g.publicView()) : E.Game.fromJSON(g.view(me));
  document.body.dataset.move = String(g.decisions);
  document.body.dataset.status = g.isOver ? "finished" : "playing";
  document.body.dataset.toAct = g.isOver ? "" : String(g.toAct);
  document.body.dataset.seat = me === null ? "" : String(me);
  const state = view.toJSON();
  board.place(piecesOf(E, state, built), events.length > 0);
  ({ dests: s.legal, pass: s.pass } = legalMoves(mine ? view.legalActionIds() : [], E.actionFromId));
  board.offer(s.legal, bidHere(E, s.legal));
  if (mine && s.panned !== g.decisions) {
    // The turn has come to this person: a zoomed board pans to the latest
    // bid and the neighborhoods where they may outbid it.
    s.panned = g.decisions;
    const bids = state.bids;
    if (bids.length) board.show([bids[bids.length - 1].neighborhood, ...s.legal.keys()]);
  }
  board.hint(null);
  $("hint-text").textContent = "";
  $("pass").disabled = s.pass === null;
  $("hint").disabled = !mine;
  $("undo").disabled = !canUndo();
  $("actions").hidden = g.isOver;
  if (events.length) log.add(E, seats, events, true);
  showTurn(g, seats, { kinds: s.seats, mine, hotseat: s.hotseat, pass: s.pass !== null });
  const status = s.seats.map((k) => ({ connected: true, taken: true, bot: k === "human" ? null : k }));
  renderPlayers(E, $("players-table"), view, seats, status);
  $("mine").hidden = me === null || g.isOver;
  // Always redrawn: between two people the box is emptied, not just hidden.
  const marked = renderCards(E, $("cards"), view, me, (ns) => {
    s.marked = ns;
    board.mark($("show-mine").checked ? ns : []);
  });
  renderSupply(E, $("supply"), view, me);
  s.marked = marked;
  board.mark($("show-mine").checked ? marked : []);
  const rec = new Blob([JSON.stringify(record(), null, 1)], { type: "application/json" });
  URL.revokeObjectURL($("save-link").href);
  $("save-link").href = URL.createObjectURL(rec);
  $("save-link").download = `metropolys-offline-${g.config?.seed ?? "game"}.json`;
  const game = s;
  ending.show(game, view, seats, {
    text: JSON.stringify(record()),
    live: () => s === game,
    redraw: () => render([], -1, false),
  });
  view.free();
}

async function think(seat) {
  const g = s.game;
  const bot = s.bots[seat];
  const mine = s;
  const at = g.decisions;
  s.thinking = bot;
  let action;
  try {
    action = await bot.choose(g);
  } catch (e) {
    if (e.name === "AbortError" || s !== mine) return;
    $("hint-text").textContent = t("ui-bot-failed", { error: e.message });
    return;
  } finally {
    if (s === mine) s.thinking = null;
  }
  if (s !== mine || g.decisions !== at) return;
  apply(action);
}

function apply(action) {
  const events = s.game.apply(action);
  if (s.guide) teach(s.guide.feed(events));
  const built = events.find((e) => e.type === "constructed");
  next(events, built ? built.neighborhood : -1);
}

function play(id) {
  const g = s?.game;
  if (!g || g.isOver || s.seats[g.toAct] !== "human" || s.shown !== g.toAct || !g.isLegal(id)) return;
  apply(id);
}

function openPicker(n) {
  const choices = s.legal.get(n);
  if (choices) pickOn(E, { board, picker }, n, choices, s.game.variant);
}

/** Whether a person has a decision to take back. */
function canUndo() {
  const h = s.game.history ?? [];
  return h.some((a) => s.seats[a.player] === "human");
}

/** Takes back decisions up to and including the last person's. */
function undo() {
  if (!canUndo()) return;
  s.thinking?.cancel();
  const g = s.game;
  do {
    g.undo();
  } while (s.seats[g.toAct] !== "human" && canUndo());
  // Hot-seat: the person who took the move back keeps the screen; another
  // person to act gets the hand-over screen first (their cards stay hidden).
  if (!s.hotseat) s.shown = g.toAct;
  log.retell(E, g, seatWords(null));
  next();
}

$("pass").addEventListener("click", () => s?.pass !== null && play(s.pass));
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", () => {
  const g = s.game;
  const view = E.Game.fromJSON(g.view(g.toAct));
  const id = s.hint.chooseId(view);
  view.free();
  showHint(E, board, g.variant, id);
});
$("again").addEventListener("click", setup);
bindZoom(document, board);
$("show-mine").addEventListener("change", () => board.mark($("show-mine").checked ? s?.marked ?? [] : []));
new Tabs(document);
followPicker(window, $("board-wrap"), picker);
bindKeys(document, {
  state: () => ({
    playing: !!s && document.body.dataset.page === "game" && !picker.isOpen,
    canPass: s?.pass != null,
    canHint: !$("hint").disabled,
    canUndo: !$("undo").disabled,
  }),
  pass: () => play(s.pass),
  hint: () => $("hint").click(),
  undo: () => undo(),
});

setup();
