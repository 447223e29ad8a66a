// The package's `metropolys/engine` entry: the rules alone, without the
// bots, the words and the pictures, in a module of at most 150 KB
// gzipped. It plays the same games as the whole package, throws the same
// error classes, and has neither bots nor words nor pictures.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { m, PKG, Rng } from "./package.mjs";

const e = await import(pathToFileURL(path.join(PKG, "engine-node.js")).href);

test("the rules alone play the same games as the whole package", () => {
  for (const [players, seed] of [[2, 1], [3, 8], [4, 22]]) {
    const config = { players, variant: "expert", seed };
    const a = new m.Game(config);
    const b = new e.Game(config);
    const rng = new Rng(seed);
    while (!a.isOver) {
      const ids = a.legalActionIds();
      assert.deepEqual(b.legalActionIds(), ids);
      const id = ids[rng.next() % ids.length];
      assert.deepEqual(b.apply(id), a.apply(id));
    }
    assert.ok(b.isOver);
    assert.deepEqual(b.toRecord(), a.toRecord());
    assert.deepEqual(b.scores(), a.scores());
    assert.deepEqual(b.runningScores(), a.runningScores());
    // A record of one replays in the other.
    assert.deepEqual(e.Game.fromRecord(a.toRecord()).toJSON(), a.toJSON());
  }
  // The same facts, but no bot kinds.
  const { BOT_KINDS, ...facts } = m.constants();
  assert.ok(BOT_KINDS.length > 0);
  assert.deepEqual(e.constants(), { ...facts, BOT_KINDS: [] });
});

test("the rules alone throw the package's error classes", () => {
  const g = new e.Game({ players: 2, seed: 1 });
  assert.throws(() => g.apply(60_000), m.IllegalActionError);
  assert.throws(() => e.Game.fromConfig({ players: 9 }), m.InvalidConfigError);
  assert.equal(e.IllegalActionError, m.IllegalActionError);
  // Receivers are checked here too (guard.js).
  assert.throws(() => e.Game.prototype.clone.call({}), TypeError);
});

test("the rules alone have neither bots nor words nor pictures, in at most 150 KB", () => {
  const functions = [
    "Bot", "review", "Texts", "Narrator", "Guide", "narrateRecord", "replayData", "languages",
    "scoringRules", "legend",
  ];
  for (const name of functions) {
    assert.ok(name in m, `the whole package has ${name}`);
    assert.ok(!(name in e), `the rules alone have no ${name}`);
  }
  for (const name of ["toSvg", "boardSvg", "text", "toString", "whereCardsScore"]) {
    assert.ok(Object.hasOwn(m.Game.prototype, name), `the whole package's Game has ${name}`);
    assert.ok(!Object.hasOwn(e.Game.prototype, name), `the rules alone's Game has no ${name}`);
  }
  // What stays: the score categories' labels (constants) and the actions'
  // notation, which the command line and the records use.
  assert.equal(e.describeAction(715), m.describeAction(715));
  assert.deepEqual(e.scoreCategories("expert"), m.scoreCategories("expert"));
  // The size the issue asks of the rules alone: 150 KB gzipped (gzip -9),
  // as a page downloads it; the whole package is far larger (the words,
  // the bots and the network's weights).
  const size = (f) => gzipSync(readFileSync(path.join(PKG, f)), { level: 9 }).length;
  const rules = size("metropolys_engine_bg.wasm");
  const whole = size("metropolys_wasm_bg.wasm");
  assert.ok(rules <= 150_000, `the rules alone are ${rules} bytes gzipped`);
  assert.ok(rules < whole * 0.4, `${rules} against ${whole} bytes gzipped`);
});
