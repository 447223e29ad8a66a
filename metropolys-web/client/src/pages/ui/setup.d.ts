// Types only: what a page beside ui/ imports as ./ui/setup.js is src/setup.ts.
export * from "../../setup.js";
