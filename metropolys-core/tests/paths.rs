//! The public paths of the crate keep working when a type moves between
//! modules (each module's facade re-exports what used to live there).

#[allow(unused_imports)]
use metropolys_core::{
    action::{Action, Bid, Event},
    board::{Feature, NeighborhoodSet},
    config::{Config, MetropolysCard, Objective, Setup},
    error::{ActionError, ConfigError, Error, RuleError, StateError, TurnOrder},
    record::{
        Expected, ExpectedError, Game, Record, RecordError, RecordedAction, Replay, RECORD_FORMAT,
        RECORD_VERSION,
    },
    scoring::{score, totals, winners, Holdings, ScoreSheet, Totals},
    state::{play_random, Constructed, LegalMoves, Snapshot, State, TokenCounts},
    types::{Card, District, Kind, Rule, Rules, Seat, Token, Variant, MAX_PLAYERS, PLAYER_COUNTS},
};

#[test]
fn a_type_is_the_same_at_its_old_and_new_paths() {
    fn same<T: 'static, U: 'static>() -> bool {
        std::any::TypeId::of::<T>() == std::any::TypeId::of::<U>()
    }
    assert!(same::<
        metropolys_core::record::Game,
        metropolys_core::game::Game,
    >());
    assert!(same::<
        metropolys_core::scoring::ScoreSheet,
        metropolys_core::sheet::ScoreSheet,
    >());
    assert!(same::<
        metropolys_core::error::Error,
        metropolys_core::json::Error,
    >());
    assert!(same::<
        metropolys_core::config::Objective,
        metropolys_core::Objective,
    >());
    assert!(same::<
        metropolys_core::board::NeighborhoodSet,
        metropolys_core::bits::NeighborhoodSet,
    >());
    let state = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
    assert_eq!(score(&state.holdings()), state.scores());
    assert_eq!(totals(&state.holdings()), state.totals());
}
