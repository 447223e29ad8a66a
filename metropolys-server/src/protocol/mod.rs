//! The wire protocol (version [`PROTOCOL_VERSION`]), as types: every
//! message the server sends ([`ServerMessage`] on a WebSocket, the REST
//! answers beside it), every request a client makes ([`ClientRequest`],
//! [`CreateMatch`], [`JoinSeat`]; names and chat text checked by
//! [`player_name`] and [`chat_text`]), every error ([`ErrorCode`]), and the
//! JSON Schema generated from them ([`schema`]). `docs/server.md` is the
//! reference for client authors; its message and error tables are
//! generated from these types ([`doc_tables`]) and a test keeps them equal.

mod accounts;
mod close;
mod errors;
mod messages;
mod requests;
mod schema;
mod shapes;
mod text;
mod typescript;
mod version;

pub use accounts::{
    AccountAnswer, BindSeat, Bound, Credentials, Leaderboard, LeaderboardEntry, MyGame, Notice,
    NoticeEvent, Notices, Rating, SetNotices, SignedIn, ACCOUNT_ROOTS,
};
pub use close::{close_module, CloseReason};
pub use errors::{shorten, ErrorCode, ProtoError};
pub use messages::{
    Accepted, Chat, ChatEntry, Hint, HttpError, Info, Joined, Left, Limits, MatchAnswer, MatchList,
    Move, Presence, Rematch, SeatKind, SeatStatus, ServerMessage, Status, Summary, TimedOut,
    Update, Welcome,
};
pub use requests::{
    parse_client, parse_json, ClientRequest, CreateMatch, JoinSeat, CORRESPONDENCE_SECONDS,
    MAX_TURN_SECONDS,
};
pub use schema::{doc_tables, schema, ROOTS};
pub use text::{
    chat_text, is_color_name, name_key, player_name, CHAT_MAX_CHARS, NAME_MAX_BYTES, NAME_MAX_CHARS,
};
pub use typescript::typescript_module;
pub use version::PROTOCOL_VERSION;
