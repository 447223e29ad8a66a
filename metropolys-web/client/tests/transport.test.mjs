// The table's connection (src/transport.ts) with a fake socket and clock:
// what each close means, when it connects again and with what, and that
// a replaced socket is never heard.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CLOSE, REASON } from "../ui/close.js";
import { closeMeaning, delay, readMessage, socketUrl, Transport } from "../ui/transport.js";

class FakeSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.onopen = this.onclose = this.onmessage = null;
  }
  send(data) { this.sent.push(data); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.({}); }
  say(v) { this.onmessage?.({ data: typeof v === "string" ? v : JSON.stringify(v) }); }
  end(code, reason = "") { this.readyState = 3; this.onclose?.({ code, reason }); }
}

/** A transport on fakes: its sockets, what it delivered, and the waits it asked for. */
function rig({ again = true, token = "t0", since = () => null } = {}) {
  const r = { sockets: [], messages: [], closes: [], waits: [] };
  r.transport = new Transport({
    base: "https://example.org/play/",
    match: "m1",
    token: () => token,
    since,
    message: (m) => r.messages.push(m),
    closed: (c) => { r.closes.push(c); return again; },
    dial: (url) => { const s = new FakeSocket(url); r.sockets.push(s); return s; },
    later: (f, ms) => r.waits.push({ f, ms }),
  });
  return r;
}
const tick = () => new Promise((ok) => setImmediate(ok));

test("every close code the server sends has its meaning", () => {
  assert.deepEqual(closeMeaning(CLOSE.NORMAL, REASON.LEFT), { lost: true, words: "ui-closed-seat-lost", wait: 500 });
  assert.equal(closeMeaning(CLOSE.NORMAL, "").lost, false);
  assert.equal(closeMeaning(CLOSE.GOING_AWAY, REASON.SERVER_STOPPING).words, "ui-closed-stopping");
  assert.equal(closeMeaning(CLOSE.GOING_AWAY, REASON.IDLE).words, "ui-reconnecting");
  assert.equal(closeMeaning(CLOSE.PROTOCOL_ERROR, REASON.PROTOCOL_ERROR).words, "ui-closed-broken");
  assert.deepEqual(closeMeaning(CLOSE.POLICY, REASON.FLOOD), { lost: false, words: "ui-closed-flood", wait: 5000 });
  assert.equal(closeMeaning(CLOSE.POLICY, REASON.SEAT_LOST).lost, true);
  assert.equal(closeMeaning(CLOSE.TOO_BIG, REASON.TOO_BIG).words, "ui-closed-too-big");
  assert.deepEqual(closeMeaning(CLOSE.TRY_AGAIN_LATER, REASON.TRY_AGAIN_LATER),
    { lost: false, words: "ui-closed-full", args: { seconds: 15 }, wait: 15000 });
  assert.deepEqual(closeMeaning(CLOSE.ABNORMAL, ""), { lost: false, words: "ui-reconnecting", wait: null });
});

test("a dropped connection waits longer at each try, up to five seconds", () => {
  const dropped = closeMeaning(CLOSE.ABNORMAL, "");
  assert.deepEqual([1, 2, 3, 10, 50].map((n) => delay(n, dropped)), [500, 1000, 1500, 5000, 5000]);
  assert.equal(delay(1, closeMeaning(CLOSE.TRY_AGAIN_LATER, REASON.TRY_AGAIN_LATER)), 15000);
});

test("the socket's address carries the credential and what the table holds", () => {
  const u = socketUrl("https://example.org/play/", "m 1", "abc", 7);
  assert.equal(u.href, "wss://example.org/play/api/v1/matches/m%201/ws?token=abc&since=7");
  assert.equal(socketUrl("http://h/", "m1", null, null).href, "ws://h/api/v1/matches/m1/ws?");
});

test("only JSON objects with a type are messages", () => {
  assert.deepEqual(readMessage('{"type":"pong"}'), { type: "pong" });
  for (const bad of ["", "nope", "[]", "null", "5", '{"type":5}', '{"kind":"x"}', 5, null]) {
    assert.equal(readMessage(bad), null, String(bad));
  }
});

test("a reconnection asks for what the table missed, with the credential it holds then", async () => {
  let held = null;
  const r = rig({ since: () => held });
  r.transport.start();
  assert.equal(r.sockets[0].url.searchParams.get("since"), null);
  r.sockets[0].open();
  r.sockets[0].say({ type: "update", move: 4 });
  held = 4;
  r.sockets[0].end(CLOSE.ABNORMAL);
  await tick();
  assert.equal(r.waits.length, 1);
  assert.equal(r.waits[0].ms, 500);
  r.waits[0].f();
  assert.equal(r.sockets.length, 2);
  assert.equal(r.sockets[1].url.searchParams.get("since"), "4");
  assert.equal(r.sockets[1].url.searchParams.get("token"), "t0");
});

test("tries that never open wait longer; one that opens starts again from the shortest", async () => {
  const r = rig();
  r.transport.start();
  for (let i = 0; i < 3; i++) {
    r.sockets[i].end(CLOSE.ABNORMAL);
    await tick();
    r.waits[i].f();
  }
  assert.deepEqual(r.waits.map((w) => w.ms), [500, 1000, 1500]);
  assert.equal(r.closes.every((c) => c.opened === false), true);
  r.sockets[3].open();
  r.sockets[3].end(CLOSE.GOING_AWAY, REASON.IDLE);
  await tick();
  assert.equal(r.waits[3].ms, 500);
  assert.equal(r.closes[3].opened, true);
});

test("a replaced or stopped socket is never heard", async () => {
  const r = rig();
  r.transport.start();
  const old = r.sockets[0];
  old.open();
  old.end(CLOSE.ABNORMAL);
  await tick();
  r.waits[0].f();
  r.sockets[1].open();
  old.say({ type: "update", move: 1 });
  old.end(CLOSE.NORMAL, REASON.LEFT);
  await tick();
  assert.deepEqual(r.messages, []);
  assert.equal(r.closes.length, 1);
  r.sockets[1].say({ type: "pong" });
  r.transport.stop();
  r.sockets[1].say({ type: "pong" });
  r.sockets[1].end(CLOSE.ABNORMAL);
  await tick();
  assert.deepEqual(r.messages, [{ type: "pong" }]);
  assert.equal(r.closes.length, 1);
  assert.equal(r.waits.length, 1);
});

test("a close the table answers with false is the end", async () => {
  const r = rig({ again: false });
  r.transport.start();
  r.sockets[0].end(CLOSE.ABNORMAL);
  await tick();
  assert.equal(r.waits.length, 0);
  assert.equal(r.closes[0].meaning.words, "ui-reconnecting");
});

test("requests go only on an open socket", () => {
  const r = rig();
  r.transport.start();
  assert.equal(r.transport.send({ op: "ping" }), false);
  r.sockets[0].open();
  assert.equal(r.transport.open, true);
  assert.equal(r.transport.send({ move: 3, action: 40 }), true);
  assert.deepEqual(r.sockets[0].sent, ['{"move":3,"action":40}']);
});
