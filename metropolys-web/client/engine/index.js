// The entry of the package for browsers and bundlers (an ES module).
//
//   import init, { Game, Bot } from "metropolys";
//   await init();          // loads metropolys_wasm_bg.wasm beside this file
//   const game = new Game({ players: 3, variant: "expert", seed: 7 });
//
// `init` takes what wasm-bindgen's takes: nothing (the .wasm is fetched
// from beside this module), or `{ module_or_path }` (a URL, a Response, a
// BufferSource or a compiled WebAssembly.Module). Node's entry (node.js)
// loads the module itself when imported.
import * as module from "./metropolys_wasm.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";
import { valueNetworkLoader } from "./value-network.js";

guardClasses(module);
installFastPath(module);

export * from "./metropolys_wasm.js";
export { default } from "./metropolys_wasm.js";
export * from "./errors.js";

/**
 * The `metropolys/bots` entry's `loadValueNetwork`, so that code written for
 * either entry runs on both: this module carries the network, so with no
 * source it fetches nothing; a source given is checked as there.
 */
export const loadValueNetwork = valueNetworkLoader(module, () => new URL("./value.mtpnet", import.meta.url));
