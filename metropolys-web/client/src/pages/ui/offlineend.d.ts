// Types only: what a page beside ui/ imports as ./ui/offlineend.js is src/offlineend.ts.
export * from "../../offlineend.js";
