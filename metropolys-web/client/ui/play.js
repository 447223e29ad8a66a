// Built from client/src/play.ts by scripts/build-web (esbuild). Do not edit.
import { t as tr } from "./i18n.js";
import { piecesOf } from "./board.js";
import { renderHowTo, renderLegend, renderRules } from "./panel.js";
import { bidHere } from "./words.js";
import { legalMoves } from "./moves.js";
import { saveSound, soundOn } from "./store.js";
import { bindKeys, bindZoom, followPicker } from "./controls.js";
import { fitBoard, pickOn, showHint } from "./bidding.js";
import { beep } from "./dialogs.js";
import { byId } from "./dom.js";
const Playing = {
  update({ update: m, events, retell, before }) {
    const E = this.E;
    const t = this.t;
    if (!t)
      return;
    const first = before === null;
    t.game?.free();
    t.game = E.Game.fromJSON(m.view);
    const game = t.game;
    document.body.dataset.updates = String(Number(document.body.dataset.updates ?? 0) + 1);
    document.body.dataset.move = String(m.move);
    document.body.dataset.status = m.status;
    document.body.dataset.toAct = String(game.toAct ?? "");
    if (!t.drawn) {
      this.board.draw(game.boardSvg());
      t.drawn = true;
      renderHowTo(byId("howto"), game.variant);
      renderLegend(E, byId("legend"), game.variant, game.usesMetropolysCards);
      renderRules(E, byId("rules"), game.variant, game.usesMetropolysCards);
      this.fitBoard();
    }
    const seats = this.seatWords();
    if (retell && !first)
      this.log.clear();
    this.log.start(E, game.variant, seats);
    this.picker.close(false);
    this.board.hint(null);
    byId("hint-text").textContent = "";
    const built = [...m.events].reverse().find((e) => e.type === "constructed");
    this.board.place(piecesOf(E, m.view, built ? built.neighborhood : -1), !first);
    const mine = m.status === "playing" && t.seat !== null && game.toAct === t.seat;
    const ids = mine ? [...game.legalActionIds()] : [];
    document.body.dataset.legalAgrees = String(ids.length === m.legal.length && ids.every((id, i) => id === m.legal[i]));
    ({ dests: t.legal, pass: t.pass } = legalMoves(ids, E.actionFromId));
    this.board.offer(t.legal, bidHere(E, t.legal));
    byId("pass").disabled = t.pass === null;
    byId("hint").disabled = !mine;
    t.deadline = typeof m.deadline_ms === "number" ? performance.now() + m.deadline_ms : null;
    if (m.timed_out)
      this.log.note(tr("ui-timed-out", { who: seats.who(m.timed_out.seat) }));
    this.log.add(E, seats, events, !retell);
    this.turnLine();
    this.players();
    this.cards();
    this.joinBar();
    this.endPanel();
    if (mine && (!t.wasMine || first))
      this.showTurn(m.view);
    this.notify(mine, before);
    const over = m.status === "finished" || m.status === "cancelled";
    const watching = t.seat === null;
    byId("actions").hidden = over || watching;
    byId("watch-note").hidden = !watching || over;
    byId("chat-form").hidden = watching;
    byId("chat-watching").hidden = !watching;
    byId("show-mine-box").hidden = watching;
    byId("leave").hidden = over || watching;
    byId("cancel-match").hidden = over || watching;
    byId("seat-link-box").hidden = watching || !!t.token?.startsWith("acct_");
    this.inviteBox();
  },
  showTurn(view) {
    const t = this.t;
    const latest = view.bids?.length ? view.bids[view.bids.length - 1].neighborhood : null;
    if (latest === null || !t)
      return;
    this.board.show([latest, ...t.legal.keys()]);
  },
  openPicker(n) {
    const t = this.t;
    const choices = t?.legal.get(n);
    if (t?.game && choices)
      pickOn(this.E, this, n, choices, t.game.variant);
  },
  act(id) {
    const t = this.t;
    if (!t?.game?.isLegal(id) || !t.last || t.last.status !== "playing" || t.game.toAct !== t.seat)
      return;
    this.send({ move: t.last.move, action: id });
    t.legal = /* @__PURE__ */ new Map();
    t.pass = null;
    this.board.setLegal(t.legal, () => "");
    byId("pass").disabled = true;
    byId("hint").disabled = true;
  },
  showHint(m) {
    const t = this.t;
    if (t?.game && m.move === t.last?.move)
      showHint(this.E, this.board, t.game.variant, m.action);
  },
  notify(mine, before) {
    const t = this.t;
    if (!t)
      return;
    const wasMine = t.wasMine;
    t.wasMine = mine;
    if (!mine || wasMine || !before)
      return;
    if (document.hidden)
      document.title = tr("ui-your-turn-title", { title: this.title });
    if (soundOn())
      beep();
  },
  fitBoard() {
    if (this.t?.game)
      fitBoard(this.E, this.board, this.t.game);
  },
  wirePlay() {
    const hint = byId("hint");
    const showMine = byId("show-mine");
    const sound = byId("sound");
    const pass = () => {
      const id = this.t?.pass;
      if (id !== null && id !== void 0)
        this.act(id);
    };
    byId("pass").addEventListener("click", pass);
    hint.addEventListener("click", () => this.send({ op: "hint" }));
    byId("rematch").addEventListener("click", () => this.rematch());
    bindZoom(document, this.board);
    showMine.addEventListener("change", () => this.board.mark(showMine.checked ? this.t?.marked ?? [] : []));
    sound.checked = soundOn();
    sound.addEventListener("change", () => saveSound(sound.checked));
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden)
        document.title = this.title;
    });
    followPicker(window, byId("board-wrap"), this.picker);
    bindKeys(document, {
      state: () => ({
        playing: !!this.t && document.body.dataset.page === "game" && !this.picker.isOpen,
        canPass: this.t?.pass != null,
        canHint: !hint.disabled,
        canUndo: false
      }),
      pass,
      hint: () => this.send({ op: "hint" })
    });
  }
};
export {
  Playing
};
