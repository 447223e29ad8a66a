// What a browser keeps (src/store.ts), over a fake localStorage: seats,
// invites, the name, the account; whatever else the storage holds reads as
// nothing, and a storage that refuses writes costs only the keeping.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { accountOf, inviteOf, myName, mySeats, saveAccount, saveInvite, saveName, saveSeat, saveSound, seatOf, soundOn } from "../ui/store.js";

class FakeStorage {
  constructor() { this.items = new Map(); this.refuse = false; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { if (this.refuse) throw new Error("QuotaExceededError"); this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

beforeEach(() => {
  globalThis.localStorage = new FakeStorage();
});

const TOKEN = "a".repeat(64);

test("a seat is kept, found by its match, and forgotten", () => {
  saveSeat("m1", 2, TOKEN);
  saveSeat("m2", 0, "b".repeat(64));
  assert.deepEqual(seatOf("m1"), { seat: 2, token: TOKEN });
  assert.deepEqual(Object.keys(mySeats()).sort(), ["m1", "m2"]);
  saveSeat("m1", null, null);
  assert.equal(seatOf("m1"), null);
  assert.deepEqual(Object.keys(mySeats()), ["m2"]);
});

test("broken or hostile entries read as no seat", () => {
  localStorage.setItem("metropolys-seats", JSON.stringify({
    a: { seat: 1, token: TOKEN }, b: { seat: 7, token: TOKEN }, c: { seat: "1", token: TOKEN },
    d: { seat: 1, token: "" }, e: { seat: 1 }, f: null, g: [1, TOKEN], h: { seat: 1.5, token: TOKEN },
  }));
  assert.deepEqual(mySeats(), { a: { seat: 1, token: TOKEN } });
  for (const junk of ["{", "[]", "5", "\"x\"", "null"]) {
    localStorage.setItem("metropolys-seats", junk);
    assert.deepEqual(mySeats(), {}, junk);
    assert.equal(seatOf("a"), null);
  }
  // Saving over junk starts afresh.
  saveSeat("m1", 0, TOKEN);
  assert.deepEqual(mySeats(), { m1: { seat: 0, token: TOKEN } });
});

test("invites, the name and the sound setting", () => {
  assert.equal(inviteOf("m1"), null);
  saveInvite("m1", "c".repeat(32));
  saveInvite("m2", null);
  assert.equal(inviteOf("m1"), "c".repeat(32));
  assert.equal(inviteOf("m2"), null);
  localStorage.setItem("metropolys-invites", JSON.stringify({ m3: 5 }));
  assert.equal(inviteOf("m3"), null);
  assert.equal(myName(), "");
  saveName("Ada");
  assert.equal(myName(), "Ada");
  localStorage.setItem("metropolys-name", "{}");
  assert.equal(myName(), "");
  assert.equal(soundOn(), false);
  saveSound(true);
  assert.equal(soundOn(), true);
});

test("the account is kept whole or not at all, and forgotten", () => {
  assert.equal(accountOf(), null);
  saveAccount({ name: "Ada", token: "acct_x", extra: 1 });
  assert.deepEqual(accountOf(), { name: "Ada", token: "acct_x" });
  localStorage.setItem("metropolys-account", JSON.stringify({ name: "Ada" }));
  assert.equal(accountOf(), null);
  saveAccount({ name: "Ada", token: "acct_x" });
  saveAccount(null);
  assert.equal(accountOf(), null);
});

test("a storage that refuses writes loses only what it refused", () => {
  saveSeat("m1", 1, TOKEN);
  localStorage.refuse = true;
  saveSeat("m2", 0, TOKEN);
  saveName("Bob");
  assert.deepEqual(Object.keys(mySeats()), ["m1"]);
  assert.equal(myName(), "");
});
