//! Hostile input (issue 12): every loader answers bad input with a typed
//! error, accepts exactly the reachable states, and never changes its input.

use metropolys_core::record::{Expected, ExpectedError};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{
    Action, ActionError, Bid, Config, ConfigError, Error, Kind, Objective, Record, RecordError,
    RecordedAction, Rule, RuleError, Rules, Setup, Snapshot, State, StateError, Token, TurnOrder,
    Variant,
};
use proptest::prelude::*;

fn config(players: u8, expert: bool, metropolys: bool, seed: u64) -> Config {
    let variant = if expert {
        Variant::Expert
    } else {
        Variant::Family
    };
    let mut c = Config::new(players, variant, seed);
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

fn invariant(e: Error) -> &'static str {
    match e {
        Error::InvalidState(s) => s.invariant(),
        other => panic!("expected an invalid state, got {other:?}"),
    }
}

fn load(snap: Snapshot) -> Result<State, Error> {
    State::from_json(&serde_json::to_string(&snap).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every state reached by random legal play is accepted, reloads as
    /// itself, and an illegal action leaves it unchanged.
    #[test]
    fn every_reached_state_is_reachable(
        players in 2u8..=4, expert: bool, metropolys: bool, seed: u64, play: u64,
    ) {
        let mut s = State::new(&config(players, expert, metropolys, seed)).unwrap();
        let mut rng = SplitMix64::new(play);
        loop {
            prop_assert_eq!(s.validate(), Ok(()));
            prop_assert_eq!(State::from_json(&s.to_json()).unwrap(), s);
            for a in [Action::Pass, Action::bid(60, 3), Action::bid(3, 0), Action::bid(0, 1)] {
                let mut t = s;
                if let Err(e) = t.play_in_place(a) {
                    prop_assert_eq!(t, s, "{}", e);
                }
            }
            match s.random_action(&mut rng) {
                Some(a) => s = s.play(a).unwrap(),
                None => break,
            }
        }
    }
}

/// A 3-player position after the opening bid of call 1, and its snapshot.
fn after_opening() -> (State, Snapshot) {
    let s = State::new(&Config::new(3, Variant::Family, 4)).unwrap();
    let a = s.legal_actions()[0];
    let s = s.play(a).unwrap();
    (s, s.snapshot())
}

#[test]
fn tokens_taken_without_a_building_are_rejected() {
    let s = State::new(&Config::new(4, Variant::Family, 2)).unwrap();
    let mut snap = s.snapshot();
    let (&id, &t) = snap.tokens.iter().next().unwrap();
    snap.tokens.remove(&id);
    match t {
        Token::Trendy => snap.taken[1].trendy += 1,
        Token::Subway => snap.taken[1].subway += 1,
        Token::Archaeology => snap.taken[1].archaeology += 1,
    }
    snap.subway_card = (t == Token::Subway).then_some(1);
    snap.archaeology_card = (t == Token::Archaeology).then_some(1);
    assert_eq!(invariant(load(snap).unwrap_err()), "I6");
}

#[test]
fn to_act_skipping_a_seat_that_has_not_passed_is_rejected() {
    let (s, mut snap) = after_opening();
    let next = s.to_act().unwrap();
    snap.to_act = Some((next + 1) % 3);
    assert_ne!(snap.to_act, s.bids().last().map(|b| b.player));
    let e = load(snap).unwrap_err();
    assert!(
        matches!(e, Error::InvalidState(StateError::TurnOrder(_))),
        "{e:?}"
    );
}

#[test]
fn a_seat_passed_before_its_first_turn_is_rejected() {
    let (s, mut snap) = after_opening();
    let later = (s.to_act().unwrap() + 1) % 3;
    snap.passed[later as usize] = true;
    assert_eq!(
        load(snap).unwrap_err(),
        Error::InvalidState(StateError::TurnOrder(TurnOrder::Passed))
    );
}

#[test]
fn the_same_seat_cannot_hold_the_two_most_recent_bids() {
    let (s, mut snap) = after_opening();
    let first = s.bids()[0];
    // A higher building by the same seat next to its own bid.
    let nb = (0..55u8)
        .find(|&n| {
            metropolys_core::board::adjacent(first.neighborhood, n)
                && s.in_play().contains(n)
                && s.building_at(n).is_none()
                && n != first.neighborhood
        })
        .unwrap();
    snap.bids.push(Bid {
        player: first.player,
        neighborhood: nb,
        building: 13,
    });
    snap.supply[first.player as usize].retain(|&b| b != 13);
    let e = load(snap).unwrap_err();
    assert_eq!(invariant(e), "I10");
}

#[test]
fn two_seats_with_all_thirteen_buildings_are_rejected() {
    let s = State::new(&Config::new(4, Variant::Family, 2)).unwrap();
    let mut snap = s.snapshot();
    let ids: Vec<u8> = (0..55u8).filter(|&n| s.token_at(n).is_none()).collect();
    assert!(ids.len() >= 26);
    for (i, &n) in ids.iter().take(26).enumerate() {
        snap.constructed.push(metropolys_core::Constructed {
            neighborhood: n,
            player: (i / 13) as u8,
            building: (i % 13) as u8 + 1,
        });
    }
    snap.constructed.sort_by_key(|c| c.neighborhood);
    snap.supply[0].clear();
    snap.supply[1].clear();
    snap.game_over = true;
    snap.to_act = None;
    snap.call = 26;
    assert_eq!(
        load(snap).unwrap_err(),
        Error::InvalidState(StateError::GameOver)
    );
}

#[test]
fn more_tokens_in_a_district_than_placed_are_rejected() {
    let s = State::new(&Config::new(4, Variant::Family, 2)).unwrap();
    let mut snap = s.snapshot();
    // Move a token from outside the center onto a free center neighborhood.
    let center_free = (0..15u8)
        .find(|&n| s.token_at(n).is_none() && !metropolys_core::board::is_blind_alley(n))
        .unwrap();
    let (&from, &t) = snap.tokens.iter().find(|(&id, _)| id >= 15).unwrap();
    snap.tokens.remove(&from);
    snap.tokens.insert(center_free, t);
    assert_eq!(invariant(load(snap).unwrap_err()), "I6");
}

#[test]
fn a_view_and_hidden_secrets_are_rejected_with_their_reason() {
    let (s, _) = after_opening();
    let view = s.view_snapshot(0).unwrap();
    assert_eq!(
        load(view).unwrap_err(),
        Error::InvalidState(StateError::View)
    );
}

#[test]
fn positional_json_is_rejected_everywhere() {
    assert!(matches!(
        Config::from_json(r#"[3, "expert", 7]"#),
        Err(Error::Json(_))
    ));
    let mut r = Record::new(Config::new(2, Variant::Family, 1));
    r.actions.push(RecordedAction {
        player: 0,
        action: Action::bid(12, 3),
    });
    let obj: serde_json::Value = serde_json::from_str(&r.to_json_pretty()).unwrap();
    let arr: Vec<serde_json::Value> = obj.as_object().unwrap().values().cloned().collect();
    assert!(Record::from_json(&serde_json::to_string(&arr).unwrap()).is_err());
    let positional_config = r.to_json_pretty().replace(
        &serde_json::to_string_pretty(&r.config)
            .unwrap()
            .replace('\n', "\n  "),
        r#"[2, "family", 1, 0]"#,
    );
    assert!(
        positional_config.contains("[2, \"family\""),
        "{positional_config}"
    );
    assert!(Record::from_json(&positional_config).is_err());
    let positional_action = r#"{"format": "metropolys-record", "version": 1,
        "config": {"players": 2}, "actions": [[0, "pass"]]}"#;
    assert!(Record::from_json(positional_action).is_err());
    let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
    let text = s.to_json().replace(
        r#""taken":[{"trendy":0,"subway":0,"archaeology":0}"#,
        r#""taken":[[0,0,0]"#,
    );
    assert!(text.contains("[[0,0,0]"));
    assert!(matches!(State::from_json(&text), Err(Error::Json(_))));
}

#[test]
fn a_key_given_twice_is_rejected_at_every_depth_of_a_record() {
    let head = r#"{"format": "metropolys-record", "version": 1, "#;
    let fine = format!(
        r#"{head}"config": {{"players": 2, "seed": 1}}, "actions": [{{"player": 0, "action": {{"bid": {{"neighborhood": 12, "building": 3}}}}}}]}}"#
    );
    assert!(Record::from_json(&fine).is_ok(), "{fine}");
    for twice in [
        // The configuration: the first count would be silently replaced.
        r#""config": {"players": 2, "players": 4, "seed": 1}, "actions": []}"#,
        r#""config": {"players": 2, "seed": 1, "seed": 2}, "actions": []}"#,
        // An action, its bid, and what the record expects.
        r#""config": {"players": 2, "seed": 1}, "actions": [{"player": 0, "player": 1, "action": "pass"}]}"#,
        r#""config": {"players": 2, "seed": 1}, "actions": [{"player": 0, "action": {"bid": {"neighborhood": 12, "neighborhood": 13, "building": 3}}}]}"#,
        r#""config": {"players": 2, "seed": 1}, "actions": [], "expected": {"totals": [1, 2], "totals": [3, 4]}}"#,
        r#""config": {"players": 2, "seed": 1}, "config": {"players": 3, "seed": 1}, "actions": []}"#,
    ] {
        let text = format!("{head}{twice}");
        let e = Record::from_json(&text).unwrap_err();
        assert!(matches!(e, Error::Json(_)), "{text}: {e}");
        assert!(e.to_string().contains("duplicate"), "{text}: {e}");
    }
    assert!(Config::from_json(r#"{"players": 2, "players": 3}"#).is_err());
    let e = Action::from_json(r#"{"bid": {"neighborhood": 1, "building": 2, "building": 3}}"#);
    assert!(matches!(e, Err(Error::Json(_))), "{e:?}");
}

#[test]
fn malformed_bids_are_errors_naming_the_field_never_a_pass() {
    for (text, field) in [
        (r#"{"bid": [60, 0]}"#, None),
        (r#"{"bid": {"neighborhood": 3}}"#, Some("building")),
        (
            r#"{"bid": {"neighborhood": 3, "building": 2, "x": 1}}"#,
            Some("x"),
        ),
        (
            r#"{"bid": {"neighborhood": "3", "building": 2}}"#,
            Some("neighborhood"),
        ),
        (
            r#"{"bid": {"neighborhood": 3, "building": 2.5}}"#,
            Some("building"),
        ),
        (
            r#"{"bid": {"neighborhood": 300, "building": 2}}"#,
            Some("neighborhood"),
        ),
        (
            r#"{"bid": {"neighborhood": 3, "building": -1}}"#,
            Some("building"),
        ),
        (r#""Pass""#, None),
        (r#"{"pass": null}"#, None),
        (
            r#"{"bid": {"neighborhood": 3, "building": 2}, "pass": 1}"#,
            None,
        ),
        ("715", None),
    ] {
        match Action::from_json(text) {
            Err(Error::Action(e)) => assert_eq!(e.field(), field, "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // In range of a byte: parsed, then rejected by the rules, never a pass.
    let a = Action::from_json(r#"{"bid": {"neighborhood": 99, "building": 3}}"#).unwrap();
    assert_eq!(a, Action::bid(99, 3));
    let s = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
    assert_eq!(s.check(a), Err(RuleError::UnknownNeighborhood(99)));
    let a = Action::from_json(r#"{"bid": {"neighborhood": 12, "building": 0}}"#).unwrap();
    assert_eq!(s.check(a), Err(RuleError::UnknownBuilding(0)));
}

#[test]
fn from_setup_validates_the_public_fields() {
    let mut setup: Setup = Config::new(2, Variant::Expert, 3).resolve().unwrap();
    assert!(State::from_setup(&setup).is_ok());
    let mut six = setup.clone();
    six.objectives = vec![six.objectives[0]; 6];
    assert!(matches!(
        State::from_setup(&six),
        Err(ConfigError::Objectives(_))
    ));
    let (&id, &t) = setup.tokens.iter().next().unwrap();
    setup.tokens.remove(&id);
    setup.tokens.insert(200, t);
    assert!(matches!(
        State::from_setup(&setup),
        Err(ConfigError::Tokens(_))
    ));
    let _: Objective = six.objectives[0];
}

#[test]
fn a_long_illegal_record_fails_at_its_first_action() {
    let mut r = Record::new(Config::new(2, Variant::Family, 1));
    r.actions = vec![
        RecordedAction {
            player: 0,
            action: Action::Pass
        };
        1_000_000
    ];
    match r.replay() {
        Err(RecordError::Illegal { index: 0, .. }) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn a_rejection_index_at_the_top_of_the_range_is_a_format_error() {
    let mut r = Record::new(Config::new(2, Variant::Family, 1));
    r.actions.push(RecordedAction {
        player: 0,
        action: Action::Pass,
    });
    r.expected = Some(Expected {
        error: Some(ExpectedError {
            index: usize::MAX,
            rule: "R-7".into(),
        }),
        ..Default::default()
    });
    assert!(matches!(r.verify(), Err(RecordError::Format(_))));
}

#[test]
fn state_errors_name_their_invariant_and_rule() {
    let e = StateError::TurnOrder(TurnOrder::Passed);
    assert_eq!(e.invariant(), "I10");
    assert_eq!(Error::from(e.clone()).rule(), [Rule::R8, Rule::R11]);
    assert_eq!(Rules(Error::from(e).rule()).to_string(), "R-8/R-11");
    assert_eq!(ActionError::Shape("1".into()).rule(), [Rule::Section8]);
    assert_eq!(
        Rules(ActionError::Shape("1".into()).rule()).to_string(),
        "§8"
    );
    // I0: a state whose setup the rules forbid is a configuration error.
    let config = StateError::Config(ConfigError::Players(5));
    assert_eq!(config.invariant(), "I0");
    assert_eq!(config.rule(), [Rule::R1]);
    assert!(matches!(Error::from(config), Error::Config(_)));
    assert!(Error::from(StateError::View).rule().is_empty());
}

/// R-22: a snapshot may name the deck its Metropolys cards were dealt
/// from, but only a deck that can have dealt every card it shows; a deck
/// in a game without the module, a short or malformed deck, or one
/// contradicting the cards shown is refused by every loader, and a
/// snapshot's deck that is not its history's configuration's is refused
/// with the history.
#[test]
fn r22_a_snapshots_deck_must_have_dealt_the_cards_it_shows() {
    use metropolys_core::{Game, PartsError};
    let game = Game::new(config(3, true, true, 9)).unwrap();
    let deck = game.metropolys_deck().unwrap().to_vec();
    let seat = game.state().to_act().unwrap();
    let own = game.metropolys_card(seat).unwrap();
    let view = game.view(seat).unwrap().snapshot();
    assert_eq!(view.metropolys_deck.as_deref(), Some(&deck[..]));
    // The whole game's snapshot loads back with its deck; as a bare state,
    // it is checked, then the state (which has no deck) is the same.
    let whole = game.snapshot();
    assert_eq!(
        Game::from_snapshot(whole.clone())
            .unwrap()
            .metropolys_deck(),
        Some(&deck[..])
    );
    assert_eq!(&load(whole.clone()).unwrap(), game.state());
    // The cards in another order are the same card.
    let mut turned = view.clone();
    for c in turned.metropolys_deck.as_mut().unwrap() {
        c.reverse();
    }
    assert!(Game::from_snapshot(turned).is_ok());
    let other_card = [Kind::Industry, Kind::Park, Kind::Mall];
    assert!(!deck.iter().any(|c| {
        let (mut a, mut b) = (*c, other_card);
        a.sort();
        b.sort();
        a == b
    }));
    let mut bad = Vec::new();
    // Without the Metropolys module.
    let mut plain = Game::new(config(3, true, false, 9))
        .unwrap()
        .view(seat)
        .unwrap()
        .snapshot();
    plain.metropolys_deck = Some(deck.clone());
    bad.push(("no module", plain));
    // Three cards, five cards, a card showing a kind twice.
    for (what, d) in [
        ("three cards", deck[..3].to_vec()),
        ("five cards", [&deck[..], &deck[..1]].concat()),
        (
            "a kind twice",
            vec![
                [Kind::Park, Kind::Park, Kind::Mall],
                deck[1],
                deck[2],
                deck[3],
            ],
        ),
    ] {
        let mut s = view.clone();
        s.metropolys_deck = Some(d);
        bad.push((what, s));
    }
    // A deck without the viewer's own card.
    let mut without = view.clone();
    let d = without.metropolys_deck.as_mut().unwrap();
    let i = d.iter().position(|c| *c == own).unwrap();
    d[i] = other_card;
    bad.push(("without the viewer's card", without.clone()));
    // The whole state: every seat's card must be a different card of it.
    let mut twice = whole.clone();
    twice.metropolys_cards[1] = twice.metropolys_cards[0];
    bad.push(("one card dealt twice", twice));
    let mut whole_without = whole.clone();
    whole_without.metropolys_deck = without.metropolys_deck.clone();
    bad.push(("a whole state's card missing", whole_without));
    for (what, s) in bad {
        let text = serde_json::to_string(&s).unwrap();
        let e = Game::from_json(&text).unwrap_err();
        assert!(
            matches!(e, Error::Config(ConfigError::MetropolysCards(_))),
            "{what}: {e:?}"
        );
        assert_eq!(e.rule(), [Rule::R22], "{what}");
        if s.viewer.is_none() {
            assert!(State::from_json(&text).is_err(), "{what}");
        }
    }
    // With a history, the snapshot's deck must be the configuration's.
    let mut other = whole.clone();
    other.metropolys_deck.as_mut().unwrap().swap(0, 1);
    let history = (game.config().unwrap().clone(), &[][..]);
    assert_eq!(
        Game::from_snapshot_parts(other, game.last_events().to_vec(), Some(history.clone()))
            .unwrap_err(),
        PartsError::Deck
    );
    let parts =
        Game::from_snapshot_parts(whole, game.last_events().to_vec(), Some(history)).unwrap();
    assert_eq!(parts.metropolys_deck(), Some(&deck[..]));
}

/// JSON with each object's fields in the order of the text (serde_json's
/// `Value` sorts them), so that an object's values are its positional form.
#[derive(Clone)]
enum Ordered {
    Object(Vec<(String, Ordered)>),
    Array(Vec<Ordered>),
    Leaf(serde_json::Value),
}

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(v.into()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(v.into()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(v.into()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(v.into()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(v.into()))
            }
            fn visit_unit<E>(self) -> Result<Ordered, E> {
                Ok(Ordered::Leaf(serde_json::Value::Null))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Ordered, A::Error> {
                let mut items = Vec::new();
                while let Some(x) = a.next_element()? {
                    items.push(x);
                }
                Ok(Ordered::Array(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Ordered, A::Error> {
                let mut fields = Vec::new();
                while let Some(kv) = m.next_entry()? {
                    fields.push(kv);
                }
                Ok(Ordered::Object(fields))
            }
        }
        d.deserialize_any(V)
    }
}

impl Ordered {
    fn text(&self) -> String {
        match self {
            Ordered::Leaf(v) => v.to_string(),
            Ordered::Array(a) => {
                let items: Vec<String> = a.iter().map(Ordered::text).collect();
                format!("[{}]", items.join(","))
            }
            Ordered::Object(m) => {
                let fields: Vec<String> = m
                    .iter()
                    .map(|(k, v)| format!("{}:{}", serde_json::Value::from(k.as_str()), v.text()))
                    .collect();
                format!("{{{}}}", fields.join(","))
            }
        }
    }

    /// Each object inside (the root too) replaced, one at a time, by the
    /// array of its values in order: the positional form serde's derived
    /// loaders would take for a struct.
    fn positional_forms(&self) -> Vec<Ordered> {
        let mut out = Vec::new();
        match self {
            Ordered::Object(m) => {
                out.push(Ordered::Array(m.iter().map(|(_, v)| v.clone()).collect()));
                for (i, (k, x)) in m.iter().enumerate() {
                    for y in x.positional_forms() {
                        let mut copy = m.clone();
                        copy[i] = (k.clone(), y);
                        out.push(Ordered::Object(copy));
                    }
                }
            }
            Ordered::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    for y in x.positional_forms() {
                        let mut copy = a.clone();
                        copy[i] = y;
                        out.push(Ordered::Array(copy));
                    }
                }
            }
            Ordered::Leaf(_) => {}
        }
        out
    }
}

/// Every object of a state, a view and a record (its configuration and its
/// expected score sheets), at every depth, is refused in its positional
/// form: the loaders read the documented object forms only.
#[test]
fn every_object_of_a_format_is_refused_in_its_positional_form() {
    let mut rng = SplitMix64::new(5);
    let mut game = metropolys_core::Game::new(config(4, true, true, 5)).unwrap();
    while !game.state().is_over() {
        let legal = game.state().legal_actions();
        let pick = legal[rng.below(legal.len() as u64) as usize];
        game = game.apply(pick).unwrap();
    }
    let mut record = game.to_record().unwrap();
    record.expected = Some(Expected {
        scores: Some(game.state().scores()),
        ..record.expected.unwrap_or_default()
    });
    let state = game.state().to_json();
    let view = game.view(1).unwrap().to_json();
    let record = record.to_json_pretty();
    type Loads = fn(&str) -> bool;
    let loaders: [(&str, &str, Loads); 3] = [
        ("state", &state, |t| State::from_json(t).is_ok()),
        ("view", &view, |t| {
            metropolys_core::Game::from_json(t).is_ok()
        }),
        ("record", &record, |t| Record::from_json(t).is_ok()),
    ];
    for (what, text, loads) in loaders {
        assert!(loads(text), "{what}");
        let tree: Ordered = serde_json::from_str(text).unwrap();
        assert!(loads(&tree.text()), "{what}");
        let forms = tree.positional_forms();
        assert!(forms.len() > 20, "{what}: {} objects", forms.len());
        for form in forms {
            let t = form.text();
            assert!(!loads(&t), "{what}: {t}");
        }
    }
}
