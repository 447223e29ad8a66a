// Types only: what a page beside ui/ imports as ./ui/engine.js is src/engine.ts.
export * from "../../engine.js";
