//! The bots: the information rule (R-21), reproducibility, legality, and
//! greedy beating random in a seeded arena.

use metropolys_bots::{
    arena, from_spec, ArenaOptions, Bot, BotError, BotFactory, BotKind, Cancel, InfoSet, Player,
    RunOptions, KINDS,
};
use metropolys_core::rng::SplitMix64;
use metropolys_core::strategies::game_prefix;
use metropolys_core::{Action, Config, Kind, State, Variant};
use proptest::prelude::*;

const DECK: [[Kind; 3]; 4] = [
    [Kind::Park, Kind::Mall, Kind::Housing],
    [Kind::Industry, Kind::Mall, Kind::Administration],
    [Kind::Park, Kind::Industry, Kind::Housing],
    [Kind::Administration, Kind::Park, Kind::Housing],
];

/// Every bot kind and every component of the search, with tiny search
/// budgets: the presets (`strong` and `expert` are the default search
/// with larger budgets: `ismcts` stands for them), the first release's
/// search, the belief over the opponents' cards, the widening, each
/// playout and reward (with its margin and weight), each root schedule
/// (sequential halving with its candidates and prior, UCT), the root
/// temperature and threads.
fn bots() -> Vec<Box<dyn Bot>> {
    vec![
        from_spec("random", "{}").unwrap(),
        from_spec("greedy", "{}").unwrap(),
        from_spec("beginner", "{}").unwrap(),
        from_spec("casual", "{}").unwrap(),
        from_spec("ismcts-v1", r#"{"iterations": 60}"#).unwrap(),
        from_spec("ismcts", r#"{"iterations": 60}"#).unwrap(),
        from_spec(
            "ismcts",
            r#"{"iterations": 60, "belief": 1.5, "playout": "softmax", "reward": "score"}"#,
        )
        .unwrap(),
        from_spec(
            "ismcts",
            r#"{"iterations": 60, "playout": "greedy", "temperature": 0.7, "belief": 0.3, "widen_base": 3, "widen_rate": 0.5}"#,
        )
        .unwrap(),
        from_spec("ismcts", r#"{"iterations": 60, "threads": 2, "belief": 0.5}"#).unwrap(),
        from_spec("ismcts", r#"{"iterations": 60, "belief": "learned"}"#).unwrap(),
        from_spec(
            "ismcts",
            r#"{"iterations": 60, "root": "uct", "reward": "score", "margin": 80, "win_weight": 0.5}"#,
        )
        .unwrap(),
        from_spec(
            "ismcts",
            r#"{"iterations": 60, "candidates": 5, "prior_weight": 1, "threads": 3}"#,
        )
        .unwrap(),
    ]
}

/// Configurations of every player count and variant, with and without
/// Metropolys cards (dealt from a deck and given per seat).
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for players in 2..=4u8 {
        for &variant in Variant::ALL {
            for module in 0..3 {
                let mut c = Config::new(players, variant, 40 + u64::from(players) * 7 + module);
                match module {
                    1 => c.metropolys_deck = Some(DECK.to_vec()),
                    2 => c.metropolys_cards = Some(DECK[..players as usize].to_vec()),
                    _ => {}
                }
                out.push(c);
            }
        }
    }
    out
}

/// A few positions of each configuration, reached by random play.
fn positions() -> Vec<State> {
    let mut out = Vec::new();
    for (i, c) in configs().into_iter().enumerate() {
        let mut s = State::new(&c).unwrap();
        let mut rng = SplitMix64::new(i as u64);
        let mut k = 0u32;
        while let Some(a) = s.random_action(&mut rng) {
            if k.is_multiple_of(23) {
                out.push(s);
            }
            s = s.play(a).unwrap();
            k += 1;
        }
    }
    out
}

#[test]
fn r21_opponents_secrets_do_not_change_any_bots_decision() {
    let mut rng = SplitMix64::new(7);
    let mut differing = 0;
    for s in positions() {
        let seat = s.to_act().unwrap();
        // The same position with other secrets for the opponents, drawn
        // from what the seat cannot rule out.
        let other = InfoSet::new(&s, seat).unwrap().determinize(&mut rng);
        assert_eq!(other.objective(seat), s.objective(seat));
        assert_eq!(other.metropolys_card(seat), s.metropolys_card(seat));
        assert_eq!(other.redacted(seat), s.redacted(seat));
        if other == s {
            continue;
        }
        differing += 1;
        assert_eq!(InfoSet::new(&s, seat), InfoSet::new(&other, seat));
        for (mut a, mut b) in bots().into_iter().zip(bots()) {
            let seed = differing as u64;
            let da = a
                .choose(&InfoSet::new(&s, seat).unwrap(), &mut SplitMix64::new(seed))
                .unwrap();
            let db = b
                .choose(
                    &InfoSet::new(&other, seat).unwrap(),
                    &mut SplitMix64::new(seed),
                )
                .unwrap();
            assert_eq!(da, db, "{} in {}", a.name(), s.to_json());
        }
    }
    // The test compares games that really differ.
    assert!(differing > 20, "{differing}");
}

#[test]
fn r21_a_view_hides_the_opponents_secrets() {
    let s = State::new(&Config::new(4, Variant::Expert, 3)).unwrap();
    let view = InfoSet::new(&s, 2).unwrap();
    assert_eq!(view.objective(), s.objective(2).unwrap());
    for p in [0, 1, 3] {
        assert_ne!(view.position().objective(p), s.objective(p));
    }
    assert!(matches!(
        InfoSet::new(&s, 4),
        Err(BotError::NoSuchSeat {
            seat: 4,
            players: 4
        })
    ));
}

#[test]
fn determinizations_deal_from_what_the_seat_cannot_rule_out() {
    let mut rng = SplitMix64::new(1);
    for c in configs() {
        let s = State::new(&c).unwrap();
        let n = s.players();
        for seat in 0..n {
            let view = InfoSet::with_config(&s, seat, &c).unwrap();
            assert_eq!(
                view.clone(),
                match c.metropolys_deck {
                    Some(_) => InfoSet::new(&s, seat)
                        .unwrap()
                        .with_metropolys_deck(&DECK)
                        .unwrap(),
                    None => InfoSet::new(&s, seat).unwrap(),
                }
            );
            let mut seen_other_deal = false;
            for _ in 0..30 {
                let d = view.determinize(&mut rng);
                // The public position and the seat's own secrets are kept.
                assert_eq!(d.redacted(seat), s.redacted(seat));
                let own = s.objective(seat).unwrap();
                for p in (0..n).filter(|&p| p != seat) {
                    let o = d.objective(p).unwrap();
                    assert_ne!(o.area, own.area, "{c:?}");
                    assert!(o.neighborhood.is_none() || o.neighborhood != own.neighborhood);
                    if let Some(card) = d.metropolys_card(p) {
                        let mut sorted = card;
                        sorted.sort();
                        assert!(
                            metropolys_core::METROPOLYS_CARDS.contains(&sorted),
                            "{card:?}"
                        );
                        if c.metropolys_deck.is_some() {
                            assert!(DECK.contains(&card), "{card:?}");
                            assert_ne!(Some(card), s.metropolys_card(seat));
                        }
                    }
                }
                seen_other_deal |= d != s;
            }
            assert!(seen_other_deal, "{c:?}");
        }
    }
}

#[test]
fn a_deck_that_does_not_hold_the_seats_card_is_refused() {
    let mut c = Config::new(3, Variant::Family, 5);
    c.metropolys_cards = Some(vec![[Kind::Park, Kind::Mall, Kind::Industry]; 3]);
    let s = State::new(&c).unwrap();
    let view = InfoSet::new(&s, 0).unwrap();
    let e = view.clone().with_metropolys_deck(&DECK).unwrap_err();
    assert!(matches!(e, BotError::Deck(_)), "{e}");
    assert!(view.clone().with_metropolys_deck(&DECK[..3]).is_err());
    let plain = State::new(&Config::new(3, Variant::Family, 5)).unwrap();
    assert!(InfoSet::new(&plain, 0)
        .unwrap()
        .with_metropolys_deck(&DECK)
        .is_err());
}

/// R-22, R-21: the deck is public, so a seat's view of a game knows it,
/// also loaded back from JSON; a bot deciding in that view samples the
/// others' Metropolys cards from the deck less its own card and decides as
/// it does with the whole game and its configuration.
#[test]
fn r22_a_bot_in_a_seats_view_knows_the_deck() {
    use metropolys_core::Game;
    for players in 2..=4u8 {
        let mut c = Config::new(players, Variant::Expert, 30 + u64::from(players));
        c.metropolys_deck = Some(DECK.to_vec());
        let mut game = Game::new(c.clone()).unwrap();
        let mut greedy = Player::new(from_spec("greedy", "{}").unwrap(), 1);
        for _ in 0..6 {
            let a = greedy.choose_in_game(&game).unwrap();
            game = game.apply(a).unwrap();
        }
        let seat = game.state().to_act().unwrap();
        let view = game.view(seat).unwrap();
        let loaded = metropolys_core::Game::from_json(&view.to_json()).unwrap();
        assert_eq!(loaded.metropolys_deck(), Some(&DECK[..]));
        // The others' cards are sampled from the deck less the seat's own.
        let own = game.metropolys_card(seat).unwrap();
        let seen = InfoSet::with_deck(loaded.state(), seat, loaded.metropolys_deck()).unwrap();
        assert_eq!(seen.metropolys_deck(), Some(&DECK[..]));
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            let dealt = seen.determinize(&mut rng);
            let mut cards: Vec<[Kind; 3]> = (0..players)
                .map(|p| dealt.metropolys_card(p).unwrap())
                .collect();
            assert_eq!(cards[seat as usize], own);
            cards.sort();
            let mut deck = DECK.to_vec();
            deck.sort();
            assert!(cards.iter().all(|c| deck.contains(c)), "{cards:?}");
            cards.dedup();
            assert_eq!(cards.len(), players as usize, "each card dealt once");
        }
        // The same decision from the whole game, its view and the view
        // loaded back.
        let spec = r#"{"iterations": 200}"#;
        let decide = |g: &Game| {
            Player::new(from_spec("ismcts", spec).unwrap(), 9)
                .choose_in_game(g)
                .unwrap()
        };
        let whole = Player::new(from_spec("ismcts", spec).unwrap(), 9)
            .choose_in(game.state(), &c)
            .unwrap();
        assert_eq!(decide(&game), whole);
        assert_eq!(decide(&view), whole);
        assert_eq!(decide(&loaded), whole);
    }
}

#[test]
fn seeded_decisions_are_reproducible() {
    for s in positions().into_iter().step_by(3) {
        for spec in [
            ("random", "{}"),
            ("greedy", "{}"),
            ("ismcts", r#"{"iterations": 80}"#),
            ("ismcts", r#"{"iterations": 80, "threads": 3}"#),
        ] {
            let params = format!("{{\"seed\": 11, {}", &spec.1[1..]).replace(", }", "}");
            let a = Player::from_spec(spec.0, &params).unwrap().choose_for(&s);
            let b = Player::from_spec(spec.0, &params).unwrap().choose_for(&s);
            assert_eq!(a, b, "{spec:?}");
        }
    }
}

#[test]
fn players_refuse_a_view_of_a_seat_not_to_act_and_illegal_choices() {
    struct Cheat;
    impl Bot for Cheat {
        fn name(&self) -> &str {
            "cheat"
        }
        fn choose(&mut self, _: &InfoSet, _: &mut SplitMix64) -> Result<Action, BotError> {
            Ok(Action::Pass)
        }
    }
    let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
    let mut p = Player::new(Box::new(Cheat), 0);
    // R-7: the opening bid cannot be a pass.
    let e = p.choose_for(&s).unwrap_err();
    assert!(matches!(e, BotError::IllegalAction { .. }), "{e}");
    assert!(e.to_string().contains("R-7"), "{e}");
    let mut g = Player::from_spec("greedy", "{}").unwrap();
    let not_to_act = InfoSet::new(&s, 1).unwrap();
    assert_eq!(g.choose(&not_to_act), Err(BotError::NotToAct { seat: 1 }));
}

#[test]
fn specs_name_what_is_wrong() {
    let e = |kind: &str, params: &str| from_spec(kind, params).unwrap_err().to_string();
    assert!(e("alphabeta", "{}").contains("unknown bot kind"));
    assert!(e("random", "[1]").contains("JSON object"));
    assert!(e("random", "{").contains("not valid JSON"));
    for text in ["{", "nul", "{\"seed\": 1,}"] {
        assert!(
            matches!(from_spec("greedy", text), Err(BotError::InvalidJson { .. })),
            "{text}"
        );
    }
    assert!(matches!(
        from_spec("greedy", "[1]"),
        Err(BotError::BadParameters { .. })
    ));
    assert!(from_spec("greedy", " ").is_ok());
    assert!(e("random", r#"{"iterations": 3}"#).contains("unknown parameter \"iterations\""));
    assert!(e("ismcts", r#"{"iterations": 0}"#).contains("iterations must be an integer"));
    assert!(e("ismcts", r#"{"iterations": -3}"#).contains("iterations"));
    assert!(e("ismcts", r#"{"iterations": 2.5}"#).contains("iterations"));
    assert!(e("ismcts", r#"{"seconds": 0}"#).contains("seconds must be a number above 0"));
    assert!(e("ismcts", r#"{"threads": 1000}"#).contains("threads"));
    assert!(e("ismcts", r#"{"exploration": "high"}"#).contains("exploration"));
    assert!(e("ismcts", r#"{"playout": "smart"}"#).contains("\"random\", \"greedy\""));
    assert!(e("ismcts", r#"{"reward": 1}"#).contains("reward"));
    assert!(e("ismcts", r#"{"root": "minimax"}"#).contains("\"halving\", \"uct\""));
    assert!(e("ismcts", r#"{"candidates": 0}"#).contains("candidates must be an integer"));
    assert!(e("ismcts", r#"{"prior_weight": -1}"#).contains("prior_weight"));
    assert!(e("ismcts", r#"{"margin": 0}"#).contains("margin must be a number above 0"));
    assert!(e("ismcts", r#"{"win_weight": 1.5}"#).contains("win_weight"));
    // The first release's search takes none of them.
    for p in ["root", "candidates", "prior_weight", "margin", "win_weight"] {
        assert!(e("ismcts-v1", &format!(r#"{{"{p}": 1}}"#)).contains("unknown parameter"));
    }
    assert!(e("greedy", r#"{"cost_per_number": 11}"#).contains("cost_per_number"));
    assert!(Player::from_spec("random", r#"{"seed": -1}"#)
        .unwrap_err()
        .to_string()
        .contains("seed"));
    assert!(from_spec("ismcts", "").is_ok());
    assert!(from_spec("ismcts", r#"{"seconds": 0.01, "iterations": 5}"#).is_ok());
}

fn factories(specs: &[(&'static str, &'static str)]) -> Vec<BotFactory> {
    specs
        .iter()
        .map(|&(k, p)| Box::new(move || from_spec(k, p).unwrap()) as BotFactory)
        .collect()
}

#[test]
fn greedy_beats_random_in_a_seeded_arena_whatever_the_thread_count() {
    let bots = factories(&[("greedy", "{}"), ("random", "{}")]);
    let mut options = ArenaOptions {
        games: 40,
        players: 2,
        variant: Variant::Expert,
        run: RunOptions {
            seed: 2008,
            threads: 1,
            ..Default::default()
        },
        ..Default::default()
    };
    let one = arena(&bots, &options, &|_, _| true).unwrap();
    options.run.threads = 3;
    let three = arena(&bots, &options, &|_, _| true).unwrap();
    assert_eq!(one, three);
    assert_eq!(one[0].bot, "greedy");
    assert_eq!(one[0].games, 40);
    assert!((one[0].wins + one[1].wins - 40.0).abs() < 1e-9);
    assert!(one[0].wins >= 32.0, "{one:?}");
    assert!(one[0].ci95[0] < one[0].win_rate && one[0].win_rate <= one[0].ci95[1]);
    assert!(one[0].ci95[0] > 0.7, "{one:?}");
    assert!(one[0].mean_total > one[1].mean_total);
}

#[test]
fn the_arena_rotates_seats_checks_its_options_and_can_be_cancelled() {
    let bots = factories(&[("random", "{}"), ("greedy", "{}"), ("random", "{}")]);
    let options = ArenaOptions {
        games: 6,
        players: 3,
        variant: Variant::Family,
        metropolys_deck: Some(DECK.to_vec()),
        run: RunOptions {
            seed: 1,
            threads: 2,
            cancel: None,
        },
    };
    let rows = arena(&bots, &options, &|_, _| true).unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.games == 6));
    let stop = arena(&bots, &options, &|done, _| done < 2).unwrap_err();
    assert!(
        matches!(stop, BotError::Cancelled { total: 6, .. }),
        "{stop}"
    );
    let mut bad = options.clone();
    bad.players = 2;
    assert!(matches!(
        arena(&bots, &bad, &|_, _| true),
        Err(BotError::Arena(_))
    ));
    let mut bad = options.clone();
    bad.metropolys_deck = Some(DECK[..2].to_vec());
    assert!(matches!(
        arena(&bots, &bad, &|_, _| true),
        Err(BotError::Config(_))
    ));
    for (games, threads) in [(0, 1), (3, 0)] {
        let mut bad = options.clone();
        bad.games = games;
        bad.run.threads = threads;
        assert!(arena(&bots, &bad, &|_, _| true).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every bot returns a legal action in random positions of every player
    /// count, variant and module.
    #[test]
    fn every_bot_returns_a_legal_action(record in game_prefix(120), seed in any::<u64>()) {
        let replay = record.replay().unwrap();
        let s = *replay.final_state();
        if let Some(seat) = s.to_act() {
            let mut view = InfoSet::new(&s, seat).unwrap();
            if let Some(deck) = &record.config.metropolys_deck {
                view = view.with_metropolys_deck(deck).unwrap();
            }
            for mut bot in bots() {
                let a = bot.choose(&view, &mut SplitMix64::new(seed)).unwrap();
                prop_assert!(s.is_legal(a), "{} chose {a} in {}", bot.name(), s.to_json());
            }
        } else {
            prop_assert_eq!(InfoSet::to_act(&s).unwrap_err(), BotError::GameOver);
        }
    }
}

/// The arena keeps no storage per game: a run of 2^64-1 games is accepted
/// and, cancelled by its first progress call, stops after a game or so per
/// thread.
#[test]
fn a_huge_arena_cancelled_at_once_stops_at_once() {
    let bots = factories(&[("random", "{}"), ("random", "{}")]);
    let options = ArenaOptions {
        games: u64::MAX,
        players: 2,
        variant: Variant::Family,
        run: RunOptions {
            seed: 5,
            threads: 3,
            ..Default::default()
        },
        ..Default::default()
    };
    match arena(&bots, &options, &|_, _| false) {
        Err(BotError::Cancelled { done, total }) => {
            assert_eq!(total, u64::MAX);
            assert!((1..=3).contains(&done), "{done}");
        }
        other => panic!("{other:?}"),
    }
}

/// `ismcts-v1` is the search as first released: the decisions of seeded
/// games recorded with that release (action ids, one game per line) are
/// reproduced exactly.
#[test]
fn ismcts_v1_plays_as_the_first_release_did() {
    #[allow(clippy::type_complexity)]
    let games: &[(u8, Variant, u64, &str, &[u16])] = &[
        (
            2,
            Variant::Expert,
            11,
            "{\"iterations\": 300, \"seed\": 5}",
            &[
                640, 680, 710, 715, 469, 164, 180, 715, 639, 22, 715, 638, 618, 595, 610, 468, 457,
                642, 686, 715, 82, 72, 715, 79, 572, 563, 558, 26, 48, 63, 3, 32, 47, 126, 715,
                574, 562, 0, 27, 49, 4, 31, 498, 515, 0, 95, 163, 575, 500, 585, 615, 96, 110,
            ],
        ),
        (
            3,
            Variant::Family,
            12,
            "{\"iterations\": 200, \"seed\": 6, \"threads\": 2}",
            &[
                158, 476, 687, 714, 160, 98, 116, 485, 538, 527, 700, 715, 157, 93, 680, 642, 619,
                608, 596, 207, 508, 553, 568, 715, 715, 615, 592, 606, 715, 635, 611, 641, 683,
                478, 492, 613, 643, 683, 99, 166, 599, 619, 647, 69, 135, 176, 502, 555, 543, 123,
                46, 8, 35, 130, 70, 84, 319, 307, 715, 508, 188, 138, 152, 130, 119, 46, 715, 60,
                41, 7, 715, 611, 606, 617, 715, 512, 552, 501, 122, 45, 137, 118, 273, 715, 262,
                252, 68, 83, 65, 508, 549, 170, 186, 513, 14, 96, 313, 173, 665, 680, 663, 651, 15,
                185, 290,
            ],
        ),
        (
            4,
            Variant::Expert,
            13,
            "{\"iterations\": 150, \"seed\": 7, \"playout\": \"greedy\", \"reward\": \"score\"}",
            &[
                390, 66, 54, 45, 11, 715, 715, 298, 260, 214, 715, 715, 203, 258, 0, 27, 41, 127,
                715, 142, 651, 666, 683, 649, 666, 686, 715, 479, 235, 347, 715, 715, 335, 572,
                567, 438, 519, 533, 482, 715, 504, 180, 494, 547, 566, 437, 191, 430, 424, 413,
                401, 598, 618, 715, 715, 632, 715, 653, 673, 339, 243, 309, 234, 341, 383, 358,
                372, 261, 210, 203, 594, 608, 234, 345, 386, 339, 243, 339, 416, 443, 576, 565,
                715, 438, 650, 691, 523, 537, 488, 502, 677, 708, 696, 658, 222, 213, 267, 13, 97,
                163, 351, 535, 715, 525, 696, 539, 488, 576, 448, 534, 525, 575, 715, 564, 715,
                575, 535, 549, 612, 591, 534, 679, 706, 2, 32, 455, 418, 407, 613, 417, 143, 83,
                318, 18, 54, 43, 122,
            ],
        ),
    ];
    for &(players, variant, seed, params, want) in games {
        let mut s = State::new(&Config::new(players, variant, seed)).unwrap();
        let mut p = Player::from_spec("ismcts-v1", params).unwrap();
        assert_eq!(p.name(), "ismcts-v1");
        let mut ids = Vec::new();
        while !s.is_over() {
            let a = p.choose_for(&s).unwrap();
            ids.push(a.id().unwrap());
            s = s.play(a).unwrap();
        }
        assert_eq!(ids, want, "{players} players, {variant:?}, {params}");
    }
}

#[test]
#[allow(deprecated)] // `searches` still answers as it did, for one release
fn presets_are_bot_kinds_with_their_own_names() {
    for kind in ["beginner", "casual", "strong", "expert", "ismcts-v1"] {
        assert!(KINDS.contains(&kind));
        assert_eq!(from_spec(kind, "{}").unwrap().name(), kind);
        assert_eq!(
            Player::from_spec(kind, r#"{"seed": 4}"#).unwrap().name(),
            kind
        );
    }
    // The presets take no parameters but the seed (and the searching ones
    // a cap on their tree's memory).
    let e = from_spec("expert", r#"{"iterations": 5}"#).unwrap_err();
    assert!(
        e.to_string()
            .contains("unknown parameter \"iterations\"; expected tree_edges"),
        "{e}"
    );
    let e = from_spec("beginner", r#"{"tree_edges": 5000}"#).unwrap_err();
    assert!(e.to_string().contains("expected none"), "{e}");
    assert!(from_spec("expert", r#"{"tree_edges": 5000}"#).is_ok());
    assert!(from_spec("strong", r#"{"tree_edges": 999}"#).is_err());
    // The belief is a weight or the learned one.
    let e = from_spec("ismcts", r#"{"belief": "hand"}"#).unwrap_err();
    assert!(e.to_string().contains(r#"or "learned", not "hand""#), "{e}");
    assert!(from_spec("ismcts", r#"{"belief": -1}"#).is_err());
    // ismcts-v1 takes the first release's parameters only.
    assert!(from_spec("ismcts-v1", r#"{"belief": 1}"#).is_err());
    assert!(from_spec("ismcts-v1", r#"{"playout": "eval"}"#).is_err());
    use metropolys_bots::searches;
    assert!(searches("expert") && searches("casual") && searches("ismcts-v1"));
    assert!(!searches("beginner") && !searches("greedy") && !searches("random"));
    for kind in BotKind::ALL {
        assert_eq!(kind.searches(), searches(kind.name()), "{kind}");
    }
    let e = from_spec("grandmaster", "{}").unwrap_err().to_string();
    assert!(e.contains("beginner, casual, strong, expert"), "{e}");
}

/// The weaker presets make plausible mistakes, not random moves: over the
/// positions of Expert games, `beginner` and `casual` often play another
/// move than the greedy bot, but far more often than a random player a
/// move in the better half of its evaluation.
#[test]
fn weak_presets_err_plausibly() {
    let share = |kind: &str| {
        let (mut same, mut good, mut n) = (0, 0, 0);
        for s in positions()
            .into_iter()
            .filter(|s| s.variant() == Variant::Expert)
        {
            let view = InfoSet::to_act(&s).unwrap();
            let values = metropolys_bots::Greedy::default().values(&view);
            let best = values.iter().map(|x| x.1).fold(f32::MIN, f32::max);
            let worst = values.iter().map(|x| x.1).fold(f32::MAX, f32::min);
            let mut bot = from_spec(kind, "{}").unwrap();
            let a = bot.choose(&view, &mut SplitMix64::new(n)).unwrap();
            let v = values.iter().find(|x| x.0 == a).unwrap().1;
            same += u32::from(v >= best - 1e-4);
            // In the better half of the range of values.
            good += u32::from(v >= (best + worst) / 2.0);
            n += 1;
        }
        (f64::from(same) / n as f64, f64::from(good) / n as f64)
    };
    let (_, random) = share("random");
    for kind in ["beginner", "casual"] {
        let (same, good) = share(kind);
        assert!(same < 0.9, "{kind}: nearly always greedy's move ({same})");
        assert!(good > random + 0.25, "{kind}: {good} good, random {random}");
    }
}

#[test]
fn bad_parameters_are_named_briefly_and_duplicates_refused() {
    let e = from_spec("ismcts", r#"{"iterations": 5, "iterations": 6}"#).unwrap_err();
    assert!(matches!(e, BotError::InvalidJson { .. }), "{e}");
    assert!(
        e.to_string().contains("duplicate parameter \"iterations\""),
        "{e}"
    );
    assert!(Player::from_spec("greedy", r#"{"seed": 1, "seed": 2}"#).is_err());
    // Nested too (no parameter takes an object, but the JSON is refused
    // before its meaning is looked at).
    assert!(matches!(
        from_spec("ismcts", r#"{"playout": {"a": 1, "a": 2}}"#),
        Err(BotError::InvalidJson { .. })
    ));
    let huge = "y".repeat(1 << 22);
    for (kind, params) in [
        ("ismcts".to_string(), format!(r#"{{"playout": "{huge}"}}"#)),
        ("ismcts".to_string(), format!(r#"{{"reward": ["{huge}"]}}"#)),
        ("ismcts".to_string(), format!(r#"{{"{huge}": 1}}"#)),
        (huge.clone(), "{}".to_string()),
    ] {
        let message = from_spec(&kind, &params).unwrap_err().to_string();
        assert!(message.len() < 400, "{} bytes", message.len());
        assert!(message.contains("yyyy"), "{message}");
    }
    let e = Player::from_spec("random", &format!(r#"{{"seed": "{huge}"}}"#)).unwrap_err();
    assert!(e.to_string().len() < 400);
}

/// A search stops soon after its cancel flag is raised from another thread
/// (it checks it every 16 iterations), with `Interrupted`, and decides
/// normally again once the flag is lowered.
#[test]
fn a_cancelled_search_stops_with_interrupted() {
    let s = State::new(&Config::new(4, Variant::Expert, 6)).unwrap();
    let view = InfoSet::to_act(&s).unwrap();
    for (threads, root) in [(1, "halving"), (3, "halving"), (1, "uct"), (2, "uct")] {
        let mut bot = from_spec(
            "ismcts",
            &format!(r#"{{"seconds": 3600, "threads": {threads}, "root": "{root}"}}"#),
        )
        .unwrap();
        let cancel = Cancel::new();
        bot.set_cancel(&cancel);
        let flag = cancel.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            flag.cancel();
        });
        assert_eq!(
            bot.choose(&view, &mut SplitMix64::new(1)),
            Err(BotError::Interrupted)
        );
        raiser.join().unwrap();
        cancel.reset();
        let mut quick = from_spec("ismcts", r#"{"iterations": 50}"#).unwrap();
        quick.set_cancel(&cancel);
        assert!(s.is_legal(quick.choose(&view, &mut SplitMix64::new(1)).unwrap()));
    }
}

/// The arena's cancel flag stops a run within a decision, even in the
/// middle of hour-long searches.
#[test]
fn a_cancelled_arena_stops_within_a_decision() {
    let bots = factories(&[("ismcts", r#"{"seconds": 3600}"#), ("greedy", "{}")]);
    let cancel = Cancel::new();
    let options = ArenaOptions {
        games: 4,
        players: 2,
        run: RunOptions {
            threads: 2,
            cancel: Some(cancel.clone()),
            ..Default::default()
        },
        ..Default::default()
    };
    let flag = cancel.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        flag.cancel();
    });
    match arena(&bots, &options, &|_, _| true) {
        Err(BotError::Cancelled { done: 0, total: 4 }) => {}
        other => panic!("{other:?}"),
    }
    raiser.join().unwrap();
}
