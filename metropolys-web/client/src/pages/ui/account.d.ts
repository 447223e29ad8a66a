// Types only: what a page beside ui/ imports as ./ui/account.js is src/account.ts.
export * from "../../account.js";
