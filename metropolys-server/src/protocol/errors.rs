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
    /// message, a `since` that is not a move number.
    BadMessage,
    /// A WebSocket message whose `op` is not `act`, `hint`, `ping` or
    /// `sync`.
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
    /// A submission before every human seat was taken.
    NotStarted,
    /// A spectator asked to act or for a hint.
    Spectator,
    /// A hint asked by a seat that is not to act (`rule` `R-8`).
    NotToAct,
    /// Over `--rate` for this credential or spectator socket (the message
    /// is dropped), or over `--http-rate` for this address.
    RateLimited,
    /// The store failed, or the server is stopping; nothing changed.
    Internal,
    /// `leave` without a credential.
    Unauthorized,
    /// A credential that holds no seat of this match (WebSocket or
    /// `leave`), or a socket whose credential no longer holds its seat (the
    /// seat was given up: the socket closes, 1008).
    Forbidden,
    /// No such match, seat or path.
    NotFound,
    /// The HTTP method is not allowed on this path.
    MethodNotAllowed,
    /// `join` of a taken seat.
    SeatTaken,
    /// `join` of a bot's seat.
    BotSeat,
    /// `join` without a seat when every human seat is taken.
    MatchFull,
    /// `join` of a match that is over (finished, or cancelled because
    /// nobody joined it in time).
    MatchOver,
    /// The configuration is refused (players, variant, start player, deck;
    /// `rule` names the ruling, e.g. `R-1`), not one seat per player, or no
    /// human seat.
    BadConfig,
    /// A seat's bot spec is refused: unknown kind, bad parameters, a
    /// `seed`, `seconds`, `threads` or `tree_edges` over the server's
    /// limits.
    BadBot,
    /// The record of a game that is not over.
    NotFinished,
    /// The server holds `--max-matches` unfinished matches.
    TooManyMatches,
    /// This client address already has `--open-per-address` open matches
    /// that nobody else joined yet.
    TooManyOpenMatches,
    /// The match has `--max-sockets` sockets: sent once, then the socket
    /// closes (1013).
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
            Forbidden | ForbiddenOrigin => 403,
            NotFound => 404,
            MethodNotAllowed => 405,
            StaleMove | FutureMove | IllegalAction | NotStarted | Spectator | NotToAct
            | SeatTaken | BotSeat | MatchFull | MatchOver | NotFinished => 409,
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
