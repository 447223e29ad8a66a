// Types only: what a page beside ui/ imports as ./ui/dom.js is src/dom.ts.
export * from "../../dom.js";
