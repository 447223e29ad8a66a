// Bots in the package: a whole game against each bot kind, bots from
// specs, time budgets (the clock of WebAssembly), no threads, and what a
// bot may not do (decide for a seat whose cards its game does not know,
// R-21; act in a finished game, R-17).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { decisions, m, ROOT } from "./package.mjs";

const { Bot, Game } = m;

for (const kind of m.botKinds()) {
  test(`a whole game against the ${kind} bot`, () => {
    // Two players: the bot and a random player; the bot sits at seat 0
    // and decides from its view only.
    const game = new Game({ players: 2, variant: "expert", seed: 33 });
    const bot = new Bot(kind, { seed: 1 });
    const other = new Bot("random", { seed: 2 });
    assert.equal(bot.kind, kind);
    let decisions = 0;
    while (!game.isOver) {
      const seat = game.toAct;
      const chooser = seat === 0 ? bot : other;
      const action = seat === 0 ? chooser.choose(Game.fromJSON(game.view(0))) : chooser.choose(game);
      assert.ok(game.isLegal(action), `${kind} chose ${JSON.stringify(action)}`);
      game.apply(action);
      decisions += 1;
    }
    assert.ok(decisions > 20);
    assert.equal(game.scores().length, 2);
    assert.throws(() => bot.choose(game), (e) => e instanceof m.IllegalActionError && e.rule === "R-17");
  });
}

test("seeded bots with an iteration budget decide alike", () => {
  const game = new Game({ players: 3, seed: 8 });
  const a = new Bot("ismcts", { iterations: 300, seed: 5 });
  const b = Bot.fromSpec('ismcts:{"iterations":300,"seed":5}');
  assert.deepEqual(a.choose(game), b.choose(game));
  assert.equal(a.chooseId(game), m.actionId(b.choose(game)));
});

test("a search valued by the learned network, its deals weighed by the learned belief, decides as natively, to the last decision", () => {
  // metropolys-bots/tests/learned.rs plays this game natively and pins it.
  const pinned = JSON.parse(readFileSync(path.join(ROOT, "metropolys-bots", "tests", "learned", "game.json"), "utf8"));
  assert.deepEqual(decisions(new Game(pinned.game), new Bot(pinned.bot.kind, pinned.bot.params)), pinned.actions);
});

test("a time budget runs on the JavaScript clock", () => {
  const game = new Game({ players: 4, seed: 8 });
  const bot = new Bot("ismcts", { seconds: 0.05 });
  const t = performance.now();
  assert.ok(game.isLegal(bot.choose(game)));
  const ms = performance.now() - t;
  assert.ok(ms >= 40 && ms < 5000, `${ms} ms`);
});

test("bad kinds and parameters are RangeErrors naming what is wrong", () => {
  assert.throws(() => new Bot("minimax"), (e) => e instanceof RangeError && /unknown bot kind "minimax"/.test(e.message));
  assert.throws(() => new Bot("ismcts", { iteration: 5 }), (e) => e instanceof RangeError && /unknown parameter "iteration"/.test(e.message));
  assert.throws(() => new Bot("ismcts", { iterations: 0 }), RangeError);
  assert.throws(() => new Bot("ismcts", '{"seed": 1, "seed": 2}'), RangeError);
  assert.throws(() => new Bot("ismcts", { seconds: NaN }), RangeError);
  assert.throws(() => new Bot("greedy", 3), TypeError);
  assert.throws(() => new Bot(3), TypeError);
  assert.throws(() => Bot.fromSpec("greedy,random"), RangeError);
});

test("threads: a search on several threads is refused here, with a clear error", () => {
  assert.throws(
    () => new Bot("ismcts", { threads: 2 }),
    (e) => e instanceof RangeError && /threads must be 1 here: this WebAssembly build runs no threads/.test(e.message),
  );
  assert.ok(new Bot("ismcts", { threads: 1, iterations: 10 }));
});
