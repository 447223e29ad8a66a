// The seat link's QR code (ui/qr.js, the vendored library underneath):
// each code is written as an image and read back by a real reader, ZBar's
// `zbarimg` (Debian's zbar-tools, which scripts/install-tools installs).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { QUIET_ZONE, qrModules, qrPath } from "../ui/qr.js";

/** `modules` as a binary PGM image, `scale` pixels a module, with the quiet zone. */
function pgm(modules, scale) {
  const n = (modules.length + 2 * QUIET_ZONE) * scale;
  const pixels = Buffer.alloc(n * n, 255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const at = ((y + QUIET_ZONE) * scale + dy) * n + (x + QUIET_ZONE) * scale;
        pixels.fill(0, at, at + scale);
      }
    }),
  );
  return Buffer.concat([Buffer.from(`P5\n${n} ${n}\n255\n`), pixels]);
}

/** What ZBar reads in `text`'s QR code. */
function readBack(text) {
  const dir = mkdtempSync(join(tmpdir(), "qr-"));
  try {
    const file = join(dir, "code.pgm");
    writeFileSync(file, pgm(qrModules(text), 4));
    return execFileSync("zbarimg", ["--quiet", "--raw", "-Sbinary", file]).toString("utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SEAT_LINK = "https://metropolys.example.org/#/match/m_3k9x2q/seat/2/s_4f1e0c9d8b7a6f5e4d3c2b1a09f8e7d6";

test("a seat link's QR code reads back as the link", () => {
  assert.equal(readBack(SEAT_LINK), SEAT_LINK);
});

test("non-ASCII text reads back unchanged (byte mode, UTF-8)", () => {
  const text = "Hráč Łódź — « à vous » 🏙";
  assert.equal(readBack(text), text);
});

test("a code is square, of a QR version's size, with its three finder patterns", () => {
  const m = qrModules(SEAT_LINK);
  const n = m.length;
  assert.ok(m.every((row) => row.length === n));
  assert.equal((n - 17) % 4, 0, `${n} modules is no QR version's size`);
  // A finder pattern's outer ring is dark, its next ring light.
  for (const [r, c] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let i = 0; i < 7; i++) {
      assert.ok(m[r][c + i] && m[r + 6][c + i] && m[r + i][c] && m[r + i][c + 6], `finder at ${r},${c}`);
    }
    for (let i = 1; i < 6; i++) assert.ok(!m[r + 1][c + i] && !m[r + i][c + 1], `finder at ${r},${c}`);
  }
});

test("the path draws one square per dark module, inside the quiet zone", () => {
  const m = qrModules("seat");
  const dark = m.flat().filter(Boolean).length;
  const squares = [...qrPath(m, QUIET_ZONE).matchAll(/M(\d+) (\d+)h1v1h-1z/g)];
  assert.equal(squares.length, dark);
  for (const [, x, y] of squares) {
    assert.ok(+x >= QUIET_ZONE && +x < m.length + QUIET_ZONE && +y >= QUIET_ZONE && +y < m.length + QUIET_ZONE);
  }
});

test("a text longer than a QR code holds is refused", () => {
  assert.throws(() => qrModules("x".repeat(3000)));
});
