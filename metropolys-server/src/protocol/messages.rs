//! What the server sends: every WebSocket message as one enum
//! ([`ServerMessage`]), and the REST answers.

use super::errors::ProtoError;
use super::shapes::{CoreEvents, CoreScores, CoreView, SeatOrNull, SeatSchema, VariantSchema};
use metropolys_core::{Event, ScoreSheet, Seat, Snapshot, Variant};
use schemars::JsonSchema;
use serde::Serialize;

/// Every message the server sends on a WebSocket: a JSON object whose
/// `type` names the variant.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first message on every socket.
    Welcome(Welcome),
    /// After every change, and on connecting: what this client may know.
    Update(Box<Update>),
    /// A repeat of an action already applied: nothing changed (an action
    /// that changes the game is acknowledged by the `accepted` field of the
    /// mover's update).
    Accepted(Accepted),
    /// A seat connected, disconnected, was taken or given up.
    Presence(Presence),
    /// The `strong` bot's choice for this seat (the same for a move however
    /// often it is asked).
    Hint(Hint),
    /// The answer to `{"op": "ping"}`.
    Pong,
    /// Chat: after the first update on connecting, the match's last 50
    /// messages (none: not sent); then each new message, to every socket of
    /// the match.
    Chat(Chat),
    /// The rematch of this match was created: every socket still on it is
    /// told once (a socket connecting later finds `rematch` in its update
    /// and the summary).
    Rematch(Rematch),
    /// A request was refused; nothing changed.
    Error(ProtoError),
}

/// `welcome`: the first message on every socket.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Welcome {
    /// The protocol version (1).
    pub protocol: u32,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat of this socket's credential, or null for a spectator.
    #[schemars(with = "SeatOrNull")]
    pub seat: Option<Seat>,
    /// A private match's invite, to a seat's socket (never a spectator's):
    /// a player who moved to another device with their credential can
    /// still invite others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// A move and the action played at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Move {
    /// The move number (from 0).
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The action id (0–715).
    pub action: u16,
}

/// The turn timer played for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TimedOut {
    /// The seat whose time ran out.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// The move the greedy bot played for it.
    #[serde(rename = "move")]
    pub move_number: u64,
}

/// `update`: what a client may know after a change.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Update {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// Actions accepted so far.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The match status.
    pub status: Status,
    /// The seat's view (core's `State::view_snapshot`, docs/records.md's state
    /// shape; the other seats' objectives and Metropolys cards null until
    /// the game is over, R-21), or for a spectator, and for every seat
    /// before the match starts, the public view; both name the match's
    /// public `metropolys_deck` when it deals from one.
    #[schemars(with = "CoreView")]
    pub view: Snapshot,
    /// The legal action ids when this seat is to act (and the match is
    /// playing), else empty.
    pub legal: Vec<u16>,
    /// Core's events since this client's last update (on connecting: since
    /// `since`, or every event of the game).
    #[schemars(with = "CoreEvents")]
    pub events: Vec<Event>,
    /// The seats.
    pub seats: Vec<SeatStatus>,
    /// Milliseconds left to the seat to act, with a turn timer (absent
    /// while no human seat has a socket open: the timer waits for them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// Core's score sheets, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<CoreScores>")]
    pub scores: Option<Vec<ScoreSheet>>,
    /// The winners, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Vec<SeatSchema>>")]
    pub winners: Option<Vec<Seat>>,
    /// In the update sent to the socket whose submission made this change:
    /// the move and action accepted (committed before this message left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted: Option<Move>,
    /// When the turn timer made this change: whose time ran out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timed_out: Option<TimedOut>,
    /// The id of this match's rematch, once one was created.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

/// `chat`: messages of the match's chat, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Chat {
    /// The messages (at least one).
    pub messages: Vec<ChatEntry>,
}

/// One chat message. Its text is as the player typed it (trimmed): show
/// it as text, never as markup.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ChatEntry {
    /// Its number in the match's chat, from 0.
    pub n: u64,
    /// The seat that wrote it.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// The name of the seat's holder when it was written, if they gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The text: one line, 1 to 300 characters.
    pub text: String,
    /// When it was written, in seconds since the Unix epoch.
    pub at: i64,
}

/// `rematch`: the rematch of this match was created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Rematch {
    /// The rematch's id: its seated players take their seats with `POST
    /// /api/v1/matches/{this match}/rematch`.
    #[serde(rename = "match")]
    pub match_id: String,
}

/// `accepted`: a repeated submission of an action already applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Accepted {
    /// The move number of the action.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The action id.
    pub action: u16,
    /// Always true: the action was applied before, not again.
    pub duplicate: bool,
}

/// `presence`: the seats, after one connected, disconnected, was taken or
/// given up.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Presence {
    /// The seats.
    pub seats: Vec<SeatStatus>,
}

/// `hint`: the `strong` bot's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Hint {
    /// The move it is for.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The action id.
    pub action: u16,
}

/// One seat as every client sees it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SeatStatus {
    /// `human` or `bot`.
    pub kind: SeatKind,
    /// The bot spec, for a bot seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// Whether a person holds the seat's credential (bots: always).
    pub taken: bool,
    /// Whether a socket of the seat is open (bots: always).
    pub connected: bool,
    /// The name its holder gave on joining, if any (public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// True for a free seat of a rematch kept for the player who held it
    /// when the previous game ended (absent otherwise): only they can take
    /// it, with `rematch`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserved: bool,
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with the seat's credential.
    Human,
    /// A bot of the bots crate.
    Bot,
}

/// The match status every client sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for its human seats.
    Open,
    /// Being played.
    Playing,
    /// Over: the final view and the record stay available.
    Finished,
    /// It will not be played (on): nobody joined it in time
    /// (`--open-seconds`), or a seated player cancelled it.
    Cancelled,
}

impl Status {
    /// Finished or cancelled: nothing more happens.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Finished | Status::Cancelled)
    }
}

/// A match as the lobby shows it: nothing secret (no cards; the seed only
/// when the creator chose it, so that every seat knows what the creator
/// knows).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Summary {
    /// The match id.
    pub id: String,
    /// 2 to 4.
    pub players: u8,
    /// `family` or `expert`.
    #[schemars(with = "VariantSchema")]
    pub variant: Variant,
    /// Whether the Metropolys cards are in play.
    pub metropolys_cards: bool,
    /// The status.
    pub status: Status,
    /// Actions accepted so far.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// The seats.
    pub seats: Vec<SeatStatus>,
    /// The turn timer in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<f64>,
    /// The seed, when the creator chose it: with it anyone can compute
    /// every seat's cards, so it is shown to all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// When the match finished or was cancelled (seconds since the Unix
    /// epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<i64>,
    /// Whether the match is private: joining it needs its invite, and the
    /// lobby does not list it.
    pub private: bool,
    /// The id of this match's rematch, once one was created.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

/// `GET /api/v1`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Info {
    /// The protocol version (1).
    pub protocol: u32,
    /// `metropolys-server` and its version.
    pub server: String,
    /// The bot kinds a seat may name.
    pub bots: Vec<String>,
    /// The server's limits.
    pub limits: Limits,
}

/// The limits a server enforces (its options).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Limits {
    /// `--max-matches`.
    pub max_matches: usize,
    /// `--open-per-address`.
    pub open_per_address: usize,
    /// `--open-seconds`.
    pub open_seconds: u64,
    /// `--keep-days`.
    pub keep_days: u64,
    /// `--bot-seconds`.
    pub bot_seconds: f64,
    /// `--bot-threads`.
    pub bot_threads: usize,
    /// `--bot-tree-mib`.
    pub bot_tree_mib: u64,
    /// `--idle-seconds`.
    pub idle_seconds: u64,
    /// `--rate`.
    pub rate: f64,
    /// `--burst`.
    pub burst: f64,
    /// `--http-rate`.
    pub http_rate: f64,
    /// `--max-message-bytes`.
    pub max_message_bytes: usize,
    /// The largest request body, in bytes.
    pub max_body_bytes: usize,
    /// `--max-sockets`: spectators' sockets per match.
    pub max_sockets: usize,
    /// `--max-connections`.
    pub max_connections: usize,
    /// `--connections-per-address`.
    pub connections_per_address: usize,
    /// `--abandon-seconds`.
    pub abandon_seconds: u64,
}

/// `GET /api/v1/matches`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MatchList {
    /// The unfinished matches (open and playing), newest first.
    pub matches: Vec<Summary>,
    /// Matches finished in the last `--keep-days` days, latest first (at
    /// most 50).
    pub finished: Vec<Summary>,
}

/// `POST /api/v1/matches` (201), `GET /api/v1/matches/{id}` and `POST
/// /api/v1/matches/{id}/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MatchAnswer {
    /// The match.
    #[serde(rename = "match")]
    pub summary: Summary,
    /// The invite of a private match (32 hexadecimal digits), in the
    /// answer to its creation only: joining needs it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// `POST /api/v1/matches/{id}/join` and `POST
/// /api/v1/matches/{id}/rematch`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Joined {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat taken.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// The seat's credential (64 hexadecimal digits), shown once; for a
    /// rematch, the credential the caller already holds.
    pub token: String,
    /// The match's seed when its creator chose it (see the summary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The invite of a private match: every seated player may invite
    /// others with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// `POST /api/v1/matches/{id}/leave`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Left {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat given up.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// Always true.
    pub left: bool,
}

/// Every HTTP error: `{"error": {…}}` with the status of its code.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HttpError {
    /// The error.
    pub error: ProtoError,
}

impl ServerMessage {
    /// Its `type` (`welcome`, `update`, …): what the log says of a message
    /// sent, never its content.
    pub fn kind(&self) -> &'static str {
        match self {
            ServerMessage::Welcome(_) => "welcome",
            ServerMessage::Update(_) => "update",
            ServerMessage::Accepted(_) => "accepted",
            ServerMessage::Presence(_) => "presence",
            ServerMessage::Hint(_) => "hint",
            ServerMessage::Pong => "pong",
            ServerMessage::Chat(_) => "chat",
            ServerMessage::Rematch(_) => "rematch",
            ServerMessage::Error(_) => "error",
        }
    }

    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        // Every field serialises (no maps with non-string keys, no
        // non-finite numbers that serde_json refuses to write).
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ProtoError {
    /// The WebSocket form: `{"type": "error", …}`.
    pub fn to_ws(&self) -> String {
        ServerMessage::Error(self.clone()).to_json()
    }

    /// The HTTP body: `{"error": {…}}`.
    pub fn to_http(&self) -> String {
        serde_json::to_string(&HttpError {
            error: self.clone(),
        })
        .unwrap_or_default()
    }
}
