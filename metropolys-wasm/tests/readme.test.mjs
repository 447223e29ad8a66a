// The example of the package's README runs as written (against this
// package) and prints what it says.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { PKG } from "./package.mjs";

test("the README's example runs", () => {
  const readme = readFileSync(path.join(PKG, "README.md"), "utf8");
  const block = readme.match(/```js\n([\s\S]*?)```/)[1];
  assert.ok(block.split("\n").length <= 30);
  const dir = mkdtempSync(path.join(tmpdir(), "metropolys-readme-"));
  try {
    const file = path.join(dir, "example.mjs");
    const entry = pathToFileURL(path.join(PKG, "node.js")).href;
    writeFileSync(file, block.replace('from "metropolys"', `from ${JSON.stringify(entry)}`));
    const out = execFileSync(process.execPath, [file], { encoding: "utf8" });
    assert.match(out, /seat \d builds \d+ on \d+/);
    assert.match(out, /winners: \[/);
    assert.match(out, /true R-17/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
