// Bots off the main thread: `BotWorker` runs a bot of the package in a Web
// Worker, so that a page stays responsive while a search thinks.
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
import { errorOf, IllegalActionError } from "./errors.js";

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
   * @param {{ url?: string | URL }} [options] `url`: the worker script
   *   (default: bot-worker.js beside this module)
   */
  constructor(kind, params = undefined, options = {}) {
    this.kind = kind;
    this.params = params;
    this.url = options.url ?? new URL("./bot-worker.js", import.meta.url);
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
      if (seat === undefined) {
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
