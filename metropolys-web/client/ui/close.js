// Generated from metropolys-server's protocol::CloseReason (a test keeps
// this file equal to protocol::close_module(); METROPOLYS_BLESS=1 cargo
// test -p metropolys-server --test protocol rewrites it). Do not edit.

/**
 * The WebSocket close codes the server sends, by their standard names,
 * and 1006 (ABNORMAL), which a browser reports for a connection that
 * ended without a close frame (dropped, or an upgrade the server refused).
 */
export const CLOSE = Object.freeze({
  NORMAL: 1000,
  GOING_AWAY: 1001,
  PROTOCOL_ERROR: 1002,
  ABNORMAL: 1006,
  POLICY: 1008,
  TOO_BIG: 1009,
  TRY_AGAIN_LATER: 1013,
});

/** The reason of each close the server sends (docs/server.md, "The WebSocket"). */
export const REASON = Object.freeze({
  /** 1000 The seat was given up (here or on another device): its credential holds it no more. */
  LEFT: "left",
  /** 1001 Nothing was received (not even a pong) for `--idle-seconds`. */
  IDLE: "idle",
  /** 1001 The server ended the socket (no other close was asked for). */
  CLOSED: "closed",
  /** 1001 The server is stopping; connect again in a moment. */
  SERVER_STOPPING: "server stopping",
  /** 1002 A broken frame. */
  PROTOCOL_ERROR: "protocol error",
  /** 1008 A whole burst over the message rate in a row. */
  FLOOD: "flood",
  /** 1008 The seat changed hands: a submission or chat from this socket was refused (`forbidden`). */
  SEAT_LOST: "credential no longer holds the seat",
  /** 1009 A message over `--max-message-bytes`. */
  TOO_BIG: "message too big",
  /** 1013 The match has `--max-sockets` spectators' sockets, or the seat 8 sockets (after a `too_many_sockets` error). */
  TRY_AGAIN_LATER: "try again later",
});
