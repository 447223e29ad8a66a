// Objects and their JSON text are the same input: configurations,
// positions, records, actions, events and options passed as JavaScript
// values give what their JSON text gives, and a malformed one the same
// error, word for word (the loaders' messages name a line and a column of
// the text: an object is read as the text with its keys sorted). A plain
// value crosses into the module as one text (engine-error.js's `jsonOf`);
// anything out of the ordinary (floats, NaN, numbers beyond 2^53 - 1,
// undefined, functions, throwing getters, lone surrogates) is read by the
// module value by value, with its own words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { m, VECTORS_DIR } from "./package.mjs";

const { Game } = m;

/** The text the module reads an object as: keys sorted (by their UTF-8 bytes), compact. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "bigint") return String(v);
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v)
      .filter((k) => v[k] !== undefined && typeof v[k] !== "function")
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** What `f(x)` gives or throws, comparable. */
function outcome(f, x) {
  try {
    const r = f(x);
    return { ok: r instanceof Game ? r.toJSON() : r };
  } catch (e) {
    return { error: e.constructor.name, message: e.message, rules: e.rules ? [...e.rules] : undefined };
  }
}

function sameAsText(f, value, what) {
  assert.deepEqual(outcome(f, value), outcome(f, canonical(value)), what);
}

const records = readdirSync(VECTORS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => [f, JSON.parse(readFileSync(path.join(VECTORS_DIR, f), "utf8"))])
  .filter(([, r]) => r.config && Array.isArray(r.actions));

test("records, configurations and positions: an object gives what its text gives", () => {
  assert.ok(records.length > 10);
  for (const [name, record] of records) {
    sameAsText(Game.fromRecord, record, name);
    sameAsText(Game.verifyRecord, record, name);
    sameAsText(Game.fromConfig, record.config, name);
    sameAsText((r) => m.narrateRecord(r, { lang: "fr" }), record, name);
  }
  const g = new Game({ players: 4, seed: 8 });
  for (let i = 0; i < 30; i++) {
    const ids = g.legalActionIds();
    g.apply(ids[i % ids.length]);
  }
  for (const position of [g.toJSON(), g.view(2), g.publicView()]) sameAsText(Game.fromJSON, position, "position");
  const big = new Game({ players: 2, seed: 2n ** 64n - 1n });
  sameAsText(Game.fromRecord, big.toRecord(), "a seed beyond 2^53 - 1, as a BigInt");
});

test("malformed objects: the same error as their text, word for word", () => {
  const record = records[0][1];
  const g = new Game({ players: 3, seed: 2 });
  const cases = [
    [Game.fromConfig, { players: 3, bogus: 1 }],
    [Game.fromConfig, { players: 3, variant: "solo" }],
    [Game.fromConfig, { players: "3" }],
    [Game.fromConfig, { players: 3, objectives: [{ area: "nowhere" }] }],
    [Game.fromConfig, { players: 3, metropolys_cards: [["park"]] }],
    [Game.fromConfig, { zz: [], players: 9, aa: { b: [1, { c: null }] } }],
    [Game.fromConfig, []],
    [Game.fromConfig, {}],
    [Game.fromRecord, { ...record, actions: [...record.actions, { player: 9, action: "pass" }] }],
    [Game.fromRecord, { ...record, format: "other" }],
    [Game.fromRecord, { ...record, actions: [{ player: 0, action: { bid: { neighborhood: 3 } } }] }],
    [Game.verifyRecord, { ...record, expected: { ...record.expected, winners: [3] } }],
    [Game.fromJSON, { ...g.toJSON(), call: -4 }],
    [Game.fromJSON, { ...g.toJSON(), bids: "none" }],
    [Game.fromJSON, { ...g.toJSON(), objectives: g.view(1).objectives }],
    [(a) => g.clone().apply(a), { bid: { neighborhood: 3, building: 99 } }],
    [(a) => g.clone().apply(a), { bid: { neighborhood: 3 } }],
    [(a) => g.clone().apply(a), { pass: true }],
    [(c) => m.simulate(2, { config: c }), { players: 3, seed: 1, tokens: 4 }],
  ];
  for (const [f, value] of cases) {
    const got = outcome(f, value);
    assert.ok(got.error, `${canonical(value)} was taken`);
    sameAsText(f, value, canonical(value));
  }
  // Nesting: 127 levels are JSON text's limit (the loader's words); the
  // module reads 128 and refuses 129 with its own.
  let deep = 1;
  for (let i = 0; i < 127; i++) deep = [deep];
  sameAsText(Game.fromConfig, { players: deep }, "127 levels");
  for (const levels of [128, 129]) {
    let d = 1;
    for (let i = 0; i < levels - 1; i++) d = [d];
    assert.throws(() => Game.fromConfig({ players: d }), m.InvalidConfigError);
  }
});

test("values out of the ordinary are read by the module, with its own words", () => {
  const refused = (value) => outcome(Game.fromConfig, value);
  assert.match(refused({ players: 2.5 }).message, /invalid type: floating point `2.5`|2\.5/);
  assert.match(refused({ players: NaN }).message, /NaN is not a JSON number/);
  assert.match(refused({ players: 2 ** 60 }).message, /beyond 2\^53 - 1/);
  assert.match(refused({ players: 2n ** 70n }).message, /out of the 64-bit range/);
  assert.match(refused({ players: [undefined] }).message, /players: \[0\]: undefined is not JSON/);
  assert.match(refused({ players: [() => 1] }).message, /a function is not JSON/);
  assert.match(refused({ players: Symbol("s") }).message, /a symbol is not JSON/);
  const throwing = {
    get players() {
      throw new Error("no players here");
    },
  };
  assert.match(refused(throwing).message, /reading "players" threw: no players here/);
  // A lone surrogate is read as U+FFFD, as the module reads every string.
  const g = new Game({ players: 2, seed: 1 });
  assert.equal(new m.Texts("en").seat(0, "a\ud800b"), new m.Texts("en").seat(0, "a\ufffdb"));
  const names = { lang: "en", names: ["a\udc00", "\u{1F600}"] };
  const told = new m.Narrator("expert", names).feed(g.events);
  assert.deepEqual(told, new m.Narrator("expert", { lang: "en", names: ["a\ufffd", "\u{1F600}"] }).feed(g.events));
  const long = "x".repeat(70);
  assert.deepEqual(
    outcome(Game.fromConfig, { players: 2, variant: `${long}\ud800` }),
    outcome(Game.fromConfig, canonical({ players: 2, variant: `${long}\ufffd` })),
  );
  assert.deepEqual(
    outcome(Game.fromConfig, { players: 2, variant: "\udc00" }),
    outcome(Game.fromConfig, canonical({ players: 2, variant: "\ufffd" })),
  );
  // Keys beyond the Basic Multilingual Plane sort as the module sorts them.
  sameAsText(Game.fromConfig, { players: 2, "\u{1F600}": 1, "\uffff": 2 }, "astral keys");
  // A float that is a whole number is an integer; -0 is 0.
  assert.deepEqual(Game.fromConfig({ players: 2, seed: -0 }).config, Game.fromConfig({ players: 2, seed: 0 }).config);
});

test("a plain value is read once: each getter runs once", () => {
  let reads = 0;
  const config = {
    get players() {
      reads += 1;
      return 3;
    },
    variant: "family",
  };
  assert.equal(Game.fromConfig(config).players, 3);
  assert.equal(reads, 1);
  reads = 0;
  const g = new Game({ players: 3 });
  const { bid } = g.legalActions()[0];
  g.apply({
    get bid() {
      reads += 1;
      return bid;
    },
  });
  assert.equal(reads, 1);
  assert.equal(g.decisions, 1);
});
