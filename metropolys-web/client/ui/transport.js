// Built from client/src/transport.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { CLOSE, REASON } from "../ui/close.js";
const OPEN = 1;
function closeMeaning(code, reason) {
  const again = (wait) => ({ lost: false, words: "ui-reconnecting", wait });
  switch (code) {
    case CLOSE.NORMAL:
      return reason === REASON.LEFT ? { lost: true, words: "ui-closed-seat-lost", wait: 500 } : again(500);
    case CLOSE.GOING_AWAY:
      return reason === REASON.SERVER_STOPPING ? { lost: false, words: "ui-closed-stopping", wait: 2e3 } : again(500);
    case CLOSE.PROTOCOL_ERROR:
      return { lost: false, words: "ui-closed-broken", wait: 1e3 };
    case CLOSE.POLICY:
      if (reason === REASON.FLOOD)
        return { lost: false, words: "ui-closed-flood", wait: 5e3 };
      if (reason === REASON.SEAT_LOST)
        return { lost: true, words: "ui-closed-seat-lost", wait: 500 };
      return again(1e3);
    case CLOSE.TOO_BIG:
      return { lost: false, words: "ui-closed-too-big", wait: 1e3 };
    case CLOSE.TRY_AGAIN_LATER:
      return { lost: false, words: "ui-closed-full", args: { seconds: 15 }, wait: 15e3 };
    default:
      return again(null);
  }
}
function delay(retry, meaning) {
  return Math.max(meaning.wait ?? 0, 500 * Math.min(retry, 10));
}
function socketUrl(base, id, token, since) {
  const q = new URLSearchParams();
  if (token)
    q.set("token", token);
  if (since !== null)
    q.set("since", String(since));
  const url = new URL(`api/v1/matches/${encodeURIComponent(id)}/ws?${q}`, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url;
}
function readMessage(data) {
  if (typeof data !== "string")
    return null;
  let v;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return null;
  return typeof v.type === "string" ? v : null;
}
class Transport {
  constructor(o) {
    this.o = o;
    __publicField(this, "socket", null);
    __publicField(this, "generation", 0);
    __publicField(this, "retry", 0);
    __publicField(this, "stopped", false);
  }
  /** Opens the first socket. */
  start() {
    this.dial();
  }
  /** Closes the socket for good: nothing more is delivered. */
  stop() {
    this.stopped = true;
    this.generation += 1;
    this.socket?.close();
    this.socket = null;
  }
  /** Whether a socket is open. */
  get open() {
    return this.socket?.readyState === OPEN;
  }
  /** Sends `request` if a socket is open; says whether it went. */
  send(request) {
    const s = this.socket;
    if (!s || s.readyState !== OPEN)
      return false;
    s.send(JSON.stringify(request));
    return true;
  }
  dial() {
    if (this.stopped)
      return;
    const generation = ++this.generation;
    const s = this.o.dial(socketUrl(this.o.base, this.o.match, this.o.token(), this.o.since()));
    this.socket = s;
    let opened = false;
    const current = () => generation === this.generation && !this.stopped;
    s.onopen = () => {
      if (!current())
        return;
      opened = true;
      this.retry = 0;
    };
    s.onmessage = (ev) => {
      if (!current())
        return;
      const m = readMessage(ev.data);
      if (m)
        this.o.message(m);
    };
    s.onclose = (ev) => {
      if (!current())
        return;
      this.socket = null;
      void this.closed({ code: ev.code, reason: ev.reason, opened, meaning: closeMeaning(ev.code, ev.reason) }, generation);
    };
  }
  async closed(c, generation) {
    const again = await this.o.closed(c);
    if (!again || this.stopped || generation !== this.generation)
      return;
    this.retry = Math.min(this.retry + 1, 10);
    const later = this.o.later ?? ((f, ms) => setTimeout(f, ms));
    later(() => {
      if (!this.stopped && generation === this.generation)
        this.dial();
    }, delay(this.retry, c.meaning));
  }
}
export {
  Transport,
  closeMeaning,
  delay,
  readMessage,
  socketUrl
};
