// The package's `metropolys/engine` entry for Node (an ES module): the
// rules alone (see engine.js), the WebAssembly module loaded when this
// module is imported.
//
//   import { Game } from "metropolys/engine";
//   const game = new Game({ players: 3, variant: "expert", seed: 7 });
import { readFileSync } from "node:fs";
import * as module from "./metropolys_engine.js";
import { initSync } from "./metropolys_engine.js";
import { installFastPath } from "./fast.js";
import { guardClasses } from "./guard.js";

guardClasses(module);
installFastPath(module);

initSync({
  module: readFileSync(new URL("./metropolys_engine_bg.wasm", import.meta.url)),
});

export * from "./metropolys_engine.js";
export * from "./errors.js";

/** Already done when this module was imported; kept for shared code. */
export default async function init() {}
