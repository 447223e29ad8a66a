// The engine in the page: the WebAssembly package (engine/, the browser
// build of metropolys-wasm), loaded once. Every rule, id, score category,
// card text and picture the pages show comes from it.
import init, * as engine from "../engine/index.js";

let ready = null;

/** The package's exports, once its module is compiled and instantiated. */
export function loadEngine() {
  // The module by the name the page's import map gives it: on the server
  // its content-addressed one, which a reload takes from the cache without
  // asking whether it changed (the offline site has no map: its plain name).
  const wasm = "../engine/metropolys_wasm_bg.wasm";
  const url = import.meta.resolve?.(wasm) ?? new URL(wasm, import.meta.url).href;
  if (!ready) ready = init({ module_or_path: url }).then(() => engine);
  return ready;
}
