// The worker side of `BotWorker` and `ReviewWorker` (worker.js): loads the
// package, builds the bot from its spec, and answers each request `{id,
// view}` (a seat's view, as `game.view(seat)` writes it) with `{id,
// action}` or `{id, error}`; a request `{id, review: {record, options,
// progress}}` with `{id, progress: [done, total]}` as it goes (when asked)
// and `{id, review}` or `{id, error}`.
import init, { Bot, Game, review } from "./index.js";

const ready = init();
let bot = null;
let failure = null;

function describe(e) {
  return {
    name: e?.name ?? "Error",
    message: e?.message ?? String(e),
    rule: e?.rule ?? null,
    rules: e?.rules ? [...e.rules] : [],
  };
}

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
      self.postMessage({ id: data.id, review: review(asked.record, options) });
    } catch (e) {
      self.postMessage({ id: data.id, error: describe(e) });
    }
    return;
  }
  if (data.init) {
    try {
      bot = new Bot(data.init.kind, data.init.params);
    } catch (e) {
      failure = e;
    }
    return;
  }
  let view = null;
  try {
    if (failure) throw failure;
    view = Game.fromJSON(data.view);
    self.postMessage({ id: data.id, action: bot.choose(view) });
  } catch (e) {
    self.postMessage({ id: data.id, error: describe(e) });
  } finally {
    view?.free();
  }
};
