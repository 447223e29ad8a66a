// Types only: what a page beside ui/ imports as ./ui/offlineturn.js is src/offlineturn.ts.
export * from "../../offlineturn.js";
