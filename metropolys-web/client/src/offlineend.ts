// The offline page once the game is over: the winners, the score sheet
// and what each seat scored drawn on the board, the record, and the bots'
// review computed in a worker.

import type { Game, ReviewOptions } from "../engine/metropolys_wasm.js";
import { ReviewWorker } from "../engine/worker.js";
import type { BoardView } from "./board.js";
import { byId } from "./dom.js";
import type { Engine } from "./engine.js";
import { renderRevealed, renderSheet } from "./panel.js";
import type { ReviewPanel, StepPieces } from "./review.js";
import { Seats, winnersText } from "./words.js";

/** The offline page's game as its end is shown: the game and its key (a new key for each game). */
export interface EndedGame {
  /** The game's key: the same key keeps a review shown. */
  key: number;
  /** The whole game. */
  game: Game;
}

/** What the page tells the end besides the game. */
export interface EndOptions {
  /** The record's JSON text. */
  text: string;
  /** Whether the page still shows that game. */
  live: () => boolean;
  /** Draws its final position again (when the review's board goes back to it). */
  redraw: () => void;
}

/** The end of an offline game (`E`: the engine; `board` and `review`: the page's). */
export class OfflineEnd {
  readonly E: Engine;
  readonly board: BoardView;
  readonly review: ReviewPanel;
  /** The review's worker, started at the first review. */
  reviewer: ReviewWorker | null = null;

  constructor(E: Engine, board: BoardView, review: ReviewPanel) {
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
  show(game: EndedGame, view: Game, seats: Seats, { text, live, redraw }: EndOptions): void {
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
    const groups = (p: number): void => {
      const sc = scores.find((x) => x.player === p);
      // Every seat has its score sheet.
      if (!sc) return;
      board.showGroups([{ seat: p, color: C.PLAYER_COLORS[p]!, ink: C.PLAYER_INKS[p]!, groups: [...sc.area_groups, ...sc.metropolys_groups] }]);
    };
    renderSheet(E, sheet, { scores, winners, seats, onSeat: groups, variant: g.variant, metropolys: g.usesMetropolysCards });
    renderRevealed(E, sheet, view, seats);
    groups(winners[0]!);
    sheet.querySelector(`button[data-seat="${winners[0]}"]`)?.setAttribute("aria-pressed", "true");
    const record = byId<HTMLAnchorElement>("record-link");
    const saved = byId<HTMLAnchorElement>("save-link");
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
  offerReview(game: EndedGame, seats: Seats, { text, live, redraw }: EndOptions): void {
    const board = this.board;
    this.review.offer({
      key: game.key,
      record: () => text,
      seats,
      variant: game.game.variant,
      request: (preset, onProgress, signal) => {
        const reviewer = (this.reviewer ??= new ReviewWorker());
        if (reviewer.busy) reviewer.cancel();
        // The panel offers the engine's presets (REVIEW_PRESETS).
        return reviewer.review(text, { preset: preset as ReviewOptions["preset"], seed: 0 }, { onProgress, signal });
      },
      show: (_step: number | null, pieces: StepPieces | null) => {
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
