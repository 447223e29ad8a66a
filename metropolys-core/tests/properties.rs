//! Property tests over random legal games of every player count and variant.

use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, Config, Event, Kind, State, Token, Variant};
use proptest::prelude::*;

fn config(players: u8, expert: bool, metropolys: bool, seed: u64) -> Config {
    let mut c = Config::new(
        players,
        if expert {
            Variant::Expert
        } else {
            Variant::Family
        },
        seed,
    );
    if metropolys {
        c.metropolys_deck = Some(vec![
            [Kind::Park, Kind::Mall, Kind::Housing],
            [Kind::Industry, Kind::Mall, Kind::Administration],
            [Kind::Park, Kind::Industry, Kind::Housing],
            [Kind::Administration, Kind::Park, Kind::Housing],
        ]);
    }
    c
}

/// Checks the invariants of one position.
fn check_invariants(s: &State) {
    let n = s.players();
    // Buildings are conserved: supply + bids + constructed = 13 per player.
    for p in 0..n {
        let bids = s.bids().iter().filter(|b| b.player == p).count();
        assert_eq!(
            s.supply(p).len() + bids + s.constructed_count(p) as usize,
            13,
            "seat {p}"
        );
    }
    // Tokens are conserved.
    let pool: [u8; 3] = match n {
        4 => [9, 9, 9],
        3 => [8, 7, 7],
        _ => [5, 6, 6],
    };
    for t in Token::ALL {
        let on_board = (0..55u8).filter(|&i| s.token_at(i) == Some(*t)).count() as u8;
        let taken: u8 = (0..n).map(|p| s.tokens_taken(p, *t)).sum();
        assert_eq!(on_board + taken, pool[t.index()], "{t}");
    }
    // legal_actions agrees with is_legal over the whole action space.
    let legal = s.legal_actions();
    assert_eq!(legal.len(), s.legal_action_count());
    let mut count = 0;
    for id in 0..Action::COUNT as u16 {
        let a = Action::from_id(id).unwrap();
        if s.is_legal(a) {
            count += 1;
            assert!(legal.contains(&a), "{a} is legal but not listed");
        }
    }
    assert_eq!(count, legal.len(), "every listed action is legal");
    // legal_moves is the same set in its compact form.
    let moves = s.legal_moves();
    assert_eq!(moves.count(), legal.len());
    let mut from_moves = Vec::new();
    for nb in moves.neighborhoods.iter() {
        for b in 1..=13u8 {
            if moves.buildings & (1 << b) != 0 {
                from_moves.push(Action::bid(nb, b));
            }
        }
    }
    if moves.pass {
        from_moves.push(Action::Pass);
    }
    assert_eq!(from_moves, legal, "legal_moves lists the legal actions");
    // The state round-trips through JSON.
    let back = State::from_json(&s.to_json()).expect("round trip");
    assert_eq!(back, *s);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        players in 2u8..=4,
        expert in any::<bool>(),
        metropolys in any::<bool>(),
        seed in any::<u64>(),
        play_seed in any::<u64>(),
    ) {
        let c = config(players, expert, metropolys, seed);
        let mut s = State::new(&c).unwrap();
        let mut rng = SplitMix64::new(play_seed);
        let mut constructed = 0u32;
        let mut steps = 0;
        check_invariants(&s);
        while let Some(a) = s.random_action(&mut rng) {
            prop_assert!(s.is_legal(a));
            let before = s;
            let before_json = s.to_json();
            let (next, events) = s.apply(a).unwrap();
            // Applying never changes the input.
            prop_assert_eq!(before, s);
            prop_assert_eq!(before_json, s.to_json());
            // The event-free path agrees.
            prop_assert_eq!(s.play(a).unwrap(), next);
            let built = events.iter().filter(|e| matches!(e, Event::Constructed { .. })).count();
            prop_assert!(built <= 1, "at most one construction per action");
            constructed += built as u32;
            // A seat asked to act has a legal bid.
            if let Some(p) = next.to_act() {
                prop_assert!(!next.has_passed(p));
                let has_bid = next.legal_actions().iter().any(|a| matches!(a, Action::Bid { .. }));
                prop_assert!(has_bid);
            }
            s = next;
            if steps % 7 == 0 {
                check_invariants(&s);
            }
            steps += 1;
            prop_assert!(steps < 2000, "every game ends");
        }
        check_invariants(&s);
        prop_assert!(s.is_over());
        // Exactly one building is constructed per call.
        prop_assert_eq!(constructed, s.call_number() as u32);
        let total: u32 = (0..players).map(|p| s.constructed_count(p) as u32).sum();
        prop_assert_eq!(total, constructed);
        // The winner has the top total.
        let sheets = s.scores();
        let top = sheets.iter().map(|x| x.total).max().unwrap();
        for w in s.winners() {
            prop_assert_eq!(sheets[w as usize].total, top);
        }
        // Every score sheet adds up.
        for x in &sheets {
            prop_assert_eq!(x.total, x.trendy + x.subway + x.subway_card + x.archaeology
                + x.archaeology_card + x.area + x.neighborhood + x.highest_building + x.metropolys);
        }
        // A category this kind of game does not score is 0 on every
        // sheet (§5, R-18, §9): the rows a front end leaves out.
        let scored: Vec<&str> = metropolys_core::explain::categories(s.variant(), s.uses_metropolys_cards())
            .iter()
            .map(|c| c.name)
            .collect();
        for x in &sheets {
            for (i, name) in metropolys_core::ScoreSheet::CATEGORIES.iter().enumerate() {
                if !scored.contains(name) {
                    prop_assert_eq!(x.values()[i], 0, "{} in a game that does not score it", name);
                }
            }
        }
    }

    #[test]
    fn totals_are_the_score_sheets_totals_and_winners(
        players in 2u8..=4,
        expert in any::<bool>(),
        metropolys in any::<bool>(),
        seed in any::<u64>(),
        play_seed in any::<u64>(),
        cut in 0usize..200,
    ) {
        // R-18 … R-20: the allocation-free totals are the sheets' totals,
        // constructed counts and winners, during the game and at its end.
        let c = config(players, expert, metropolys, seed);
        let mut s = State::new(&c).unwrap();
        let mut rng = SplitMix64::new(play_seed);
        let mut steps = 0;
        while let Some(a) = s.random_action(&mut rng) {
            if steps == cut {
                break;
            }
            s = s.play(a).unwrap();
            steps += 1;
        }
        for position in [s, metropolys_core::play_random(s, &mut rng)] {
            let sheets = position.scores();
            let totals = position.totals();
            prop_assert_eq!(totals.players(), players);
            prop_assert_eq!(totals.totals(), sheets.iter().map(|x| x.total).collect::<Vec<_>>());
            prop_assert_eq!(
                totals.constructed(),
                sheets.iter().map(|x| x.constructed).collect::<Vec<_>>()
            );
            let winners = position.winners();
            prop_assert_eq!(totals.winners(), winners.clone());
            for p in 0..players {
                prop_assert_eq!(totals.is_winner(p), winners.contains(&p));
            }
        }
    }

    #[test]
    fn action_ids_round_trip(id in 0u16..716) {
        let a = Action::from_id(id).unwrap();
        prop_assert_eq!(a.id(), Some(id));
        let json = serde_json::to_string(&a).unwrap();
        prop_assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }

    #[test]
    fn malformed_state_json_is_an_error_never_a_panic(
        seed in any::<u64>(),
        steps in 0usize..60,
        cut in any::<prop::sample::Index>(),
        poke in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let mut s = State::new(&config(3, true, false, seed)).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..steps {
            if let Some(a) = s.random_action(&mut rng) { s = s.play(a).unwrap(); }
        }
        let json = s.to_json();
        let _ = State::from_json(&json[..cut.index(json.len())]);
        let mut bytes = json.into_bytes();
        let i = poke.index(bytes.len());
        bytes[i] = byte;
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(loaded) = State::from_json(&text) {
                // Whatever loads is a state the engine can play on.
                let _ = loaded.legal_actions();
                let _ = loaded.scores();
                if let Some(a) = loaded.random_action(&mut rng) {
                    prop_assert!(loaded.apply(a).is_ok());
                }
            }
        }
    }
}

#[test]
fn action_ids_reject_out_of_range() {
    assert!(Action::from_id(716).is_err());
    assert_eq!(Action::bid(55, 1).id(), None);
    assert_eq!(Action::bid(0, 0).id(), None);
    assert_eq!(Action::Pass.id(), Some(715));
}

/// Needs the `proptest` feature (the strategies of any configuration);
/// `scripts/test-rust` runs with `--all-features`.
#[cfg(feature = "proptest")]
mod playout {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// `play_random` is a fast path of its own (the turn handed on for
        /// every seat at once, R-8, R-11, R-12; the call's end, R-13 … R-17):
        /// from any position of any configuration (Metropolys cards and explicit
        /// layouts included) and any generator, it draws the same actions and
        /// reaches the same end as `random_action` and `play` step by step.
        #[test]
        fn play_random_is_the_step_by_step_random_game(
            record in metropolys_core::strategies::game_prefix(120),
            seed in any::<u64>(),
        ) {
            let mut start = State::new(&record.config).unwrap();
            for ra in &record.actions {
                start = start.play(ra.action).unwrap();
            }
            let mut rng = SplitMix64::new(seed);
            let mut step = start;
            while let Some(a) = step.random_action(&mut rng) {
                step = step.play(a).unwrap();
            }
            let mut fast_rng = SplitMix64::new(seed);
            let fast = metropolys_core::play_random(start, &mut fast_rng);
            prop_assert_eq!(fast, step);
            prop_assert_eq!(fast_rng.next_u64(), rng.next_u64());
        }
    }
}
