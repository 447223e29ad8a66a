// Types only: what a page beside ui/ imports as ./ui/api.js is src/api.ts.
export * from "../../api.js";
