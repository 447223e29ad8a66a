// What the WebAssembly module imports to throw the engine's errors (its
// `raw_module`): not part of the package's API.
export { errorOf as engineError } from "./errors.js";
