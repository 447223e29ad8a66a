//! Unit tests of the state's parts (every position of a few seeded games).

use super::*;
use crate::action::Action;
use crate::config::Config;
use crate::rng::SplitMix64;
use crate::types::{Kind, Variant};

/// Every position of a few seeded random games of every kind.
fn positions() -> Vec<State> {
    let mut out = Vec::new();
    for players in 2..=4u8 {
        for &variant in Variant::ALL {
            for seed in 0..6u64 {
                let mut s = State::new(&Config::new(players, variant, seed)).unwrap();
                let mut rng = SplitMix64::new(seed);
                out.push(s);
                while let Some(a) = s.random_action(&mut rng) {
                    s = s.play(a).unwrap();
                    out.push(s);
                }
            }
        }
    }
    out
}

#[test]
fn play_random_plays_the_games_of_random_action_and_play() {
    // From every position (new calls, calls under way, finished games)
    // and two generators each: the one-pass playout draws the same
    // actions and reaches the same end as the step-by-step loop
    //
    for (i, start) in positions().into_iter().enumerate() {
        for seed in [i as u64, u64::MAX - i as u64] {
            let mut rng = SplitMix64::new(seed);
            let mut step = start;
            while let Some(a) = step.random_action(&mut rng) {
                step.play_in_place(a).unwrap();
            }
            let mut fast_rng = SplitMix64::new(seed);
            let fast = play_random(start, &mut fast_rng);
            assert_eq!(fast, step, "position {i}, seed {seed}");
            assert_eq!(fast_rng.next_u64(), rng.next_u64(), "position {i}");
        }
    }
}

#[test]
fn the_bit_test_agrees_with_the_rule_by_rule_check() {
    // Every id of the action space, then bids that name no neighborhood
    // or no building.
    let mut actions: Vec<Action> = (0..Action::COUNT as u16)
        .map(|id| Action::from_id(id).unwrap())
        .collect();
    for nb in [55, 63, 64, 200, 255] {
        actions.push(Action::bid(nb, 3));
    }
    for b in [0, 14, 16, 255] {
        actions.push(Action::bid(12, b));
    }
    for s in positions() {
        for &a in &actions {
            assert_eq!(
                s.is_legal(a),
                s.explain(a).is_ok(),
                "{a} in {}",
                s.to_json()
            );
            assert_eq!(s.check(a), s.explain(a), "{a} in {}", s.to_json());
        }
    }
}

#[test]
fn play_in_place_matches_play_and_leaves_the_state_alone_when_illegal() {
    for s in positions().into_iter().step_by(7) {
        let mut t = s;
        match s.play(Action::Pass) {
            Ok(next) => {
                t.play_in_place(Action::Pass).unwrap();
                assert_eq!(t, next);
            }
            Err(e) => {
                assert_eq!(t.play_in_place(Action::Pass), Err(e));
                assert_eq!(t, s);
            }
        }
    }
}

#[test]
fn setup_without_allocation_equals_setup_through_resolve() {
    let deck = vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Industry, Kind::Mall, Kind::Administration],
        [Kind::Park, Kind::Industry, Kind::Housing],
        [Kind::Administration, Kind::Park, Kind::Housing],
    ];
    for players in 2..=4u8 {
        for &variant in Variant::ALL {
            for seed in [0, 1, 2, 42, 2008, u64::MAX] {
                let mut configs = vec![Config::new(players, variant, seed)];
                let mut c = Config::new(players, variant, seed);
                c.metropolys_deck = Some(deck.clone());
                configs.push(c);
                let mut c = Config::new(players, variant, seed);
                c.metropolys_cards = Some(deck[..players as usize].to_vec());
                c.start_player = players - 1;
                configs.push(c);
                for c in configs {
                    let direct = State::new(&c).unwrap();
                    let setup = c.resolve().unwrap();
                    assert_eq!(direct, State::from_setup(&setup).unwrap(), "{c:?}");
                    assert_eq!(c.resolved().unwrap().resolve().unwrap(), setup);
                }
            }
        }
    }
}
