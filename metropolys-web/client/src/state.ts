// What the table knows of its match, as pure functions from the server's
// messages (protocol.ts) to the next state and the change to show: no DOM,
// no socket, so Node's test runner checks them (client/tests/). The views
// (table.js) render a change; they never keep a second copy of what is
// here.

import type { ChatEntry, Hint, Presence, ProtoError, ServerMessage, Update, Welcome } from "./protocol.js";

/** The table's knowledge of its match. */
export interface TableState {
  /** This browser's seat, or null for a spectator. */
  readonly seat: number | null;
  /** The latest update (its seats as the latest presence says). */
  readonly last: Update | null;
  /** The id of the match's rematch, once one was created. */
  readonly rematch: string | null;
  /** The number of the latest chat message shown (-1: none). */
  readonly chatSeen: number;
  /** Whether the next update tells the whole game again (after a `sync`). */
  readonly replaying: boolean;
}

/** What a message changed, for the views. */
export type Change =
  | { kind: "welcome"; invite: string | null }
  /**
   * A new update. `events` are the ones to tell (none of those told
   * already); `retell`: the log starts again with them (the whole game);
   * `before`: the update it follows.
   */
  | { kind: "update"; update: Update; events: Update["events"]; retell: boolean; before: Update | null }
  | { kind: "presence" }
  | { kind: "chat"; fresh: ChatEntry[] }
  | { kind: "rematch" }
  | { kind: "hint"; hint: Hint }
  | { kind: "error"; error: ProtoError }
  /** Nothing to show: a pong, an acknowledgement, a stale update. */
  | { kind: "none" };

/** The state of a table just opened, with this browser's `seat` (null: none). */
export function opened(seat: number | null): TableState {
  return { seat, last: null, rematch: null, chatSeen: -1, replaying: false };
}

/** `since` for a new socket: the move of the update the table holds, if any. */
export function since(s: TableState): number | null {
  return s.last ? s.last.move : null;
}

/** The state once the table asked for the whole game again (`{"op": "sync"}`). */
export function resync(s: TableState): TableState {
  return { ...s, replaying: true };
}

/** The state after the seat was found lost: a spectator's. */
export function seatLost(s: TableState): TableState {
  return { ...s, seat: null };
}

/** The next state and its change after message `m`. */
export function reduce(s: TableState, m: ServerMessage): [TableState, Change] {
  switch (m.type) {
    case "welcome":
      return welcome(s, m);
    case "update":
      return update(s, m);
    case "presence":
      return presence(s, m);
    case "chat":
      return chat(s, m.messages);
    case "rematch":
      return [{ ...s, rematch: m.match }, { kind: "rematch" }];
    case "hint":
      return [s, { kind: "hint", hint: m }];
    case "error":
      return [s, { kind: "error", error: m }];
    default:
      return [s, { kind: "none" }];
  }
}

function welcome(s: TableState, m: Welcome): [TableState, Change] {
  return [{ ...s, seat: m.seat }, { kind: "welcome", invite: m.invite ?? null }];
}

/**
 * An update: one older than the one held is stale (a socket's late
 * answer); the first on a table, and the one after a `sync`, tell the
 * whole game; the others only what is new.
 */
function update(s: TableState, m: Update): [TableState, Change] {
  const before = s.last;
  if (before && m.move < before.move) return [s, { kind: "none" }];
  const retell = before === null || s.replaying;
  const next: TableState = { ...s, last: m, rematch: m.rematch ?? s.rematch, replaying: false };
  return [next, { kind: "update", update: m, events: m.events, retell, before }];
}

function presence(s: TableState, m: Presence): [TableState, Change] {
  if (!s.last) return [s, { kind: "none" }];
  return [{ ...s, last: { ...s.last, seats: m.seats } }, { kind: "presence" }];
}

/** Chat messages: each shown once (a reconnection sends the recent ones again), in order. */
function chat(s: TableState, messages: ChatEntry[]): [TableState, Change] {
  const fresh: ChatEntry[] = [];
  let seen = s.chatSeen;
  for (const c of [...messages].sort((a, b) => a.n - b.n)) {
    if (c.n <= seen) continue;
    seen = c.n;
    fresh.push(c);
  }
  return [{ ...s, chatSeen: seen }, { kind: "chat", fresh }];
}
