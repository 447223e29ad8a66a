//! Accounts, "my games" and ratings on the wire: the requests and answers
//! of `/api/v1/accounts`, `/api/v1/sessions`, `/api/v1/account`,
//! `/api/v1/account/notices` and `/api/v1/leaderboard`, and the notices
//! the server posts (docs/server.md, "Accounts and ratings").

use super::messages::Summary;
use super::shapes::{SeatSchema, VariantSchema};
use metropolys_core::{Seat, Variant};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The schema roots of the accounts' REST bodies and answers, beside
/// [`ROOTS`](super::ROOTS).
pub const ACCOUNT_ROOTS: [&str; 9] = [
    "Credentials",
    "BindSeat",
    "SetNotices",
    "SignedIn",
    "AccountAnswer",
    "Bound",
    "Notices",
    "Leaderboard",
    "Notice",
];

/// `POST /api/v1/accounts` (a new account) and `POST /api/v1/sessions`
/// (signing in on a device): a name and a password.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name, shown at the tables and on the leaderboard: the
    /// rules of a player's name (1 to 24 characters, no invisible or
    /// format characters, not a seat colour's), and no other account's
    /// (ignoring case and look-alikes: `protocol::name_key`).
    pub name: String,
    /// The password: 8 to 256 bytes of UTF-8. The server keeps only its
    /// Argon2id hash.
    pub password: String,
}

/// `POST /api/v1/account/seats`: ties a seat this client holds to the
/// signed-in account (`Authorization: Bearer <account token>`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BindSeat {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat's credential, as `join` gave it.
    pub token: String,
}

/// `PUT /api/v1/account/notices`: where the account's notices go.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetNotices {
    /// What the server's notice relay (`--notify-url`) reads to reach the
    /// player: an e-mail address, a push topic, a chat handle, as the
    /// relay expects; 1 to 254 characters, no control characters. `null`:
    /// no notices.
    pub contact: Option<String>,
}

/// The answer of signing up or in: the account's token for this device.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SignedIn {
    /// The account's name.
    pub name: String,
    /// The account's token for this device (`acct_` and 64 hexadecimal
    /// digits), shown once: `Authorization: Bearer` for the account's
    /// routes, and in place of a seat's credential for every seat the
    /// account holds (`leave`, `cancel`, `rematch`, the WebSocket's
    /// `token`). `DELETE /api/v1/sessions` ends it.
    pub token: String,
}

/// `POST /api/v1/account/seats`: the seat now tied to the account.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Bound {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
}

/// A rating: Weng–Lin (a Bayesian approximation of the players' skill,
/// the algorithm of OpenSkill) per variant and number of players.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Rating {
    /// The variant.
    #[schemars(with = "VariantSchema")]
    pub variant: Variant,
    /// The number of players.
    pub players: u8,
    /// The skill's mean (25 to begin with).
    pub rating: f64,
    /// Its uncertainty (25/3 to begin with; it shrinks with each game).
    pub uncertainty: f64,
    /// What the leaderboard sorts by: `rating - 3 × uncertainty`, a skill
    /// the player has with 99.7 % confidence.
    pub score: f64,
    /// Rated games played.
    pub games: u32,
}

/// A match the account holds a seat in.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MyGame {
    /// The match, as the lobby lists it.
    pub summary: Summary,
    /// The account's seat.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// Whether the game waits for that seat.
    pub to_act: bool,
}

/// `GET /api/v1/account`: the signed-in account, its ratings and its games.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct AccountAnswer {
    /// The account's name.
    pub name: String,
    /// When it was made (seconds since the Unix epoch).
    pub created: i64,
    /// Its ratings, one per variant and number of players it has played
    /// rated games of.
    pub ratings: Vec<Rating>,
    /// The matches it holds a seat in, the games waiting for it first,
    /// then the latest tied first (at most 50).
    pub games: Vec<MyGame>,
    /// Where its notices go (`null`: none are sent).
    pub contact: Option<String>,
    /// Whether this server sends notices at all (`--notify-url`).
    pub notices: bool,
}

/// `PUT /api/v1/account/notices`: where the account's notices now go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Notices {
    /// The contact the notices carry (`null`: none are sent).
    pub contact: Option<String>,
    /// Whether this server sends notices at all (it was started with
    /// `--notify-url`).
    pub enabled: bool,
}

/// What the server posts to its notice relay (`--notify-url`, as JSON) when
/// a correspondence match waits for a seat whose holder is away and whose
/// account has a contact. At least once: a restart may send a notice again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Notice {
    /// What happened: `your_turn`.
    pub event: NoticeEvent,
    /// The account's name.
    pub account: String,
    /// The account's contact (`PUT /api/v1/account/notices`).
    pub contact: String,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The seat to act.
    #[schemars(with = "SeatSchema")]
    pub seat: Seat,
    /// The move number the game waits at.
    #[serde(rename = "move")]
    pub move_number: u64,
    /// When the turn timer runs out (seconds since the Unix epoch): then
    /// the server plays the seat's move (the greedy bot, as for every
    /// timed-out turn).
    pub deadline: i64,
    /// The match's page on this server, a path (`/#/match/<id>`): the
    /// relay puts its public origin before it.
    pub path: String,
}

/// Why a notice was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoticeEvent {
    /// A correspondence match waits for the account's seat.
    YourTurn,
}

/// One line of the leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LeaderboardEntry {
    /// Its place (1 first; equal scores share a place).
    pub rank: u32,
    /// The account's name, or the bot's spec.
    pub name: String,
    /// Whether this is a bot (rated where it sat at rated tables).
    pub bot: bool,
    /// The rating.
    pub rating: f64,
    /// Its uncertainty.
    pub uncertainty: f64,
    /// `rating - 3 × uncertainty`, what the board sorts by.
    pub score: f64,
    /// Rated games played.
    pub games: u32,
}

/// `GET /api/v1/leaderboard?variant=…&players=…`: the best 50.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Leaderboard {
    /// The variant.
    #[schemars(with = "VariantSchema")]
    pub variant: Variant,
    /// The number of players.
    pub players: u8,
    /// The entries, best first.
    pub entries: Vec<LeaderboardEntry>,
}
