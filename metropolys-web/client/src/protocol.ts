// Generated from metropolys-server's protocol (its JSON Schema,
// docs/server.schema.json): a test keeps this file equal to
// protocol::typescript_module(); METROPOLYS_BLESS=1 cargo test -p
// metropolys-server --test protocol rewrites it. Do not edit.

import type * as Engine from "../engine/metropolys_wasm.js";

/** The protocol version this client speaks. */
export const PROTOCOL_VERSION = 1;

/** A turn timer of this many seconds or more makes a correspondence match: its clock runs while nobody is connected. */
export const CORRESPONDENCE_SECONDS = 3600;

/** The longest turn timer, in seconds. */
export const MAX_TURN_SECONDS = 1209600;

/**
 * `accepted`: a repeated submission of an action already applied.
 */
export type Accepted = {
  /**
   * The action id.
   */
  action: number;
  /**
   * Always true: the action was applied before, not again.
   */
  duplicate: boolean;
  /**
   * The move number of the action.
   */
  move: number;
};

/**
 * `GET /api/v1/account`: the signed-in account, its ratings and its games.
 */
export type AccountAnswer = {
  /**
   * Where its notices go (`null`: none are sent).
   */
  contact?: string | null;
  /**
   * When it was made (seconds since the Unix epoch).
   */
  created: number;
  /**
   * The matches it holds a seat in, the games waiting for it first,
   * then the latest tied first (at most 50).
   */
  games: MyGame[];
  /**
   * The account's name.
   */
  name: string;
  /**
   * Whether this server sends notices at all (`--notify-url`).
   */
  notices: boolean;
  /**
   * Its ratings, one per variant and number of players it has played
   * rated games of.
   */
  ratings: Rating[];
};

/**
 * `{"move": n, "action": id}`, optionally with `"op": "act"`.
 */
export type Act = {
  /**
   * The action id (core's `Action::id`: a bid is
   * `neighborhood × 13 + building − 1`, a pass 715).
   */
  action: number;
  /**
   * The move number of the last update the client saw.
   */
  move: number;
  /**
   * `act` (the default).
   */
  op?: ActOp | null;
};

export type ActOp = "act";

/**
 * `POST /api/v1/account/seats`: ties a seat this client holds to the
 * signed-in account (`Authorization: Bearer <account token>`).
 */
export type BindSeat = {
  /**
   * The match id.
   */
  match: string;
  /**
   * The seat's credential, as `join` gave it.
   */
  token: string;
};

/**
 * `POST /api/v1/account/seats`: the seat now tied to the account.
 */
export type Bound = {
  /**
   * The match id.
   */
  match: string;
  /**
   * The seat.
   */
  seat: Seat;
};

/**
 * `chat`: messages of the match's chat, oldest first.
 */
export type Chat = {
  /**
   * The messages (at least one).
   */
  messages: ChatEntry[];
};

/**
 * One chat message. Its text is as the player typed it (trimmed): show
 * it as text, never as markup.
 */
export type ChatEntry = {
  /**
   * When it was written, in seconds since the Unix epoch.
   */
  at: number;
  /**
   * Its number in the match's chat, from 0.
   */
  n: number;
  /**
   * The name of the seat's holder when it was written, if they gave one.
   */
  name?: string | null;
  /**
   * The seat that wrote it.
   */
  seat: Seat;
  /**
   * The text: one line, 1 to 300 characters.
   */
  text: string;
};

export type ChatOp = "chat";

/**
 * `{"op": "chat", "text": "…"}`.
 */
export type ChatRequest = {
  /**
   * `chat`.
   */
  op: ChatOp;
  /**
   * The message: trimmed, 1 to 300 characters (Unicode scalar values),
   * one line without control characters. Only a seat's socket may chat,
   * once the match has started, at most 5 messages in 10 seconds per
   * credential (10 per client address, 20 per match).
   */
  text: string;
};

/**
 * The WebSocket request's wire shapes, for the schema: a submission, or
 * an `op` without other fields.
 */
export type ClientRequest = Act | Op | ChatRequest;

/**
 * `POST /api/v1/matches`: a new match.
 */
export type CreateMatch = {
  /**
   * Four Metropolys cards: the module is played with this deck.
   */
  metropolys_deck?: MetropolysDeck | null;
  /**
   * 2, 3 or 4.
   */
  players: number;
  /**
   * A private match (default false): the lobby does not list it, and
   * joining it needs its invite, which the answer to this request
   * gives (and every seated player's `join` answer).
   */
  private?: boolean;
  /**
   * One per player: `human`, or a bot spec (`kind` or
   * `kind:{JSON parameters}`); at least one `human`.
   */
  seats: string[];
  /**
   * An unsigned 64-bit seed; drawn from the operating system when
   * absent. A chosen seed is shown to everyone (in the summary and on
   * joining): with it anyone can compute every seat's cards.
   */
  seed?: number | null;
  /**
   * The seat that opens the first call (default 0).
   */
  start_player?: Seat | null;
  /**
   * The turn timer, 1 to 1209600 seconds (14 days; default none). At
   * 3600 (an hour) or more the match is played by correspondence: its
   * clock runs whether or not anyone is connected, and a player who is
   * away is sent a notice when it is their turn (their account's
   * contact, through the server's `--notify-url`). When a turn runs
   * out, the server plays the seat's move (`timed_out`).
   */
  turn_seconds?: number | null;
  /**
   * `family` (the default) or `expert`.
   */
  variant?: Variant | null;
};

/**
 * A seat's credential: 64 lowercase hexadecimal digits (256 random bits).
 */
export type Credential = string;

/**
 * `POST /api/v1/accounts` (a new account) and `POST /api/v1/sessions`
 * (signing in on a device): a name and a password.
 */
export type Credentials = {
  /**
   * The account's name, shown at the tables and on the leaderboard: the
   * rules of a player's name (1 to 24 characters, no invisible or
   * format characters, not a seat colour's), and no other account's
   * (ignoring case and look-alikes: `protocol::name_key`).
   */
  name: string;
  /**
   * The password: 8 to 256 bytes of UTF-8. The server keeps only its
   * Argon2id hash.
   */
  password: string;
};

/**
 * Every error the server sends, as the `code` of an error object
 * (`{"type": "error", "code": …, "message": …}` on a WebSocket,
 * `{"error": {"code": …, "message": …}}` over HTTP). The doc comment of
 * each code is its row in docs/server.md's table of errors.
 */
export type ErrorCode = "bad_json" | "bad_message" | "unknown_op" | "stale_move" | "future_move" | "illegal_action" | "not_started" | "spectator" | "not_to_act" | "rate_limited" | "internal" | "unauthorized" | "forbidden" | "invite_required" | "not_found" | "method_not_allowed" | "seat_taken" | "seat_held_here" | "seat_reserved" | "bot_seat" | "match_full" | "match_over" | "not_abandoned" | "bad_config" | "bad_bot" | "not_finished" | "chat_full" | "too_many_matches" | "too_many_open_matches" | "too_many_sockets" | "too_large" | "unsupported_media_type" | "forbidden_origin" | "unknown_host" | "upgrade_required";

/**
 * Core's events (metropolys_core::Event), in order.
 */
export type Events = Engine.GameEvent[];

/**
 * `hint`: the `strong` bot's choice.
 */
export type Hint = {
  /**
   * The action id.
   */
  action: number;
  /**
   * The move it is for.
   */
  move: number;
};

/**
 * Every HTTP error: `{"error": {…}}` with the status of its code.
 */
export type HttpError = {
  /**
   * The error.
   */
  error: ProtoError;
};

/**
 * `GET /api/v1`.
 */
export type Info = {
  /**
   * The bot kinds a seat may name.
   */
  bots: string[];
  /**
   * The server's limits.
   */
  limits: Limits;
  /**
   * The protocol version (1).
   */
  protocol: number;
  /**
   * `metropolys-server` and its version.
   */
  server: string;
};

/**
 * `POST /api/v1/matches/{id}/join`: a seat, or the first free human seat
 * (an empty body or `{}`).
 */
export type JoinSeat = {
  /**
   * The invite of a private match (32 hexadecimal digits); refused for
   * a public match.
   */
  invite?: string | null;
  /**
   * The player's name, shown to everyone: trimmed; empty or absent for
   * none; else, stored composed (NFC), 1 to 24 characters (at most 64
   * bytes of UTF-8), one line without control, invisible or format
   * characters; neither another seat's name (ignoring case and look-alikes:
   * `protocol::name_key`)
   * nor a seat colour's.
   */
  name?: string | null;
  /**
   * The seat to take (default: the first free human seat that is not
   * reserved).
   */
  seat?: Seat | null;
  /**
   * The credential the seat is to have, drawn by the client: 64
   * lowercase hexadecimal digits from a cryptographic generator (256
   * bits; `crypto.getRandomValues` in a browser). A client that lost
   * the answer (a dropped connection) sends the same `join` again and
   * gets the seat this credential holds, so no seat is ever held by a
   * credential nobody has. Absent: the server draws one.
   */
  token?: Credential | null;
};

/**
 * `POST /api/v1/matches/{id}/join` and `POST
 * /api/v1/matches/{id}/rematch`.
 */
export type Joined = {
  /**
   * The invite of a private match: every seated player may invite
   * others with it.
   */
  invite?: string | null;
  /**
   * The match id.
   */
  match: string;
  /**
   * The seat taken.
   */
  seat: Seat;
  /**
   * The match's seed when its creator chose it (see the summary).
   */
  seed?: number | null;
  /**
   * The seat's credential (64 hexadecimal digits), shown once; for a
   * rematch, the credential the caller already holds.
   */
  token: string;
};

/**
 * `GET /api/v1/leaderboard?variant=…&players=…`: the best 50.
 */
export type Leaderboard = {
  /**
   * The entries, best first.
   */
  entries: LeaderboardEntry[];
  /**
   * The number of players.
   */
  players: number;
  /**
   * The variant.
   */
  variant: Variant;
};

/**
 * One line of the leaderboard.
 */
export type LeaderboardEntry = {
  /**
   * Whether this is a bot (rated where it sat at rated tables).
   */
  bot: boolean;
  /**
   * Rated games played.
   */
  games: number;
  /**
   * The account's name, or the bot's spec.
   */
  name: string;
  /**
   * Its place (1 first; equal scores share a place).
   */
  rank: number;
  /**
   * The rating.
   */
  rating: number;
  /**
   * `rating - 3 × uncertainty`, what the board sorts by.
   */
  score: number;
  /**
   * Its uncertainty.
   */
  uncertainty: number;
};

/**
 * `POST /api/v1/matches/{id}/leave`.
 */
export type Left = {
  /**
   * Always true.
   */
  left: boolean;
  /**
   * The match id.
   */
  match: string;
  /**
   * The seat given up.
   */
  seat: Seat;
};

/**
 * The limits a server enforces (its options).
 */
export type Limits = {
  /**
   * `--abandon-seconds`.
   */
  abandon_seconds: number;
  /**
   * `--bot-seconds`.
   */
  bot_seconds: number;
  /**
   * `--bot-threads`.
   */
  bot_threads: number;
  /**
   * `--bot-tree-mib`.
   */
  bot_tree_mib: number;
  /**
   * `--burst`.
   */
  burst: number;
  /**
   * `--connections-per-address`.
   */
  connections_per_address: number;
  /**
   * `--http-rate`.
   */
  http_rate: number;
  /**
   * `--idle-seconds`.
   */
  idle_seconds: number;
  /**
   * `--keep-days`.
   */
  keep_days: number;
  /**
   * The largest request body, in bytes.
   */
  max_body_bytes: number;
  /**
   * `--max-connections`.
   */
  max_connections: number;
  /**
   * `--max-matches`.
   */
  max_matches: number;
  /**
   * `--max-message-bytes`.
   */
  max_message_bytes: number;
  /**
   * `--max-sockets`: spectators' sockets per match.
   */
  max_sockets: number;
  /**
   * `--open-per-address`.
   */
  open_per_address: number;
  /**
   * `--open-seconds`.
   */
  open_seconds: number;
  /**
   * `--rate`.
   */
  rate: number;
};

/**
 * `POST /api/v1/matches` (201), `GET /api/v1/matches/{id}` and `POST
 * /api/v1/matches/{id}/cancel`.
 */
export type MatchAnswer = {
  /**
   * The invite of a private match (32 hexadecimal digits), in the
   * answer to its creation only: joining needs it.
   */
  invite?: string | null;
  /**
   * The match.
   */
  match: Summary;
};

/**
 * `GET /api/v1/matches`.
 */
export type MatchList = {
  /**
   * Matches finished in the last `--keep-days` days, latest first (at
   * most 50).
   */
  finished: Summary[];
  /**
   * The unfinished matches (open and playing), newest first.
   */
  matches: Summary[];
};

/**
 * Four Metropolys cards, each three neighborhood kinds.
 */
export type MetropolysDeck = ("industry" | "park" | "housing" | "mall" | "administration")[][];

/**
 * A move and the action played at it.
 */
export type Move = {
  /**
   * The action id (0–715).
   */
  action: number;
  /**
   * The move number (from 0).
   */
  move: number;
};

/**
 * A match the account holds a seat in.
 */
export type MyGame = {
  /**
   * The account's seat.
   */
  seat: Seat;
  /**
   * The match, as the lobby lists it.
   */
  summary: Summary;
  /**
   * Whether the game waits for that seat.
   */
  to_act: boolean;
};

/**
 * What the server posts to its notice relay (`--notify-url`, as JSON) when
 * a correspondence match waits for a seat whose holder is away and whose
 * account has a contact. At least once: a restart may send a notice again.
 */
export type Notice = {
  /**
   * The account's name.
   */
  account: string;
  /**
   * The account's contact (`PUT /api/v1/account/notices`).
   */
  contact: string;
  /**
   * When the turn timer runs out (seconds since the Unix epoch): then
   * the server plays the seat's move (the greedy bot, as for every
   * timed-out turn).
   */
  deadline: number;
  /**
   * What happened: `your_turn`.
   */
  event: NoticeEvent;
  /**
   * The match id.
   */
  match: string;
  /**
   * The move number the game waits at.
   */
  move: number;
  /**
   * The match's page on this server, a path (`/#/match/<id>`): the
   * relay puts its public origin before it.
   */
  path: string;
  /**
   * The seat to act.
   */
  seat: Seat;
};

/**
 * Why a notice was sent.
 */
export type NoticeEvent = "your_turn";

/**
 * `PUT /api/v1/account/notices`: where the account's notices now go.
 */
export type Notices = {
  /**
   * The contact the notices carry (`null`: none are sent).
   */
  contact?: string | null;
  /**
   * Whether this server sends notices at all (it was started with
   * `--notify-url`).
   */
  enabled: boolean;
};

/**
 * `{"op": "hint" | "ping" | "sync"}`.
 */
export type Op = {
  /**
   * `hint`: the `strong` bot's choice for this seat (it must be to act);
   * `ping`: a `pong`; `sync`: the current update again with every event
   * of the game.
   */
  op: SimpleOp;
};

/**
 * `presence`: the seats, after one connected, disconnected, was taken or
 * given up.
 */
export type Presence = {
  /**
   * The seats.
   */
  seats: SeatStatus[];
};

/**
 * An error as the server sends it.
 */
export type ProtoError = {
  /**
   * What kind of error.
   */
  code: ErrorCode;
  /**
   * In words, for people.
   */
  message: string;
  /**
   * The current move number, for move errors.
   */
  move?: number | null;
  /**
   * The ruling an `illegal_action`, `not_to_act` or `bad_config` names.
   */
  rule?: string | null;
};

/**
 * A rating: Weng–Lin (a Bayesian approximation of the players' skill,
 * the algorithm of OpenSkill) per variant and number of players.
 */
export type Rating = {
  /**
   * Rated games played.
   */
  games: number;
  /**
   * The number of players.
   */
  players: number;
  /**
   * The skill's mean (25 to begin with).
   */
  rating: number;
  /**
   * What the leaderboard sorts by: `rating - 3 × uncertainty`, a skill
   * the player has with 99.7 % confidence.
   */
  score: number;
  /**
   * Its uncertainty (25/3 to begin with; it shrinks with each game).
   */
  uncertainty: number;
  /**
   * The variant.
   */
  variant: Variant;
};

/**
 * `rematch`: the rematch of this match was created.
 */
export type Rematch = {
  /**
   * The rematch's id: its seated players take their seats with `POST
   * /api/v1/matches/{this match}/rematch`.
   */
  match: string;
};

/**
 * Core's score sheets (metropolys_core::ScoreSheet), one per seat.
 */
export type ScoreSheets = Engine.ScoreSheet[];

/**
 * A seat, from 0.
 */
export type Seat = number;

/**
 * Who plays a seat.
 */
export type SeatKind = "human" | "bot";

/**
 * A seat, from 0, or null for a spectator.
 */
export type SeatOrNull = number | null;

/**
 * One seat as every client sees it.
 */
export type SeatStatus = {
  /**
   * The bot spec, for a bot seat.
   */
  bot?: string | null;
  /**
   * Whether a socket of the seat is open (bots: always).
   */
  connected: boolean;
  /**
   * `human` or `bot`.
   */
  kind: SeatKind;
  /**
   * The name its holder gave on joining, if any (public).
   */
  name?: string | null;
  /**
   * True for a free seat of a rematch kept for the player who held it
   * when the previous game ended (absent otherwise): only they can take
   * it, with `rematch`.
   */
  reserved?: boolean;
  /**
   * Whether a person holds the seat's credential (bots: always).
   */
  taken: boolean;
};

/**
 * Every message the server sends on a WebSocket: a JSON object whose
 * `type` names the variant.
 */
export type ServerMessage = (Welcome & {
  type: "welcome";
}) | (Update & {
  type: "update";
}) | (Accepted & {
  type: "accepted";
}) | (Presence & {
  type: "presence";
}) | (Hint & {
  type: "hint";
}) | {
  type: "pong";
} | (Chat & {
  type: "chat";
}) | (Rematch & {
  type: "rematch";
}) | (ProtoError & {
  type: "error";
});

/**
 * `PUT /api/v1/account/notices`: where the account's notices go.
 */
export type SetNotices = {
  /**
   * What the server's notice relay (`--notify-url`) reads to reach the
   * player: an e-mail address, a push topic, a chat handle, as the
   * relay expects; 1 to 254 characters, no control characters. `null`:
   * no notices.
   */
  contact?: string | null;
};

/**
 * The answer of signing up or in: the account's token for this device.
 */
export type SignedIn = {
  /**
   * The account's name.
   */
  name: string;
  /**
   * The account's token for this device (`acct_` and 64 hexadecimal
   * digits), shown once: `Authorization: Bearer` for the account's
   * routes, and in place of a seat's credential for every seat the
   * account holds (`leave`, `cancel`, `rematch`, the WebSocket's
   * `token`). `DELETE /api/v1/sessions` ends it.
   */
  token: string;
};

export type SimpleOp = "hint" | "ping" | "sync";

/**
 * The match status every client sees.
 */
export type Status = "open" | "playing" | "finished" | "cancelled";

/**
 * A match as the lobby shows it: nothing secret (no cards; the seed only
 * when the creator chose it, so that every seat knows what the creator
 * knows).
 */
export type Summary = {
  /**
   * Seconds since the Unix epoch.
   */
  created: number;
  /**
   * When the match finished or was cancelled (seconds since the Unix
   * epoch).
   */
  ended?: number | null;
  /**
   * The match id.
   */
  id: string;
  /**
   * Whether the Metropolys cards are in play.
   */
  metropolys_cards: boolean;
  /**
   * Actions accepted so far.
   */
  move: number;
  /**
   * 2 to 4.
   */
  players: number;
  /**
   * Whether the match is private: joining it needs its invite, and the
   * lobby does not list it.
   */
  private: boolean;
  /**
   * The id of this match's rematch, once one was created.
   */
  rematch?: string | null;
  /**
   * The seats.
   */
  seats: SeatStatus[];
  /**
   * The seed, when the creator chose it: with it anyone can compute
   * every seat's cards, so it is shown to all.
   */
  seed?: number | null;
  /**
   * The status.
   */
  status: Status;
  /**
   * The turn timer in seconds.
   */
  turn_seconds?: number | null;
  /**
   * `family` or `expert`.
   */
  variant: Variant;
};

/**
 * The turn timer played for a seat.
 */
export type TimedOut = {
  /**
   * The move the greedy bot played for it.
   */
  move: number;
  /**
   * The seat whose time ran out.
   */
  seat: Seat;
};

/**
 * `update`: what a client may know after a change.
 */
export type Update = {
  /**
   * In the update sent to the socket whose submission made this change:
   * the move and action accepted (committed before this message left).
   */
  accepted?: Move | null;
  /**
   * Milliseconds left to the seat to act, with a turn timer (absent
   * while no human seat has a socket open: the timer waits for them).
   */
  deadline_ms?: number | null;
  /**
   * Core's events since this client's last update (on connecting: since
   * `since`, or every event of the game).
   */
  events: Events;
  /**
   * The legal action ids when this seat is to act (and the match is
   * playing), else empty.
   */
  legal: number[];
  /**
   * The match id.
   */
  match: string;
  /**
   * Actions accepted so far.
   */
  move: number;
  /**
   * The id of this match's rematch, once one was created.
   */
  rematch?: string | null;
  /**
   * Core's score sheets, once the game is over.
   */
  scores?: ScoreSheets | null;
  /**
   * The seats.
   */
  seats: SeatStatus[];
  /**
   * The match status.
   */
  status: Status;
  /**
   * When the turn timer made this change: whose time ran out.
   */
  timed_out?: TimedOut | null;
  /**
   * The seat's view (core's `State::view_snapshot`, docs/records.md's state
   * shape; the other seats' objectives and Metropolys cards null until
   * the game is over, R-21), or for a spectator, and for every seat
   * before the match starts, the public view; both name the match's
   * public `metropolys_deck` when it deals from one (R-22).
   */
  view: View;
  /**
   * The winners, once the game is over.
   */
  winners?: Seat[] | null;
};

/**
 * The variant.
 */
export type Variant = "family" | "expert";

/**
 * Core's view of a state (metropolys_core::Snapshot, docs/records.md).
 */
export type View = Engine.Snapshot;

/**
 * `welcome`: the first message on every socket.
 */
export type Welcome = {
  /**
   * A private match's invite, to a seat's socket (never a spectator's):
   * a player who moved to another device with their credential can
   * still invite others.
   */
  invite?: string | null;
  /**
   * The match id.
   */
  match: string;
  /**
   * The protocol version (1).
   */
  protocol: number;
  /**
   * The seat of this socket's credential, or null for a spectator.
   */
  seat: SeatOrNull;
};
