// Types only: what a page beside ui/ imports as ./ui/review.js is src/review.ts.
export * from "../../review.js";
