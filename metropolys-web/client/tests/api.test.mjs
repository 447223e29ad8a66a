// The REST client (src/api.ts) over a fake fetch: the server's refusals as
// typed errors, a join whose answer was lost sent again with the same
// credential, the seat kept once joined.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { api, ApiError, joinSeat, newCredential } from "../ui/api.js";
import { seatOf } from "../ui/store.js";

class FakeStorage {
  constructor() { this.items = new Map(); }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

/** A fetch answering each call with the next of `answers` (a Response, or an Error to throw); the requests. */
function fakeFetch(answers) {
  const requests = [];
  globalThis.fetch = async (url, init) => {
    requests.push({ url, init, body: init?.body ? JSON.parse(init.body) : undefined });
    const a = answers.shift();
    if (a instanceof Error) throw a;
    return a;
  };
  return requests;
}
const json = (status, v) => new Response(JSON.stringify(v), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  globalThis.localStorage = new FakeStorage();
});

test("an answer is its JSON; a refusal is an ApiError with the server's message, code and status", async () => {
  const requests = fakeFetch([json(200, { server: "metropolys" }), json(409, { error: { code: "seat_taken", message: "seat 1 is taken" } })]);
  assert.deepEqual(await api("GET", ""), { server: "metropolys" });
  await assert.rejects(api("POST", "/matches/m1/join", { seat: 1 }, "tok"), (e) =>
    e instanceof ApiError && e.code === "seat_taken" && e.status === 409 && e.message === "seat 1 is taken");
  assert.equal(requests[1].url, "api/v1/matches/m1/join");
  assert.equal(requests[1].init.headers.Authorization, "Bearer tok");
  assert.equal(requests[1].init.headers["Content-Type"], "application/json");
});

test("an answer that is not the server's error still says its status", async () => {
  fakeFetch([new Response("<html>bad gateway</html>", { status: 502 }), new Error("offline")]);
  await assert.rejects(api("GET", "/matches"), (e) => e instanceof ApiError && e.status === 502 && e.code === null);
  await assert.rejects(api("GET", "/matches"), (e) => e instanceof ApiError && e.status === undefined);
});

test("a join whose answer was lost is sent again with the same credential, and the seat is kept", async () => {
  const token = newCredential();
  assert.match(token, /^[0-9a-f]{64}$/);
  const requests = fakeFetch([new Error("connection reset"), null]);
  // The second answer is made from the request, as the server would.
  globalThis.fetch = ((inner) => async (url, init) => {
    const r = await inner(url, init);
    if (r) return r;
    const body = JSON.parse(init.body);
    return json(200, { match: "m1", seat: 2, token: body.token, invite: null, seed: null });
  })(globalThis.fetch);
  const v = await joinSeat("m1", 2, "Ada");
  assert.equal(requests.length, 2);
  assert.equal(requests[0].body.token, requests[1].body.token);
  assert.deepEqual({ seat: requests[0].body.seat, name: requests[0].body.name }, { seat: 2, name: "Ada" });
  assert.deepEqual(seatOf("m1"), { seat: 2, token: requests[0].body.token });
  assert.equal(v.seat, 2);
});

test("a refused join is final: not sent again, nothing kept", async () => {
  const requests = fakeFetch([json(409, { error: { code: "match_full", message: "full" } })]);
  await assert.rejects(joinSeat("m1", null, ""), (e) => e.code === "match_full");
  assert.equal(requests.length, 1);
  assert.equal("seat" in requests[0].body, false);
  assert.equal(seatOf("m1"), null);
});
