// The worker side of `BotWorker` (worker.js): loads the package, builds
// the bot from its spec, and answers each request `{id, view}` (a seat's
// view, as `game.view(seat)` writes it) with `{id, action}` or
// `{id, error}`.
import init, { Bot, Game } from "./index.js";

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
