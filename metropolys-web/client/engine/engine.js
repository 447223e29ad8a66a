// The package's `metropolys/engine` entry for browsers and bundlers (an ES
// module): the rules alone, without the bots, the words and the pictures,
// in a module about a third the size of the whole one (at most 150 KB
// gzipped).
//
//   import init, { Game } from "metropolys/engine";
//   await init();          // loads metropolys_engine_bg.wasm beside this file
//   const game = new Game({ players: 3, variant: "expert", seed: 7 });
//
// Everything else is as in the package's main entry (index.js): the same
// `Game`, `SplitMix64`, `simulate`, `constants`, board and action
// functions and error classes; `Bot`, `review`, `Texts`, `Narrator`,
// `Guide`, `narrateRecord`, `replayData`, `languages`, `scoringRules`,
// `legend`, and `Game`'s `whereCardsScore`, `toSvg`, `boardSvg`, `text`
// and `toString` are not here.
import * as module from "./metropolys_engine.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";

guardClasses(module);
installFastPath(module);

export * from "./metropolys_engine.js";
export { default } from "./metropolys_engine.js";
export * from "./errors.js";
