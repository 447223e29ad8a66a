// Types only: what a page beside ui/ imports as ./ui/bidding.js is src/bidding.ts.
export * from "../../bidding.js";
