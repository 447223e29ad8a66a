// Built from client/src/offlineend.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { ReviewWorker } from "../engine/worker.js";
import { byId } from "./dom.js";
import { renderRevealed, renderSheet } from "./panel.js";
import { Seats, winnersText } from "./words.js";
class OfflineEnd {
  constructor(E, board, review) {
    __publicField(this, "E");
    __publicField(this, "board");
    __publicField(this, "review");
    /** The review's worker, started at the first review. */
    __publicField(this, "reviewer", null);
    this.E = E;
    this.board = board;
    this.review = review;
  }
  /**
   * Shows the end of `game` (the page's game: {key, game}) or hides it
   * while it is played: `view` is the view shown, `seats` its Seats,
   * `text` the record's JSON text, `live()` whether the page still shows
   * that game, and `redraw()` draws its final position again (when the
   * review's board goes back to it).
   */
  show(game, view, seats, { text, live, redraw }) {
    const { E, board } = this;
    const C = E.constants();
    const g = game.game;
    byId("end").hidden = !g.isOver;
    if (!g.isOver) {
      board.showGroups([]);
      this.review.withdraw();
      return;
    }
    const scores = g.scores();
    const winners = g.winners;
    byId("end-title").textContent = winnersText(seats, winners);
    const sheet = byId("score-sheet");
    sheet.replaceChildren();
    const groups = (p) => {
      const sc = scores.find((x) => x.player === p);
      if (!sc)
        return;
      board.showGroups([{ seat: p, color: C.PLAYER_COLORS[p], ink: C.PLAYER_INKS[p], groups: [...sc.area_groups, ...sc.metropolys_groups] }]);
    };
    renderSheet(E, sheet, { scores, winners, seats, onSeat: groups, variant: g.variant, metropolys: g.usesMetropolysCards });
    renderRevealed(E, sheet, view, seats);
    groups(winners[0]);
    sheet.querySelector(`button[data-seat="${winners[0]}"]`)?.setAttribute("aria-pressed", "true");
    const record = byId("record-link");
    const saved = byId("save-link");
    record.href = saved.href;
    record.download = saved.download;
    this.offerReview(game, new Seats(E, g.players, seats.names, null), { text, live, redraw });
  }
  /**
   * The review of the finished game, offered once it is over (never while
   * it is played: it shows every card): computed in a worker on request,
   * with seed 0 as the server computes its reviews, so that the same game
   * gets the same review here and there.
   */
  offerReview(game, seats, { text, live, redraw }) {
    const board = this.board;
    this.review.offer({
      key: game.key,
      record: () => text,
      seats,
      variant: game.game.variant,
      request: (preset, onProgress, signal) => {
        const reviewer = this.reviewer ?? (this.reviewer = new ReviewWorker());
        if (reviewer.busy)
          reviewer.cancel();
        return reviewer.review(text, { preset, seed: 0 }, { onProgress, signal });
      },
      show: (_step, pieces) => {
        if (!live())
          return;
        if (pieces) {
          board.place(pieces);
          board.showGroups([]);
          board.mark([]);
        } else {
          redraw();
        }
      }
    });
  }
}
export {
  OfflineEnd
};
