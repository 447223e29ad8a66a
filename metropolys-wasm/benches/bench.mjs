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
function stepLoop(n) {
  decisions = 0;
  for (let i = 0; i < n; i++) {
    const game = new m.Game({ players: 4, variant: "expert", seed: i });
    const rng = new m.SplitMix64(i);
    let seat = 0;
    while (seat >= 0) {
      const k = game.legalIds(ids);
      seat = game.step(ids[rng.below(k)]);
      decisions += 1;
    }
    game.scores();
    void game.winners;
    game.free();
    rng.free();
  }
}
const loopGames = Math.max(1, games / 4);
stepLoop(Math.min(loopGames, 500));
const perLoop = best(repeats, loopGames, stepLoop);
row("step loop 4p expert", perLoop, "ns/game", "game/4p expert step loop",
  `legalIds, SplitMix64.below, step, from JavaScript; ${(perLoop * loopGames / decisions).toFixed(1)} ns/decision`);

function applyLoop(n) {
  decisions = 0;
  for (let i = 0; i < n; i++) {
    const game = new m.Game({ players: 4, variant: "expert", seed: i });
    const rng = new m.SplitMix64(i);
    while (!game.isOver) {
      const legal = game.legalActionIds();
      game.apply(legal[rng.below(legal.length)]);
      decisions += 1;
    }
    game.scores();
    void game.winners;
    game.free();
    rng.free();
  }
}
const applyGames = Math.max(1, games / 20);
applyLoop(Math.min(applyGames, 100));
const perApply = best(repeats, applyGames, applyLoop);
row("apply loop 4p expert", perApply, "ns/game", "game/4p expert step loop",
  `legalActionIds(), apply(id) with events for JavaScript; ${(perApply * applyGames / decisions).toFixed(1)} ns/decision`);
