// The facts a page needs to explain the game, all from core: where a
// seat's cards score and the running score as far as a game knows them
// the scoring rules in words, the legend of the board picture, the
// colours of the kinds and of the seats, the score categories' labels.
import assert from "node:assert/strict";
import { test } from "node:test";
import { m } from "./package.mjs";

const { Game } = m;

/** Plays `game` on with the first legal action `n` times (or to its end). */
function play(game, n = Infinity) {
  for (let i = 0; i < n && !game.isOver; i++) game.apply(game.legalActionIds()[0]);
  return game;
}

test("R-21: whereCardsScore answers for the cards a game knows, and throws for the others", () => {
  const g = play(new Game({ players: 3, variant: "expert", seed: 4 }), 20);
  const inPlay = new Set(g.freeNeighborhoods());
  for (let p = 0; p < 3; p++) for (const id of g.constructed(p)) inPlay.add(id);
  g.bids.forEach((b) => inPlay.add(b.neighborhood));
  for (let seat = 0; seat < 3; seat++) {
    const places = g.whereCardsScore(seat);
    const o = g.objective(seat);
    assert.deepEqual(
      places.map((p) => p.card),
      [{ area: o.area }, { neighborhood: o.neighborhood }],
    );
    for (const p of places) {
      assert.ok(p.label.endsWith("card"), p.label);
      assert.match(p.text, /^\+\d+ /);
      assert.ok(p.neighborhoods.length > 0);
      assert.ok(p.neighborhoods.every((id) => inPlay.has(id)), `${p.label}: out of play (R-2)`);
    }
    // The neighborhood card: its kind's neighborhoods in play.
    const kind = m.board().neighborhoods.filter((n) => n.kind === o.neighborhood && inPlay.has(n.id)).map((n) => n.id);
    assert.deepEqual(places[1].neighborhoods, kind);
    assert.equal(places[1].label, o.neighborhood[0].toUpperCase() + o.neighborhood.slice(1) + " neighborhood card");
    // The seat's view knows them; the others' views and the public view do not.
    const view = Game.fromJSON(g.view(seat));
    assert.deepEqual(view.whereCardsScore(seat), places);
    for (let other = 0; other < 3; other++) {
      if (other === seat) continue;
      assert.throws(() => view.whereCardsScore(other), (e) => e instanceof RangeError && /R-21/.test(e.message));
    }
    assert.throws(() => Game.fromJSON(g.publicView()).whereCardsScore(seat), (e) => e instanceof RangeError && /R-21/.test(e.message));
  }
  assert.throws(() => g.whereCardsScore(3), RangeError);
  assert.throws(() => g.whereCardsScore("0"), TypeError);
  // At the end every card is revealed.
  play(g);
  const end = Game.fromJSON(g.view(0));
  assert.deepEqual(end.whereCardsScore(2), g.whereCardsScore(2));
});

test("§9: a Metropolys card scores on its three kinds", () => {
  const deck = [["park", "mall", "housing"], ["industry", "mall", "administration"], ["park", "industry", "housing"], ["administration", "park", "housing"]];
  const g = Game.fromConfig({ players: 4, variant: "family", seed: 3, metropolys_deck: deck });
  const places = g.whereCardsScore(0);
  const card = g.metropolysCard(0);
  assert.deepEqual(places.map((p) => p.card), [{ area: g.objective(0).area }, { metropolys: card }]);
  const kinds = Object.fromEntries(m.board().neighborhoods.map((n) => [n.id, n.kind]));
  assert.equal(places[1].neighborhoods.length, 33);
  assert.ok(places[1].neighborhoods.every((id) => card.includes(kinds[id])));
  assert.match(places[1].text, /\+9 per group of three/);
});

test("R-21: runningScores knows the public categories of every seat and the secret ones it may", () => {
  const g = play(new Game({ players: 3, variant: "expert", seed: 9 }), 40);
  const sheets = g.scores();
  const points = (sheet) => m.constants().SCORE_CATEGORY_INFO.filter((c) => c.basis === "public" || c.basis === "secret").map((c) => [c.name, sheet[c.name]]);
  const whole = g.runningScores();
  whole.forEach((r, p) => {
    assert.equal(r.player, p);
    assert.ok(r.complete);
    assert.deepEqual(r.unknown, []);
    assert.equal(r.known_total, sheets[p].total);
    assert.equal(r.constructed, sheets[p].constructed);
    assert.deepEqual(r.categories.map((c) => [c.category, c.value]), points(sheets[p]));
  });
  const view = Game.fromJSON(g.view(1));
  const seen = view.runningScores();
  for (const r of seen) {
    const sheet = sheets[r.player];
    if (r.player === 1) {
      assert.deepEqual(r, whole[1]);
      continue;
    }
    assert.equal(r.complete, false);
    // No Metropolys cards in this game: their category is a known zero.
    assert.deepEqual(r.unknown, ["area", "neighborhood"]);
    for (const c of r.categories) {
      if (r.unknown.includes(c.category)) assert.equal(c.value, null);
      else assert.equal(c.value, sheet[c.category], c.category);
    }
    assert.equal(r.known_total, sheet.total - sheet.area - sheet.neighborhood);
  }
  const pub = Game.fromJSON(g.publicView()).runningScores();
  assert.ok(pub.every((r) => !r.complete && r.unknown.length === 2));
  assert.deepEqual(pub.map((r) => r.known_total), seen.map((r, p) => (p === 1 ? r.known_total - sheets[1].area - sheets[1].neighborhood : r.known_total)));
  // The labels are core's.
  const labels = Object.fromEntries(m.constants().SCORE_CATEGORY_INFO.map((c) => [c.name, c.label]));
  for (const c of whole[0].categories) assert.equal(c.label, labels[c.category]);
});

test("scoringRules: core's lines for each kind of game, in order", () => {
  const expert = m.scoringRules("expert", false);
  assert.deepEqual(expert.slice(0, 5).map((r) => r.topic), m.constants().EXPERT_AREAS.map((area) => ({ area })));
  assert.deepEqual(expert.slice(5).map((r) => r.topic), [
    "neighborhood",
    { token: "trendy" },
    { token: "subway" },
    { token: "archaeology" },
    { card: "subway" },
    { card: "archaeology" },
    "highest_building",
    "winner",
  ]);
  const { TOKEN_POINTS, CARD_POINTS, SCORE_CATEGORIES } = m.constants();
  for (const r of expert) {
    if (r.topic === "winner") assert.equal(r.category, null);
    else assert.ok(SCORE_CATEGORIES.includes(r.category), r.category);
    if (r.topic.token) assert.ok(r.text.startsWith(`${TOKEN_POINTS[r.topic.token] > 0 ? "+" : ""}${TOKEN_POINTS[r.topic.token]} `), r.text);
    if (r.topic.card) assert.ok(r.text.startsWith(`${CARD_POINTS[r.topic.card] > 0 ? "+" : ""}${CARD_POINTS[r.topic.card]} `), r.text);
  }
  assert.match(expert.find((r) => r.topic === "highest_building").text, /small 1-5, medium 6-9, tall 10-13.*\(R-18\)/);
  assert.match(expert.at(-1).text, /\(R-20\)$/);
  assert.deepEqual(m.scoringRules("family"), m.scoringRules("family", false));
  const family = m.scoringRules("family", true);
  assert.ok(family.some((r) => r.topic === "metropolys"));
  assert.ok(!family.some((r) => r.topic === "highest_building" || r.topic === "neighborhood"));
  // §9: the Expert game with the Metropolys cards deals no Districts card.
  assert.ok(!m.scoringRules("expert", true).some((r) => r.topic.area === "districts"));
  assert.throws(() => m.scoringRules("solo"), RangeError);
  assert.throws(() => m.scoringRules(3), TypeError);
  assert.throws(() => m.scoringRules("expert", 1), TypeError);
});

test("scoreCategories: the rows of a game's score sheet, with core's labels", () => {
  const names = (v, c) => m.scoreCategories(v, c).map((i) => i.name);
  const { SCORE_CATEGORIES, SCORE_CATEGORY_INFO } = m.constants();
  assert.deepEqual(names("expert", false), SCORE_CATEGORIES.filter((c) => c !== "metropolys"));
  assert.deepEqual(names("family"), ["trendy", "subway", "subway_card", "archaeology", "archaeology_card", "area", "total", "constructed"]);
  assert.deepEqual(names("expert", true), SCORE_CATEGORIES.filter((c) => c !== "neighborhood" && c !== "highest_building"));
  for (const info of m.scoreCategories("family", true)) {
    assert.deepEqual(info, SCORE_CATEGORY_INFO.find((i) => i.name === info.name));
  }
  // The categories of scoringRules are among them.
  for (const [v, c] of [["family", false], ["family", true], ["expert", false], ["expert", true]]) {
    for (const r of m.scoringRules(v, c)) if (r.category) assert.ok(names(v, c).includes(r.category), r.category);
  }
  assert.throws(() => m.scoreCategories("expert", "yes"), TypeError);
});

test("legend: each symbol of the board as its own picture, drawn by core", () => {
  const { KINDS, KIND_COLORS, KIND_LETTERS, TOKENS, PLAYER_COLORS } = m.constants();
  const family = m.legend("family");
  const expert = m.legend("expert", false);
  for (const items of [family, expert, m.legend("expert", true)]) {
    const symbols = items.map((i) => JSON.stringify(i.symbol));
    assert.equal(new Set(symbols).size, items.length);
    for (const kind of KINDS) {
      const item = items.find((i) => i.symbol.kind === kind);
      assert.ok(item.svg.includes(`fill="${KIND_COLORS[kind]}"`), kind);
      assert.ok(item.svg.includes(`>${KIND_LETTERS[kind]}</text>`), kind);
    }
    for (const token of TOKENS) assert.ok(items.some((i) => i.symbol.token === token), token);
    for (const s of ["statue", "lake", "street", "bridge", "out_of_play", "building", "bid", "latest_bid", "highlight"]) {
      const item = items.find((i) => i.symbol === s);
      assert.ok(item, s);
      assert.match(item.svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 [\d.]+ [\d.]+"/);
      assert.ok(item.svg.includes(`<title>${item.label}</title>`));
      assert.ok(item.meaning.length > 10);
    }
    assert.ok(items.find((i) => i.symbol === "building").svg.includes(PLAYER_COLORS[0]));
    assert.match(items.find((i) => i.symbol === "out_of_play").meaning, /\(R-2\)$/);
  }
  assert.deepEqual(expert.filter((i) => i.symbol.size).map((i) => i.label), ["Small building (1-5)", "Medium building (6-9)", "Tall building (10-13)"]);
  assert.equal(family.filter((i) => i.symbol.size).length, 0);
  assert.throws(() => m.legend("solo"), RangeError);
  assert.throws(() => m.legend(null), TypeError);
});

test("colours: the kinds' and the seats', from core, with their names, letters and inks", () => {
  const c = m.constants();
  for (const kind of c.KINDS) assert.equal(m.kindColor(kind), c.KIND_COLORS[kind]);
  assert.equal(m.kindColor("mall"), "#e5685b");
  assert.deepEqual(c.KIND_LETTERS, { industry: "I", park: "P", housing: "H", mall: "M", administration: "A" });
  assert.equal(c.KIND_COLOR_NAMES.park, "orange");
  assert.throws(() => m.kindColor("castle"), RangeError);
  assert.throws(() => m.kindColor(0), TypeError);
  assert.deepEqual(c.PLAYER_COLOR_NAMES, ["blue", "brown", "white", "black"]);
  assert.equal(c.PLAYER_COLORS.length, 4);
  assert.equal(c.PLAYER_INKS.length, 4);
  // No seat is drawn in a kind's colour.
  for (const colour of c.PLAYER_COLORS) assert.ok(!Object.values(c.KIND_COLORS).includes(colour), colour);
  // The picture draws the seats in these colours, numbers in these inks.
  const g = play(new Game({ players: 4, variant: "family", seed: 2 }), 60);
  const svg = g.toSvg();
  for (let p = 0; p < 4; p++) {
    if (g.constructed(p).length === 0) continue;
    assert.ok(svg.includes(`fill="${c.PLAYER_COLORS[p]}" stroke="#111"`), `seat ${p}`);
    assert.ok(svg.includes(`fill="${c.PLAYER_INKS[p]}" text-anchor="middle"`), `ink ${p}`);
  }
  assert.deepEqual(c.SCORE_CATEGORY_INFO.map((i) => i.name), c.SCORE_CATEGORIES);
  assert.equal(c.SCORE_CATEGORY_INFO.find((i) => i.name === "area").basis, "secret");
});
