//! `Game`: a state with its history beside it.

use metropolys_core::{Action, Config, Event, Game, Record, RuleError, Variant};

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
fn a_rejected_action_changes_nothing() {
    let mut g = Game::new(Config::new(2, Variant::Family, 5)).unwrap();
    let before = *g.state();
    assert_eq!(g.apply(Action::Pass).unwrap_err(), RuleError::OpeningPass);
    assert_eq!(*g.state(), before);
    assert!(g.actions().is_empty());
    assert_eq!(g.last_events().len(), 1);
}

#[test]
fn the_record_of_a_finished_game_verifies_and_replays_to_it() {
    let mut g = Game::new(Config::new(4, Variant::Expert, 11)).unwrap();
    let mut rng = metropolys_core::rng::SplitMix64::new(11);
    while let Some(a) = g.state().random_action(&mut rng) {
        g.apply(a).unwrap();
    }
    let record = g.to_record();
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
}

#[test]
fn history_extends_without_changing_its_past_and_drops_long_chains() {
    use metropolys_core::record::History;
    let h0 = History::new(Config::new(2, Variant::Family, 1));
    let h1 = h0.push(0, Action::bid(3, 5));
    let h2a = h1.push(1, Action::Pass);
    let h2b = h1.push(1, Action::bid(4, 6));
    assert_eq!(h0.len(), 0);
    assert_eq!(h1.actions().len(), 1);
    assert_eq!(h2a.actions()[1].action, Action::Pass);
    assert_eq!(h2b.actions()[1].action, Action::bid(4, 6));
    assert_eq!(h2a.actions()[0], h2b.actions()[0]);
    // A chain far longer than any game is dropped without recursion.
    let mut long = h0.clone();
    for _ in 0..200_000 {
        long = long.push(0, Action::Pass);
    }
    assert_eq!(long.len(), 200_000);
    drop(long);
}
