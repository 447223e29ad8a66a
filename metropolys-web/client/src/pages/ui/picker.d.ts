// Types only: what a page beside ui/ imports as ./ui/picker.js is src/picker.ts.
export * from "../../picker.js";
