// Types only: what a page beside ui/ imports as ./ui/replaypage.js is src/replaypage.ts.
export * from "../../replaypage.js";
