// Types only: what a page beside ui/ imports as ./ui/offlinesetup.js is src/offlinesetup.ts.
export * from "../../offlinesetup.js";
