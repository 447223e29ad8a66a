// The offline page: a whole game on one device with no server — people
// taking turns at one screen (hot-seat: the page hides each person's
// cards until they say they are ready) and bots thinking in Web Workers
// (the package's BotWorker, so the page keeps answering), with undo, a
// hint, the record to download, and the game saved in the browser between
// visits. The whole game lives in the page; what is shown is the view of
// the person whose turn it is (R-21). Once the game is over, the bots'
// review of it is computed in a Web Worker too (the package's
// ReviewWorker) and shown beside the board.

import type { Action, Game, GameEvent, GameRecord } from "./engine/metropolys_wasm.js";
import { BoardView, piecesOf } from "./ui/board.js";
import { byId } from "./ui/dom.js";
import { loadEngine } from "./ui/engine.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { renderCards, renderHowTo, renderLegend, renderPlayers, renderRules, renderSupply } from "./ui/panel.js";
import { Log } from "./ui/log.js";
import { ReviewPanel } from "./ui/review.js";
import { Picker } from "./ui/picker.js";
import { Tabs, bindKeys, bindZoom, followPicker } from "./ui/controls.js";
import { legalMoves } from "./ui/moves.js";
import { fitBoard, pickOn, showHint } from "./ui/bidding.js";
import { type OfflineGame, OfflineSetup, type SeatKind, errorText, gameUnderWay, saveGame } from "./ui/offlinesetup.js";
import { Seats, bidHere } from "./ui/words.js";
import { OfflineEnd } from "./ui/offlineend.js";
import { handOver, showTurn, teach } from "./ui/offlineturn.js";

// The page runs once the engine is loaded (the pages' scripts are built
// for ES2020, which has no top-level await).
async function main(): Promise<void> {
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId<HTMLSelectElement>("language"));

  /** The game under way: the whole game, its seats ("human" or a bot kind), the bots' workers. */
  let s: OfflineGame | null = null;

  const board = new BoardView(byId("board"), byId("board-wrap"), { onChoose: (n) => openPicker(n) });
  const picker = new Picker(byId("picker"), { onPick: (id: number) => play(id), onClose: () => board.choose(null) });
  const log = new Log(byId("log"));
  const review = new ReviewPanel(E, byId("review"), { board, log });
  const ending = new OfflineEnd(E, board, review);
  /** Each game its own key: a review shown stays while the page redraws the game's end. */
  let games = 0;
  const showMine = byId<HTMLInputElement>("show-mine");
  const saveLink = byId<HTMLAnchorElement>("save-link");

  function show(name: string): void {
    document.body.dataset.page = name;
    byId("loading").hidden = true;
    byId("setup").hidden = name !== "setup";
    byId("game").hidden = name !== "game";
  }

  // ----- setting up --------------------------------------------------------

  const form = new OfflineSetup(E, { start, leave: setup });

  function setup(): void {
    stopBots();
    s = null;
    review.withdraw();
    show("setup");
    form.show();
  }

  /** The game so far saved in the browser (a finished one forgotten). */
  function save(s: OfflineGame): void {
    saveGame(record(s), s.seats, s.game.isOver);
  }

  /** The record of the game so far, with who played each seat. */
  function record(s: OfflineGame): GameRecord {
    const r: GameRecord = s.game.toRecord();
    r.seats = s.seats.map((k) => ({ kind: k }));
    return r;
  }

  function start(game: Game, seats: SeatKind[], guided = false): void {
    stopBots();
    review.withdraw();
    const g = (s = gameUnderWay(E, ++games, game, seats));
    byId("guide").hidden = true;
    if (guided) {
      g.guide = new E.Guide({ lang: texts().lang });
      teach([g.guide.intro(), ...g.guide.feed(game.events)]);
    }
    show("game");
    board.draw(game.boardSvg());
    fitBoard(E, board, game);
    renderHowTo(byId("howto"), game.variant);
    renderLegend(E, byId("legend"), game.variant, game.usesMetropolysCards);
    renderRules(E, byId("rules"), game.variant, game.usesMetropolysCards);
    // A saved game: its events again, from its record.
    log.retell(E, game, seatWords(g, null));
    next(g);
  }

  function stopBots(): void {
    for (const b of s?.bots ?? []) b?.terminate();
    s?.hint?.free();
    s?.guide?.free();
  }

  // ----- the turn ------------------------------------------------------------

  function seatWords(s: OfflineGame, me: number | null): Seats {
    return new Seats(E, s.game.players, s.names, me);
  }

  /** Draws the position and starts whatever comes next (a bot, a handoff, a person's turn). */
  function next(s: OfflineGame, events: readonly GameEvent[] = [], built = -1): void {
    const g = s.game;
    const seatToAct = g.isOver ? null : g.toAct;
    const human = seatToAct !== null && s.seats[seatToAct] === "human";
    // Hot-seat: a new person to act sees nothing of theirs until ready.
    if (human && s.hotseat && s.shown !== seatToAct) {
      s.shown = null;
      render(s, events, built, false);
      handOver(seatWords(s, null), seatToAct);
      return;
    }
    if (human) s.shown = seatToAct;
    byId("handoff").hidden = true;
    render(s, events, built, human);
    save(s);
    // The guided game waits for "Go on" before a bot plays after a lesson.
    if (!g.isOver && !human && seatToAct !== null) {
      if (byId("guide").hidden) void think(s, seatToAct);
      else s.waiting = seatToAct;
    }
  }

  byId("guide-next").addEventListener("click", () => {
    byId("guide").hidden = true;
    const seat = s?.waiting;
    if (s) s.waiting = null;
    if (s && seat !== null && seat !== undefined && s.game.toAct === seat) void think(s, seat);
  });

  byId("handoff-ready").addEventListener("click", () => {
    if (!s) return;
    s.shown = s.game.toAct;
    byId("handoff").hidden = true;
    render(s, [], -1, true);
  });

  /** The page as the person shown (`s.shown`, none between two people) sees it; `mine`: that person is to act. */
  function render(s: OfflineGame, events: readonly GameEvent[], built: number, mine: boolean): void {
    const g = s.game;
    const me = s.shown;
    const seats = seatWords(s, me);
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
      if (bids.length) board.show([bids[bids.length - 1]!.neighborhood, ...s.legal.keys()]);
    }
    board.hint(null);
    byId("hint-text").textContent = "";
    byId<HTMLButtonElement>("pass").disabled = s.pass === null;
    byId<HTMLButtonElement>("hint").disabled = !mine;
    byId<HTMLButtonElement>("undo").disabled = !canUndo(s);
    byId("actions").hidden = g.isOver;
    if (events.length) log.add(E, seats, events, true);
    showTurn(g, seats, { kinds: s.seats, mine, hotseat: s.hotseat, pass: s.pass !== null });
    const status = s.seats.map((k) => ({ connected: true, taken: true, bot: k === "human" ? null : k }));
    renderPlayers(E, byId("players-table"), view, seats, status);
    byId("mine").hidden = me === null || g.isOver;
    // Always redrawn: between two people the box is emptied, not just hidden.
    const marked = renderCards(E, byId("cards"), view, me, (ns) => {
      s.marked = ns;
      board.mark(showMine.checked ? ns : []);
    });
    renderSupply(E, byId("supply"), view, me);
    s.marked = marked;
    board.mark(showMine.checked ? marked : []);
    const rec = new Blob([JSON.stringify(record(s), null, 1)], { type: "application/json" });
    URL.revokeObjectURL(saveLink.href);
    saveLink.href = URL.createObjectURL(rec);
    saveLink.download = `metropolys-offline-${g.config?.seed ?? "game"}.json`;
    const game = s;
    ending.show(game, view, seats, {
      text: JSON.stringify(record(s)),
      live: () => s === game,
      redraw: () => render(game, [], -1, false),
    });
    view.free();
  }

  async function think(mine: OfflineGame, seat: number): Promise<void> {
    const g = mine.game;
    const bot = mine.bots[seat];
    // A seat to think for is a bot's.
    if (!bot) return;
    const at = g.decisions;
    mine.thinking = bot;
    let action: Action;
    try {
      action = await bot.choose(g);
    } catch (e) {
      if ((e instanceof Error && e.name === "AbortError") || s !== mine) return;
      byId("hint-text").textContent = t("ui-bot-failed", { error: errorText(e) });
      return;
    } finally {
      if (s === mine) mine.thinking = null;
    }
    if (s !== mine || g.decisions !== at) return;
    apply(mine, action);
  }

  function apply(s: OfflineGame, action: Action | number): void {
    const events = s.game.apply(action);
    if (s.guide) teach(s.guide.feed(events));
    const built = events.find((e) => e.type === "constructed");
    next(s, events, built && built.type === "constructed" ? built.neighborhood : -1);
  }

  function play(id: number): void {
    const g = s?.game;
    if (!s || !g || g.isOver || g.toAct === null || s.seats[g.toAct] !== "human" || s.shown !== g.toAct || !g.isLegal(id)) return;
    apply(s, id);
  }

  function openPicker(n: number): void {
    const choices = s?.legal.get(n);
    if (s && choices) pickOn(E, { board, picker }, n, choices, s.game.variant);
  }

  /** Whether a person has a decision to take back. */
  function canUndo(s: OfflineGame): boolean {
    const h = s.game.history ?? [];
    return h.some((a) => s.seats[a.player] === "human");
  }

  /** Takes back decisions up to and including the last person's. */
  function undo(): void {
    if (!s || !canUndo(s)) return;
    const mine = s;
    mine.thinking?.cancel();
    const g = mine.game;
    do {
      g.undo();
    } while ((g.toAct === null || mine.seats[g.toAct] !== "human") && canUndo(mine));
    // Hot-seat: the person who took the move back keeps the screen; another
    // person to act gets the hand-over screen first (their cards stay hidden).
    if (!mine.hotseat) mine.shown = g.toAct;
    log.retell(E, g, seatWords(mine, null));
    next(mine);
  }

  byId("pass").addEventListener("click", () => s?.pass != null && play(s.pass));
  byId("undo").addEventListener("click", undo);
  byId("hint").addEventListener("click", () => {
    const g = s?.game;
    if (!s || !g || g.toAct === null) return;
    const view = E.Game.fromJSON(g.view(g.toAct));
    const id = s.hint.chooseId(view);
    view.free();
    showHint(E, board, g.variant, id);
  });
  byId("again").addEventListener("click", setup);
  bindZoom(document, board);
  showMine.addEventListener("change", () => board.mark(showMine.checked ? s?.marked ?? [] : []));
  new Tabs(document);
  followPicker(window, byId("board-wrap"), picker);
  bindKeys(document, {
    state: () => ({
      playing: !!s && document.body.dataset.page === "game" && !picker.isOpen,
      canPass: s?.pass != null,
      canHint: !byId<HTMLButtonElement>("hint").disabled,
      canUndo: !byId<HTMLButtonElement>("undo").disabled,
    }),
    pass: () => s?.pass != null && play(s.pass),
    hint: () => byId("hint").click(),
    undo: () => undo(),
  });

  setup();
}

void main();
