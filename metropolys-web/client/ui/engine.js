// The engine in the page: the WebAssembly package (engine/, the browser
// build of metropolys-wasm), loaded once. Every rule, id, score category,
// card text and picture the pages show comes from it.
import init, * as engine from "../engine/index.js";

let ready = null;

/** The package's exports, once its module is compiled and instantiated. */
export function loadEngine() {
  if (!ready) ready = init().then(() => engine);
  return ready;
}
