// Hostile input at every exported function and method: values of every
// type and of no sensible range (NaN, huge numbers, BigInts, malformed
// JSON, cycles, throwing getters, revoked proxies, typed arrays, freed
// objects, objects of the wrong class), drawn by a seeded generator, as
// receivers and as arguments. Every call must return or throw an Error
// (never trap: a Rust panic would end the instance, and a trap is a
// WebAssembly.RuntimeError); an error must leave a game as it was; the
// panic hook must never report; and the module must keep working.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { m, Rng, VECTORS_DIR } from "./package.mjs";

const { Game, Bot, SplitMix64 } = m;
const record = JSON.parse(readFileSync(path.join(VECTORS_DIR, "game-3p-expert-seed-4.json"), "utf8"));

function finished() {
  const g = new Game({ players: 2, variant: "family", seed: 1 });
  while (!g.isOver) g.apply(g.legalActionIds()[0]);
  return g;
}

/** Values that no function expects, and some that it does. */
function hostileValues() {
  const cyclic = { players: 3 };
  cyclic.self = cyclic;
  let deep = [];
  for (let i = 0; i < 10000; i++) deep = [deep];
  const throwing = {
    get players() {
      throw new Error("a getter that throws");
    },
  };
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const trap = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error("ownKeys");
      },
      get() {
        throw new Error("get");
      },
      getPrototypeOf() {
        throw new Error("getPrototypeOf");
      },
    },
  );
  const freed = new Game();
  freed.free();
  const freedBot = new Bot("random");
  freedBot.free();
  const game = new Game({ players: 3, seed: 5 });
  // Re-entrance: a proxy whose traps call back into the module.
  const reentrant = new Proxy(new Uint16Array(716), {
    get(target, key) {
      game.legalIds(new Uint16Array(716));
      game.clone().free();
      return Reflect.get(target, key);
    },
  });
  const swapped = new Uint16Array(716);
  Object.setPrototypeOf(swapped, trap);
  return [
    undefined, null, true, false, 0, -0, 1, 2, 3, 4, 5, 12, 13, 14, 54, 55, 255, 256, 715, 716, -1,
    2.5, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 64, Number.MAX_VALUE, Number.MIN_VALUE,
    0n, 1n, -1n, 715n, 2n ** 53n, 2n ** 64n - 1n, 2n ** 64n, -(2n ** 63n), 2n ** 200n,
    "", "pass", "expert", "family", "greedy", "random", "ismcts", "casual", "subway", "archaeology",
    "park", "mall", "administration", "bridges", "Expert", "industry ",
    "12 3", "bid 3 on 12", "{", "}", "[1]", "null", '"pass"', '{"players": 3}', '{"players": 3, "players": 4}',
    '{"bid": {"neighborhood": 3, "building": 2}}', "x".repeat(70), "\u0000\ud800", "é".repeat(100),
    "x".repeat(17 << 20),
    {}, [], [1, 2], [null], { bid: { neighborhood: 3, building: 2 } }, { bid: { neighborhood: 300, building: 2 } },
    { bid: [60, 0] }, { bid: { neighborhood: 2 ** 60, building: 1 } }, { players: 3 }, { players: 3, seed: -1 },
    { players: 2, variant: "family", seed: 2n ** 64n - 1n }, { players: 4, objectives: [] },
    { iterations: 5 }, { iterations: 0 }, { seconds: 0.001 }, { threads: 2 }, { seed: -1 }, { seed: 3 },
    { highlight: 3 }, { highlight: 99 }, { caption: 5 }, { hideIds: "yes" },
    { players: 3, categories: false }, { config: { players: 2 } }, { first: 2n ** 64n - 1n },
    cyclic, deep, throwing, revoked, trap, reentrant, swapped, Symbol("s"), () => 1, new Date(0), new Map(), new Set([1]),
    new Uint16Array(716), new Uint16Array(0), new Uint8Array(716), new Float64Array(3), new ArrayBuffer(8),
    new Array(3 << 20), Object.create(null), new String("pass"), new Number(3),
    record, JSON.stringify(record), { ...record, actions: [...record.actions, { player: 9, action: "pass" }] },
    game.toJSON(), game.view(1), game.publicView(), JSON.stringify(game.toJSON()),
    freed, freedBot, game, new Bot("greedy"), new SplitMix64(1), m, globalThis,
  ];
}

/** Every function and method of the package, with the receivers to call it on. */
function targets(receivers) {
  const out = [];
  // `loadValueNetwork` answers with a promise and fetches strings: its own
  // test is below.
  const skip = new Set(["default", "initSync", "loadValueNetwork"]);
  for (const [name, value] of Object.entries(m)) {
    if (typeof value !== "function" || skip.has(name)) continue;
    if (value.prototype instanceof Error || value === m.MetropolysError) continue;
    const isClass = /^[A-Z]/.test(name);
    if (!isClass) {
      out.push({ name, arity: value.length, call: (args) => value(...args) });
      continue;
    }
    out.push({ name: `new ${name}`, arity: value.length, call: (args) => new value(...args), construct: true });
    for (const key of Object.getOwnPropertyNames(value)) {
      if (["length", "name", "prototype", "__wrap"].includes(key)) continue;
      const f = value[key];
      if (typeof f === "function") out.push({ name: `${name}.${key}`, arity: f.length, call: (args) => f(...args), construct: true });
    }
    for (const key of Object.getOwnPropertyNames(value.prototype)) {
      if (["constructor", "__destroy_into_raw", "free"].includes(key)) continue;
      const d = Object.getOwnPropertyDescriptor(value.prototype, key);
      const f = d.get ?? d.value;
      if (typeof f !== "function") continue;
      out.push({
        name: `${name}#${key}`,
        arity: d.get ? 0 : f.length,
        method: true,
        call: (args, self) => f.apply(self, args),
      });
    }
  }
  assert.ok(out.length > 60, `${out.length} functions and methods`);
  return out;
}

test("no input makes the module trap, panic, or change a game on error", () => {
  const reported = [];
  const consoleError = console.error;
  console.error = (...a) => reported.push(a.join(" "));
  try {
    const rng = new Rng(2008);
    const values = hostileValues();
    const receivers = () => {
      const g = new Game({ players: 4, seed: rng.below(1000) });
      for (let i = rng.below(60); i > 0 && !g.isOver; i--) g.apply(g.legalActionIds()[0]);
      const view = Game.fromJSON(g.view(g.toAct ?? 0));
      const pub = Game.fromJSON(g.publicView());
      return [g, finished(), view, pub, new Bot("greedy"), new Bot("ismcts", { iterations: 20 }), new SplitMix64(3), {}, null];
    };
    const all = targets(m);
    // The facts a page explains the game with are among them.
    for (const name of ["scoringRules", "scoreCategories", "legend", "kindColor", "constants", "Game#whereCardsScore", "Game#runningScores"]) {
      assert.ok(all.some((t) => t.name === name), `${name} is not called`);
    }
    let calls = 0;
    for (let round = 0; round < 60; round++) {
      const objects = receivers();
      for (const t of all) {
        const n = t.arity + rng.below(2);
        const args = Array.from({ length: n }, () => rng.pick(values));
        const self = t.method ? rng.pick(objects) : undefined;
        const games = objects.filter((o) => o instanceof Game);
        const before = games.map((g) => JSON.stringify(g.toJSON()));
        let result;
        try {
          result = t.call(args, self);
        } catch (e) {
          assert.ok(!(e instanceof WebAssembly.RuntimeError), `${t.name} trapped: ${e}`);
          assert.ok(e instanceof Error, `${t.name} threw a non-Error: ${String(e)}`);
          assert.ok(e.message.length < 2000, `${t.name}: a message of ${e.message.length} characters`);
          games.forEach((g, i) => assert.equal(JSON.stringify(g.toJSON()), before[i], `${t.name} changed a game and threw`));
        }
        if (t.construct && result && typeof result.free === "function") result.free();
        calls += 1;
      }
      // The module still answers.
      assert.equal(new Game({ players: 2 }).players, 2);
    }
    assert.ok(calls > 2000, `${calls} calls`);
    assert.deepEqual(reported, [], "the panic hook reported");
  } finally {
    console.error = consoleError;
  }
});

test("loadValueNetwork refuses every hostile value with an error, and the module keeps its network", async () => {
  // Strings and URLs are addresses it would fetch: those are the bots
  // entry's test's (botsentry.test.mjs); every other value is refused.
  let refused = 0;
  for (const v of hostileValues()) {
    // (A revoked proxy throws at `instanceof`: it is no URL and no bytes.)
    const is = (f) => {
      try {
        return f();
      } catch {
        return false;
      }
    };
    if (typeof v === "string" || is(() => v instanceof URL)) continue;
    if (v === undefined) {
      await m.loadValueNetwork(v); // no source: the module's own network
      continue;
    }
    if (is(() => v instanceof ArrayBuffer || ArrayBuffer.isView(v))) {
      await assert.rejects(m.loadValueNetwork(v), RangeError);
    } else {
      await assert.rejects(m.loadValueNetwork(v), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
    }
    refused += 1;
  }
  assert.ok(refused > 60, `${refused} values`);
  assert.equal(m.hasValueNetwork(), true);
  assert.ok(m.Bot.fromSpec("expert").chooseId(new Game({ players: 2, seed: 1 })) >= 0);
});
