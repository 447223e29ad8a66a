// One spelling for each thing, as docs/wasm.md ("Spellings") states it:
// "no seat to act" is null everywhere (`toAct`, `step`, a position's
// `to_act`), and the old spelling (undefined) is still taken where a seat
// is an input; `metropolys_cards` is null (never absent) in every
// configuration and record the package writes, and absent or null on
// input; names given as arguments (variants above all) are taken in any
// case and written in lower case, while the JSON shapes stay exact, as in
// Python.
import assert from "node:assert/strict";
import { test } from "node:test";
import { m } from "./package.mjs";

const { Game, InvalidConfigError } = m;

function playOut(game) {
  while (!game.isOver) game.apply(game.legalActionIds()[0]);
  return game;
}

test("no seat to act is null: toAct, step and a position's to_act", () => {
  const g = new Game({ players: 2, variant: "family", seed: 11 });
  assert.equal(g.toAct, 0);
  assert.equal(g.toJSON().to_act, 0);
  const ids = new Uint16Array(m.constants().ACTION_COUNT);
  let seat = g.toAct;
  const rng = new m.SplitMix64(11);
  while (seat !== null) {
    const n = g.legalIds(ids);
    seat = g.step(ids[rng.below(n)]);
    assert.ok(seat === null || (Number.isInteger(seat) && seat >= 0 && seat < 2), `step returned ${seat}`);
    assert.equal(seat, g.toAct);
  }
  assert.ok(g.isOver);
  assert.equal(g.toAct, null);
  assert.equal(g.toJSON().to_act, null);
  assert.equal(g.view(0).to_act, null);
  assert.equal(g.publicView().to_act, null);
  assert.equal(Game.fromJSON(g.publicView()).toAct, null);
  // The same game played with apply ends the same way.
  const h = new Game({ players: 2, variant: "family", seed: 11 });
  for (const { action } of g.history) h.apply(action);
  assert.equal(h.toAct, null);
  assert.throws(() => h.step(0), (e) => e.rule === "R-17");
});

test("where a seat is an input, null and the old undefined both mean none", () => {
  const g = playOut(new Game({ players: 3, seed: 5 }));
  assert.equal(g.text(g.toAct), g.text());
  assert.equal(g.text(null), g.text(undefined));
  assert.throws(() => new m.Bot("greedy").choose(g), (e) => e.rule === "R-17");
  const texts = new m.Texts("en");
  assert.equal(texts.seat(1, null, null), texts.seat(1));
  assert.equal(texts.seat(1, undefined, undefined), texts.seat(1));
  const told = (me) => new m.Narrator("expert", { me }).feed(new Game({ players: 3, seed: 5 }).events);
  assert.deepEqual(told(null), told(undefined));
});

test("metropolys_cards: null in what the package writes, absent or null on input", () => {
  const plain = new Game({ players: 3, variant: "expert", seed: 7 });
  assert.ok(Object.hasOwn(plain.config, "metropolys_cards"));
  assert.equal(plain.config.metropolys_cards, null);
  assert.equal(plain.toRecord().config.metropolys_cards, null);
  assert.match(plain.toRecordText(), /"metropolys_cards": null/);
  const absent = Game.fromConfig({ players: 3, variant: "expert", seed: 7 });
  const nulled = Game.fromConfig({ players: 3, variant: "expert", seed: 7, metropolys_cards: null });
  assert.deepEqual(nulled.toJSON(), absent.toJSON());
  assert.deepEqual(nulled.config, absent.config);
  assert.deepEqual(Game.fromConfig('{"players": 3, "variant": "expert", "seed": 7, "metropolys_cards": null}').toJSON(), absent.toJSON());
  assert.equal(Game.fromRecord(plain.toRecord()).config.metropolys_cards, null);
  // With the module the cards are there, one per seat.
  const cards = m.constants().METROPOLYS_CARDS.slice(0, 3);
  const withCards = Game.fromConfig({ players: 3, variant: "expert", seed: 7, metropolys_cards: cards });
  assert.deepEqual(withCards.config.metropolys_cards, cards);
  assert.ok(withCards.usesMetropolysCards);
  assert.deepEqual(Game.fromRecord(withCards.toRecord()).config.metropolys_cards, cards);
});

test("variants and other names as arguments: any case in, lower case out", () => {
  for (const spelling of ["Expert", "EXPERT", "eXpErT"]) {
    const g = new Game({ players: 2, variant: spelling, seed: 3 });
    assert.equal(g.variant, "expert");
    assert.equal(g.config.variant, "expert");
    assert.deepEqual(g.toJSON(), new Game({ players: 2, variant: "expert", seed: 3 }).toJSON());
  }
  assert.equal(new Game({ variant: "Family" }).variant, "family");
  assert.deepEqual(m.legend("FAMILY", true), m.legend("family", true));
  assert.deepEqual(m.scoringRules("Expert"), m.scoringRules("expert"));
  assert.deepEqual(m.scoreCategories("Family", false), m.scoreCategories("family", false));
  assert.equal(m.kindColor("Mall"), m.kindColor("mall"));
  const s = m.simulate(3, { players: 2, variant: "Family", categories: false });
  const t = m.simulate(3, { players: 2, variant: "family", categories: false });
  assert.deepEqual([...s.total_0], [...t.total_0]);
  const texts = new m.Texts("cs");
  assert.equal(texts.variant("Expert"), texts.variant("expert"));
  assert.equal(texts.tokenLabel("SUBWAY"), texts.tokenLabel("subway"));
  assert.equal(texts.building("EXPERT", 7), texts.building("expert", 7));
  const events = new Game({ players: 2, seed: 3 }).events;
  assert.deepEqual(new m.Narrator("Expert").feed(events), new m.Narrator("expert").feed(events));
  const g = new Game({ players: 2, seed: 3 });
  assert.equal(g.cardHolder("Subway"), g.cardHolder("subway"));
  // An unknown name is still refused, and says that case does not matter.
  assert.throws(() => new Game({ variant: "solo" }), (e) => e instanceof InvalidConfigError && /\(in any case\)/.test(e.message));
  assert.throws(() => m.legend("Solo"), (e) => e instanceof RangeError && /"Solo"/.test(e.message));
  // The JSON shapes stay exact, as core and Python read them.
  assert.throws(() => Game.fromConfig({ players: 2, variant: "Expert" }), InvalidConfigError);
});
