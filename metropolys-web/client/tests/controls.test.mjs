// The controls the table and the offline page share (src/controls.ts):
// what each key asks for, where the arrow keys move among the tabs, what
// each zoom button does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { keyAction, nextTab, zoomed } from "../ui/controls.js";

const all = { playing: true, canPass: true, canHint: true, canUndo: true };

test("P, H and U ask for a pass, a hint and an undo, in either case", () => {
  assert.deepEqual(["p", "P", "h", "H", "u", "U", "x", "Enter"].map((k) => keyAction(k, "BODY", all)),
    ["pass", "pass", "hint", "hint", "undo", "undo", null, null]);
});

test("a key asks for nothing the table cannot do now", () => {
  const none = { playing: true, canPass: false, canHint: false, canUndo: false };
  assert.deepEqual(["p", "h", "u"].map((k) => keyAction(k, "BODY", none)), [null, null, null]);
  assert.equal(keyAction("p", "BODY", { ...all, playing: false }), null);
});

test("typing in a field, or a key with a modifier, is never a command", () => {
  for (const tag of ["INPUT", "input", "SELECT", "TEXTAREA"]) assert.equal(keyAction("p", tag, all), null, tag);
  assert.equal(keyAction("p", "BUTTON", all), "pass");
  assert.equal(keyAction("p", undefined, all), "pass");
  assert.equal(keyAction("u", "BODY", all, true), null);
});

test("the arrow keys move among the tabs, round the ends; Home and End to the ends", () => {
  assert.deepEqual(["ArrowRight", "ArrowLeft", "Home", "End", "ArrowDown", "a"].map((k) => nextTab(0, 4, k)),
    [1, 3, 0, 3, null, null]);
  assert.equal(nextTab(3, 4, "ArrowRight"), 0);
  assert.equal(nextTab(0, 0, "ArrowRight"), null);
});

test("zoom: half a step in or out, the whole board on fit", () => {
  assert.deepEqual([zoomed(1, "in"), zoomed(2, "out"), zoomed(2.5, "fit")], [1.5, 1.5, 1]);
});
