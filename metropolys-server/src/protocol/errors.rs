//! Every error the server sends, with its HTTP status.

use metropolys_core::RuleError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Every error the server sends, as the `code` of an error object
/// (`{"type": "error", "code": …, "message": …}` on a WebSocket,
/// `{"error": {"code": …, "message": …}}` over HTTP). The doc comment of
/// each code is its row in docs/server.md's table of errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message or body is not JSON.
    BadJson,
    /// JSON of the wrong shape: not an object, a missing, unknown or
    /// repeated field, a wrong type, a number out of range (`move` beyond
    /// 2^63−1, `action` beyond 64 bits, a non-integer), a binary WebSocket
    /// message, a `since` that is not a move number; a `name` or chat
    /// `text` out of bounds or with control characters; a `name` with an
    /// invisible or format character (Unicode's Cf, or a
    /// Default_Ignorable_Code_Point: zero-width spaces and joiners, soft
    /// hyphens, Hangul fillers, variation selectors), or one that would
    /// pass for another seat (another seat's holder's, or the name of the
    /// player a seat of a rematch is kept for, compared after NFKC,
    /// ignoring case and confusable look-alikes of UTS #39; a seat
    /// colour's name in a language of the
    /// catalogues), `message` saying which; an `invite` for a public
    /// match; a malformed `X-Forwarded-For` from a trusted proxy; a
    /// review's query parameter other than one `preset`.
    BadMessage,
    /// A WebSocket message whose `op` is not `act`, `chat`, `hint`, `ping`
    /// or `sync`.
    UnknownOp,
    /// A submission for a past move that is not the seat's own action
    /// there.
    StaleMove,
    /// A submission for a move the game has not reached.
    FutureMove,
    /// The rules refuse the action; `rule` names the ruling: `R-8` not this
    /// seat's turn, `R-17` the game is over, `§8` an unknown action id
    /// (below 0 or above 715), `R-7`/`R-9`/`R-2`/… an illegal bid or pass;
    /// `message` is core's.
    IllegalAction,
    /// A submission or a chat message before every human seat was taken
    /// (the chat opens when the match starts).
    NotStarted,
    /// A spectator asked to act, for a hint or to chat.
    Spectator,
    /// A hint asked by a seat that is not to act (`rule` `R-8`).
    NotToAct,
    /// Over `--rate` for this credential or spectator socket (the message
    /// is dropped), over the chat's rates (5 messages in 10 seconds per
    /// credential, 10 per client address, 20 per match: the message is
    /// dropped), over `--http-rate` for this address, or over
    /// `--connections-per-address` for a client behind a trusted proxy; a
    /// review to compute while 4 others are computed or wait for the bot
    /// pool (`Retry-After` says when to try again).
    RateLimited,
    /// The store failed, or the server is stopping; nothing changed. A
    /// review that failed, or that the server's stopping ended.
    Internal,
    /// `leave`, `rematch` or `cancel` without a credential.
    Unauthorized,
    /// A credential that holds no seat of this match (WebSocket, `leave`,
    /// `rematch`, `cancel`), or a socket whose credential no longer holds
    /// its seat (the seat was given up: the socket closes, 1008).
    Forbidden,
    /// `join` of a private match without its invite, or with a wrong one
    /// (the same answer either way).
    InviteRequired,
    /// No such match, seat or path.
    NotFound,
    /// The HTTP method is not allowed on this path.
    MethodNotAllowed,
    /// `join` of a taken seat; `rematch` when the caller's seat of the
    /// rematch was given up and someone else took it.
    SeatTaken,
    /// `join` of a free seat of a started match from a client address (an
    /// IPv6 /56) whose client holds another seat of it: a player may not
    /// take a second seat and read its cards. A machine's own clients
    /// (loopback: hot-seat at one computer) are not held to it.
    SeatHeldHere,
    /// `join` of a seat of a rematch that is reserved for the player who
    /// held it when the previous game ended (they take it with `rematch`).
    SeatReserved,
    /// `join` of a bot's seat.
    BotSeat,
    /// `join` without a seat when every human seat is taken or reserved.
    MatchFull,
    /// `join`, `leave` or `cancel` of a match that is over (finished or
    /// cancelled: its seats stay with those who held them at the end), a
    /// `rematch` whose rematch was cancelled, or a submission or chat
    /// message to a cancelled match.
    MatchOver,
    /// `cancel` of a playing match that another player has not abandoned:
    /// their socket is open, or was within `--abandon-seconds`.
    NotAbandoned,
    /// The configuration is refused (players, variant, start player, deck;
    /// `rule` names the ruling, e.g. `R-1`), not one seat per player, or no
    /// human seat.
    BadConfig,
    /// A seat's bot spec is refused: unknown kind, bad parameters, a
    /// `seed`, `seconds`, `threads` or `tree_edges` over the server's
    /// limits; a review's `preset` other than `beginner`, `casual` or
    /// `strong` (`expert` costs too much for a public server).
    BadBot,
    /// The record of a game that is neither over nor cancelled, the
    /// review of a game not played to its end (open, playing or
    /// cancelled), or a `rematch` of a match that is not finished.
    NotFinished,
    /// No longer sent: a match's chat once held at most 1000 messages,
    /// then refused everyone's; now it never fills (the server keeps its
    /// last 50 messages and drops older ones).
    ChatFull,
    /// The server holds `--max-matches` unfinished matches.
    TooManyMatches,
    /// A `create`, `join` or `rematch` of a client address (an IPv6 /56)
    /// that already has `--open-per-address` matches waiting: matches it
    /// created or joined that are open, or started with nobody moving for
    /// `--open-seconds`.
    TooManyOpenMatches,
    /// The match has `--max-sockets` spectators' sockets (to a
    /// spectator), or the seat's holder has 8 sockets open on it (to a
    /// seat's socket): sent once, then the socket closes (1013).
    /// Spectators and seats are counted apart.
    TooManySockets,
    /// A request body over 16 KiB. A body of up to 1 MiB is read and
    /// dropped, and the connection serves on; a larger one closes it
    /// (`Connection: close`).
    TooLarge,
    /// A `create` or `join` whose body is not sent as
    /// `Content-Type: application/json` (what a cross-site form could
    /// send).
    UnsupportedMediaType,
    /// An `Origin` that is neither this server's (the `Host` of the
    /// request) nor one of `--origin`: a page of another site.
    ForbiddenOrigin,
    /// A `Host` that is not an IP address, `localhost` or the host of an
    /// `--origin` (a DNS-rebinding page).
    UnknownHost,
    /// A WebSocket path asked for without the WebSocket upgrade headers.
    UpgradeRequired,
}

impl ErrorCode {
    /// The HTTP status of this error (WebSocket-only errors: 409).
    pub fn status(self) -> u16 {
        use ErrorCode::*;
        match self {
            BadJson | BadMessage | UnknownOp | BadConfig | BadBot => 400,
            Unauthorized => 401,
            Forbidden | ForbiddenOrigin | InviteRequired => 403,
            NotFound => 404,
            MethodNotAllowed => 405,
            StaleMove | FutureMove | IllegalAction | NotStarted | Spectator | NotToAct
            | SeatTaken | SeatHeldHere | SeatReserved | BotSeat | MatchFull | MatchOver
            | NotAbandoned | NotFinished | ChatFull => 409,
            TooLarge => 413,
            UnsupportedMediaType => 415,
            UnknownHost => 421,
            UpgradeRequired => 426,
            RateLimited | TooManyOpenMatches => 429,
            Internal => 500,
            TooManyMatches | TooManySockets => 503,
        }
    }

    /// Whether the error is sent only on a WebSocket (its HTTP status is
    /// never used).
    pub fn websocket_only(self) -> bool {
        use ErrorCode::*;
        matches!(
            self,
            UnknownOp
                | StaleMove
                | FutureMove
                | IllegalAction
                | NotStarted
                | Spectator
                | NotToAct
                | ChatFull
                | TooManySockets
        )
    }
}

/// An error as the server sends it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ProtoError {
    /// What kind of error.
    pub code: ErrorCode,
    /// In words, for people.
    pub message: String,
    /// The ruling an `illegal_action`, `not_to_act` or `bad_config` names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The current move number, for move errors.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub current_move: Option<u64>,
}

impl ProtoError {
    /// An error without a ruling.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
            rule: None,
            current_move: None,
        }
    }

    /// The rules' refusal of an action.
    pub fn rule(e: &RuleError) -> ProtoError {
        ProtoError {
            code: ErrorCode::IllegalAction,
            message: e.to_string(),
            rule: Some(metropolys_core::Rules(e.rule()).to_string()),
            current_move: None,
        }
    }

    /// The store failed (the failure is logged, not sent).
    pub fn store(e: impl std::fmt::Display) -> ProtoError {
        tracing::error!("store: {e}");
        ProtoError::new(ErrorCode::Internal, "the store failed; nothing changed")
    }

    /// With the current move number.
    pub fn at(mut self, current: u64) -> ProtoError {
        self.current_move = Some(current);
        self
    }
}

impl std::fmt::Display for ProtoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

impl std::error::Error for ProtoError {}

/// At most 40 characters of client text in an error message.
pub fn shorten(s: &str) -> String {
    if s.len() <= 40 {
        return s.to_string();
    }
    let mut cut = 40;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}…", &s[..cut])
}
