// Types only: what a page beside ui/ imports as ./ui/protocol.js is src/protocol.ts.
export * from "../../protocol.js";
