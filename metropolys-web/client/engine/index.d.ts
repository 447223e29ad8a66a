// The package's declarations: the generated ones of the WebAssembly module
// (classes, functions and the game's JSON shapes, derived from the Rust
// types) and the error classes.
export * from "./metropolys_wasm.js";
export { default } from "./metropolys_wasm.js";
export * from "./errors.js";
