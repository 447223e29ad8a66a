// Types only: what a page beside ui/ imports as ./ui/moves.js is src/moves.ts.
export * from "../../moves.js";
