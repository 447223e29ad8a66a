//! The game state: an immutable value. Applying an action returns a new state
//! and leaves the old one untouched.
//!
//! This module only gathers its parts, one concern each (and re-exports
//! them: `metropolys_core::state::State` and the rest):
//!
//! * `value`: the [`State`] struct, setup and queries (who acts, the board,
//!   the supplies, the scores);
//! * `legal`: legality (R-7 … R-10): [`State::check`], [`State::is_legal`],
//!   [`LegalMoves`], the legal actions and the random legal action;
//! * `transition`: applying an action (R-8 … R-17), with or without
//!   events: [`State::apply`], [`State::play`];
//! * `playout`: [`play_random`], the random game played in registers (a
//!   fast path, checked against `transition` by a property test);
//! * `snapshot`: [`Snapshot`], the plain-data form of states and views
//!
//! * `validate`: loading a snapshot, checking the invariants below;
//! * `secrets`: what a seat may not see erased or replaced.
//!
//! ## Reachable states
//!
//! A state is *reachable* when it satisfies every invariant below; these are
//! what `State::from_json` and [`State::try_from`] (and so C, Python and
//! unpickling) check, in this order, answering the first one broken as a
//! [`StateError`](crate::StateError) whose [`invariant`](crate::StateError::invariant)
//! is the name here. Every state reached by legal play satisfies them all
//! (property-tested); `docs/states.md` explains each.
//!
//! * **I0** configuration: 2–4 players, districts out of play,
//!   objectives and Metropolys cards per R-22 (a `ConfigError`).
//! * **I1** whole: `viewer` is null and nothing is hidden.
//! * **I2** per-seat lists have one entry per seat.
//! * **I3** buildings: in play, a real seat and number 1–13, one per
//!   neighborhood, each number at most once per seat.
//! * **I4** tokens lie only on free-of-buildings, in-play, non-blind-alley
//!   neighborhoods.
//! * **I5** tokens on the board plus tokens taken are the pool of R-3.
//! * **I6** each district in play holds at most the tokens R-4 places there,
//!   and the missing ones are no more than its constructed neighborhoods
//!   that can have held one.
//! * **I7** the tokens each seat took can be assigned to neighborhoods it
//!   constructed, district by district.
//! * **I8** the subway card is held exactly when a subway token was taken,
//!   by a seat with the most of them; the archaeology card likewise by
//!   a seat with at least one.
//! * **I9** the bids of the call name seats, at most 13, and each is legal
//!   after those before it.
//! * **I10** the bids, passes and seat to act follow clockwise play from the
//!   call's opener: between two bids, and up to the seat to act, every seat
//!   reached passed (by choice or forced, R-8, R-10, R-11); the seats marked
//!   as passed are exactly those; the call has not ended. A finished
//!   game has no seat to act, no bids, no passes.
//! * **I11** `game_over` holds exactly when one seat (and only one) has
//!   constructed all 13 buildings.
//! * **I12** the call number is the number of constructions, plus one while
//!   the game goes on.
//! * **I13** after the first call, the call's opener has constructed a
//!   building (it won the call before, R-16).
//! * **I14** `supply` and `objective_counts` agree with the rest.
//!
//! These are necessary conditions of legal play, checked exactly; the order
//! in which the calls were won is not recorded in a state, so positions
//! that satisfy them all are accepted even if no particular history is
//! known for them.

mod legal;
mod playout;
mod secrets;
mod snapshot;
mod transition;
mod validate;
mod value;

#[cfg(test)]
mod tests;

pub use legal::LegalMoves;
pub use playout::play_random;
pub use snapshot::{Constructed, Snapshot, TokenCounts};
pub use value::State;
