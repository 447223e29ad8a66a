// Built from client/src/engine.ts by scripts/build-web (esbuild). Do not edit.
import init, * as engine from "../engine/index.js";
let ready = null;
function loadEngine() {
  const wasm = "../engine/metropolys_wasm_bg.wasm";
  const url = import.meta.resolve?.(wasm) ?? new URL(wasm, import.meta.url).href;
  if (!ready)
    ready = init({ module_or_path: url }).then(() => engine);
  return ready;
}
export {
  loadEngine
};
