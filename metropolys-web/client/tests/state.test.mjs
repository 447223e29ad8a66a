// The table's store (src/state.ts): what each server message makes of the
// table's knowledge, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { opened, reduce, resync, seatLost, since } from "../ui/state.js";

const update = (move, events = [], extra = {}) => ({
  type: "update", match: "m1", move, status: "playing", view: { viewer: 0 }, legal: [], events,
  seats: [{ kind: "human", taken: true }, { kind: "human", taken: true }], ...extra,
});
const bid = (player, neighborhood) => ({ type: "bid_placed", player, neighborhood, building: 1 });
const chat = (...ns) => ({ type: "chat", messages: ns.map((n) => ({ n, seat: 0, at: 0, text: `m${n}`, name: null })) });

/** Feeds `messages` to a fresh table of `seat`; the last state and every change. */
function feed(messages, s = opened(0)) {
  const changes = [];
  for (const m of messages) {
    let c;
    [s, c] = reduce(s, m);
    changes.push(c);
  }
  return [s, changes];
}

test("the welcome names the seat and the invite", () => {
  const [s, [c]] = feed([{ type: "welcome", match: "m1", protocol: 1, seat: 1, invite: "abc" }], opened(null));
  assert.equal(s.seat, 1);
  assert.deepEqual(c, { kind: "welcome", invite: "abc" });
});

test("the first update tells the whole game, the next only what is new", () => {
  const [s, [first, next]] = feed([update(1, [bid(0, 3)]), update(2, [bid(1, 4)])]);
  assert.equal(first.retell, true);
  assert.equal(first.before, null);
  assert.equal(next.retell, false);
  assert.deepEqual(next.events, [bid(1, 4)]);
  assert.equal(next.before.move, 1);
  assert.equal(since(s), 2);
});

test("a table with no update asks for everything", () => {
  assert.equal(since(opened(0)), null);
});

test("an update older than the one held is stale and changes nothing", () => {
  const [s, changes] = feed([update(5, [bid(0, 3)]), update(4, [bid(1, 4)])]);
  assert.equal(s.last.move, 5);
  assert.deepEqual(changes[1], { kind: "none" });
});

test("after a sync the update retells the game once, so the log is not doubled", () => {
  let [s] = feed([update(3, [bid(0, 1), bid(1, 2), bid(0, 3)])]);
  s = resync(s);
  let c;
  [s, c] = reduce(s, update(3, [bid(0, 1), bid(1, 2), bid(0, 3)]));
  assert.equal(c.retell, true);
  [s, c] = reduce(s, update(4, [bid(1, 4)]));
  assert.equal(c.retell, false);
});

test("each chat message is shown once, in order, however often it is sent", () => {
  const [s, changes] = feed([chat(0, 1, 2), chat(0, 1, 2, 3), chat(3), chat(5, 4)]);
  assert.deepEqual(changes.map((c) => c.fresh.map((m) => m.n)), [[0, 1, 2], [3], [], [4, 5]]);
  assert.equal(s.chatSeen, 5);
});

test("presence replaces the seats of the update held, and waits for one", () => {
  const seats = [{ kind: "human", taken: false }, { kind: "bot", taken: true }];
  const [none, [c0]] = feed([{ type: "presence", seats }]);
  assert.equal(none.last, null);
  assert.deepEqual(c0, { kind: "none" });
  const [s, [, c]] = feed([update(1), { type: "presence", seats }]);
  assert.deepEqual(s.last.seats, seats);
  assert.equal(s.last.move, 1);
  assert.deepEqual(c, { kind: "presence" });
});

test("a rematch is kept from its message and from an update", () => {
  const [s] = feed([update(1), { type: "rematch", match: "r1" }, update(2)]);
  assert.equal(s.rematch, "r1");
  const [t] = feed([update(1, [], { rematch: "r2" })]);
  assert.equal(t.rematch, "r2");
});

test("hints, errors and pongs pass through without changing the state", () => {
  const s0 = feed([update(1)])[0];
  const [s, changes] = feed([
    { type: "hint", move: 1, action: 40 },
    { type: "error", code: "stale_move", message: "old", move: 1 },
    { type: "pong" },
    { type: "accepted", move: 0, action: 3, duplicate: true },
  ], s0);
  assert.equal(s, s0);
  assert.deepEqual(changes.map((c) => c.kind), ["hint", "error", "none", "none"]);
});

test("a lost seat leaves a spectator", () => {
  assert.equal(seatLost(opened(2)).seat, null);
});
