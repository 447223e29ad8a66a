// The package's `metropolys/bots` entry: the rules and the bots in a module
// of at most 200 KB gzipped, without the words, the pictures and the
// learned network's weights, which `loadValueNetwork` gives it at run
// time. Its bots decide as the whole package's (and so as natively), the
// searches that need the network are refused until it is there, and
// nothing but the shipped network's file is taken.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { decisions, m, PKG, ROOT, VECTORS_DIR } from "./package.mjs";

const b = await import(pathToFileURL(path.join(PKG, "bots-node.js")).href);
const NETWORK = readFileSync(path.join(ROOT, "metropolys-bots", "data", "value.mtpnet"));

/** Each bot's action ids for a game played by `spec` in every seat, in `lib`. */
function played(lib, spec, config) {
  const game = new lib.Game(config);
  const ids = decisions(game, lib.Bot.fromSpec(spec));
  return { ids, record: game.toRecord() };
}

// The tests of this file run in order, in one instance of the module: the
// first before the network is given, the others after.
test("before the network: the searches that need it are refused, the others decide as the whole package", () => {
  assert.equal(b.hasValueNetwork(), false);
  assert.equal(m.hasValueNetwork(), true);
  const refused = (e) =>
    e instanceof Error && !(e instanceof RangeError) && /learned network/.test(e.message) && /loadValueNetwork/.test(e.message);
  assert.throws(() => new b.Bot("expert"), refused);
  assert.throws(() => new b.Bot("ismcts", { leaf: "value", iterations: 10 }), refused);
  assert.throws(() => b.Bot.fromSpec('ismcts:{"leaf":"value"}'), refused);
  for (const [spec, config] of [
    ["beginner:{\"seed\":3}", { players: 3, variant: "expert", seed: 4 }],
    ["casual:{\"seed\":1}", { players: 2, variant: "family", seed: 9 }],
    ['ismcts:{"iterations":150,"belief":"learned","prior":"learned","seed":2}', { players: 4, variant: "expert", seed: 2 }],
  ]) {
    assert.deepEqual(played(b, spec, config), played(m, spec, config), spec);
  }
  assert.deepEqual(b.botKinds(), m.botKinds());
});

test("only the shipped network's file is taken, and bad input is refused without harm", async () => {
  assert.throws(() => b.installValueNetwork([1, 2, 3]), TypeError);
  assert.throws(() => b.installValueNetwork(NETWORK.buffer), TypeError);
  assert.throws(() => b.installValueNetwork(undefined), TypeError);
  assert.throws(() => b.installValueNetwork(new Uint8Array(8)), (e) => e instanceof RangeError && /MTPVNET1/.test(e.message));
  const damaged = Uint8Array.from(NETWORK);
  damaged[5000] ^= 1;
  assert.throws(() => b.installValueNetwork(damaged), (e) => e instanceof RangeError && /corrupt/.test(e.message));
  assert.throws(() => b.installValueNetwork(NETWORK.subarray(0, 1000)), (e) => e instanceof RangeError && /truncated/.test(e.message));
  assert.throws(() => b.installValueNetwork(new Uint8Array(2 << 20)), (e) => e instanceof RangeError && /more than any network file/.test(e.message));
  await assert.rejects(b.loadValueNetwork(42), TypeError);
  await assert.rejects(b.loadValueNetwork(null), TypeError);
  await assert.rejects(b.loadValueNetwork(damaged.buffer), RangeError);
  assert.equal(b.hasValueNetwork(), false);
  // The whole package carries the network: given the file it changes
  // nothing, given another it refuses as this entry does.
  m.installValueNetwork(NETWORK);
  assert.throws(() => m.installValueNetwork(damaged), RangeError);
  await m.loadValueNetwork();
  await m.loadValueNetwork(NETWORK);
  await assert.rejects(m.loadValueNetwork(damaged), RangeError);
  await assert.rejects(m.loadValueNetwork(42), TypeError);
});

test("with the network: the expert's search decides as natively, to the last decision", async () => {
  await b.loadValueNetwork();
  assert.equal(b.hasValueNetwork(), true);
  await b.loadValueNetwork(); // again: nothing changes
  b.installValueNetwork(NETWORK);
  // metropolys-bots/tests/learned.rs plays this game natively and pins it
  // (bots.test.mjs replays it in the whole package).
  const pinned = JSON.parse(readFileSync(path.join(ROOT, "metropolys-bots", "tests", "learned", "game.json"), "utf8"));
  assert.deepEqual(decisions(new b.Game(pinned.game), new b.Bot(pinned.bot.kind, pinned.bot.params)), pinned.actions);
  assert.equal(new b.Bot("expert").name, "expert");
});

test("a review in this entry is the whole package's", () => {
  const record = JSON.parse(readFileSync(path.join(VECTORS_DIR, "game-2p-family-seed-1.json"), "utf8"));
  const options = { preset: "beginner", seed: 7, worlds: 16 };
  assert.deepEqual(b.review(record, options), m.review(record, options));
});

test("the rules and the bots, without words or pictures, in at most 200 KB; the network beside them", () => {
  for (const name of ["Bot", "review", "botKinds", "simulate", "SplitMix64", "describeAction", "IllegalActionError"]) {
    assert.ok(name in b, `the bots entry has ${name}`);
  }
  for (const name of ["Texts", "Narrator", "Guide", "narrateRecord", "replayData", "languages", "scoringRules", "legend"]) {
    assert.ok(name in m, `the whole package has ${name}`);
    assert.ok(!(name in b), `the bots entry has no ${name}`);
  }
  for (const name of ["toSvg", "boardSvg", "text", "toString", "whereCardsScore"]) {
    assert.ok(!Object.hasOwn(b.Game.prototype, name), `the bots entry's Game has no ${name}`);
  }
  assert.equal(b.IllegalActionError, m.IllegalActionError);
  // The file beside the module is the crate's network, byte for byte.
  assert.deepEqual(readFileSync(path.join(PKG, "value.mtpnet")), NETWORK);
  // The size the issue asks of the package with the bots: 200 KB gzipped
  // (gzip -9), as a page downloads it; the network is fetched apart, by
  // the pages that play the expert.
  const size = (f) => gzipSync(readFileSync(path.join(PKG, f)), { level: 9 }).length;
  const bots = size("metropolys_bots_bg.wasm");
  assert.ok(bots <= 200_000, `the rules and the bots are ${bots} bytes gzipped`);
  assert.ok(bots > size("metropolys_engine_bg.wasm"));
});
