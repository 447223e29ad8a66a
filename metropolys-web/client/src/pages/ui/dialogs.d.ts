// Types only: what a page beside ui/ imports as ./ui/dialogs.js is src/dialogs.ts.
export * from "../../dialogs.js";
