// The package under test and what the native engine gives: the tests of
// the WebAssembly package load the npm package folder that
// scripts/build-wasm assembles (as a user installs it) and compare it with
// the native trace of examples/native_trace.rs (scripts/test-wasm writes
// both; the environment variables below point elsewhere).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../..");
const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
export const PKG = process.env.METROPOLYS_WASM_PKG ?? path.join(TARGET, "wasm", "pkg");
const TRACE_FILE =
  process.env.METROPOLYS_WASM_TRACE ?? path.join(TARGET, "wasm", "native-trace.json");

/** The package, through its Node entry. */
export const m = await import(pathToFileURL(path.join(PKG, "node.js")).href);

/** The native engine's trace (examples/native_trace.rs). */
export const TRACE = JSON.parse(readFileSync(TRACE_FILE, "utf8"));

/** The conformance vectors, by file name. */
export const VECTORS_DIR = path.join(ROOT, "tests", "conformance");

/** A small seeded generator for the tests' own choices (not the engine's). */
export class Rng {
  constructor(seed) {
    this.s = seed >>> 0 || 1;
  }
  /** xorshift32: the next 32 bits. */
  next() {
    let x = this.s;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.s = x;
    return x;
  }
  /** An integer of 0 … n − 1. */
  below(n) {
    return this.next() % n;
  }
  pick(items) {
    return items[this.below(items.length)];
  }
}

/** The action ids `bot` chooses for every seat of `game` to its end, played. */
export function decisions(game, bot) {
  const ids = [];
  while (!game.isOver) {
    const id = bot.chooseId(game);
    ids.push(id);
    game.apply(id);
  }
  return ids;
}
