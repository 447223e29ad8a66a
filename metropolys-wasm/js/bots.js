// The package's `metropolys/bots` entry for browsers and bundlers (an ES
// module): the rules and the bots, without the words and the pictures,
// and without the learned network's weights, which `loadValueNetwork`
// fetches when a page first needs them (the `expert` preset and
// `{"leaf": "value"}` searches). Its module is at most 200 KB gzipped.
//
//   import init, { Game, Bot, loadValueNetwork } from "metropolys/bots";
//   await init();              // loads metropolys_bots_bg.wasm beside this file
//   await loadValueNetwork();  // loads value.mtpnet beside this file
//   const bot = new Bot("expert");
//
// Everything else is as in the package's main entry (index.js): the same
// `Game`, `Bot`, `review`, `SplitMix64`, `simulate`, `constants`, board
// and action functions and error classes; `Texts`, `Narrator`, `Guide`,
// `narrateRecord`, `replayData`, `languages`, `scoringRules`, `legend`,
// and `Game`'s `whereCardsScore`, `toSvg`, `boardSvg`, `text` and
// `toString` are not here.
import * as module from "./metropolys_bots.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";
import { valueNetworkLoader } from "./value-network.js";

guardClasses(module);
installFastPath(module);

export * from "./metropolys_bots.js";
export { default } from "./metropolys_bots.js";
export * from "./errors.js";

/** See bots.d.ts: by default the file beside this module, fetched. */
export const loadValueNetwork = valueNetworkLoader(module, () => new URL("./value.mtpnet", import.meta.url));
