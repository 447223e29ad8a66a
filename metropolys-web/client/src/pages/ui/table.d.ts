// Types only: what a page beside ui/ imports as ./ui/table.js is src/table.ts.
export * from "../../table.js";
