// The JavaScript API: games from options, configurations, positions and
// records; playing, undoing, copying; views and what they may answer
// (R-21); the fast path; pictures and text; the facts of the game; the
// errors and their classes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { m, PKG } from "./package.mjs";

const { Game, IllegalActionError, InvalidConfigError, InvalidStateError, MetropolysError } = m;

/** Plays `game` to its end with the first legal action each time. */
function playOut(game) {
  while (!game.isOver) game.apply(game.legalActionIds()[0]);
  return game;
}

test("new Game: defaults and options", () => {
  const g = new Game();
  assert.equal(g.players, 4);
  assert.equal(g.variant, "expert");
  assert.equal(g.config.seed, 0);
  assert.equal(g.toAct, 0);
  assert.deepEqual(g.events, [{ type: "call_started", call: 1, player: 0 }]);
  const f = new Game({ players: 3, variant: "family", seed: 7, startPlayer: 2 });
  assert.deepEqual([f.players, f.variant, f.toAct], [3, "family", 2]);
  assert.deepEqual(f.toJSON(), Game.fromConfig({ players: 3, variant: "family", seed: 7, start_player: 2 }).toJSON());
});

test("R-1: player counts and start players are the configuration's errors", () => {
  for (const players of [1, 5, 300, 2.5, -1]) {
    assert.throws(() => new Game({ players }), (e) => e instanceof InvalidConfigError && e.rule === "R-1");
  }
  assert.throws(() => new Game({ players: 3, startPlayer: 3 }), (e) => e instanceof InvalidConfigError && e.rules.includes("R-1"));
  assert.throws(() => new Game({ variant: "solo" }), InvalidConfigError);
});

test("arguments are never coerced: wrong types are TypeErrors", () => {
  assert.throws(() => new Game({ players: "3" }), TypeError);
  assert.throws(() => new Game({ players: true }), TypeError);
  assert.throws(() => new Game({ seed: null }), TypeError);
  assert.throws(() => new Game({ startplayer: 1 }), (e) => e instanceof TypeError && /startPlayer/.test(e.message));
  assert.throws(() => new Game(3), TypeError);
  const g = new Game();
  assert.throws(() => g.supply("0"), TypeError);
  assert.throws(() => g.supply(true), TypeError);
  assert.throws(() => g.apply(true), TypeError);
  assert.throws(() => g.apply(null), TypeError);
});

test("seeds: 0 to 2^64 - 1, numbers up to 2^53 - 1, BigInts beyond", () => {
  assert.throws(() => new Game({ seed: -1 }), RangeError);
  assert.throws(() => new Game({ seed: 2 ** 60 }), (e) => e instanceof RangeError && /BigInt/.test(e.message));
  assert.throws(() => new Game({ seed: 2n ** 64n }), RangeError);
  const big = 2n ** 64n - 1n;
  const g = new Game({ seed: big });
  assert.equal(g.config.seed, big);
  assert.equal(g.toRecord().config.seed, big);
  assert.match(g.toRecordText(), /"seed": 18446744073709551615/);
  assert.deepEqual(Game.fromRecord(g.toRecordText()).toJSON(), g.toJSON());
  assert.deepEqual(Game.fromConfig({ players: 4, variant: "expert", seed: big }).toJSON(), g.toJSON());
  assert.deepEqual(Game.fromConfig(`{"players": 4, "variant": "expert", "seed": ${big}}`).toJSON(), g.toJSON());
  assert.throws(() => Game.fromConfig({ players: 4, seed: 2 ** 60 }), InvalidConfigError);
});

test("apply takes ids, \"pass\", objects and JSON text, and returns the events", () => {
  const g = new Game({ players: 2, variant: "family", seed: 1 });
  const [first] = g.legalActions();
  const id = m.actionId(first);
  const h = g.clone();
  const events = g.apply(first);
  assert.equal(events[0].type, "bid_placed");
  assert.deepEqual(h.apply(id), events);
  const k = g.clone();
  const second = g.legalActions()[0];
  assert.deepEqual(k.apply(JSON.stringify(second)), g.apply(second));
  assert.deepEqual(g.apply("pass").map((e) => e.type).slice(0, 1), ["passed"]);
});

test("§8, R-7, R-9: unknown actions are illegal actions naming the rule; the game is unchanged", () => {
  const g = new Game({ players: 2, seed: 3 });
  const before = g.toJSON();
  for (const [action, rule] of [
    [716, "§8"], [-1, "§8"], [2.5, "§8"], [NaN, "§8"], [2n ** 70n, "§8"],
    [{ bid: [60, 0] }, "§8"], [{ bid: { neighborhood: 3 } }, "§8"], ["bid 3 on 12", "§8"],
    [{ bid: { neighborhood: 300, building: 3 } }, "R-7/R-9"],
    [{ bid: { neighborhood: 55, building: 3 } }, "R-7/R-9"], [{ bid: { neighborhood: 5, building: 14 } }, "R-7/R-9"],
    ["pass", "R-7"],
  ]) {
    assert.throws(() => g.apply(action), (e) => e instanceof IllegalActionError && e.rule === rule, `${JSON.stringify(action, (k, v) => (typeof v === "bigint" ? `${v}` : v))}`);
  }
  assert.deepEqual(g.toJSON(), before);
  assert.equal(g.isLegal(716), false);
  assert.equal(g.isLegal("pass"), false);
  assert.throws(() => g.check("pass"), (e) => e.rule === "R-7");
});

test("R-8: applyFor refuses a seat not to act; R-17: a finished game refuses every action", () => {
  const g = new Game({ players: 3, seed: 4 });
  assert.throws(() => g.applyFor(1, g.legalActionIds()[0]), (e) => e instanceof IllegalActionError && e.rule === "R-8");
  assert.throws(() => g.applyFor(3, 0), RangeError);
  playOut(g);
  assert.equal(g.toAct, null);
  assert.equal(g.legalActionCount(), 0);
  for (const f of [() => g.apply(0), () => g.step(0), () => g.apply("pass")]) {
    assert.throws(f, (e) => e instanceof IllegalActionError && e.rule === "R-17");
  }
});

test("undo walks back to the opening; a position without history cannot undo", () => {
  const g = new Game({ players: 3, seed: 9 });
  const positions = [g.toJSON()];
  for (let i = 0; i < 10; i++) {
    g.apply(g.legalActionIds().at(-1));
    positions.push(g.toJSON());
  }
  const restored = Game.fromRecord(g.toRecord());
  for (let i = 9; i >= 0; i--) {
    g.undo();
    restored.undo();
    assert.deepEqual(g.toJSON(), positions[i]);
    assert.deepEqual(restored.toJSON(), positions[i]);
  }
  assert.throws(() => g.undo(), (e) => e instanceof InvalidStateError && /no decision to undo/.test(e.message));
  assert.throws(() => Game.fromJSON(g.toJSON()).undo(), InvalidStateError);
  assert.throws(() => Game.fromJSON(g.toJSON()).toRecord(), m.RecordError);
});

test("clone: playing on a copy leaves the original as it was", () => {
  const g = new Game({ seed: 5 });
  const c = g.clone();
  c.apply(c.legalActionIds()[0]);
  assert.equal(g.decisions, 0);
  assert.equal(c.decisions, 1);
});

test("R-21: a seat's view hides the others' cards until the end", () => {
  const g = new Game({ players: 3, variant: "expert", seed: 12 });
  const view = g.view(1);
  assert.equal(view.viewer, 1);
  assert.deepEqual(view.objectives[1], g.objective(1));
  assert.equal(view.objectives[0], null);
  const v = Game.fromJSON(view);
  assert.equal(v.viewer, 1);
  assert.equal(v.objective(0), undefined);
  assert.deepEqual(v.objective(1), g.objective(1));
  assert.throws(() => v.scores(), (e) => e instanceof RangeError && /R-21/.test(e.message));
  assert.throws(() => v.winners, (e) => e instanceof RangeError && /R-21/.test(e.message));
  assert.throws(() => v.view(0), /R-21/);
  const known = v.knownScores();
  assert.equal(known[0], null);
  assert.equal(known[1].player, 1);
  const pub = Game.fromJSON(g.publicView());
  assert.equal(pub.viewer, undefined);
  assert.equal(pub.objective(1), undefined);
  assert.throws(() => new m.Bot("greedy").choose(pub), (e) => e instanceof RangeError && /R-21/.test(e.message));
  // A view that shows another seat's card is no view of this game.
  const forged = { ...view, objectives: g.toJSON().objectives };
  assert.throws(() => Game.fromJSON(forged), (e) => e instanceof InvalidStateError && e.rules.includes("R-21"));
});

test("the fast path: legalIds into a caller's array, step by id", () => {
  const g = new Game({ players: 4, seed: 21 });
  const ids = new Uint16Array(m.constants().ACTION_COUNT);
  const n = g.legalIds(ids);
  assert.equal(n, g.legalActionCount());
  assert.deepEqual([...ids.subarray(0, n)], [...g.legalActionIds()]);
  assert.deepEqual(
    [...ids.subarray(0, n)].map((id) => m.actionFromId(id)),
    g.legalActions(),
  );
  assert.throws(() => g.legalIds([]), TypeError);
  assert.throws(() => g.legalIds(new Uint8Array(716)), TypeError);
  assert.throws(() => g.legalIds(new Uint16Array(1)), RangeError);
  // A Proxy of a Uint16Array is no Uint16Array: its traps never run
  // while the module writes.
  const trapped = new Proxy(new Uint16Array(716), { set: () => assert.fail("a trap ran") });
  assert.throws(() => g.legalIds(trapped), TypeError);
  const seat = g.step(ids[0]);
  assert.equal(seat, g.toAct);
  assert.equal(g.events[0].type, "bid_placed");
  assert.throws(() => g.step({ bid: { neighborhood: 1, building: 1 } }), TypeError);
});

test("pictures and text come from core", () => {
  const g = new Game({ players: 2, variant: "family", seed: 1 });
  const svg = g.toSvg();
  assert.match(svg, /^<svg/);
  assert.match(g.toSvg({ highlight: 12, caption: "<b>", hideIds: true, hideStatus: false }), /&lt;b&gt;/);
  assert.throws(() => g.toSvg({ highlight: 55 }), RangeError);
  assert.throws(() => g.toSvg({ hide_ids: true }), TypeError);
  assert.match(g.boardSvg(), /id="pieces"/);
  assert.match(g.text(), /^family · 2 players/);
  assert.equal(String(g), g.text());
  assert.notEqual(g.text(0), g.text());
  assert.throws(() => g.text(2), RangeError);
});

test("the action space: ids, text and descriptions from the engine", () => {
  const { ACTION_COUNT, PASS_ID } = m.constants();
  for (let id = 0; id < ACTION_COUNT; id++) {
    const a = m.actionFromId(id);
    assert.equal(m.actionId(a), id);
    assert.deepEqual(m.parseAction(m.describeAction(a)), a);
  }
  assert.equal(m.actionFromId(PASS_ID), "pass");
  assert.deepEqual(m.parseAction("12 3"), { bid: { neighborhood: 12, building: 3 } });
  assert.throws(() => m.parseAction("bid 14 on 3"), (e) => e instanceof m.ActionParseError && e instanceof MetropolysError);
  assert.throws(() => m.actionFromId(ACTION_COUNT), IllegalActionError);
});

test("the facts of the game come from the engine", () => {
  const c = m.constants();
  const g = playOut(new Game({ players: 2, variant: "expert", seed: 2 }));
  const sheetKeys = Object.keys(g.scores()[0]);
  for (const category of c.SCORE_CATEGORIES) assert.ok(sheetKeys.includes(category), category);
  assert.deepEqual([c.MIN_PLAYERS, c.MAX_PLAYERS, c.NEIGHBORHOOD_COUNT, c.BUILDINGS_PER_PLAYER], [2, 4, 55, 13]);
  assert.deepEqual(c.BUILDING_SIZES.slice(1, 7), ["small", "small", "small", "small", "small", "medium"]);
  assert.deepEqual(c.BOT_KINDS, m.botKinds());
  assert.equal(c.METROPOLYS_CARDS.length, 10);
  assert.ok(c.METROPOLYS_CARDS.every((card) => new Set(card).size === 3));
  // The rows of a sheet: the Expert game's own categories, or the module's (§5, §9, R-18).
  const rows = (v, mod) => m.scoreCategories(v, mod).map((r) => r.name);
  assert.ok(rows("expert", false).includes("highest_building") && !rows("expert", false).includes("metropolys"));
  assert.ok(rows("expert", true).includes("metropolys") && !rows("expert", true).includes("neighborhood"));
  assert.ok(!rows("family", false).includes("neighborhood") && rows("family", true).includes("metropolys"));
  assert.equal(m.scoreCategories("family", false)[0].name, "trendy");
  const board = m.board();
  assert.equal(board.neighborhoods.length, 55);
  assert.ok(board.neighborhoods[0].adjacent.length > 0);
  const pkg = JSON.parse(readFileSync(path.join(PKG, "package.json"), "utf8"));
  assert.equal(m.version(), pkg.version);
});

test("errors carry their class, name and rulings", () => {
  const g = new Game({ players: 2, seed: 3 });
  try {
    g.apply({ bid: { neighborhood: 99, building: 1 } });
    assert.fail("no error");
  } catch (e) {
    assert.ok(e instanceof IllegalActionError && e instanceof MetropolysError && e instanceof Error);
    assert.equal(e.name, "IllegalActionError");
    assert.deepEqual([...e.rules], ["R-7", "R-9"]);
    assert.equal(e.rule, "R-7/R-9");
    assert.ok(Object.isFrozen(e.rules));
    assert.match(String(e), /^IllegalActionError: R-7\/R-9: /);
  }
  try {
    Game.fromConfig("{");
  } catch (e) {
    assert.ok(e instanceof InvalidConfigError);
    assert.equal(e.rule, null);
    assert.deepEqual([...e.rules], []);
  }
});

test("a freed object, or a method called on another object, throws, never traps", () => {
  const g = new Game();
  g.free();
  assert.throws(() => g.toAct, (e) => e instanceof Error && /this Game was freed/.test(e.message));
  assert.throws(() => g.apply(0), /this Game was freed/);
  assert.throws(() => new m.Bot("random").choose(g), Error);
  g.free(); // freeing twice does nothing
  const bot = new m.Bot("random");
  assert.throws(() => Game.prototype.clone.call(bot), (e) => e instanceof TypeError && /Game.clone needs a Game/.test(e.message));
  assert.throws(() => Game.prototype.apply.call({}, 0), TypeError);
  const { apply } = new Game();
  assert.throws(() => apply(0), TypeError);
  assert.throws(() => bot.choose(bot), Error);
  // The module still works.
  assert.equal(new Game().players, 4);
});
