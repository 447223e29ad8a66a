// The declarations of the package's `metropolys/engine` entry: the rules
// alone, without the bots, the words and the pictures (the generated
// declarations of that module) and the error classes.
export * from "./metropolys_engine.js";
export { default } from "./metropolys_engine.js";
export * from "./errors.js";
