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
import { renderCards, renderHowTo, renderLegend, renderPlayers, renderRevealed, renderRules, renderSheet, renderSupply } from "./ui/panel.js";
import { Log } from "./ui/log.js";
import { ReviewPanel } from "./ui/review.js";
import { Picker } from "./ui/picker.js";
import { Tabs, bindKeys, bindZoom, followPicker } from "./ui/controls.js";
import { inPlay, legalMoves } from "./ui/moves.js";
import { botChoices, deckToggle, el, seatInputs } from "./ui/setup.js";
import { Seats, bidHere, place, winnersText } from "./ui/words.js";
import { BotWorker, ReviewWorker } from "./engine/worker.js";

const $ = (id) => document.getElementById(id);
const E = await loadEngine();
setUpLanguage(E);
languageMenu($("language"));
const C = E.constants();
const SAVE = "metropolys-offline";

/** The game under way: the whole game, its seats ("human" or a bot kind), the bots' workers. */
let s = null;

const board = new BoardView($("board"), $("board-wrap"), { onChoose: (n) => openPicker(n) });
const picker = new Picker($("picker"), { onPick: (id) => play(id), onClose: () => board.choose(null) });
const log = new Log($("log"));
const review = new ReviewPanel(E, $("review"), { board, log });
/** The review's worker, started at the first review. */
let reviewer = null;
/** Each game its own key: a review shown stays while the page redraws the game's end. */
let games = 0;

function show(name) {
  document.body.dataset.page = name;
  $("loading").hidden = true;
  $("setup").hidden = name !== "setup";
  $("game").hidden = name !== "game";
}

// ----- setting up --------------------------------------------------------

function seats() {
  seatInputs(E, $("seats"), Number($("players").value), botChoices(C.BOT_KINDS), t("ui-a-person-here"),
    (i) => (i === 0 ? "human" : "casual"));
}

function saved() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVE) ?? "null");
    return v && v.record && Array.isArray(v.seats) ? v : null;
  } catch {
    return null;
  }
}

function save() {
  try {
    if (s.game.isOver) localStorage.removeItem(SAVE);
    else localStorage.setItem(SAVE, JSON.stringify({ record: record(), seats: s.seats }));
  } catch {
    // Not saved (a private window): the game goes on.
  }
}

/** The record of the game so far, with who played each seat. */
function record() {
  const r = s.game.toRecord();
  r.seats = s.seats.map((k) => ({ kind: k }));
  return r;
}

function setup() {
  stopBots();
  s = null;
  review.withdraw();
  show("setup");
  $("headline").textContent = t("ui-offline-headline");
  seats();
  $("resume").hidden = !saved();
  $("discard").hidden = true;
  replacing = null;
}

$("players").addEventListener("change", seats);
const deck = deckToggle(E, $("metropolys-cards"), $("deck"));
// Leaving a game for the setup loses nothing: it stays saved, and Start
// asks before a new game replaces it.
$("new-game-link").addEventListener("click", (ev) => {
  ev.preventDefault();
  setup();
});
/** The new game waiting for the player's answer to "replace the saved game?". */
let replacing = null;

/** Runs `begin` (a new game), once the player agrees when it replaces a saved game in progress. */
function replaceSaved(begin) {
  if (!saved()) {
    begin();
    return;
  }
  replacing = begin;
  $("discard").hidden = false;
  $("discard-no").focus();
}

$("offline-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  replaceSaved(begin);
});
$("discard-yes").addEventListener("click", () => {
  const go = replacing;
  replacing = null;
  $("discard").hidden = true;
  go?.();
});
$("discard-no").addEventListener("click", () => {
  replacing = null;
  $("discard").hidden = true;
  $("resume").focus();
});

/** Starts the game the setup form describes. */
function begin() {
  const f = $("offline-form");
  const players = Number(f.players.value);
  const text = f.seed.value.trim();
  if (text && !/^[0-9]{1,15}$/.test(text)) {
    $("setup-error").textContent = t("ui-seed-bad");
    return;
  }
  const seed = text ? Number(text) : Math.floor(Math.random() * 2 ** 32);
  const config = { players, variant: f.variant.value, seed };
  const seats = Array.from({ length: players }, (_, i) => f[`seat${i}`].value);
  try {
    if (f.metropolys.checked) config.metropolys_deck = deck();
    start(E.Game.fromConfig(config), seats);
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
}
$("guided").addEventListener("click", () => {
  // A short game against the gentlest bot: two players, the Family game.
  replaceSaved(() => start(E.Game.fromConfig({ players: 2, variant: "family", seed: 2008 }), ["human", "beginner"], true));
});
$("resume").addEventListener("click", () => {
  const v = saved();
  try {
    start(E.Game.fromRecord(v.record), v.seats);
  } catch (e) {
    $("setup-error").textContent = t("ui-saved-bad", { error: e.message });
  }
});

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
  // A phone's board opens zoomed, on the districts in play.
  board.zoom(window.innerWidth <= 820 ? board.zoomFor(46) : 1);
  board.showInPlay(inPlay(E.board().neighborhoods, game.outOfPlay));
  renderHowTo($("howto"), game.variant);
  renderLegend(E, $("legend"), game.variant, game.usesMetropolysCards);
  renderRules(E, $("rules"), game.variant, game.usesMetropolysCards);
  log.clear(E, game.variant, seatWords(null));
  const history = game.history ?? [];
  if (history.length) {
    // A saved game: its events again, from its record.
    const replay = E.Game.fromConfig(game.config);
    log.add(E, seatWords(null), replay.events, false);
    for (const a of history) log.add(E, seatWords(null), replay.applyFor(a.player, a.action), false);
    replay.free();
  } else {
    log.add(E, seatWords(null), game.events, false);
  }
  next();
}

function stopBots() {
  for (const b of s?.bots ?? []) b?.terminate();
  s?.hint?.free();
  s?.guide?.free();
}

// ----- the turn ------------------------------------------------------------

/** The seat whose view the page shows: the person to act, else the last person who did. */
function viewer() {
  const g = s.game;
  if (!g.isOver && s.seats[g.toAct] === "human") return g.toAct;
  if (s.shown !== null) return s.shown;
  return s.seats.indexOf("human");
}

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
    const seats = seatWords(null);
    $("handoff").hidden = false;
    $("handoff-title").textContent = t("ui-to-play", { who: seats.color(seatToAct) });
    $("handoff-ready").textContent = t("ui-show-my-cards", { who: seats.color(seatToAct) });
    $("handoff-ready").focus();
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

/** The guided game's lessons, shown beside the board until "Go on". */
function teach(lessons) {
  if (!lessons.length) return;
  $("guide-text").replaceChildren(...lessons.map((l) => el("p", l)));
  $("guide").hidden = false;
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

/** The page as `viewer()` sees it; `mine`: that person is to act. */
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
  // The turn.
  const box = $("turn").parentElement;
  box.classList.toggle("mine", mine);
  const pass = s.pass !== null ? "yes" : "no";
  $("turn").textContent = g.isOver
    ? t("ui-game-over", { winners: winnersText(seats, g.winners) })
    : mine
      ? s.hotseat ? t("ui-your-turn-seat", { who: seats.color(g.toAct), pass }) : t("ui-your-turn", { pass })
      : s.seats[g.toAct] === "human"
        ? t("ui-to-play", { who: seats.color(g.toAct) })
        : t("ui-thinking", { who: seats.who(g.toAct), bot: s.seats[g.toAct] });
  $("headline").textContent = t("ui-offline-status", {
    variant: texts().variant(g.variant),
    players: t("ui-players-count", { count: g.players }),
    call: t("ui-call", { call: g.callNumber }),
    decision: t("ui-decision", { n: g.decisions }),
  });
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
  end(view, seats);
  view.free();
}

function end(view, seats) {
  const g = s.game;
  $("end").hidden = !g.isOver;
  if (!g.isOver) {
    board.showGroups([]);
    review.withdraw();
    return;
  }
  const scores = g.scores();
  const winners = g.winners;
  $("end-title").textContent = winnersText(seats, winners);
  const sheet = $("score-sheet");
  sheet.replaceChildren();
  const groups = (p) => {
    const sc = scores.find((x) => x.player === p);
    board.showGroups([{ seat: p, color: C.PLAYER_COLORS[p], ink: C.PLAYER_INKS[p], groups: [...sc.area_groups, ...sc.metropolys_groups] }]);
  };
  renderSheet(E, sheet, { scores, winners, seats, onSeat: groups, variant: g.variant, metropolys: g.usesMetropolysCards });
  renderRevealed(E, sheet, view, seats);
  groups(winners[0]);
  sheet.querySelector(`button[data-seat="${winners[0]}"]`)?.setAttribute("aria-pressed", "true");
  $("record-link").href = $("save-link").href;
  $("record-link").download = $("save-link").download;
  offerReview();
}

/**
 * The review of the finished game, offered once it is over (never while it
 * is played: it shows every card): computed in a worker on request, with
 * seed 0 as the server computes its reviews, so that the same game gets
 * the same review here and there.
 */
function offerReview() {
  const game = s;
  const text = JSON.stringify(record());
  review.offer({
    key: game.key,
    record: () => text,
    seats: seatWords(null),
    variant: game.game.variant,
    request: (preset, onProgress, signal) => {
      reviewer ??= new ReviewWorker();
      if (reviewer.busy) reviewer.cancel();
      return reviewer.review(text, { preset, seed: 0 }, { onProgress, signal });
    },
    show: (step, pieces) => {
      if (s !== game) return;
      if (pieces) {
        board.place(pieces);
        board.showGroups([]);
        board.mark([]);
      } else {
        render([], -1, false);
      }
    },
  });
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
  if (!choices) return;
  const sizes = s.game.variant === "expert" ? C.BUILDING_SIZES : null;
  board.reveal(n);
  board.choose(n);
  picker.open(n, board.neighborhood(n), t("ui-bid-on", { place: place(E, n) }),
    choices.map((c) => ({
      id: c.id,
      building: c.building,
      size: sizes ? sizes[c.building] : null,
      label: texts().action(s.game.variant, c.id),
    })));
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
  log.clear(E, g.variant, seatWords(null));
  const replay = E.Game.fromConfig(g.config);
  log.add(E, seatWords(null), replay.events, false);
  for (const a of g.history ?? []) log.add(E, seatWords(null), replay.applyFor(a.player, a.action), false);
  replay.free();
  next();
}

$("pass").addEventListener("click", () => s?.pass !== null && play(s.pass));
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", () => {
  const g = s.game;
  const view = E.Game.fromJSON(g.view(g.toAct));
  const id = s.hint.chooseId(view);
  view.free();
  const a = E.actionFromId(id);
  $("hint-text").textContent = t("ui-hint-is", { action: texts().action(g.variant, id) });
  $("hint-text").setAttribute("data-action", String(id));
  board.hint(a === "pass" ? null : a.bid.neighborhood);
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
