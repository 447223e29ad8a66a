// Built from client/src/pages/offline.ts by scripts/build-web (esbuild). Do not edit.
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
import { OfflineSetup, errorText, gameUnderWay, saveGame } from "./ui/offlinesetup.js";
import { Seats, bidHere } from "./ui/words.js";
import { OfflineEnd } from "./ui/offlineend.js";
import { handOver, showTurn, teach } from "./ui/offlineturn.js";
async function main() {
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId("language"));
  let s = null;
  const board = new BoardView(byId("board"), byId("board-wrap"), { onChoose: (n) => openPicker(n) });
  const picker = new Picker(byId("picker"), { onPick: (id) => play(id), onClose: () => board.choose(null) });
  const log = new Log(byId("log"));
  const review = new ReviewPanel(E, byId("review"), { board, log });
  const ending = new OfflineEnd(E, board, review);
  let games = 0;
  const showMine = byId("show-mine");
  const saveLink = byId("save-link");
  function show(name) {
    document.body.dataset.page = name;
    byId("loading").hidden = true;
    byId("setup").hidden = name !== "setup";
    byId("game").hidden = name !== "game";
  }
  const form = new OfflineSetup(E, { start, leave: setup });
  function setup() {
    stopBots();
    s = null;
    review.withdraw();
    show("setup");
    form.show();
  }
  function save(s2) {
    saveGame(record(s2), s2.seats, s2.game.isOver);
  }
  function record(s2) {
    const r = s2.game.toRecord();
    r.seats = s2.seats.map((k) => ({ kind: k }));
    return r;
  }
  function start(game, seats, guided = false) {
    stopBots();
    review.withdraw();
    const g = s = gameUnderWay(E, ++games, game, seats);
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
    log.retell(E, game, seatWords(g, null));
    next(g);
  }
  function stopBots() {
    for (const b of s?.bots ?? [])
      b?.terminate();
    s?.hint?.free();
    s?.guide?.free();
  }
  function seatWords(s2, me) {
    return new Seats(E, s2.game.players, s2.names, me);
  }
  function next(s2, events = [], built = -1) {
    const g = s2.game;
    const seatToAct = g.isOver ? null : g.toAct;
    const human = seatToAct !== null && s2.seats[seatToAct] === "human";
    if (human && s2.hotseat && s2.shown !== seatToAct) {
      s2.shown = null;
      render(s2, events, built, false);
      handOver(seatWords(s2, null), seatToAct);
      return;
    }
    if (human)
      s2.shown = seatToAct;
    byId("handoff").hidden = true;
    render(s2, events, built, human);
    save(s2);
    if (!g.isOver && !human && seatToAct !== null) {
      if (byId("guide").hidden)
        void think(s2, seatToAct);
      else
        s2.waiting = seatToAct;
    }
  }
  byId("guide-next").addEventListener("click", () => {
    byId("guide").hidden = true;
    const seat = s?.waiting;
    if (s)
      s.waiting = null;
    if (s && seat !== null && seat !== void 0 && s.game.toAct === seat)
      void think(s, seat);
  });
  byId("handoff-ready").addEventListener("click", () => {
    if (!s)
      return;
    s.shown = s.game.toAct;
    byId("handoff").hidden = true;
    render(s, [], -1, true);
  });
  function render(s2, events, built, mine) {
    const g = s2.game;
    const me = s2.shown;
    const seats = seatWords(s2, me);
    const view = me === null ? E.Game.fromJSON(g.publicView()) : E.Game.fromJSON(g.view(me));
    document.body.dataset.move = String(g.decisions);
    document.body.dataset.status = g.isOver ? "finished" : "playing";
    document.body.dataset.toAct = g.isOver ? "" : String(g.toAct);
    document.body.dataset.seat = me === null ? "" : String(me);
    const state = view.toJSON();
    board.place(piecesOf(E, state, built), events.length > 0);
    ({ dests: s2.legal, pass: s2.pass } = legalMoves(mine ? view.legalActionIds() : [], E.actionFromId));
    board.offer(s2.legal, bidHere(E, s2.legal));
    if (mine && s2.panned !== g.decisions) {
      s2.panned = g.decisions;
      const bids = state.bids;
      if (bids.length)
        board.show([bids[bids.length - 1].neighborhood, ...s2.legal.keys()]);
    }
    board.hint(null);
    byId("hint-text").textContent = "";
    byId("pass").disabled = s2.pass === null;
    byId("hint").disabled = !mine;
    byId("undo").disabled = !canUndo(s2);
    byId("actions").hidden = g.isOver;
    if (events.length)
      log.add(E, seats, events, true);
    showTurn(g, seats, { kinds: s2.seats, mine, hotseat: s2.hotseat, pass: s2.pass !== null });
    const status = s2.seats.map((k) => ({ connected: true, taken: true, bot: k === "human" ? null : k }));
    renderPlayers(E, byId("players-table"), view, seats, status);
    byId("mine").hidden = me === null || g.isOver;
    const marked = renderCards(E, byId("cards"), view, me, (ns) => {
      s2.marked = ns;
      board.mark(showMine.checked ? ns : []);
    });
    renderSupply(E, byId("supply"), view, me);
    s2.marked = marked;
    board.mark(showMine.checked ? marked : []);
    const rec = new Blob([JSON.stringify(record(s2), null, 1)], { type: "application/json" });
    URL.revokeObjectURL(saveLink.href);
    saveLink.href = URL.createObjectURL(rec);
    saveLink.download = `metropolys-offline-${g.config?.seed ?? "game"}.json`;
    const game = s2;
    ending.show(game, view, seats, {
      text: JSON.stringify(record(s2)),
      live: () => s2 === game,
      redraw: () => render(game, [], -1, false)
    });
    view.free();
  }
  async function think(mine, seat) {
    const g = mine.game;
    const bot = mine.bots[seat];
    if (!bot)
      return;
    const at = g.decisions;
    mine.thinking = bot;
    let action;
    try {
      action = await bot.choose(g);
    } catch (e) {
      if (e instanceof Error && e.name === "AbortError" || s !== mine)
        return;
      byId("hint-text").textContent = t("ui-bot-failed", { error: errorText(e) });
      return;
    } finally {
      if (s === mine)
        mine.thinking = null;
    }
    if (s !== mine || g.decisions !== at)
      return;
    apply(mine, action);
  }
  function apply(s2, action) {
    const events = s2.game.apply(action);
    if (s2.guide)
      teach(s2.guide.feed(events));
    const built = events.find((e) => e.type === "constructed");
    next(s2, events, built && built.type === "constructed" ? built.neighborhood : -1);
  }
  function play(id) {
    const g = s?.game;
    if (!s || !g || g.isOver || g.toAct === null || s.seats[g.toAct] !== "human" || s.shown !== g.toAct || !g.isLegal(id))
      return;
    apply(s, id);
  }
  function openPicker(n) {
    const choices = s?.legal.get(n);
    if (s && choices)
      pickOn(E, { board, picker }, n, choices, s.game.variant);
  }
  function canUndo(s2) {
    const h = s2.game.history ?? [];
    return h.some((a) => s2.seats[a.player] === "human");
  }
  function undo() {
    if (!s || !canUndo(s))
      return;
    const mine = s;
    mine.thinking?.cancel();
    const g = mine.game;
    do {
      g.undo();
    } while ((g.toAct === null || mine.seats[g.toAct] !== "human") && canUndo(mine));
    if (!mine.hotseat)
      mine.shown = g.toAct;
    log.retell(E, g, seatWords(mine, null));
    next(mine);
  }
  byId("pass").addEventListener("click", () => s?.pass != null && play(s.pass));
  byId("undo").addEventListener("click", undo);
  byId("hint").addEventListener("click", () => {
    const g = s?.game;
    if (!s || !g || g.toAct === null)
      return;
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
      canHint: !byId("hint").disabled,
      canUndo: !byId("undo").disabled
    }),
    pass: () => s?.pass != null && play(s.pass),
    hint: () => byId("hint").click(),
    undo: () => undo()
  });
  setup();
}
void main();
