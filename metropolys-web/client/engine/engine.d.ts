// The declarations of the package's `metropolys/engine` entry: the rules
// alone (the generated declarations of that module) and the error classes.
export * from "./metropolys_engine.js";
export { default } from "./metropolys_engine.js";
export * from "./errors.js";
