// Types only: what a page beside ui/ imports as ./ui/board.js is src/board.ts.
export * from "../../board.js";
