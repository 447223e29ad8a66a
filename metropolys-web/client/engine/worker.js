// Bots off the main thread: `BotWorker` runs a bot of the package in a Web
// Worker, so that a page stays responsive while a search thinks, and
// `ReviewWorker` reviews a finished game there (`review()`, seconds).
//
//   import init, { Game } from "metropolys";
//   import { BotWorker } from "metropolys/worker";
//   await init();
//   const bot = new BotWorker("expert", { seed: 1 });
//   const action = await bot.choose(game);     // the page keeps answering
//   game.apply(action);
//   bot.cancel();                              // a decision under way stops
//
// The worker receives only the acting seat's view: `choose` sends
// `game.view(game.toAct)`, never the whole game. A WebAssembly loop cannot
// read messages while it runs, so `cancel()` (or the `signal` given to
// `choose`) terminates the worker: the pending `choose` rejects with an
// `AbortError` at once, and the next `choose` starts a fresh worker (its
// bot starts again from its seed). Errors of the bot (an unknown kind, bad
// parameters, a finished game) reject `choose` with the package's error
// classes, `rule` and `rules` kept.
//
//   import { ReviewWorker } from "metropolys/worker";
//   const reviewer = new ReviewWorker();
//   const r = await reviewer.review(game.toRecord(), { preset: "strong" },
//     { onProgress: (done, total) => show(done, total) });
//
// With the package's `metropolys/bots` entry, `{ entry: "bots" }` runs the
// worker on that entry's module (the rules and the bots, the learned
// network fetched the first time a bot or a review needs it) instead of
// the whole package's.
import { errorOf, IllegalActionError } from "./errors.js";

/**
 * The worker script for `entry`: `"metropolys"` (the whole package, the
 * default) or `"bots"` (the `metropolys/bots` entry). Each URL is written
 * out so that bundlers find both scripts.
 */
function workerUrl(entry) {
  if (entry === undefined || entry === "metropolys") return new URL("./bot-worker.js", import.meta.url);
  if (entry === "bots") return new URL("./bots-worker.js", import.meta.url);
  throw new RangeError(
    `a worker's entry is "metropolys" (the whole package) or "bots" (metropolys/bots), not ${typeof entry === "string" ? JSON.stringify(entry) : typeof entry}`,
  );
}

/** The rejection of a decision stopped by `cancel()` or its signal. */
function abortError(reason) {
  if (reason instanceof Error) return reason;
  const e = new Error(reason ?? "the decision was cancelled");
  e.name = "AbortError";
  return e;
}

/** A bot of the package (`new Bot(kind, params)`) in a Web Worker. */
export class BotWorker {
  /**
   * @param {string} kind a bot kind (`constants().BOT_KINDS`)
   * @param {object | string} [params] its parameters (`seed` included)
   * @param {{ url?: string | URL, entry?: "metropolys" | "bots" }} [options]
   *   `entry`: the package's entry the worker runs (default the whole
   *   package; `"bots"`: `metropolys/bots`); `url`: the worker script
   *   itself (default: bot-worker.js or bots-worker.js beside this module)
   */
  constructor(kind, params = undefined, options = {}) {
    this.kind = kind;
    this.params = params;
    this.url = options.url ?? workerUrl(options.entry);
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
  }

  /** Whether a decision is under way. */
  get busy() {
    return this.pending !== null;
  }

  /**
   * The bot's action for the seat to act in `game` (a `Game` that knows
   * that seat's cards: a whole game or that seat's view), decided in the
   * worker from the seat's view alone.
   * @param {import("./index.js").Game} game
   * @param {{ signal?: AbortSignal }} [options]
   * @returns {Promise<import("./index.js").Action>}
   */
  choose(game, options = {}) {
    if (this.pending) {
      return Promise.reject(
        new Error("this BotWorker is already deciding; await it or cancel() it first"),
      );
    }
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    let view;
    try {
      const seat = game.toAct;
      if (seat === null || seat === undefined) {
        throw new IllegalActionError("R-17: the game is over; no bot can act", "R-17", ["R-17"]);
      }
      view = game.view(seat);
    } catch (e) {
      return Promise.reject(e);
    }
    const worker = this.#spawn();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#stop(abortError(signal.reason));
      this.pending = {
        id,
        resolve,
        reject,
        done: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ id, view });
    });
  }

  /**
   * Stops the decision under way, if any: its `choose` rejects with an
   * `AbortError`, and the worker is replaced by a fresh one at the next
   * `choose`.
   */
  cancel() {
    this.#stop(abortError());
  }

  /** Ends the worker for good (a pending `choose` rejects). */
  terminate() {
    this.#stop(abortError("the BotWorker was terminated"));
  }

  #spawn() {
    if (!this.worker) {
      const w = new Worker(this.url, { type: "module", name: `metropolys ${this.kind}` });
      w.onmessage = (e) => this.#answer(e.data);
      w.onerror = (e) => {
        e.preventDefault?.();
        this.#stop(new Error(`the bot worker failed: ${e.message ?? "it could not start"}`));
      };
      w.postMessage({ init: { kind: this.kind, params: this.params } });
      this.worker = w;
    }
    return this.worker;
  }

  #answer(data) {
    const p = this.pending;
    if (!p || data.id !== p.id) return;
    this.pending = null;
    p.done();
    if (data.error) {
      const e = data.error;
      p.reject(errorOf(e.name, e.message, e.rule, e.rules));
    } else {
      p.resolve(data.action);
    }
  }

  #stop(error) {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    const p = this.pending;
    if (p) {
      this.pending = null;
      p.done();
      p.reject(error);
    }
  }
}

/**
 * `review()` of the package in a Web Worker: one review at a time; a
 * review under way stops at once with `cancel()` or its `signal` (the
 * worker is terminated, and the next review starts a fresh one).
 */
export class ReviewWorker {
  /**
   * @param {{ url?: string | URL, entry?: "metropolys" | "bots" }} [options]
   *   as `BotWorker`'s
   */
  constructor(options = {}) {
    this.url = options.url ?? workerUrl(options.entry);
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
  }

  /** Whether a review is under way. */
  get busy() {
    return this.pending !== null;
  }

  /**
   * The review of `record` (a finished game's record, or its JSON text)
   * with `options` (`preset`, `seed`, `worlds`, `only`: those of
   * `review()`), computed in the worker; `onProgress(done, total)` is
   * called as decisions are reviewed.
   * @param {object | string} record
   * @param {{ preset?: string, seed?: number | bigint, worlds?: number, only?: number | null }} [options]
   * @param {{ signal?: AbortSignal, onProgress?: (done: number, total: number) => void }} [control]
   * @returns {Promise<import("./index.js").Review>}
   */
  review(record, options = {}, control = {}) {
    if (this.pending) {
      return Promise.reject(
        new Error("this ReviewWorker is already reviewing; await it or cancel() it first"),
      );
    }
    const { signal, onProgress } = control ?? {};
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    if (options !== undefined && options !== null && typeof options === "object" && "progress" in options) {
      return Promise.reject(
        new TypeError("a ReviewWorker's progress is given as onProgress, the third argument"),
      );
    }
    let worker;
    try {
      worker = this.#spawn();
    } catch (e) {
      return Promise.reject(e);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#stop(abortError(signal.reason));
      this.pending = {
        id,
        resolve,
        reject,
        onProgress: typeof onProgress === "function" ? onProgress : null,
        done: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        worker.postMessage({ id, review: { record, options, progress: this.pending.onProgress !== null } });
      } catch (e) {
        // Options that cannot be sent (a function, a symbol): refused here.
        this.pending = null;
        signal?.removeEventListener("abort", onAbort);
        reject(new TypeError(`review(record, options): ${e.message}`));
      }
    });
  }

  /** Stops the review under way, if any: its promise rejects with an `AbortError`. */
  cancel() {
    this.#stop(abortError());
  }

  /** Ends the worker for good (a pending review rejects). */
  terminate() {
    this.#stop(abortError("the ReviewWorker was terminated"));
  }

  #spawn() {
    if (!this.worker) {
      const w = new Worker(this.url, { type: "module", name: "metropolys review" });
      w.onmessage = (e) => this.#answer(e.data);
      w.onerror = (e) => {
        e.preventDefault?.();
        this.#stop(new Error(`the review worker failed: ${e.message ?? "it could not start"}`));
      };
      this.worker = w;
    }
    return this.worker;
  }

  #answer(data) {
    const p = this.pending;
    if (!p || data.id !== p.id) return;
    if (data.progress) {
      try {
        p.onProgress?.(data.progress[0], data.progress[1]);
      } catch (e) {
        console.error(e);
      }
      return;
    }
    this.pending = null;
    p.done();
    if (data.error) {
      const e = data.error;
      p.reject(errorOf(e.name, e.message, e.rule, e.rules));
    } else {
      p.resolve(data.review);
    }
  }

  #stop(error) {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    const p = this.pending;
    if (p) {
      this.pending = null;
      p.done();
      p.reject(error);
    }
  }
}
