// The table's connection to the server: one WebSocket at a time, opened
// again after every close with what the table already holds (`since`:
// the server sends only the events after it), the close's reason read as
// the server's protocol::CloseReason types it (close.js, generated), and
// every message read as the protocol's ServerMessage (protocol.ts,
// generated). No DOM: the socket is dialled through `dial`, so Node's test
// runner drives it with a fake one (client/tests/).

import { CLOSE, REASON } from "../ui/close.js";
import type { ClientRequest, ServerMessage } from "./protocol.js";

/** The part of a browser's WebSocket the transport uses. */
export interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

/** Opens a socket to `url` (a browser's: `(url) => new WebSocket(url)`). */
export type Dial = (url: URL) => Socket;

/** A WebSocket's `readyState` once open. */
const OPEN = 1;

/**
 * What a close means to the player: `lost` (the seat is no longer this
 * browser's), the catalogue id of the sentence to show (with its
 * arguments), and how long to wait at least before connecting again, in
 * milliseconds (null: as a dropped connection, longer at each try).
 */
export interface CloseMeaning {
  lost: boolean;
  words: string;
  args?: Record<string, number>;
  wait: number | null;
}

/** What close `code` with `reason` means (the server's codes and reasons: close.js). */
export function closeMeaning(code: number, reason: string): CloseMeaning {
  const again = (wait: number | null): CloseMeaning => ({ lost: false, words: "ui-reconnecting", wait });
  switch (code) {
    case CLOSE.NORMAL:
      return reason === REASON.LEFT ? { lost: true, words: "ui-closed-seat-lost", wait: 500 } : again(500);
    case CLOSE.GOING_AWAY:
      return reason === REASON.SERVER_STOPPING ? { lost: false, words: "ui-closed-stopping", wait: 2000 } : again(500);
    case CLOSE.PROTOCOL_ERROR:
      return { lost: false, words: "ui-closed-broken", wait: 1000 };
    case CLOSE.POLICY:
      if (reason === REASON.FLOOD) return { lost: false, words: "ui-closed-flood", wait: 5000 };
      if (reason === REASON.SEAT_LOST) return { lost: true, words: "ui-closed-seat-lost", wait: 500 };
      return again(1000);
    case CLOSE.TOO_BIG:
      return { lost: false, words: "ui-closed-too-big", wait: 1000 };
    case CLOSE.TRY_AGAIN_LATER:
      return { lost: false, words: "ui-closed-full", args: { seconds: 15 }, wait: 15000 };
    default:
      return again(null);
  }
}

/** Milliseconds before try `retry` (from 1) after a close that means `meaning`. */
export function delay(retry: number, meaning: CloseMeaning): number {
  return Math.max(meaning.wait ?? 0, 500 * Math.min(retry, 10));
}

/** The socket's URL for match `id` on the page at `base`. */
export function socketUrl(base: string | URL, id: string, token: string | null, since: number | null): URL {
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (since !== null) q.set("since", String(since));
  const url = new URL(`api/v1/matches/${encodeURIComponent(id)}/ws?${q}`, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url;
}

/** A message as the server sends it, or null for anything else (not JSON, not an object with a `type`). */
export function readMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  return typeof (v as { type?: unknown }).type === "string" ? (v as ServerMessage) : null;
}

/** A close as the table hears of it. */
export interface Closed {
  code: number;
  reason: string;
  /** Whether the socket had opened (a refused upgrade never does). */
  opened: boolean;
  meaning: CloseMeaning;
}

/** What the table gives the transport. */
export interface TransportOptions {
  /** The page's address (`location.href`). */
  base: string | URL;
  /** The match id. */
  match: string;
  /** The seat's credential (or an account's token) at this moment, if any. */
  token(): string | null;
  /** The move number of the last update the table holds, if any. */
  since(): number | null;
  /** A message of the current socket. */
  message(m: ServerMessage): void;
  /** The current socket closed; resolves to whether to connect again. */
  closed(c: Closed): boolean | Promise<boolean>;
  dial: Dial;
  /** `setTimeout`, or a test's clock. */
  later?: (f: () => void, ms: number) => unknown;
}

/**
 * One connection to a match: `start` dials, each close is told to the
 * table and followed by a new socket after `delay`, until `stop`. A
 * replaced or stopped socket's messages and closes are never delivered.
 */
export class Transport {
  private socket: Socket | null = null;
  private generation = 0;
  private retry = 0;
  private stopped = false;

  constructor(private readonly o: TransportOptions) {}

  /** Opens the first socket. */
  start(): void {
    this.dial();
  }

  /** Closes the socket for good: nothing more is delivered. */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.socket?.close();
    this.socket = null;
  }

  /** Whether a socket is open. */
  get open(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends `request` if a socket is open; says whether it went. */
  send(request: ClientRequest): boolean {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return false;
    s.send(JSON.stringify(request));
    return true;
  }

  private dial(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    const s = this.o.dial(socketUrl(this.o.base, this.o.match, this.o.token(), this.o.since()));
    this.socket = s;
    let opened = false;
    const current = () => generation === this.generation && !this.stopped;
    s.onopen = () => {
      if (!current()) return;
      opened = true;
      this.retry = 0;
    };
    s.onmessage = (ev) => {
      if (!current()) return;
      const m = readMessage(ev.data);
      if (m) this.o.message(m);
    };
    s.onclose = (ev) => {
      if (!current()) return;
      this.socket = null;
      void this.closed({ code: ev.code, reason: ev.reason, opened, meaning: closeMeaning(ev.code, ev.reason) }, generation);
    };
  }

  private async closed(c: Closed, generation: number): Promise<void> {
    const again = await this.o.closed(c);
    if (!again || this.stopped || generation !== this.generation) return;
    this.retry = Math.min(this.retry + 1, 10);
    const later = this.o.later ?? ((f: () => void, ms: number) => setTimeout(f, ms));
    later(() => {
      if (!this.stopped && generation === this.generation) this.dial();
    }, delay(this.retry, c.meaning));
  }
}
