// The package's declarations: the generated ones of the WebAssembly module
// (classes, functions and the game's JSON shapes, derived from the Rust
// types) and the error classes.
export * from "./metropolys_wasm.js";
export { default } from "./metropolys_wasm.js";
export * from "./errors.js";

/**
 * The `metropolys/bots` entry's `loadValueNetwork` (see bots.d.ts), so that
 * code written for either entry runs on both: this module carries the
 * learned network, so with no source it does nothing; a source given is
 * checked as there (a `RangeError` for any network but the shipped one).
 */
export function loadValueNetwork(source?: string | URL | Response | ArrayBuffer | ArrayBufferView): Promise<void>;
