// Types only: what a page beside ui/ imports as ./ui/panel.js is src/panel.ts.
export * from "../../panel.js";
