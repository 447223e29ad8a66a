//! Game records: the shared language of engines, frontends and bug reports.
//!
//! ```json
//! {
//!   "format": "metropolys-record", "version": 1,
//!   "config": {"players": 3, "variant": "expert", "seed": 42},
//!   "actions": [
//!     {"player": 0, "action": {"bid": {"neighborhood": 12, "building": 3}}},
//!     {"player": 1, "action": "pass"}
//!   ],
//!   "expected": {"totals": [31, 24, 18], "winners": [0], "scores": ["..."]}
//! }
//! ```
//!
//! * `config` is a [`Config`](crate::Config): whatever it does not give is drawn from `seed`.
//! * `actions` are the decisions only; forced passes (R-11) are not written
//!   (the engine applies them), so a recorded pass for a seat that was not
//!   asked is an error (R-8).
//! * `expected` (optional) is checked against the position the actions reach:
//!   `game_over`, `totals`, `winners` and whole `scores` (score sheets with
//!   the category names of [`ScoreSheet`](crate::ScoreSheet)); each part may be omitted.
//! * `expected.error` (optional) turns the record into a rejection test: the
//!   last action (at `index`) must be rejected naming ruling `rule`, e.g.
//!   `{"index": 5, "rule": "R-9"}`; the other expected parts then describe the
//!   position before it (a rejected action changes nothing, §8).
//! * `description` and `rules` (optional) say what the record shows, for
//!   people and for conformance suites; replaying ignores them.
//! * `seats` (optional) says who played each seat ([`SeatPlayer`]: a
//!   person, with their name when known, or a bot with its parameters);
//!   replaying ignores it, loading checks its shape.
//!
//! [`Game`] (a game with its history) is defined in `crate::game` and
//! re-exported here: `metropolys_core::record::Game` is the path it had
//! when it lived in this module.

mod format;

pub use crate::game::Game;
pub use crate::seat_player::{SeatPlayer, SEAT_KIND_MAX, SEAT_NAME_MAX};
pub use format::{
    Expected, ExpectedError, Record, RecordError, RecordedAction, Replay, RECORD_FORMAT,
    RECORD_VERSION,
};
