//! Pinned outputs: a seeded setup (the generator must never drift, R-6), a
//! full seeded game's event log, and its score sheets.

use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, Event, Kind, State, Variant};

#[test]
fn seeded_setups_are_pinned() {
    let setups: Vec<_> = [
        (2u8, Variant::Family),
        (3, Variant::Expert),
        (4, Variant::Expert),
    ]
    .iter()
    .map(|&(n, v)| Config::new(n, v, 2008).resolve().unwrap())
    .collect();
    insta::assert_json_snapshot!("setup_seed_2008", setups);
}

#[test]
fn generator_reference_values_are_pinned() {
    let mut r = SplitMix64::new(1234567);
    let draws: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
    // Reference values of SplitMix64 from seed 1234567.
    assert_eq!(
        draws,
        vec![
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431
        ]
    );
}

fn seeded_game(players: u8, variant: Variant, seed: u64, metropolys: bool) -> (Vec<Event>, State) {
    let mut c = Config::new(players, variant, seed);
    if metropolys {
        c.metropolys_cards = Some(
            [
                [Kind::Park, Kind::Mall, Kind::Housing],
                [Kind::Industry, Kind::Mall, Kind::Administration],
                [Kind::Park, Kind::Industry, Kind::Housing],
                [Kind::Administration, Kind::Park, Kind::Housing],
            ][..players as usize]
                .to_vec(),
        );
    }
    let mut s = State::new(&c).unwrap();
    let mut log = s.opening_events();
    let mut rng = SplitMix64::new(seed);
    while let Some(a) = s.random_action(&mut rng) {
        s = s.apply_into(a, &mut log).unwrap();
    }
    (log, s)
}

#[test]
fn seeded_game_event_log_is_pinned() {
    let (log, _) = seeded_game(3, Variant::Expert, 42, false);
    insta::assert_json_snapshot!("game_3p_expert_42_events", log);
}

#[test]
fn seeded_score_sheets_are_pinned() {
    let mut all = Vec::new();
    for (n, v, seed, m) in [
        (2u8, Variant::Family, 1u64, false),
        (3, Variant::Expert, 42, false),
        (4, Variant::Expert, 7, false),
        (4, Variant::Family, 8, true),
        (3, Variant::Expert, 9, true),
    ] {
        let (_, s) = seeded_game(n, v, seed, m);
        all.push(serde_json::json!({
            "players": n, "variant": v, "seed": seed, "metropolys_cards": m,
            "scores": s.scores(), "winners": s.winners(),
        }));
    }
    insta::assert_json_snapshot!("score_sheets", all);
}
