// Playing at the table: the picker on a neighborhood, the move sent, the
// hint, the turn announced (a phone's board panned to it, a beep, the
// title), the board fitted, the move keys; and each update drawn (the
// board, the legal moves, the log, the controls a seat or a spectator
// gets).

import { t as tr } from "./i18n.js";
import type { GameEvent } from "../engine/metropolys_wasm.js";
import { piecesOf } from "./board.js";
import { renderHowTo, renderLegend, renderRules } from "./panel.js";
import { bidHere } from "./words.js";
import { legalMoves } from "./moves.js";
import { saveSound, soundOn } from "./store.js";
import { bindKeys, bindZoom, followPicker } from "./controls.js";
import { fitBoard, pickOn, showHint } from "./bidding.js";
import { beep } from "./dialogs.js";
import type { Hint, Update, View } from "./protocol.js";
import { byId } from "./dom.js";
import type { OnlineTable, UpdateChange } from "./table.js";

/** The methods of `OnlineTable` (table.ts) this part gives it. */
export interface PlayMethods {
  /** An update (the store's change: the update, the events to tell, whether the log starts again). */
  update(change: UpdateChange): void;
  /**
   * The turn has come to this seat: a zoomed board (a phone's) pans to
   * the latest bid and the neighborhoods where this seat may outbid it.
   */
  showTurn(view: View): void;
  /** Opens the picker on neighborhood `n` with this seat's bids there. */
  openPicker(n: number): void;
  /** Sends action `id` when it is this seat's and legal; the move controls wait for the next update. */
  act(id: number): void;
  /** Shows the server's hint, unless a move came since it was asked. */
  showHint(m: Hint): void;
  /** Tells the player the turn came to them (`mine`, not at the first update `before`): the title while the page is hidden, a beep. */
  notify(mine: boolean, before: Update | null): void;
  /** A phone's board opens zoomed, on the districts in play (two of five are out of play with two players). */
  fitBoard(): void;
  /** The move controls: pass, hint, zoom, the marks, the sound, the keys. */
  wirePlay(): void;
}

/** Methods of `OnlineTable` (table.ts), which takes them in. */
export const Playing: PlayMethods & ThisType<OnlineTable> = {
  update({ update: m, events, retell, before }) {
    const E = this.E;
    const t = this.t;
    if (!t) return;
    const first = before === null;
    t.game?.free();
    t.game = E.Game.fromJSON(m.view);
    const game = t.game;
    // How many updates this page drew (for tests waiting on one).
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
    if (retell && !first) this.log.clear();
    this.log.start(E, game.variant, seats);
    this.picker.close(false);
    this.board.hint(null);
    byId("hint-text").textContent = "";
    const built = [...m.events].reverse().find((e): e is Extract<GameEvent, { type: "constructed" }> => e.type === "constructed");
    this.board.place(piecesOf(E, m.view, built ? built.neighborhood : -1), !first);
    // Legality from the engine in the page; the server's list must agree.
    const mine = m.status === "playing" && t.seat !== null && game.toAct === t.seat;
    const ids = mine ? [...game.legalActionIds()] : [];
    document.body.dataset.legalAgrees = String(ids.length === m.legal.length && ids.every((id, i) => id === m.legal[i]));
    ({ dests: t.legal, pass: t.pass } = legalMoves(ids, E.actionFromId));
    this.board.offer(t.legal, bidHere(E, t.legal));
    byId<HTMLButtonElement>("pass").disabled = t.pass === null;
    byId<HTMLButtonElement>("hint").disabled = !mine;
    t.deadline = typeof m.deadline_ms === "number" ? performance.now() + m.deadline_ms : null;
    if (m.timed_out) this.log.note(tr("ui-timed-out", { who: seats.who(m.timed_out.seat) }));
    this.log.add(E, seats, events, !retell);
    this.turnLine();
    this.players();
    this.cards();
    this.joinBar();
    this.endPanel();
    if (mine && (!t.wasMine || first)) this.showTurn(m.view);
    this.notify(mine, before);
    const over = m.status === "finished" || m.status === "cancelled";
    // A spectator gets no move controls at all: the board, the log, the
    // chat to read, and a note that they are watching.
    const watching = t.seat === null;
    byId("actions").hidden = over || watching;
    byId("watch-note").hidden = !watching || over;
    byId("chat-form").hidden = watching;
    byId("chat-watching").hidden = !watching;
    byId("show-mine-box").hidden = watching;
    // A finished match's seats stay theirs (the record, the rematch); nothing to leave or cancel.
    byId("leave").hidden = over || watching;
    byId("cancel-match").hidden = over || watching;
    // A seat opened by an account's token has no seat link: the token is
    // the whole account's, never to be put in a link.
    byId("seat-link-box").hidden = watching || !!t.token?.startsWith("acct_");
    this.inviteBox();
  },

  showTurn(view) {
    const t = this.t;
    const latest = view.bids?.length ? view.bids[view.bids.length - 1].neighborhood : null;
    if (latest === null || !t) return;
    this.board.show([latest, ...t.legal.keys()]);
  },

  openPicker(n) {
    const t = this.t;
    const choices = t?.legal.get(n);
    if (t?.game && choices) pickOn(this.E, this, n, choices, t.game.variant);
  },

  act(id) {
    const t = this.t;
    if (!t?.game?.isLegal(id) || !t.last || t.last.status !== "playing" || t.game.toAct !== t.seat) return;
    this.send({ move: t.last.move, action: id });
    t.legal = new Map();
    t.pass = null;
    this.board.setLegal(t.legal, () => "");
    byId<HTMLButtonElement>("pass").disabled = true;
    byId<HTMLButtonElement>("hint").disabled = true;
  },

  showHint(m) {
    const t = this.t;
    if (t?.game && m.move === t.last?.move) showHint(this.E, this.board, t.game.variant, m.action);
  },

  notify(mine, before) {
    const t = this.t;
    if (!t) return;
    const wasMine = t.wasMine;
    t.wasMine = mine;
    if (!mine || wasMine || !before) return;
    if (document.hidden) document.title = tr("ui-your-turn-title", { title: this.title });
    if (soundOn()) beep();
  },

  fitBoard() {
    if (this.t?.game) fitBoard(this.E, this.board, this.t.game);
  },

  wirePlay() {
    const hint = byId<HTMLButtonElement>("hint");
    const showMine = byId<HTMLInputElement>("show-mine");
    const sound = byId<HTMLInputElement>("sound");
    /** Passes, when this seat may. */
    const pass = () => {
      const id = this.t?.pass;
      if (id !== null && id !== undefined) this.act(id);
    };
    byId("pass").addEventListener("click", pass);
    hint.addEventListener("click", () => this.send({ op: "hint" }));
    byId("rematch").addEventListener("click", () => this.rematch());
    bindZoom(document, this.board);
    showMine.addEventListener("change", () => this.board.mark(showMine.checked ? this.t?.marked ?? [] : []));
    sound.checked = soundOn();
    sound.addEventListener("change", () => saveSound(sound.checked));
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) document.title = this.title;
    });
    followPicker(window, byId("board-wrap"), this.picker);
    bindKeys(document, {
      state: () => ({
        playing: !!this.t && document.body.dataset.page === "game" && !this.picker.isOpen,
        canPass: this.t?.pass != null,
        canHint: !hint.disabled,
        canUndo: false,
      }),
      pass,
      hint: () => this.send({ op: "hint" }),
    });
  },
};
