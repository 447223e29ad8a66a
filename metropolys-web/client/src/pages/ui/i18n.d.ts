// Types only: what a page beside ui/ imports as ./ui/i18n.js is src/i18n.ts.
export * from "../../i18n.js";
