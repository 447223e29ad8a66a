//! The wire protocol (version [`PROTOCOL_VERSION`]): what clients send, what
//! the server answers, and every error it can send. `docs/server.md` is the
//! reference for client authors; this module is its implementation.

use metropolys_core::{Event, RuleError, ScoreSheet, Seat, Snapshot};
use serde::Serialize;
use serde_json::{Map, Value};

/// The protocol version: the `protocol` field of `GET /api/v1` and of every
/// `welcome` message, and the `v1` of every path.
pub const PROTOCOL_VERSION: u32 = 1;

/// Every error the server sends, as the `code` of an error object
/// (`{"type": "error", "code": …, "message": …}` on a WebSocket,
/// `{"error": {"code": …, "message": …}}` over HTTP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message or request body is not JSON (400).
    BadJson,
    /// JSON of the wrong shape: a missing or unknown field, a value of the
    /// wrong type, a number out of range (400).
    BadMessage,
    /// A WebSocket message whose `op` the server does not know.
    UnknownOp,
    /// A submission for a move number older than the current one that is not
    /// a repeat of the seat's accepted action at that move.
    StaleMove,
    /// A submission for a move number the game has not reached.
    FutureMove,
    /// The rules refuse the action; `rule` names the ruling (R-8 not this
    /// seat's turn, R-17 the game is over, §8 an unknown action id, …).
    IllegalAction,
    /// The match waits for its human seats to be taken: nobody acts yet.
    NotStarted,
    /// A spectator asked to act or for a hint.
    Spectator,
    /// A hint was asked by a seat that is not to act.
    NotToAct,
    /// Too many messages or requests for this credential (or address); the
    /// message was dropped (429 over HTTP).
    RateLimited,
    /// The store failed; the action was not applied (500).
    Internal,
    /// No credential was given where one is needed (401).
    Unauthorized,
    /// The credential is not one of this match's seats (403).
    Forbidden,
    /// No such match, seat or path (404).
    NotFound,
    /// The seat is taken (409).
    SeatTaken,
    /// The seat is a bot's: nobody can join it (409).
    BotSeat,
    /// Every human seat of the match is taken (409).
    MatchFull,
    /// The match configuration is refused; `rule` names the ruling when
    /// one applies (400).
    BadConfig,
    /// A seat's bot spec is refused (unknown kind, bad parameters, a budget
    /// above the server's limit) (400).
    BadBot,
    /// The game is not over: its record (which holds the seed) is not
    /// given out yet (409).
    NotFinished,
    /// The server holds its maximum of unfinished matches (503).
    TooManyMatches,
    /// The match has its maximum of open sockets (503).
    TooManySockets,
    /// The request body is larger than the server accepts (413).
    TooLarge,
    /// The HTTP method is not allowed on this path (405).
    MethodNotAllowed,
}

impl ErrorCode {
    /// The HTTP status of this error.
    pub fn status(self) -> u16 {
        use ErrorCode::*;
        match self {
            BadJson | BadMessage | UnknownOp | BadConfig | BadBot => 400,
            Unauthorized => 401,
            Forbidden => 403,
            NotFound => 404,
            MethodNotAllowed => 405,
            StaleMove | FutureMove | IllegalAction | NotStarted | Spectator | NotToAct
            | SeatTaken | BotSeat | MatchFull | NotFinished => 409,
            TooLarge => 413,
            RateLimited => 429,
            Internal => 500,
            TooManyMatches | TooManySockets => 503,
        }
    }
}

/// An error as the server sends it.
#[derive(Debug, Clone, PartialEq, Serialize)]
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

    /// With the current move number.
    pub fn at(mut self, current: u64) -> ProtoError {
        self.current_move = Some(current);
        self
    }

    /// The WebSocket form: `{"type": "error", …}`.
    pub fn to_ws(&self) -> String {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("type".into(), Value::from("error"));
        }
        v.to_string()
    }

    /// The HTTP body: `{"error": {…}}`.
    pub fn to_http(&self) -> String {
        serde_json::json!({ "error": self }).to_string()
    }
}

impl std::fmt::Display for ProtoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.code, self.message)
    }
}

impl std::error::Error for ProtoError {}

/// What a client sends over its WebSocket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientMessage {
    /// `{"move": n, "action": id}` (or with `"op": "act"`): play action `id`
    /// at move `n`, the move number of the last update the client saw.
    Act {
        /// The move number the client saw.
        move_number: u64,
        /// The action id (0–715).
        action: i64,
    },
    /// `{"op": "hint"}`: the greedy bot's choice for this seat.
    Hint,
    /// `{"op": "ping"}`: answered with `{"type": "pong"}`.
    Ping,
    /// `{"op": "sync"}`: the current update again, with every event of the
    /// game.
    Sync,
}

/// Reads a client message strictly: JSON (else `bad_json`), an object with
/// known fields of the right types (else `bad_message`), a known `op` (else
/// `unknown_op`).
pub fn parse_client(text: &str) -> Result<ClientMessage, ProtoError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| ProtoError::new(ErrorCode::BadJson, format!("not JSON: {e}")))?;
    let Value::Object(m) = v else {
        return Err(ProtoError::new(
            ErrorCode::BadMessage,
            "a message is a JSON object",
        ));
    };
    let op = match m.get("op") {
        None => "act",
        Some(Value::String(s)) => s.as_str(),
        Some(_) => {
            return Err(ProtoError::new(
                ErrorCode::BadMessage,
                "op must be a string",
            ))
        }
    };
    let only = |allowed: &[&str]| -> Result<(), ProtoError> {
        match m.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(k) => Err(ProtoError::new(
                ErrorCode::BadMessage,
                format!("unknown field {:?} in an {op:?} message", shorten(k)),
            )),
            None => Ok(()),
        }
    };
    match op {
        "act" => {
            only(&["op", "move", "action"])?;
            let move_number = integer(&m, "move", 0, i64::MAX)? as u64;
            let action = integer(&m, "action", i64::MIN, i64::MAX)?;
            Ok(ClientMessage::Act {
                move_number,
                action,
            })
        }
        "hint" => only(&["op"]).map(|_| ClientMessage::Hint),
        "ping" => only(&["op"]).map(|_| ClientMessage::Ping),
        "sync" => only(&["op"]).map(|_| ClientMessage::Sync),
        other => Err(ProtoError::new(
            ErrorCode::UnknownOp,
            format!(
                "unknown op {:?}; expected act, hint, ping or sync",
                shorten(other)
            ),
        )),
    }
}

/// A required integer field within `lo..=hi`.
fn integer(m: &Map<String, Value>, name: &str, lo: i64, hi: i64) -> Result<i64, ProtoError> {
    let v = m
        .get(name)
        .ok_or_else(|| ProtoError::new(ErrorCode::BadMessage, format!("missing field {name:?}")))?;
    match v.as_i64() {
        Some(x) if (lo..=hi).contains(&x) => Ok(x),
        _ => Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "{name} must be an integer from {lo} to {hi}, not {}",
                shorten(&v.to_string())
            ),
        )),
    }
}

/// At most 40 characters of client text in an error message.
pub(crate) fn shorten(s: &str) -> String {
    if s.len() <= 40 {
        return s.to_string();
    }
    let mut cut = 40;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}…", &s[..cut])
}

/// One seat as every client sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatStatus {
    /// `"human"` or `"bot"`.
    pub kind: &'static str,
    /// The bot spec, for a bot seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// Whether a person holds the seat's credential (bots: always).
    pub taken: bool,
    /// Whether a client of the seat is connected (bots: always).
    pub connected: bool,
}

/// The match status every client sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for its human seats.
    Open,
    /// Being played.
    Playing,
    /// Over.
    Finished,
}

/// `{"type": "update", …}`: what a client may know after a change.
#[derive(Debug, Clone, Serialize)]
pub struct Update<'a> {
    /// Always `"update"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: &'a str,
    /// The move number: actions accepted so far.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The match status.
    pub status: Status,
    /// The client's view: its seat's view, or for a spectator the
    /// public view (`viewer` null and every objective and Metropolys card
    /// null until the game is over).
    pub view: &'a Snapshot,
    /// The legal action ids, when it is this client's seat to act.
    pub legal: Vec<u16>,
    /// The events since the client's last update, in order.
    pub events: Vec<&'a Event>,
    /// The seats.
    pub seats: &'a [SeatStatus],
    /// Milliseconds left for the seat to act, when the match has a turn
    /// timer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// The score sheets, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<&'a [ScoreSheet]>,
    /// The winners, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winners: Option<&'a [Seat]>,
}
