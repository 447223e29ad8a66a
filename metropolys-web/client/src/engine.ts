// The engine in the page: the WebAssembly package (engine/, the browser
// build of metropolys-wasm), loaded once. Every rule, id, score category,
// card text and picture the pages show comes from it.
import init, * as engine from "../engine/index.js";
import type * as Wasm from "../engine/metropolys_wasm.js";

/**
 * The engine as the pages' modules are given it (`E`): the WebAssembly
 * module's exports (classes, functions), once loaded.
 */
export type Engine = typeof Wasm;

/** What `loadEngine` gives: the whole package, the module's exports and its error classes. */
export type EnginePackage = typeof engine;

/**
 * `import.meta` with `resolve` (the import map's name of a path), which
 * TypeScript's DOM library does not declare yet and older browsers lack.
 */
type Meta = ImportMeta & { resolve?: (specifier: string) => string };

let ready: Promise<EnginePackage> | null = null;

/** The package's exports, once its module is compiled and instantiated. */
export function loadEngine(): Promise<EnginePackage> {
  // The module by the name the page's import map gives it: on the server
  // its content-addressed one, which a reload takes from the cache without
  // asking whether it changed (the offline site has no map: its plain name).
  const wasm = "../engine/metropolys_wasm_bg.wasm";
  const url = (import.meta as Meta).resolve?.(wasm) ?? new URL(wasm, import.meta.url).href;
  if (!ready) ready = init({ module_or_path: url }).then(() => engine);
  return ready;
}
