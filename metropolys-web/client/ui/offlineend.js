// The offline page once the game is over: the winners, the score sheet
// and what each seat scored drawn on the board, the record, and the bots'
// review computed in a worker.

import { renderRevealed, renderSheet } from "./panel.js";
import { Seats, winnersText } from "./words.js";
import { ReviewWorker } from "../engine/worker.js";

const $ = (id) => document.getElementById(id);

/** The end of an offline game (`E`: the engine; `board` and `review`: the page's). */
export class OfflineEnd {
  constructor(E, board, review) {
    this.E = E;
    this.board = board;
    this.review = review;
    /** The review's worker, started at the first review. */
    this.reviewer = null;
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
    $("end").hidden = !g.isOver;
    if (!g.isOver) {
      board.showGroups([]);
      this.review.withdraw();
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
        this.reviewer ??= new ReviewWorker();
        if (this.reviewer.busy) this.reviewer.cancel();
        return this.reviewer.review(text, { preset, seed: 0 }, { onProgress, signal });
      },
      show: (step, pieces) => {
        if (!live()) return;
        if (pieces) {
          board.place(pieces);
          board.showGroups([]);
          board.mark([]);
        } else {
          redraw();
        }
      },
    });
  }
}
