// Types only: what a page beside ui/ imports as ./ui/words.js is src/words.ts.
export * from "../../words.js";
