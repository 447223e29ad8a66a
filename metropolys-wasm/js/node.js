// The entry of the package for Node (an ES module): the WebAssembly module
// is loaded when this module is imported, so everything is ready at once.
//
//   import { Game, Bot } from "metropolys";
//   const game = new Game({ players: 3, variant: "expert", seed: 7 });
//
// `init()` is there too (it does nothing more), so that code written for
// browsers runs unchanged.
import { readFileSync } from "node:fs";
import * as module from "./metropolys_wasm.js";
import { initSync } from "./metropolys_wasm.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";
import { valueNetworkLoader } from "./value-network.js";

guardClasses(module);
installFastPath(module);

initSync({
  module: readFileSync(new URL("./metropolys_wasm_bg.wasm", import.meta.url)),
});

export * from "./metropolys_wasm.js";
export * from "./errors.js";

/** Already done when this module was imported; kept for shared code. */
export default async function init() {}

/** See index.js: this module carries the network. */
export const loadValueNetwork = valueNetworkLoader(module, () =>
  readFileSync(new URL("./value.mtpnet", import.meta.url)),
);
