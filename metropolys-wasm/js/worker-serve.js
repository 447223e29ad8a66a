// The worker side of `BotWorker` and `ReviewWorker` (worker.js), for an
// entry of the package (`lib`, once `ready`): builds the bot from its
// spec, and answers each request `{id, view}` (a seat's view, as
// `game.view(seat)` writes it) with `{id, action}` or `{id, error}`; a
// request `{id, review: {record, options, progress}}` with `{id, progress:
// [done, total]}` as it goes (when asked) and `{id, review}` or `{id,
// error}`. With the `metropolys/bots` entry, the learned network is
// loaded (`loadValueNetwork()`) the first time a bot or a review needs it.

function describe(e) {
  return {
    name: e?.name ?? "Error",
    message: e?.message ?? String(e),
    rule: e?.rule ?? null,
    rules: e?.rules ? [...e.rules] : [],
  };
}

/**
 * `make()`, and once more after loading the learned network when it failed
 * for want of it: a plain `Error` (the package's other refusals are
 * `RangeError`s, `TypeError`s and its rule errors) while `lib` has none.
 */
async function withNetwork(lib, make) {
  try {
    return make();
  } catch (e) {
    if (e?.constructor !== Error || lib.hasValueNetwork?.() !== false) throw e;
    await lib.loadValueNetwork();
    return make();
  }
}

/** Serves the requests of the page from this worker's scope. */
export function serve(lib, ready) {
  // The bot of `init`, built before any decision is answered.
  let bot = Promise.resolve(null);
  self.onmessage = async ({ data }) => {
    try {
      await ready;
    } catch (e) {
      self.postMessage({ id: data.id, error: describe(e) });
      return;
    }
    if (data.review) {
      const asked = data.review;
      try {
        let options = asked.options;
        if (asked.progress) {
          const progress = (done, total) => self.postMessage({ id: data.id, progress: [done, total] });
          // Options that are no object stay as they are: review() refuses them.
          if (options === undefined || options === null) options = { progress };
          else if (typeof options === "object" && !Array.isArray(options)) options = { ...options, progress };
        }
        const review = await withNetwork(lib, () => lib.review(asked.record, options));
        self.postMessage({ id: data.id, review });
      } catch (e) {
        self.postMessage({ id: data.id, error: describe(e) });
      }
      return;
    }
    if (data.init) {
      bot = withNetwork(lib, () => new lib.Bot(data.init.kind, data.init.params));
      // A bot that cannot be built fails each decision, not this message.
      bot.catch(() => {});
      return;
    }
    let view = null;
    try {
      const b = await bot;
      view = lib.Game.fromJSON(data.view);
      self.postMessage({ id: data.id, action: b.choose(view) });
    } catch (e) {
      self.postMessage({ id: data.id, error: describe(e) });
    } finally {
      view?.free();
    }
  };
}
