// The online table is one class (ui/table.js) and the methods of its parts
// (connection.js, seat.js, play.js, ending.js, chat.js): no part's method
// replaces another's or the class's own, and every method the class and
// its parts call on themselves (`this.name(`) is there (a callback the
// constructor keeps in a field aside).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { OnlineTable, PARTS } from "../ui/table.js";

const FILES = ["table", "connection", "seat", "play", "ending", "chat"];

test("each part's methods are the table's, none named twice", () => {
  const seen = new Map();
  for (const [part, methods] of Object.entries(PARTS)) {
    for (const name of Object.keys(methods)) {
      assert.ok(!seen.has(name), `${name} in ${part} and ${seen.get(name)}`);
      seen.set(name, part);
      assert.equal(OnlineTable.prototype[name], methods[name], name);
    }
  }
  assert.ok(seen.size >= 20, `${seen.size} methods in the parts`);
});

test("every method the table calls on itself exists", () => {
  const called = new Set();
  // The callbacks the constructor is given are fields, not methods.
  const fields = new Set();
  for (const f of FILES) {
    const text = readFileSync(new URL(`../ui/${f}.js`, import.meta.url), "utf8");
    for (const m of text.matchAll(/\bthis\.([A-Za-z_]\w*)\(/g)) called.add(m[1]);
    for (const m of text.matchAll(/\bthis\.([A-Za-z_]\w*) = /g)) fields.add(m[1]);
  }
  for (const name of fields) called.delete(name);
  assert.ok(called.size >= 20, `${called.size} methods called`);
  for (const name of called) {
    assert.equal(typeof OnlineTable.prototype[name], "function", `this.${name}() is called but not defined`);
  }
});
