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
//! * [`scoring`]: score sheets per category (§4, §5, §9), exact expert area
//!   maxima (R-19), winners (R-20).
//! * [`State::view`]: what one player may see (R-21).
//! * [`record`]: game records and [`Game`], a state with its history.
//! * [`svg`]: the board as an SVG picture.
//! * [`text`]: the board as fixed-width text, and actions parsed from text.
//! * `strategies` (feature `proptest`): proptest strategies for
//!   configurations and legal game prefixes.
//!
//! The crate is pure: no I/O, no global state, no `unsafe`.
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

pub mod action;
pub mod board;
pub mod config;
pub mod error;
pub mod record;
pub mod rng;
pub mod scoring;
mod seat_player;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategies;
mod strict;
pub mod svg;
pub mod text;
pub mod types;

pub use action::{Action, Bid, Event};
pub use config::{Config, MetropolysCard, Objective, Setup};
pub use error::{ActionError, ConfigError, Error, RuleError, StateError, TurnOrder};
pub use record::{ExpectedError, Game, Record, RecordError, RecordedAction, SeatPlayer};
pub use scoring::{ScoreSheet, Totals};
pub use state::{play_random, Constructed, LegalMoves, Snapshot, State, TokenCounts};
pub use text::ParseActionError;
pub use types::{
    max_decisions, Area, BuildingNumber, Card, District, Kind, NeighborhoodId, ParseNameError,
    Seat, Size, Token, Variant, BUILDINGS_PER_PLAYER, MAX_PLAYERS, NEIGHBORHOOD_COUNT,
};
