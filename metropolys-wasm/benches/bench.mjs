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
//   `apply(id)`, which build an array and the events for JavaScript;
// * `fromRecord from an object`, `fromJSON from an object`, `apply({bid})`:
//   values passed as JavaScript objects, each against the same value as
//   JSON text in the same run (the ratio in the note: objects cross the
//   boundary as one text, engine-error.js's `jsonOf`).
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
  return game.step(ids[rng.below(k)]) !== null;
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

// Objects against JSON text: the record of a 4-player Expert game (seed 1),
// a position in the middle of it, and a bid, each passed as the object and
// as its text, in the same run.
function playedRecord() {
  const game = new m.Game({ players: 4, variant: "expert", seed: 1 });
  const rng = new m.SplitMix64(1);
  while (!game.isOver) game.step(ids[rng.below(game.legalIds(ids))]);
  const record = game.toRecord();
  game.free();
  rng.free();
  return record;
}
const record = playedRecord();
const middle = m.Game.fromRecord(record);
for (let i = 0; i < record.actions.length / 2; i++) middle.undo();
const position = middle.toJSON();
const bid = middle.legalActions()[0];
const calls = quick ? 20 : 400;
for (const [name, f, value] of [
  ["fromRecord from an object", (v) => m.Game.fromRecord(v).free(), record],
  ["fromJSON from an object", (v) => m.Game.fromJSON(v).free(), position],
  ["apply({bid}) from an object", (v) => { const g = middle.clone(); g.apply(v); g.free(); }, bid],
]) {
  const text = JSON.stringify(value);
  const run = (v) => (k) => { for (let i = 0; i < k; i++) f(v); };
  run(value)(calls);
  run(text)(calls);
  const fromObject = best(repeats, calls, run(value));
  const fromText = best(repeats, calls, run(text));
  row(name, fromObject, "ns/call", null,
    `${(fromObject / fromText).toFixed(2)}x the same as JSON text (${(fromText / 1000).toFixed(1)} µs)`);
}
