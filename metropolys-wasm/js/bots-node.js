// The package's `metropolys/bots` entry for Node (an ES module): the rules
// and the bots (see bots.js), the WebAssembly module loaded when this
// module is imported; `loadValueNetwork()` reads value.mtpnet from beside
// it.
//
//   import { Bot, loadValueNetwork } from "metropolys/bots";
//   await loadValueNetwork();
//   const bot = new Bot("expert");
import { readFileSync } from "node:fs";
import * as module from "./metropolys_bots.js";
import { initSync } from "./metropolys_bots.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";
import { valueNetworkLoader } from "./value-network.js";

guardClasses(module);
installFastPath(module);

initSync({
  module: readFileSync(new URL("./metropolys_bots_bg.wasm", import.meta.url)),
});

export * from "./metropolys_bots.js";
export * from "./errors.js";

/** Already done when this module was imported; kept for shared code. */
export default async function init() {}

/** See bots.d.ts: by default the file beside this module, read. */
export const loadValueNetwork = valueNetworkLoader(module, () =>
  readFileSync(new URL("./value.mtpnet", import.meta.url)),
);
