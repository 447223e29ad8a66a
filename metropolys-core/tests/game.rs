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
    assert!(g.config().is_none() && g.actions().is_none() && g.to_record().is_none());
    let next = g.apply(Action::Pass).unwrap();
    assert_eq!(next.state(), played.apply(Action::Pass).unwrap().state());
    assert!(next.to_record().is_none());
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
