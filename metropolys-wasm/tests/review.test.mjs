// The review of a finished game by a bot preset (`review()`): one decision
// per action with a grade and two readings, reproducible from its seed,
// the same review as the native engine's (the command line's `metropolys
// review --json`, to the last bit of every number), the words of the
// grades and of the suggestion in each language (`Texts`), progress, and
// hostile options refused with the package's error classes.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { m, ROOT, VECTORS_DIR } from "./package.mjs";

const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
// scripts/test-wasm builds the command line (cargo build -p metropolys-cli).
const BIN = process.env.METROPOLYS_BIN ?? path.join(TARGET, "debug", "metropolys");
const GRADES = ["forced", "best", "good", "inaccuracy", "mistake", "blunder"];
const LANGS = ["en", "cs", "pl", "fr"];

const file = (name) => path.join(VECTORS_DIR, name);
const text = (name) => readFileSync(file(name), "utf8");
const SMALL = "game-2p-family-seed-1.json";
const QUICK = { preset: "beginner", seed: 7, worlds: 16 };

/** A game of `players` played by the first legal action `n` times (or to its end). */
function played(players, n = Infinity) {
  const g = new m.Game({ players, variant: "family", seed: 3 });
  for (let i = 0; i < n && !g.isOver; i++) g.apply(g.legalActionIds()[0]);
  return g;
}

test("a finished game's review has one decision per action, valid grades and a summary per seat", () => {
  const record = JSON.parse(text(SMALL));
  const r = m.review(record, QUICK);
  assert.equal(r.reviewer, "beginner");
  assert.equal(r.seed, 7);
  assert.equal(r.worlds, 16);
  assert.equal(r.players, 2);
  assert.equal(r.over, true);
  assert.equal(r.only, null);
  assert.equal(r.decisions.length, record.actions.length);
  r.decisions.forEach((d, i) => {
    assert.equal(d.index, i);
    assert.equal(d.seat, record.actions[i].player);
    assert.deepEqual(d.played, record.actions[i].action);
    assert.ok(GRADES.includes(d.grade), d.grade);
    assert.equal(d.grade === "best", d.grade !== "forced" && JSON.stringify(d.best) === JSON.stringify(d.played));
    for (const reading of [d.known, d.revealed]) {
      for (const e of [reading.played, reading.best]) {
        assert.equal(e.win.length, 2);
        assert.ok(Math.abs(e.win[0] + e.win[1] - 1) < 1e-9, `${e.win}`);
        assert.ok(e.score.every((s) => s >= 0));
      }
      assert.ok(reading.drop >= -1 && reading.drop <= 1);
    }
  });
  assert.equal(r.start.win.length, 2);
  assert.equal(r.seats.length, 2);
  for (const s of r.seats) {
    const mine = r.decisions.filter((d) => d.seat === s.seat && d.grade !== "forced");
    assert.equal(s.decisions, mine.length);
    assert.equal(s.inaccuracies, mine.filter((d) => d.grade === "inaccuracy").length);
    assert.equal(s.mistakes, mine.filter((d) => d.grade === "mistake").length);
    assert.equal(s.blunders, mine.filter((d) => d.grade === "blunder").length);
    assert.ok(s.accuracy >= 0 && s.accuracy <= 100);
  }
  assert.ok(r.turning_points.length <= 3);
  assert.ok(r.turning_points.every((i, k) => i >= 0 && i < r.decisions.length && (k === 0 || i > r.turning_points[k - 1])));
  // The record as JSON text gives the same review.
  assert.deepEqual(m.review(text(SMALL), QUICK), r);
});

test("the same seed gives the same review; another seed, another", () => {
  const a = m.review(text(SMALL), QUICK);
  const b = m.review(text(SMALL), { ...QUICK });
  assert.deepEqual(a, b);
  const c = m.review(text(SMALL), { ...QUICK, seed: 8 });
  assert.notDeepEqual(c.decisions, a.decisions);
  // A seed beyond 2^53 - 1 is given and returned as a BigInt, exactly.
  const big = 2n ** 64n - 1n;
  const d = m.review(text(SMALL), { ...QUICK, seed: big, worlds: 2 });
  assert.equal(d.seed, big);
});

test("the package reviews as the native engine does, to the last bit (metropolys review --json)", () => {
  const cases = [
    [SMALL, { preset: "beginner", seed: 7, worlds: 16 }],
    ["game-3p-expert-seed-4.json", { preset: "casual", seed: 3, worlds: 8 }],
    ["game-2p-expert-seed-2.json", { preset: "strong", seed: 11, worlds: 4 }],
    ["game-4p-family-metropolys-deck-seed-9.json", { preset: "beginner", seed: 5, worlds: 8 }],
    ["game-2p-family-start-1-seed-101.json", { preset: "beginner", seed: 1, worlds: 8, only: 1 }],
  ];
  for (const [name, o] of cases) {
    const args = ["review", file(name), "--json", "--no-progress", "--threads", "1",
      "--preset", o.preset, "--seed", String(o.seed), "--worlds", String(o.worlds)];
    if (o.only !== undefined) args.push("--seat", String(o.only));
    const native = JSON.parse(execFileSync(BIN, args, { encoding: "utf8", maxBuffer: 64 << 20 }));
    const web = m.review(text(name), o);
    // deepEqual compares numbers with Object.is: every win chance, expected
    // total, drop and accuracy the same double.
    assert.deepEqual(web, native, `${name} ${JSON.stringify(o)}`);
  }
});

test("a game still being played is reviewed only for one seat, with what it knew", () => {
  const g = played(3, 40);
  assert.ok(!g.isOver);
  assert.throws(() => m.review(g.toRecord(), QUICK), (e) => e instanceof RangeError && /not over/.test(e.message));
  const r = m.review(g.toRecord(), { ...QUICK, only: 1 });
  assert.equal(r.over, false);
  assert.equal(r.only, 1);
  assert.equal(r.start, null);
  assert.deepEqual(r.turning_points, []);
  assert.ok(r.decisions.length > 0);
  for (const d of r.decisions) {
    assert.equal(d.seat, 1);
    assert.equal(d.revealed, null);
  }
  g.free();
});

test("progress is told after each decision, and what it throws stops the review", () => {
  const seen = [];
  const r = m.review(text(SMALL), { ...QUICK, worlds: 2, progress: (done, total) => seen.push([done, total]) });
  assert.equal(seen.length, r.decisions.length);
  seen.forEach(([done, total], i) => {
    assert.equal(done, i + 1);
    assert.equal(total, r.decisions.length);
  });
  const stop = new Error("stop here");
  let calls = 0;
  assert.throws(
    () => m.review(text(SMALL), { ...QUICK, worlds: 2, progress: () => {
      calls += 1;
      if (calls === 3) throw stop;
    } }),
    (e) => e === stop,
  );
  assert.equal(calls, 3);
  // The module goes on working.
  assert.equal(m.review(text(SMALL), { ...QUICK, worlds: 2 }).decisions.length, r.decisions.length);
  // A progress that reviews too: each review tells its own progress, and
  // what the inner one's throws stops that one alone.
  let outer = 0;
  let inner = 0;
  const nested = m.review(text(SMALL), { ...QUICK, worlds: 1, progress: (done) => {
    outer += 1;
    if (done === 2) {
      const small = played(2, 6).toRecord();
      assert.equal(m.review(small, { ...QUICK, worlds: 1, only: 0, progress: () => (inner += 1) }).decisions.length, inner);
      assert.throws(() => m.review(small, { ...QUICK, worlds: 1, only: 0, progress: () => { throw stop; } }), (e) => e === stop);
    }
  } });
  assert.equal(outer, nested.decisions.length);
  assert.ok(inner > 0);
});

test("hostile options and records are refused with the package's error classes", () => {
  const rec = text(SMALL);
  const refused = [
    [{ preset: "greedy" }, RangeError, /not a preset.*beginner, casual, strong, expert/],
    [{ preset: "ismcts" }, RangeError],
    [{ preset: "Strong" }, RangeError],
    [{ preset: "" }, RangeError],
    [{ preset: 3 }, TypeError],
    [{ preset: null }, TypeError],
    [{ seed: -1 }, RangeError],
    [{ seed: 2.5 }, RangeError],
    [{ seed: NaN }, RangeError],
    [{ seed: 2 ** 60 }, RangeError, /BigInt/],
    [{ seed: 2n ** 64n }, RangeError],
    [{ seed: "3" }, TypeError],
    [{ worlds: 0 }, RangeError, /from 1 to 100000/],
    [{ worlds: 100001 }, RangeError],
    [{ worlds: -5 }, RangeError],
    [{ worlds: 1.5 }, RangeError],
    [{ worlds: Infinity }, RangeError],
    [{ worlds: "8" }, TypeError],
    [{ worlds: null }, TypeError],
    [{ only: 2 }, RangeError, /seat 2 is not in this 2-player game/],
    [{ only: -1 }, RangeError],
    [{ only: "0" }, TypeError],
    [{ progress: 5 }, TypeError, /progress must be a function/],
    [{ threads: 2 }, TypeError, /no option "threads"/],
    [{ seat: 0 }, TypeError, /no option "seat"/],
    [[], TypeError],
    ["strong", TypeError],
    [7, TypeError],
  ];
  for (const [options, kind, message] of refused) {
    assert.throws(
      () => m.review(rec, options),
      (e) => e instanceof kind && (!message || message.test(e.message)),
      `${String(options?.constructor?.name)} ${JSON.stringify(options, (k, v) => (typeof v === "bigint" ? `${v}n` : v))}`,
    );
  }
  // A getter that throws, a revoked proxy: an Error, never a trap.
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  for (const options of [{ get preset() { throw new Error("getter"); } }, proxy]) {
    assert.throws(() => m.review(rec, options), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
  }
  // Records: malformed, not a record, one that does not replay.
  assert.throws(() => m.review("{", QUICK), m.RecordError);
  assert.throws(() => m.review({}, QUICK), m.RecordError);
  assert.throws(() => m.review(null, QUICK), m.RecordError);
  const bad = JSON.parse(rec);
  bad.actions.push({ player: 0, action: "pass" });
  assert.throws(() => m.review(bad, QUICK), m.RecordError);
  const wrong = JSON.parse(rec);
  wrong.actions[3] = { player: wrong.actions[3].player, action: { bid: { neighborhood: 54, building: 13 } } };
  assert.throws(() => m.review(wrong, QUICK), (e) => e instanceof m.RecordError || e instanceof m.IllegalActionError);
  // The module goes on working.
  assert.equal(m.review(rec, { ...QUICK, worlds: 1 }).decisions.length, JSON.parse(rec).actions.length);
});

test("the grades and the suggestion in words, in each language", () => {
  const r = m.review(text("game-3p-expert-seed-4.json"), { preset: "beginner", seed: 2, worlds: 16 });
  const error = r.decisions.find((d) => ["inaccuracy", "mistake", "blunder"].includes(d.grade));
  assert.ok(error, "a decision graded an error");
  const words = {};
  for (const lang of LANGS) {
    const t = new m.Texts(lang);
    const all = GRADES.map((g) => t.grade(g));
    assert.equal(new Set(all).size, GRADES.length, `${lang}: ${all}`);
    assert.equal(t.grade("mistake"), t.message("review-grade-mistake"));
    const line = t.reviewSuggestion("expert", error.best, error.known.drop);
    assert.ok(line.includes(t.action("expert", error.best)), line);
    assert.ok(line.includes(String(Math.round(error.known.drop * 100))), line);
    assert.doesNotMatch(line, /R-\d|§/);
    words[lang] = line;
    // Action ids and negative gains (shown as +0) are taken too.
    assert.equal(t.reviewSuggestion("expert", m.actionId(error.best), error.known.drop), line);
    assert.match(t.reviewSuggestion("family", "pass", -0.2), /\b0\b/);
    t.free();
  }
  assert.equal(new Set(Object.values(words)).size, 4);
  assert.equal(new m.Texts("fr").grade("blunder"), "gaffe");
  const t = new m.Texts("en");
  assert.throws(() => t.grade("brilliant"), RangeError);
  assert.throws(() => t.grade(3), TypeError);
  assert.throws(() => t.grade(undefined), TypeError);
  assert.throws(() => t.reviewSuggestion("chess", "pass", 0.1), RangeError);
  assert.throws(() => t.reviewSuggestion("family", 9999, 0.1), m.IllegalActionError);
  assert.throws(() => t.reviewSuggestion("family", "pass", NaN), RangeError);
  assert.throws(() => t.reviewSuggestion("family", "pass", 2), RangeError);
  assert.throws(() => t.reviewSuggestion("family", "pass", "0.1"), TypeError);
  assert.throws(() => t.reviewSuggestion("family", "pass", 1n), TypeError);
  t.free();
});
