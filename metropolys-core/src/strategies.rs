//! proptest strategies for configurations and legal game prefixes (feature
//! `proptest`), so that another engine can property-test itself against this
//! one.
//!
//! * [`config`]: every valid [`Config`]: 2–4 players, both variants, any
//!   seed and start player, each explicit part (`out_of_play`, `tokens`,
//!   `objectives`) present or drawn from the seed, with or without
//!   Metropolys cards (per seat or as a deck).
//! * [`game_prefix`]: a config and a sequence of legal decisions, as a
//!   [`Record`] whose `expected` holds what this engine computes for the
//!   position reached. The decisions are generated as a list of choice
//!   indices (each taken modulo the number of legal actions, in the order of
//!   [`State::legal_actions`]), so failures shrink to short prefixes.
//! * [`complete_game`]: a whole game (the choice list, then uniformly random
//!   decisions from a generated seed until the game ends).
//!
//! ```
//! use metropolys_core::strategies;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(8), |(record in strategies::game_prefix(60))| {
//!     // Another engine would replay `record.config` and `record.actions` here
//!     // and compare its scores with `record.expected`.
//!     prop_assert!(record.verify().is_ok());
//! });
//! ```

use crate::config::{Config, MetropolysCard};
use crate::record::{Record, RecordedAction};
use crate::rng::SplitMix64;
use crate::state::State;
use crate::types::{Kind, Variant, PLAYER_COUNTS};
use proptest::prelude::*;
use proptest::sample::subsequence;

/// A player count: 2, 3 or 4 ([`PLAYER_COUNTS`]).
pub fn players() -> impl Strategy<Value = u8> {
    PLAYER_COUNTS
}

/// Family or Expert.
pub fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Family), Just(Variant::Expert)]
}

/// A Metropolys card: three different kinds, in any order (R-22).
pub fn metropolys_card() -> impl Strategy<Value = MetropolysCard> {
    subsequence(Kind::ALL.to_vec(), 3)
        .prop_shuffle()
        .prop_map(|k| [k[0], k[1], k[2]])
}

/// How the Metropolys module is configured.
#[derive(Debug, Clone)]
enum Module {
    Off,
    Cards(Vec<MetropolysCard>),
    Deck(Vec<MetropolysCard>),
}

fn module(players: u8) -> impl Strategy<Value = Module> {
    prop_oneof![
        2 => Just(Module::Off),
        1 => proptest::collection::vec(metropolys_card(), players as usize).prop_map(Module::Cards),
        1 => proptest::collection::vec(metropolys_card(), 4).prop_map(Module::Deck),
    ]
}

/// A valid configuration (see the [module docs](self)). Explicit parts are
/// taken from the setup another seed draws, so they are valid by
/// construction.
pub fn config() -> impl Strategy<Value = Config> {
    (players(), variant())
        .prop_flat_map(|(n, v)| {
            (
                Just(n),
                Just(v),
                any::<u64>(),
                0..n,
                module(n),
                any::<u64>(),
                any::<[bool; 3]>(),
            )
        })
        .prop_map(|(n, v, seed, start, module, part_seed, explicit)| {
            let mut c = Config::new(n, v, seed);
            c.start_player = start;
            match module {
                Module::Off => {}
                Module::Cards(cards) => c.metropolys_cards = Some(cards),
                Module::Deck(deck) => c.metropolys_deck = Some(deck),
            }
            let mut donor = c.clone();
            donor.seed = part_seed;
            if let Ok(parts) = donor.resolved() {
                let [districts, tokens, objectives] = explicit;
                // A token layout is only valid with its own districts.
                if districts || tokens {
                    c.out_of_play = parts.out_of_play;
                }
                if tokens {
                    c.tokens = parts.tokens;
                }
                if objectives {
                    c.objectives = parts.objectives;
                }
            }
            c
        })
}

/// Plays the choice indices from the configuration's setup: each index picks
/// among the legal actions (modulo their number); stops at the game's end.
pub fn play_choices(config: &Config, choices: &[u32]) -> Record {
    let mut record = Record::new(config.clone());
    let Ok(mut state) = State::new(config) else {
        return record;
    };
    for &c in choices {
        let Some(player) = state.to_act() else { break };
        let legal = state.legal_actions();
        let action = legal[c as usize % legal.len()];
        match state.play(action) {
            Ok(next) => state = next,
            Err(_) => break,
        }
        record.actions.push(RecordedAction { player, action });
    }
    record.expect(&state);
    record
}

/// A configuration and up to `max_decisions` legal decisions, as a record
/// with `expected` filled in by this engine.
pub fn game_prefix(max_decisions: usize) -> impl Strategy<Value = Record> {
    (
        config(),
        proptest::collection::vec(any::<u32>(), 0..=max_decisions),
    )
        .prop_map(|(c, choices)| play_choices(&c, &choices))
}

/// A whole game: the choices first, then uniformly random decisions
/// ([`State::random_action`] from `SplitMix64::new(tail_seed)`) to the end.
pub fn complete_game() -> impl Strategy<Value = Record> {
    (
        config(),
        proptest::collection::vec(any::<u32>(), 0..=40),
        any::<u64>(),
    )
        .prop_map(|(c, choices, tail_seed)| {
            let mut record = play_choices(&c, &choices);
            let Ok(replay) = record.replay() else {
                return record;
            };
            let mut state = *replay.final_state();
            let mut rng = SplitMix64::new(tail_seed);
            while let (Some(player), Some(action)) = (state.to_act(), state.random_action(&mut rng))
            {
                match state.play(action) {
                    Ok(next) => state = next,
                    Err(_) => break,
                }
                record.actions.push(RecordedAction { player, action });
            }
            record.expect(&state);
            record
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn configs_are_valid(c in config()) {
            prop_assert!(State::new(&c).is_ok(), "{:?}", c.resolve());
            let json = serde_json::to_string(&c).unwrap();
            prop_assert_eq!(Config::from_json(&json).unwrap(), c);
        }

        #[test]
        fn prefixes_verify_and_round_trip(r in game_prefix(80)) {
            prop_assert!(r.verify().is_ok());
            let back = Record::from_json(&r.to_json_pretty()).unwrap();
            prop_assert_eq!(back, r);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn complete_games_end(r in complete_game()) {
            let end = r.verify().unwrap();
            prop_assert!(end.is_over());
            prop_assert_eq!(r.expected.as_ref().and_then(|e| e.game_over), Some(true));
        }
    }

    #[test]
    fn every_player_count_variant_and_module_occurs() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let c = config().new_tree(&mut runner).unwrap().current();
            seen.insert((c.players, c.variant, c.uses_metropolys_cards()));
        }
        assert_eq!(seen.len(), 3 * 2 * 2, "{seen:?}");
    }
}
