// Every game record and conformance vector in tests/conformance replays
// through the WebAssembly package exactly as through the native engine:
// after each decision the same events and the same position, the same
// rejection (class, message, rulings) for a rejection vector, the same
// score sheets and winners; verifying the record reaches the same
// position, and the game's own record verifies again.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { m, TRACE, VECTORS_DIR } from "./package.mjs";

const files = readdirSync(VECTORS_DIR).filter((f) => f.endsWith(".json")).sort();

test("the vectors are there, and the trace has each", () => {
  assert.ok(files.length >= 40, `${files.length} vectors`);
  assert.deepEqual(Object.keys(TRACE.vectors).sort(), files);
});

for (const file of files) {
  test(`vector ${file}`, () => {
    const text = readFileSync(path.join(VECTORS_DIR, file), "utf8");
    const record = JSON.parse(text);
    const native = TRACE.vectors[file];
    const game = m.Game.fromConfig(record.config);
    let step = 0;
    for (const [i, { player, action }] of record.actions.entries()) {
      if (native.rejected && native.rejected.index === i) {
        const before = game.toJSON();
        assert.throws(
          () => game.applyFor(player, action),
          (e) => {
            assert.ok(e instanceof m.IllegalActionError, `${e}`);
            assert.equal(e.message, native.rejected.message);
            assert.deepEqual([...e.rules], native.rejected.rules);
            assert.equal(e.rule, native.rejected.rules.join("/"));
            return true;
          },
        );
        // An error never changes the game.
        assert.deepEqual(game.toJSON(), before);
        break;
      }
      const events = game.applyFor(player, action);
      assert.deepEqual(events, native.steps[step].events, `events of decision ${i}`);
      assert.deepEqual(game.toJSON(), native.steps[step].state, `position after decision ${i}`);
      assert.deepEqual(game.events, events);
      step += 1;
    }
    assert.equal(step, native.steps.length);
    assert.deepEqual(game.scores(), native.scores);
    assert.deepEqual(game.winners, native.winners);
    assert.deepEqual(game.totals(), native.totals);
    const expected = record.expected ?? {};
    if (expected.totals) assert.deepEqual(game.totals(), expected.totals);
    if (expected.winners) assert.deepEqual(game.winners, expected.winners);
    if (expected.scores) assert.deepEqual(game.scores(), expected.scores);

    // Verifying reaches the same position, from the object and the text.
    for (const given of [record, text]) {
      const verified = m.Game.verifyRecord(given);
      assert.deepEqual(verified.toJSON(), native.verified);
      verified.free();
    }
    if (native.rejected) {
      assert.throws(() => m.Game.fromRecord(record), (e) => {
        assert.ok(e instanceof m.RecordError, `${e}`);
        assert.ok(e.rules.includes(expected.error.rule.split("/")[0]), `${e.rules}`);
        return true;
      });
    } else {
      const loaded = m.Game.fromRecord(record);
      assert.deepEqual(loaded.toJSON(), native.verified);
      loaded.free();
    }
    // The game's own record is the native one, and verifies.
    assert.deepEqual(game.toRecord(), native.record);
    assert.deepEqual(m.Game.verifyRecord(game.toRecordText()).toJSON(), game.toJSON());
    // The position round-trips through JSON, as an object and as text.
    assert.deepEqual(m.Game.fromJSON(game.toJSON()).toJSON(), game.toJSON());
    assert.deepEqual(m.Game.fromJSON(JSON.stringify(game)).toJSON(), game.toJSON());
    game.free();
  });
}

test("simulate plays the games of play_random, seed by seed", () => {
  const groups = new Map();
  for (const g of TRACE.random_games) {
    const key = `${g.players} ${g.variant}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(g);
  }
  for (const [key, games] of groups) {
    const [players, variant] = key.split(" ");
    const cols = m.simulate(games.length, { players: Number(players), variant });
    const categories = m.constants().SCORE_CATEGORIES;
    games.forEach((g, i) => {
      assert.equal(cols.calls[i], g.calls, `${key} seed ${g.seed}`);
      assert.equal(cols.start_player[i], g.start_player);
      g.scores.forEach((sheet, p) => {
        for (const c of categories) assert.equal(cols[`${c}_${p}`][i], sheet[c], `${c}_${p}`);
        assert.equal(cols[`win_${p}`][i], g.winners.includes(p) ? 1 : 0);
      });
    });
    // The totals alone, and a later range with `first`, agree.
    const totals = m.simulate(5, { players: Number(players), variant, categories: false, first: 3 });
    games.slice(3, 8).forEach((g, i) => {
      g.scores.forEach((sheet, p) => assert.equal(totals[`total_${p}`][i], sheet.total));
    });
  }
});

test("a step-by-step random game with SplitMix64 is play_random's game", () => {
  const ids = new Uint16Array(m.constants().ACTION_COUNT);
  for (const g of TRACE.random_games.filter((g) => g.players === 4).slice(0, 5)) {
    const game = new m.Game({ players: 4, variant: g.variant, seed: g.seed });
    const rng = new m.SplitMix64(g.seed);
    let seat = game.toAct;
    while (seat !== null) {
      const n = game.legalIds(ids);
      seat = game.step(ids[rng.below(n)]);
    }
    assert.equal(game.toAct, null);
    assert.deepEqual(game.scores(), g.scores);
    assert.equal(game.callNumber, g.calls);
    game.free();
    rng.free();
  }
});
