// Types only: what a page beside ui/ imports as ./ui/store.js is src/store.ts.
export * from "../../store.js";
