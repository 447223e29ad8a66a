import type { Action, BotKind, BotParameters, Game, GameRecord, Review, ReviewOptions } from "./index.js";

/** Where a worker runs. */
export interface WorkerOptions {
  /**
   * The package's entry the worker runs: the whole package (the default),
   * or `"bots"`, the `metropolys/bots` entry (the rules and the bots, the
   * learned network fetched the first time a bot or a review needs it).
   * An unknown entry is a `RangeError`.
   */
  entry?: "metropolys" | "bots";
  /** The worker script itself (default: the entry's, beside worker.js). */
  url?: string | URL;
}

/**
 * A bot of the package in a Web Worker: the page stays responsive while it
 * thinks, and `cancel()` stops a decision at once (the worker is
 * terminated and replaced at the next `choose`).
 */
export class BotWorker {
  constructor(
    kind: BotKind,
    params?: BotParameters | string,
    options?: WorkerOptions,
  );
  readonly kind: BotKind;
  /** Whether a decision is under way. */
  readonly busy: boolean;
  /**
   * The bot's action for the seat to act in `game`, decided in the worker
   * from that seat's view alone. Rejects with an `AbortError` when
   * cancelled, with the package's error classes for the bot's errors.
   */
  choose(game: Game, options?: { signal?: AbortSignal }): Promise<Action>;
  /** Stops the decision under way, if any. */
  cancel(): void;
  /** Ends the worker for good. */
  terminate(): void;
}

/**
 * `review()` of the package in a Web Worker: the page stays responsive
 * while a finished game is reviewed, `onProgress` says how far it is, and
 * `cancel()` (or the signal) stops it at once (the worker is terminated
 * and replaced at the next review).
 */
export class ReviewWorker {
  constructor(options?: WorkerOptions);
  /** Whether a review is under way. */
  readonly busy: boolean;
  /**
   * The review of `record` with `options` (those of `review()`, but
   * `progress`: give `onProgress`). Rejects with an `AbortError` when
   * cancelled, with the errors `review()` throws otherwise.
   */
  review(
    record: GameRecord | string,
    options?: Omit<ReviewOptions, "progress">,
    control?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
  ): Promise<Review>;
  /** Stops the review under way, if any. */
  cancel(): void;
  /** Ends the worker for good. */
  terminate(): void;
}
