// The legal moves as the board is given them (src/moves.ts), with a
// decoder of the test's own (any id scheme: the grouping reads none).
import assert from "node:assert/strict";
import { test } from "node:test";
import { inPlay, legalMoves } from "../ui/moves.js";

const decode = (id) => (id === 999 ? "pass" : { bid: { neighborhood: Math.floor(id / 10), building: id % 10 } });

test("the bids are grouped by neighborhood, in order, and the pass is apart", () => {
  const { dests, pass } = legalMoves([31, 32, 999, 54, 35], decode);
  assert.deepEqual([...dests.keys()], [3, 5]);
  assert.deepEqual(dests.get(3), [{ id: 31, building: 1 }, { id: 32, building: 2 }, { id: 35, building: 5 }]);
  assert.deepEqual(dests.get(5), [{ id: 54, building: 4 }]);
  assert.equal(pass, 999);
});

test("no legal move: nothing to offer, no pass", () => {
  const { dests, pass } = legalMoves([], decode);
  assert.equal(dests.size, 0);
  assert.equal(pass, null);
});

test("the neighborhoods in play leave out the districts out of play", () => {
  const hoods = [{ id: 0, district: 0 }, { id: 1, district: 1 }, { id: 2, district: 2 }, { id: 3, district: 1 }];
  assert.deepEqual(inPlay(hoods, [1]), [0, 2]);
  assert.deepEqual(inPlay(hoods, null), [0, 1, 2, 3]);
});
