// Playing at the table: the picker on a neighborhood, the move sent, the
// hint, the turn announced (a phone's board panned to it, a beep, the
// title), the board fitted, the move keys.

import { t as tr } from "./i18n.js";
import { saveSound, soundOn } from "./store.js";
import { bindKeys, bindZoom, followPicker } from "./controls.js";
import { fitBoard, pickOn, showHint } from "./bidding.js";
import { beep } from "./dialogs.js";

const $ = (id) => document.getElementById(id);

/** Methods of `OnlineTable` (table.js), which takes them in. */
export const Playing = {
  /**
   * The turn has come to this seat: a zoomed board (a phone's) pans to
   * the latest bid and the neighborhoods where this seat may outbid it.
   */
  showTurn(view) {
    const latest = view.bids?.length ? view.bids[view.bids.length - 1].neighborhood : null;
    if (latest === null) return;
    this.board.show([latest, ...this.t.legal.keys()]);
  },

  openPicker(n) {
    const choices = this.t.legal.get(n);
    if (choices) pickOn(this.E, this, n, choices, this.t.game.variant);
  },

  act(id) {
    const t = this.t;
    if (!t?.game?.isLegal(id) || t.last.status !== "playing" || t.game.toAct !== t.seat) return;
    this.send({ move: t.last.move, action: id });
    t.legal = new Map();
    t.pass = null;
    this.board.setLegal(t.legal, () => "");
    $("pass").disabled = true;
    $("hint").disabled = true;
  },

  showHint(m) {
    const t = this.t;
    if (m.move === t.last.move) showHint(this.E, this.board, t.game.variant, m.action);
  },

  notify(mine, before) {
    const t = this.t;
    const wasMine = t.wasMine;
    t.wasMine = mine;
    if (!mine || wasMine || !before) return;
    if (document.hidden) document.title = tr("ui-your-turn-title", { title: this.title });
    if (soundOn()) beep();
  },

  /** A phone's board opens zoomed, on the districts in play (two of five are out of play with two players). */
  fitBoard() {
    fitBoard(this.E, this.board, this.t.game);
  },

  /** The move controls: pass, hint, zoom, the marks, the sound, the keys. */
  wirePlay() {
    $("pass").addEventListener("click", () => this.t?.pass !== null && this.act(this.t.pass));
    $("hint").addEventListener("click", () => this.send({ op: "hint" }));
    $("rematch").addEventListener("click", () => this.rematch());
    bindZoom(document, this.board);
    $("show-mine").addEventListener("change", () => this.board.mark($("show-mine").checked ? this.t?.marked ?? [] : []));
    $("sound").checked = soundOn();
    $("sound").addEventListener("change", () => saveSound($("sound").checked));
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) document.title = this.title;
    });
    followPicker(window, $("board-wrap"), this.picker);
    bindKeys(document, {
      state: () => ({
        playing: !!this.t && document.body.dataset.page === "game" && !this.picker.isOpen,
        canPass: this.t?.pass != null,
        canHint: !$("hint").disabled,
        canUndo: false,
      }),
      pass: () => this.act(this.t.pass),
      hint: () => this.send({ op: "hint" }),
    });
  },
};
