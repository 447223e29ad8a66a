// The package's `metropolys/engine` entry: the rules alone, without the
// bots and the words, in a smaller module. It plays the same games as the
// whole package, throws the same error classes, and has neither bots nor
// words.
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
    assert.equal(b.toSvg(), a.toSvg());
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

test("the rules alone have neither bots nor words, in a smaller module", () => {
  for (const name of ["Bot", "review", "Texts", "Narrator", "Guide", "narrateRecord", "replayData", "languages"]) {
    assert.ok(name in m, `the whole package has ${name}`);
    assert.ok(!(name in e), `the rules alone have no ${name}`);
  }
  const size = (f) => gzipSync(readFileSync(path.join(PKG, f)), { level: 9 }).length;
  const rules = size("metropolys_engine_bg.wasm");
  const whole = size("metropolys_wasm_bg.wasm");
  assert.ok(rules < whole * 0.5, `${rules} against ${whole} bytes gzipped`);
});
