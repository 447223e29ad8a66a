//! # metropolys-core
//!
//! The reference rules engine for the board game *Metropolys* (Sébastien
//! Pauchon, Ystari 2008): Family and Expert games for 2–4 players, with the
//! optional Metropolys cards. Rulings cited as `R-x` (and sections `§x`)
//! refer to the project's rules reference, `docs/rules.md` in the repository
//! (<https://github.com/metropolys/metropolys/blob/main/docs/rules.md>).
//!
//! * [`board`]: the board as compiled-in tables (adjacency is a bitset).
//! * [`Config`] → [`Setup`] (R-1 … R-6, drawn from a seed by [`rng`]).
//! * [`State`]: an immutable, `Copy` value. [`State::apply`] returns the next
//!   state and the [`Event`]s; [`State::play`] is the event-free fast path.
//! * [`Action`] with a fixed integer action space ([`Action::id`]).
//! * [`scoring`]: score sheets ([`sheet`]) per category (§4, §5, §9),
//!   exact expert area maxima (R-19), winners (R-20).
//! * [`Game::view`], [`Game::public_view`]: what one player, or a spectator,
//!   may see (R-21), as games ([`Game::perspective`] says whose).
//! * [`record`]: game records; [`Game`]: a state with its history, the
//!   game both bindings wrap.
//! * [`svg`]: the board as an SVG picture.
//! * [`text`]: the board as fixed-width text, and actions parsed from text.
//! * `strategies` (feature `proptest`): proptest strategies for
//!   configurations and legal game prefixes.
//!
//! * [`json`]: every loader and writer of JSON, and the catch-all [`Error`].
//!
//! The crate is pure: no I/O, no global state, no `unsafe`. Its modules
//! depend on each other in one direction, in layers (docs/architecture.md).
//!
//! ## A whole game
//!
//! ```
//! use metropolys_core::{rng::SplitMix64, Config, State, Variant};
//!
//! let mut state = State::new(&Config::new(4, Variant::Expert, 2008)).unwrap();
//! let mut rng = SplitMix64::new(1);
//! let mut calls_won = 0;
//! while let Some(seat) = state.to_act() {
//!     let legal = state.legal_actions();
//!     assert!(!legal.is_empty()); // R-11: a seat asked to act can always bid
//!     let action = legal[rng.below(legal.len() as u64) as usize];
//!     let (next, events) = state.apply(action).unwrap();
//!     calls_won += events
//!         .iter()
//!         .filter(|e| matches!(e, metropolys_core::Event::Constructed { .. }))
//!         .count();
//!     state = next;
//!     let _ = seat;
//! }
//! let scores = state.scores();
//! let winners = state.winners();
//! assert_eq!(calls_won, state.call_number() as usize); // one building per call
//! assert!(winners.iter().all(|&w| scores[w as usize].total == scores.iter().map(|s| s.total).max().unwrap()));
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

// The modules, bottom layer first; each imports only modules of the
// layers above it in this list (docs/architecture.md; `scripts/module-graph`
// checks that no import cycle comes back).
//
// L0: vocabulary, bits, random numbers, the board, the echo of refused
// values.
pub mod bits;
pub mod board;
pub mod echo;
pub mod rng;
pub mod types;
// L1: the errors of the rules, score sheets, strict JSON shapes.
mod error_kinds;
pub mod sheet;
mod strict;
// L2: actions and events, setup, scoring.
pub mod action;
pub mod config;
pub mod scoring;
// L3: the scoring rules in words; the state (struct and queries, legality,
// transitions, the playout, snapshots, validation, secrets).
pub mod explain;
pub mod state;
// L4: records (and who played each seat), the game with its history, how
// each seat stands (where its cards score, its running score), pictures
// and text.
pub mod game;
pub mod record;
mod seat_player;
pub mod standing;
pub mod svg;
pub mod text;
// L5: JSON loading and writing with the catch-all error; proptest strategies.
pub mod json;
#[cfg(feature = "proptest")]
pub mod strategies;

/// Typed errors. Each names the rulings it enforces (`R-x` from
/// docs/rules.md, as [`Rule`] values), and an operation that fails never
/// changes any state. The catch-all [`Error`], which bindings
/// map to codes and exceptions, is defined with the JSON loaders (it covers
/// records too); the errors of records are [`RecordError`].
pub mod error {
    pub use crate::error_kinds::{ActionError, ConfigError, RuleError, StateError, TurnOrder};
    pub use crate::json::Error;
}

pub use action::{Action, Bid, Event};
pub use config::{Config, Setup};
pub use error::{ActionError, ConfigError, Error, RuleError, StateError, TurnOrder};
pub use game::{Game, HistoryError, PartsError, Perspective};
pub use record::{ExpectedError, Record, RecordError, RecordedAction, SeatPlayer};
pub use scoring::Holdings;
pub use sheet::{Categories, ScoreSheet, Totals};
pub use state::{play_random, Constructed, LegalMoves, Snapshot, State, TokenCounts};
pub use text::ParseActionError;
pub use types::{
    max_decisions, Area, BuildingNumber, Card, District, Kind, MetropolysCard, NeighborhoodId,
    Objective, ParseNameError, Rule, Rules, Seat, SecretCard, Size, Token, Variant,
    BUILDINGS_PER_PLAYER, MAX_PLAYERS, METROPOLYS_CARDS, MIN_PLAYERS, NEIGHBORHOOD_COUNT,
    PLAYER_COUNTS,
};
