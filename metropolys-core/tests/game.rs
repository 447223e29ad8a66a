//! `Game`: a state with its history beside it, an immutable value.

use metropolys_core::{
    Action, Config, Event, Game, PartsError, Record, RecordError, RuleError, State, Variant,
};

#[test]
fn a_new_game_reports_the_first_call_starting() {
    let g = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    assert_eq!(
        g.last_events(),
        &[Event::CallStarted { call: 1, player: 0 }]
    );
    let replayed = Game::from_record(&Record::new(Config::new(3, Variant::Expert, 5))).unwrap();
    assert_eq!(replayed.last_events(), g.last_events());
    assert_eq!(replayed.state(), g.state());
}

#[test]
fn applying_returns_a_new_game_and_a_rejected_action_builds_nothing() {
    let g = Game::new(Config::new(2, Variant::Family, 5)).unwrap();
    let before = *g.state();
    assert_eq!(g.apply(Action::Pass).unwrap_err(), RuleError::OpeningPass);
    let a = g.state().legal_actions()[0];
    let next = g.apply(a).unwrap();
    assert_eq!(*g.state(), before);
    assert_eq!(g.actions().unwrap(), vec![]);
    assert_eq!(g.last_events().len(), 1);
    assert_eq!(next.actions().unwrap().len(), 1);
    assert_eq!((g.decisions(), next.decisions()), (0, 1));
    assert_eq!(next.actions().unwrap()[0].action, a);
    assert!(matches!(next.last_events()[0], Event::BidPlaced { .. }));
    // another seat's action is refused.
    assert_eq!(
        next.apply_for(0, Action::Pass).unwrap_err(),
        RuleError::WrongPlayer {
            expected: 1,
            got: 0
        }
    );
}

#[test]
fn the_record_of_a_finished_game_verifies_and_replays_to_it() {
    let mut g = Game::new(Config::new(4, Variant::Expert, 11)).unwrap();
    let mut rng = metropolys_core::rng::SplitMix64::new(11);
    while let Some(a) = g.state().random_action(&mut rng) {
        g = g.apply(a).unwrap();
    }
    let record = g.to_record().unwrap();
    assert_eq!(record.verify().unwrap(), *g.state());
    let back = Record::from_json(&record.to_json_pretty()).unwrap();
    assert_eq!(back, record);
    let again = Game::from_record(&back).unwrap();
    assert_eq!(again.state(), g.state());
    assert_eq!(again.last_events(), g.last_events());
    assert!(matches!(
        g.last_events().last(),
        Some(Event::GameEnded { .. })
    ));
    // a finished game takes no action, and records none.
    assert_eq!(g.apply(Action::Pass).unwrap_err(), RuleError::GameOver);
    assert_eq!(
        g.apply_for(0, Action::Pass).unwrap_err(),
        RuleError::GameOver
    );
}

#[test]
fn a_game_from_a_bare_state_has_no_history_and_keeps_none() {
    let start = Game::new(Config::new(3, Variant::Family, 2)).unwrap();
    let a = start.state().legal_actions()[0];
    let played = start.apply(a).unwrap();
    let g = Game::from_state(*played.state());
    assert!(g.last_events().is_empty());
    assert!(g.config().is_none() && g.actions().is_none() && g.to_record().is_err());
    let next = g.apply(Action::Pass).unwrap();
    assert_eq!(next.state(), played.apply(Action::Pass).unwrap().state());
    assert!(next.to_record().is_err());
}

#[test]
fn a_verified_rejection_record_gives_the_game_before_the_rejected_action() {
    let game = Game::new(Config::new(2, Variant::Family, 1)).unwrap();
    let mut record = game.to_record().unwrap();
    record.actions.push(metropolys_core::RecordedAction {
        player: 0,
        action: Action::Pass,
    });
    let mut expected = record.expected.take().unwrap();
    expected.error = Some(metropolys_core::ExpectedError::new(
        0,
        &[metropolys_core::Rule::R7],
    ));
    record.expected = Some(expected);
    let g = Game::from_verified_record(&record).unwrap();
    assert_eq!(g.state(), game.state());
    assert!(g.actions().unwrap().is_empty());
    record
        .expected
        .as_mut()
        .unwrap()
        .error
        .as_mut()
        .unwrap()
        .rule = "R-9".into();
    assert!(matches!(
        Game::from_verified_record(&record),
        Err(RecordError::Mismatch { .. })
    ));
}

#[test]
fn parts_that_disagree_make_no_game() {
    let g = Game::new(Config::new(2, Variant::Expert, 8)).unwrap();
    let g = g.apply(g.state().legal_actions()[3]).unwrap();
    let config = g.config().unwrap().clone();
    let actions = g.actions().unwrap();
    let back = Game::from_parts(
        *g.state(),
        g.last_events().to_vec(),
        Some((config.clone(), &actions)),
    )
    .unwrap();
    assert_eq!(back.state(), g.state());
    assert_eq!(back.actions(), g.actions());
    let other = State::new(&config).unwrap();
    assert_eq!(
        Game::from_parts(
            other,
            g.last_events().to_vec(),
            Some((config.clone(), &actions))
        )
        .unwrap_err(),
        PartsError::State
    );
    assert_eq!(
        Game::from_parts(*g.state(), vec![], Some((config, &actions))).unwrap_err(),
        PartsError::Events
    );
    // Without a history, events that contradict the state.
    let ended = Event::GameEnded {
        scores: vec![],
        winners: vec![],
    };
    assert_eq!(
        Game::from_parts(*g.state(), vec![ended], None).unwrap_err(),
        PartsError::Disagree
    );
    assert!(Game::from_parts(*g.state(), g.last_events().to_vec(), None).is_ok());
}

/// a seat's view of a game (what a bot receives) says whose it is,
/// answers `None` for the secrets it hides instead of placeholders, never
/// scores from them, and round-trips through its snapshot (JSON).
#[test]
fn r21_a_seats_view_hides_honestly_and_round_trips() {
    use metropolys_core::{Snapshot, StateError};
    for (players, variant, metropolys) in [
        (4, Variant::Expert, false),
        (3, Variant::Family, false),
        (2, Variant::Expert, true),
    ] {
        let mut config = Config::new(players, variant, 11);
        if metropolys {
            use metropolys_core::Kind::*;
            config.metropolys_deck = Some(vec![
                [Industry, Park, Housing],
                [Industry, Park, Mall],
                [Industry, Park, Administration],
                [Industry, Housing, Mall],
            ]);
        }
        let mut game = Game::new(config).unwrap();
        for _ in 0..5 {
            let a = game.state().legal_actions()[0];
            game = game.apply(a).unwrap();
        }
        let seat = game.state().to_act().unwrap();
        let view = game.view(seat).unwrap();
        assert_eq!(view.viewer(), Some(seat));
        assert_eq!(game.viewer(), None);
        assert!(view.actions().is_none() && view.config().is_none());
        assert_eq!(view.winners(), None);
        for p in 0..players {
            let mine = p == seat;
            assert_eq!(view.objective(p).is_some(), mine);
            assert_eq!(view.metropolys_card(p).is_some(), mine && metropolys);
            assert_eq!(view.scores()[p as usize].is_some(), mine);
            assert_eq!(view.totals()[p as usize].is_some(), mine);
        }
        assert_eq!(view.objective(seat), game.objective(seat));
        assert_eq!(view.scores()[seat as usize], game.scores()[seat as usize]);
        // The snapshot is the seat's view with the public deck
        // and loads back as it.
        let snap = view.snapshot();
        assert_eq!(
            snap,
            with_deck(game.state().view_snapshot(seat).unwrap(), &game)
        );
        assert_eq!(view.metropolys_deck().is_some(), metropolys);
        assert_eq!(view.metropolys_deck(), game.metropolys_deck());
        let json = serde_json::to_string(&snap).unwrap();
        assert_eq!(json.contains("metropolys_deck"), metropolys);
        let back = Game::from_snapshot(serde_json::from_str::<Snapshot>(&json).unwrap()).unwrap();
        assert_eq!(back.viewer(), Some(seat));
        assert_eq!(back.state(), view.state());
        assert_eq!(back.metropolys_deck(), game.metropolys_deck());
        assert_eq!(back.scores(), view.scores());
        // With its events, as a binding pickles it.
        let parts =
            Game::from_snapshot_parts(snap.clone(), view.last_events().to_vec(), None).unwrap();
        assert_eq!(parts.state(), view.state());
        // A view is never loaded as a whole state, nor with a history.
        assert_eq!(State::try_from(snap.clone()).unwrap_err(), StateError::View);
        let history = (Config::new(players, variant, 11), &[][..]);
        assert_eq!(
            Game::from_snapshot_parts(snap.clone(), vec![], Some(history)).unwrap_err(),
            PartsError::ViewHistory
        );
        // Hiding too much or too little is not a view.
        let mut own_hidden = snap.clone();
        own_hidden.objectives[seat as usize] = None;
        let mut other_shown = snap.clone();
        other_shown.objectives[((seat + 1) % players) as usize] =
            game.objective((seat + 1) % players);
        let mut no_seat = snap.clone();
        no_seat.viewer = Some(players);
        for bad in [own_hidden, other_shown, no_seat] {
            let e = Game::from_snapshot(bad).unwrap_err();
            assert!(matches!(e, StateError::ViewSecrets { .. }), "{e}");
            assert_eq!(e.rule(), [metropolys_core::Rule::R21]);
        }
        // Played on to the end, a view still does not know the others'
        // cards: no made-up scores, winners or game_ended event.
        let mut played = view.clone();
        while let Some(&a) = played.state().legal_actions().first() {
            played = played.apply(a).unwrap();
        }
        assert!(played.state().is_over());
        assert_eq!(played.winners(), None);
        assert!(played.scores()[seat as usize].is_some());
        assert_eq!(played.scores().iter().flatten().count(), 1);
        assert!(!played
            .last_events()
            .iter()
            .any(|e| matches!(e, Event::GameEnded { .. })));
        let back = Game::from_snapshot(played.snapshot()).unwrap();
        assert_eq!((back.state(), back.winners()), (played.state(), None));
        // The view of a finished game hides nothing.
        let mut whole = game.clone();
        while let Some(&a) = whole.state().legal_actions().first() {
            whole = whole.apply(a).unwrap();
        }
        let end = whole.view(seat).unwrap();
        assert_eq!(end.winners(), whole.winners());
        assert_eq!(
            Game::from_snapshot(end.snapshot()).unwrap().winners(),
            whole.winners()
        );
        // A view cannot give another seat's view.
        assert!(view.view((seat + 1) % players).is_none());
        assert!(game.view(players).is_none());
    }
}

/// the public view of a game (what a spectator receives) knows no
/// seat's objectives or Metropolys card until the end, writes none of them
/// in its JSON, round-trips through its snapshot (with its events, as a
/// binding pickles it), and keeps them hidden when played on.
#[test]
fn r21_the_public_view_hides_every_secret_and_round_trips() {
    use metropolys_core::{Snapshot, StateError};
    for (players, variant, metropolys) in [
        (4, Variant::Expert, true),
        (3, Variant::Family, false),
        (2, Variant::Expert, false),
    ] {
        let mut config = Config::new(players, variant, 13);
        if metropolys {
            use metropolys_core::Kind::*;
            config.metropolys_deck = Some(vec![
                [Industry, Park, Housing],
                [Industry, Park, Mall],
                [Industry, Park, Administration],
                [Park, Housing, Mall],
            ]);
        }
        let mut game = Game::new(config).unwrap();
        for _ in 0..7 {
            let a = game.state().legal_actions()[0];
            game = game.apply(a).unwrap();
        }
        let secrets: Vec<String> = (0..players)
            .flat_map(|p| {
                let mut s = vec![serde_json::to_string(&game.objective(p).unwrap()).unwrap()];
                if let Some(c) = game.metropolys_card(p) {
                    s.push(serde_json::to_string(&c).unwrap());
                }
                s
            })
            .collect();
        assert_eq!(
            secrets.len(),
            players as usize * (1 + usize::from(metropolys))
        );
        // The deck is public: only the rest of the JSON must not
        // show the cards dealt.
        let leaks = |what: &str, text: &str| {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            if let Some(o) = v.as_object_mut() {
                assert_eq!(o.remove("metropolys_deck").is_some(), metropolys, "{what}");
            }
            let text = v.to_string();
            for s in &secrets {
                assert!(!text.contains(s.as_str()), "{what} shows {s}: {text}");
            }
        };
        let public = game.public_view();
        assert_eq!(public.viewer(), None);
        assert!(public.actions().is_none() && public.config().is_none());
        assert!(public.to_record().is_err() && public.undo().is_err());
        assert_eq!(public.winners(), None);
        assert_eq!(public.last_events(), game.last_events());
        for p in 0..players {
            assert!(!public.knows_secrets(p));
            assert_eq!(public.objective(p), None);
            assert_eq!(public.metropolys_card(p), None);
            assert!(public.scores()[p as usize].is_none());
            assert!(public.totals()[p as usize].is_none());
            assert!(
                public.view(p).is_none(),
                "no seat's view of the public view"
            );
        }
        // Its snapshot is the state's public view; every seat's view of the
        // game, and the public view of a seat's view, show the public the same.
        let snap = public.snapshot();
        assert_eq!(snap, with_deck(game.state().public_snapshot(), &game));
        let seat = game.state().to_act().unwrap();
        assert_eq!(game.view(seat).unwrap().public_view().snapshot(), snap);
        assert_eq!(public.public_view().snapshot(), snap);
        let json = public.to_json();
        leaks("the public view's JSON", &json);
        let events = serde_json::to_string(public.last_events()).unwrap();
        for s in &secrets {
            assert!(
                !events.contains(s.as_str()),
                "its events show {s}: {events}"
            );
        }
        // Loaded back (JSON, or snapshot and events), it is the public view.
        let back = Game::from_json(&json).unwrap();
        assert_eq!((back.viewer(), back.state()), (None, public.state()));
        assert!((0..players).all(|p| !back.knows_secrets(p)));
        assert_eq!(back.to_json(), json);
        let parts =
            Game::from_snapshot_parts(snap.clone(), public.last_events().to_vec(), None).unwrap();
        assert_eq!(parts.snapshot(), snap);
        // It is not a whole state, nor a game with a history.
        assert_eq!(
            State::try_from(snap.clone()).unwrap_err(),
            StateError::Hidden("objectives")
        );
        let history = (Config::new(players, variant, 13), &[][..]);
        assert!(Game::from_snapshot_parts(snap.clone(), vec![], Some(history)).is_err());
        // Hiding some seats' secrets but not all is neither a state nor a view.
        let mut partly = game.snapshot();
        partly.objectives[0] = None;
        if metropolys {
            partly.metropolys_cards[0] = None;
        }
        assert!(matches!(
            Game::from_snapshot(partly).unwrap_err(),
            StateError::Hidden(_)
        ));
        let mut cards_shown = snap.clone();
        if metropolys {
            cards_shown.metropolys_cards = game.snapshot().metropolys_cards;
            assert!(Game::from_snapshot(cards_shown).is_err());
        }
        // Played on to the end, it still knows no secret: no scores, no
        // winners, no game_ended event, and its JSON shows none.
        let mut played = public.clone();
        while let Some(&a) = played.state().legal_actions().first() {
            played = played.apply(a).unwrap();
        }
        assert!(played.state().is_over());
        assert_eq!(played.winners(), None);
        assert!(played.scores().iter().all(Option::is_none));
        assert!(!played
            .last_events()
            .iter()
            .any(|e| matches!(e, Event::GameEnded { .. })));
        leaks("a public view played to the end", &played.to_json());
        let back = Game::from_json(&played.to_json()).unwrap();
        assert_eq!((back.state(), back.winners()), (played.state(), None));
        // The public view of a finished game shows every card.
        let mut whole = game.clone();
        while let Some(&a) = whole.state().legal_actions().first() {
            whole = whole.apply(a).unwrap();
        }
        let end = whole.public_view();
        assert_eq!(
            end.snapshot(),
            with_deck(whole.state().public_snapshot(), &whole)
        );
        assert_eq!(end.snapshot(), whole.snapshot());
        assert_eq!(end.winners(), whole.winners());
        assert_eq!(end.scores(), whole.scores());
        let reloaded: Snapshot = serde_json::from_str(&end.to_json()).unwrap();
        assert_eq!(
            Game::from_snapshot(reloaded).unwrap().winners(),
            whole.winners()
        );
    }
}

/// A snapshot of `game`'s state with the game's Metropolys deck, as
/// [`Game::snapshot`] writes it.
fn with_deck(mut snap: metropolys_core::Snapshot, game: &Game) -> metropolys_core::Snapshot {
    snap.metropolys_deck = game.metropolys_deck().map(<[_]>::to_vec);
    snap
}
