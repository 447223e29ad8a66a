// Types only: what a page beside ui/ imports as ./ui/log.js is src/log.ts.
export * from "../../log.js";
