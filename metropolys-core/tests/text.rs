//! The text board (`metropolys_core::text`): pinned layout, and only what the
//! viewer may see.

use metropolys_core::rng::SplitMix64;
use metropolys_core::text::{board_text, parse_action};
use metropolys_core::{Action, Config, Kind, State, Variant};

fn played(players: u8, variant: Variant, seed: u64, decisions: usize, cards: bool) -> State {
    let mut c = Config::new(players, variant, seed);
    if cards {
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
    let mut rng = SplitMix64::new(seed);
    for _ in 0..decisions {
        match s.random_action(&mut rng) {
            Some(a) => s = s.apply(a).unwrap().0,
            None => break,
        }
    }
    s
}

#[test]
fn text_board_is_pinned() {
    // A 3-player Expert game (west out of play) in the middle of a call, the
    // whole state; a seat's view; and a finished game.
    let mid = (23..)
        .map(|n| played(3, Variant::Expert, 42, n, false))
        .find(|s| s.bids().len() >= 2)
        .unwrap();
    insta::assert_snapshot!("text_3p_expert_mid", board_text(&mid, None).unwrap());
    insta::assert_snapshot!(
        "text_3p_expert_mid_seat1",
        board_text(&mid, Some(1)).unwrap()
    );
    let over = played(4, Variant::Expert, 7, 10_000, true);
    assert!(over.is_over());
    insta::assert_snapshot!(
        "text_4p_expert_cards_over",
        board_text(&over, Some(2)).unwrap()
    );
}

#[test]
fn r21_text_board_shows_only_the_viewers_secrets() {
    let s = played(4, Variant::Expert, 3, 30, true);
    assert!(!s.is_over());
    for viewer in 0..4u8 {
        let text = board_text(&s, Some(viewer)).unwrap();
        let objective_lines = text.lines().filter(|l| l.contains("objective")).count();
        let card_lines = text.lines().filter(|l| l.contains("metropolys ")).count();
        assert_eq!(objective_lines, 1, "{text}");
        assert_eq!(card_lines, 1, "{text}");
        let own = text
            .lines()
            .find(|l| l.contains("objective"))
            .unwrap()
            .trim_start_matches(['>', ' ']);
        assert!(own.starts_with(&viewer.to_string()), "{text}");
    }
    // The whole state shows every seat's secrets.
    let whole = board_text(&s, None).unwrap();
    assert_eq!(whole.lines().filter(|l| l.contains("objective")).count(), 4);
    // A seat that does not exist has no view.
    assert_eq!(board_text(&s, Some(4)), None);
}

#[test]
fn r21_text_board_of_a_view_ignores_hidden_information() {
    // Two games whose only difference is seat 1's objective: seat 0 sees the
    // same text for both.
    let mut a = Config::new(2, Variant::Family, 5).resolved().unwrap();
    let mut b = a.clone();
    let objs = a.objectives.clone().unwrap();
    let mut other = objs.clone();
    other[1].area = if objs[1].area == metropolys_core::Area::Bridges {
        metropolys_core::Area::Lakes
    } else {
        metropolys_core::Area::Bridges
    };
    b.objectives = Some(other);
    a.objectives = Some(objs);
    let (sa, sb) = (State::new(&a).unwrap(), State::new(&b).unwrap());
    assert_ne!(sa, sb);
    assert_eq!(board_text(&sa, Some(0)), board_text(&sb, Some(0)));
    assert_ne!(board_text(&sa, Some(1)), board_text(&sb, Some(1)));
}

#[test]
fn text_board_marks_bids_buildings_and_tokens() {
    let s = played(2, Variant::Family, 11, 40, false);
    let text = board_text(&s, None).unwrap();
    for b in s.bids() {
        assert!(text.contains(&format!("({}:{})@{}", b.player, b.building, b.neighborhood)));
    }
    for id in 0..55u8 {
        if let Some((p, n)) = s.building_at(id) {
            assert!(text.contains(&format!("{id:>2} [{p}:{n}]")), "{id}\n{text}");
        }
    }
    // Every board line fits an 80-column terminal.
    let board_lines = text.lines().take_while(|l| !l.starts_with("  seat"));
    assert!(
        board_lines.into_iter().all(|l| l.chars().count() <= 80),
        "{text}"
    );
}

#[test]
fn action_text_round_trips() {
    for id in 0..Action::COUNT as u16 {
        let a = Action::from_id(id).unwrap();
        assert_eq!(parse_action(&a.to_string()), Ok(a));
    }
}
