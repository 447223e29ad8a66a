// Benchmarks of the WebAssembly package in Node, as ratios to the same
// work in Rust measured in the same run (scripts/bench passes the Rust
// rows of metropolys-core/benches/summary.rs as --rust NAME=NS):
//
// * `simulate 4p expert`: random 4-player Expert games inside the module
//   (setup, core's play_random, each seat's total): the Rust row
//   `game/4p expert`;
// * `step loop 4p expert`: the same games driven from JavaScript through
//   the fast path (`legalIds` into one Uint16Array, `SplitMix64.below`,
//   `step`), then the score sheets and winners: the Rust row
//   `game/4p expert step loop` (legal ids, draw, apply with events);
// * `apply loop 4p expert`: the same with `legalActionIds()` and
//   `apply(id)`, which build an array and the events for JavaScript.
//
// Every game is the game of its seed: configuration seed i, moves drawn by
// SplitMix64(i), the games Rust, C and Python play.
//
// Usage: node metropolys-wasm/benches/bench.mjs PKG_DIR [--quick] [--rust NAME=NS]...
// Rows print as row<TAB>name<TAB>value<TAB>unit<TAB>note.
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const pkg = args.shift();
const quick = args.includes("--quick");
const rust = new Map();
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--rust") {
    const [name, ns] = args[++i].split("=");
    rust.set(name, Number(ns));
  }
}
const m = await import(pathToFileURL(path.join(pkg, "node.js")).href);

function row(name, ns, unit, rustName, note) {
  const ref = rust.get(rustName);
  if (ref) note += `; ${(ns / ref).toFixed(2)}x the Rust '${rustName}' row (${ref.toFixed(1)} ns)`;
  console.log(`row\tWebAssembly: ${name}\t${ns.toFixed(1)}\t${unit}\t${note}`);
}

/** Nanoseconds per unit of `f(n)`, the best of `repeats` timed runs. */
function best(repeats, n, f) {
  let t = Infinity;
  for (let r = 0; r < repeats; r++) {
    const start = process.hrtime.bigint();
    f(n);
    t = Math.min(t, Number(process.hrtime.bigint() - start));
  }
  return t / n;
}

const repeats = quick ? 1 : 5;
const games = quick ? 200 : 20000;

// Warm up the module (compilation tiers).
m.simulate(200, { categories: false });

const perGame = best(repeats, games, (n) => m.simulate(n, { categories: false }));
row("simulate 4p expert", perGame, "ns/game", "game/4p expert",
  "random games inside the module: setup, play_random, totals");

const ids = new Uint16Array(m.constants().ACTION_COUNT);
let decisions = 0;

/** Plays games 0 … n − 1 from JavaScript, one decision with `decide`. */
function games_(n, decide) {
  decisions = 0;
  for (let i = 0; i < n; i++) {
    const game = new m.Game({ players: 4, variant: "expert", seed: i });
    const rng = new m.SplitMix64(i);
    for (let more = true; more; decisions += 1) more = decide(game, rng);
    game.scores();
    void game.winners;
    game.free();
    rng.free();
  }
}

/** The fast path: legal ids into one array, a draw, `step`. */
function fast(game, rng) {
  const k = game.legalIds(ids);
  return game.step(ids[rng.below(k)]) >= 0;
}

/** The convenient path: a new array of ids, `apply` with its events. */
function convenient(game, rng) {
  const legal = game.legalActionIds();
  game.apply(legal[rng.below(legal.length)]);
  return !game.isOver;
}

for (const [name, decide, n, rustName, what] of [
  ["step loop 4p expert", fast, Math.max(1, games / 4), "game/4p expert step loop",
    "legalIds, SplitMix64.below, step, from JavaScript"],
  ["apply loop 4p expert", convenient, Math.max(1, games / 20), "game/4p expert step loop",
    "legalActionIds(), apply(id) with events for JavaScript"],
]) {
  games_(Math.min(n, 100), decide);
  const per = best(repeats, n, (k) => games_(k, decide));
  row(name, per, "ns/game", rustName, `${what}; ${((per * n) / decisions).toFixed(1)} ns/decision`);
}
