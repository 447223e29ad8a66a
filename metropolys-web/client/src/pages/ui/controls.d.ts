// Types only: what a page beside ui/ imports as ./ui/controls.js is src/controls.ts.
export * from "../../controls.js";
