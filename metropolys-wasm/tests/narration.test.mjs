// One narrator, four languages: the same record told by the command line
// (`metropolys --lang L replay`) and by the package the web client loads
// (`narrateRecord`, `replayData`, `Narrator`) gives the same lines, in
// each language of the printed rulebook; the words for the pages come
// from the same catalogues (`Texts`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { m, ROOT } from "./package.mjs";

const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
// scripts/test-wasm builds the command line (cargo build -p metropolys-cli).
const BIN = process.env.METROPOLYS_BIN ?? path.join(TARGET, "debug", "metropolys");
const LANGS = ["en", "cs", "pl", "fr"];

/** A few whole games of the conformance vectors, of every player count and variant. */
function records() {
  const dir = path.join(ROOT, "tests", "conformance");
  return readdirSync(dir)
    .filter((f) => /^game-.*\.json$/.test(f))
    .slice(0, 6)
    .map((f) => path.join(dir, f));
}

/** The calls as the command line tells them: each title, then its lines (indented by two) up to an empty line. */
function cliCalls(file, lang) {
  const out = execFileSync(BIN, ["--lang", lang, "replay", file], { encoding: "utf8" });
  const texts = new m.Texts(lang);
  // Every title starts with the call's word and its number ("Call 1:", "Przetarg 1:").
  const word = texts.message("call-title", { call: 1, who: "", me: "no" }).split("1")[0];
  texts.free();
  const calls = [];
  let open = false;
  for (const line of out.split("\n")) {
    if (line.startsWith(word) && /^\d/.test(line.slice(word.length))) {
      calls.push({ title: line, lines: [] });
      open = true;
    } else if (line === "") {
      open = false;
    } else if (open) {
      assert.ok(line.startsWith("  "), `an indented line: ${line}`);
      calls.at(-1).lines.push(line.slice(2));
    }
  }
  return calls;
}

test("the command line and the package tell the same record with the same lines, in each language", () => {
  const files = records();
  assert.ok(files.length >= 4);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const told = {};
    for (const lang of LANGS) {
      const web = m.narrateRecord(text, { lang });
      const cli = cliCalls(file, lang);
      assert.ok(web.calls.length > 5, `${file} ${lang}`);
      assert.deepEqual(
        cli,
        web.calls.map((c) => ({ title: c.title, lines: c.lines })),
        `${path.basename(file)} in ${lang}`,
      );
      // The replay the web client steps through tells the same calls.
      const replay = m.replayData(text, { lang });
      assert.deepEqual(replay.calls, web.calls);
      assert.equal(replay.where.length, replay.steps.length);
      told[lang] = web.calls.flatMap((c) => [c.title, ...c.lines]).join("\n");
    }
    // Four languages, four tellings; no rule number reaches a player.
    assert.equal(new Set(Object.values(told)).size, 4, file);
    for (const [lang, t] of Object.entries(told)) assert.doesNotMatch(t, /R-\d|§/, `${lang}`);
  }
});

test("a narrator fed a game's events as it goes tells what narrateRecord tells", () => {
  const g = new m.Game({ players: 4, variant: "expert", seed: 9 });
  const n = new m.Narrator("expert", { lang: "pl", names: ["Ala", null, "Olek", null], me: 1 });
  const lines = n.feed(g.events).map((t) => t.text);
  while (!g.isOver) lines.push(...n.feed(g.apply(g.legalActionIds()[0])).map((t) => t.text));
  const whole = m.narrateRecord(g.toRecord(), { lang: "pl", names: ["Ala", null, "Olek", null], me: 1 });
  const expected = [...whole.calls.flatMap((c) => [c.title, ...c.lines]), ...whole.ending];
  assert.deepEqual(lines, expected);
  assert.ok(lines.some((l) => l.includes("Ala (")), "a named seat");
  assert.equal(whole.ending.length, 2);
  n.free();
  g.free();
});

test("languages, negotiation and Texts refuse what no catalogue holds", () => {
  assert.deepEqual(m.languages().map((l) => l.tag), LANGS);
  assert.equal(m.negotiateLanguage(["de-DE", "pl-PL", "en"]), "pl");
  assert.equal(m.negotiateLanguage([]), "en");
  assert.throws(() => m.negotiateLanguage("cs"), TypeError);
  assert.throws(() => new m.Texts("de"), RangeError);
  assert.throws(() => new m.Texts(5), TypeError);
  const cs = new m.Texts("cs-CZ");
  assert.equal(cs.lang, "cs");
  assert.notEqual(cs.place(12), new m.Texts("en").place(12));
  assert.throws(() => cs.message("no-such-message"), RangeError);
  assert.throws(() => cs.message("ui-cannot-join"), RangeError, "a missing variable");
  assert.throws(() => cs.building("expert", 14), RangeError);
  assert.throws(() => cs.seat(4), RangeError);
  assert.throws(() => new m.Narrator("expert", { lang: "cs", names: ["x".repeat(65)] }), RangeError);
  assert.throws(() => new m.Narrator("expert", { lang: "cs", colour: 1 }), TypeError);
  assert.throws(() => m.narrateRecord("{", { lang: "cs" }), m.RecordError);
  // Plural forms come from CLDR: Czech one/few/other, Polish one/few/many.
  assert.deepEqual([1, 3, 5].map((n) => cs.points(n)), ["1 bod", "3 body", "5 bodů"]);
  const pl = new m.Texts("pl");
  assert.deepEqual([1, 3, 5, 22].map((n) => pl.points(n)), ["1 punkt", "3 punkty", "5 punktów", "22 punkty"]);
});

test("every page word the web client asks for is in every catalogue", () => {
  // The ids the pages use: data-t attributes and t("ui-…") calls.
  const web = path.join(ROOT, "metropolys-web", "client");
  const files = ["index.html", "offline.html", "app.js", "offline.js"]
    .map((f) => path.join(web, f))
    .concat(readdirSync(path.join(web, "ui")).filter((f) => f.endsWith(".js")).map((f) => path.join(web, "ui", f)));
  const ids = new Set();
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    for (const match of src.matchAll(/(?:data-t(?:-label|-title|-placeholder)?="|\bt\(\s*"|tr\(\s*")(ui-[a-z0-9-]+)/g)) ids.add(match[1]);
  }
  assert.ok(ids.size > 80, `${ids.size} ids`);
  for (const lang of LANGS) {
    const texts = new m.Texts(lang);
    for (const id of ids) {
      let ok = true;
      try {
        texts.message(id, { error: "x", who: "x", what: "x", count: 2, pass: "no", me: "no", names: "x", winners: "x",
          call: 1, move: 1, n: 1, left: 1, color: "x", place: "x", action: "x", title: "x", players: 2, variant: "x",
          seconds: 30, name: "x", bot: "x", decision: "x", places: "x", choices: "x" });
      } catch (e) {
        ok = !/no such message/.test(e.message);
      }
      assert.ok(ok, `${lang}: ${id}`);
    }
    texts.free();
  }
  // A template string the regular expression cannot see: the status of a match.
  for (const s of ["open", "playing", "finished", "cancelled"]) assert.ok(new m.Texts("fr").message(`ui-status-${s}`));
});

test("the pseudo-locale is longer and accented", () => {
  const en = new m.Texts("en");
  const ps = new m.Texts("en-XA");
  for (const id of ["ui-create", "ui-offline-about", "howto-call"]) {
    const a = en.message(id);
    const b = ps.message(id);
    assert.ok(b.length >= a.length * 1.4, `${id}: ${b}`);
    assert.match(b, /[àéîõü]/);
  }
});
