//! One group of tests per ruling of docs/rules.md, named after its R-number,
//! including the rulebook's worked examples.

mod common;

use common::{config_with, position, script, win};
use metropolys_core::{
    board, Action, Area, Card, Config, ConfigError, District, Event, Kind, Objective, Rule,
    RuleError, State, Token, Variant,
};
use std::collections::BTreeMap;

fn bid(n: u8, b: u8) -> Action {
    Action::bid(n, b)
}

fn family(players: u8, seed: u64) -> State {
    State::new(&Config::new(players, Variant::Family, seed)).unwrap()
}

fn area(a: Area) -> Objective {
    Objective {
        neighborhood: None,
        area: a,
    }
}

fn expert(k: Kind, a: Area) -> Objective {
    Objective {
        neighborhood: Some(k),
        area: a,
    }
}

// ----- R-1 seats -------------------------------------------------------------

#[test]
fn r01_player_count_and_start_player() {
    for n in [0, 1, 5] {
        assert_eq!(
            State::new(&Config::new(n, Variant::Family, 0)).unwrap_err(),
            ConfigError::Players(n)
        );
    }
    let mut c = Config::new(3, Variant::Expert, 0);
    c.start_player = 2;
    assert_eq!(State::new(&c).unwrap().to_act(), Some(2));
    c.start_player = 3;
    assert_eq!(State::new(&c).unwrap_err().rule(), [Rule::R1]);
}

#[test]
fn r01_next_player_is_clockwise() {
    let s = family(4, 1);
    let (s, _) = script(s, &[bid(0, 1)]);
    assert_eq!(s.to_act(), Some(1));
    let mut c = Config::new(3, Variant::Family, 1);
    c.start_player = 2;
    let (s, _) = script(State::new(&c).unwrap(), &[bid(0, 1)]);
    assert_eq!(s.to_act(), Some(0), "seat 2 is followed by seat 0");
}

// ----- R-2 districts in play -------------------------------------------------

#[test]
fn r02_districts_out_of_play_by_player_count() {
    for seed in 0..50 {
        assert!(family(4, seed).out_of_play().is_empty());
        assert_eq!(family(3, seed).out_of_play().len(), 1);
        let two = family(2, seed).out_of_play();
        assert_eq!(two.len(), 2);
        let ring = board::peripheral_ring();
        let pos = |d: District| ring.iter().position(|&r| r == d).unwrap();
        let (a, b) = (pos(two[0]), pos(two[1]));
        assert!(
            (a + 1) % 4 == b || (b + 1) % 4 == a,
            "{two:?} adjacent on the ring"
        );
    }
}

#[test]
fn r02_explicit_out_of_play_is_validated() {
    let mut c = Config::new(2, Variant::Family, 0);
    c.out_of_play = Some(vec![District::North, District::South]);
    assert_eq!(State::new(&c).unwrap_err().rule(), [Rule::R2]);
    c.out_of_play = Some(vec![District::West, District::North]);
    assert_eq!(
        State::new(&c).unwrap().out_of_play(),
        vec![District::North, District::West]
    );
    c.out_of_play = Some(vec![District::Center, District::North]);
    assert!(State::new(&c).is_err());
    let mut c = Config::new(4, Variant::Family, 0);
    c.out_of_play = Some(vec![District::East]);
    assert!(State::new(&c).is_err());
}

#[test]
fn r02_neighborhood_out_of_play_cannot_hold_a_building() {
    let mut c = Config::new(3, Variant::Family, 0);
    c.out_of_play = Some(vec![District::West]);
    let s = State::new(&c).unwrap();
    assert!(!s.free().contains(45));
    assert_eq!(
        s.check(bid(45, 1)),
        Err(RuleError::OutOfPlay {
            neighborhood: 45,
            district: District::West
        })
    );
    assert!(s.legal_actions().iter().all(|a| match a {
        Action::Bid { neighborhood, .. } => board::district(*neighborhood) != Some(District::West),
        Action::Pass => true,
    }));
}

// ----- tokens --------------------------------------------------------

#[test]
fn r03_r04_token_counts_and_layout() {
    for (n, pool) in [(4u8, [9, 9, 9]), (3, [8, 7, 7]), (2, [5, 6, 6])] {
        for seed in 0..30 {
            let s = family(n, seed);
            let mut counts = [0; 3];
            let mut per_district = BTreeMap::new();
            for id in 0..55u8 {
                if let Some(t) = s.token_at(id) {
                    counts[t.index()] += 1;
                    assert!(
                        !board::is_blind_alley(id),
                        "R-4: no token on blind alley {id}"
                    );
                    assert!(s.in_play().contains(id));
                    *per_district
                        .entry(board::district(id).unwrap())
                        .or_insert(0) += 1;
                }
            }
            assert_eq!(counts, pool, "R-3 with {n} players");
            for (d, k) in per_district {
                assert_eq!(k, if d == District::Center { 7 } else { 5 }, "R-4 {d}");
            }
        }
    }
}

#[test]
fn r04_explicit_layout_is_validated() {
    let base = Config::new(2, Variant::Family, 5).resolved().unwrap();
    assert!(State::new(&base).is_ok(), "the resolved layout is valid");
    let mut tokens = base.tokens.clone().unwrap();
    // Move a token onto a blind alley.
    let (&first, &t) = tokens
        .iter()
        .find(|(&id, _)| board::district(id) == Some(District::Center))
        .unwrap();
    tokens.remove(&first);
    tokens.insert(11, t);
    let mut c = base.clone();
    c.tokens = Some(tokens);
    let err = State::new(&c).unwrap_err();
    assert_eq!(err.rule(), [Rule::R3, Rule::R4]);
    assert!(err.to_string().contains("blind alley"), "{err}");
    // Too few tokens.
    let mut tokens = base.tokens.clone().unwrap();
    let first = *tokens.keys().next().unwrap();
    tokens.remove(&first);
    let mut c = base.clone();
    c.tokens = Some(tokens);
    assert!(State::new(&c).is_err());
}

// ----- R-5 objectives ------------------------------------------------------------

#[test]
fn r05_family_deal_one_area_card_each_no_border_for_two() {
    for seed in 0..40 {
        let s = family(2, seed);
        let areas: Vec<Area> = (0..2).map(|p| s.objective(p).unwrap().area).collect();
        assert!(!areas.contains(&Area::Border), "2 players: Border removed");
        assert_ne!(areas[0], areas[1]);
        let s = family(4, seed);
        let mut areas: Vec<Area> = (0..4).map(|p| s.objective(p).unwrap().area).collect();
        areas.sort();
        assert_eq!(
            areas,
            vec![Area::Bridges, Area::Statues, Area::Lakes, Area::Border]
        );
    }
}

#[test]
fn r05_expert_deal_one_neighborhood_and_one_area_card_each() {
    for seed in 0..40 {
        let s = State::new(&Config::new(4, Variant::Expert, seed)).unwrap();
        let objs: Vec<Objective> = (0..4).map(|p| s.objective(p).unwrap()).collect();
        for (i, o) in objs.iter().enumerate() {
            assert!(o.neighborhood.is_some());
            assert!(![Area::Border].contains(&o.area));
            for p in &objs[..i] {
                assert_ne!(p.area, o.area);
                assert_ne!(p.neighborhood, o.neighborhood);
            }
        }
    }
}

#[test]
fn r05_explicit_deal_is_validated() {
    let c = config_with(
        2,
        Variant::Family,
        vec![area(Area::Border), area(Area::Lakes)],
    );
    assert_eq!(State::new(&c).unwrap_err().rule(), [Rule::R5]);
    let c = config_with(
        2,
        Variant::Family,
        vec![area(Area::Lakes), area(Area::Lakes)],
    );
    assert!(State::new(&c).is_err());
    let c = config_with(
        2,
        Variant::Expert,
        vec![expert(Kind::Park, Area::Chains), area(Area::Lakes)],
    );
    assert!(State::new(&c).is_err(), "Expert deals a neighborhood card");
    let c = config_with(
        2,
        Variant::Expert,
        vec![
            expert(Kind::Park, Area::Chains),
            expert(Kind::Mall, Area::Lakes),
        ],
    );
    assert!(State::new(&c).is_ok());
}

// ----- R-6 determinism ---------------------------------------------------------

#[test]
fn r06_same_configuration_same_game() {
    for n in 2..=4 {
        for v in [Variant::Family, Variant::Expert] {
            let c = Config::new(n, v, 99);
            assert_eq!(c.resolve().unwrap(), c.resolve().unwrap());
            assert_eq!(State::new(&c).unwrap(), State::new(&c).unwrap());
        }
    }
    assert_ne!(
        Config::new(4, Variant::Expert, 1).resolve().unwrap(),
        Config::new(4, Variant::Expert, 2).resolve().unwrap()
    );
}

#[test]
fn r06_explicit_parts_do_not_shift_the_other_draws() {
    let drawn = Config::new(3, Variant::Expert, 7).resolve().unwrap();
    let mut c = Config::new(3, Variant::Expert, 7);
    c.out_of_play = Some(drawn.out_of_play.clone());
    c.objectives = Some(drawn.objectives.clone());
    assert_eq!(c.resolve().unwrap(), drawn);
}

// ----- R-7 opening bid -----------------------------------------------------------

#[test]
fn r07_opening_player_must_bid_anywhere_free() {
    let s = family(4, 3);
    assert_eq!(s.apply(Action::Pass).unwrap_err(), RuleError::OpeningPass);
    assert!(!s.legal_actions().contains(&Action::Pass));
    // Any free neighborhood, any building: 55 × 13 bids.
    assert_eq!(s.legal_action_count(), 55 * 13);
    assert!(s.is_legal(bid(54, 13)));
    assert_eq!(s.check(bid(55, 1)), Err(RuleError::UnknownNeighborhood(55)));
    assert_eq!(s.check(bid(3, 0)), Err(RuleError::UnknownBuilding(0)));
    assert_eq!(s.check(bid(3, 14)), Err(RuleError::UnknownBuilding(14)));
}

#[test]
fn r07_constructed_neighborhood_is_not_free() {
    let c = Config::new(2, Variant::Family, 3);
    let s = position(&c, &[(3, 1, 4)]);
    assert_eq!(s.check(bid(3, 1)), Err(RuleError::Constructed(3)));
    assert!(!s.free().contains(3));
}

// ----- R-8 … R-10 outbidding and passing ------------------------------------------

#[test]
fn r08_r09_r10_rulebook_bidding_sequence_3_7_9_10_pass_pass_11_pass() {
    // Four players bid 3, 7, 9, 10 along adjacent neighborhoods 1-2-0-3; the
    // first two pass, the third outbids with 11 next door (4), the fourth
    // passes: the 11 is constructed.
    let s = family(4, 11);
    let (s, events) = script(
        s,
        &[
            bid(1, 3),
            bid(2, 7),
            bid(0, 9),
            bid(3, 10),
            Action::Pass,
            Action::Pass,
            bid(4, 11),
            Action::Pass,
        ],
    );
    assert!(events.contains(&Event::Constructed {
        player: 2,
        neighborhood: 4,
        building: 11,
        call: 1
    }));
    assert_eq!(s.building_at(4), Some((2, 11)));
    for (player, neighborhood, building) in [(0, 1, 3), (1, 2, 7), (2, 0, 9), (3, 3, 10)] {
        assert!(events.contains(&Event::BidReturned {
            player,
            neighborhood,
            building
        }));
        assert!(
            s.supply(player).contains(&building),
            "R-13: {building} back in supply"
        );
    }
    assert_eq!(s.to_act(), Some(2), "R-16: the winner opens the next call");
    assert_eq!(s.call_number(), 2);
    assert!(s.bids().is_empty());
}

#[test]
fn r09_outbid_must_be_adjacent_higher_and_unused() {
    let (s, _) = script(family(3, 2), &[bid(10, 5)]);
    assert_eq!(
        s.check(bid(0, 6)),
        Err(RuleError::NotAdjacent {
            neighborhood: 0,
            last: 10
        })
    );
    assert_eq!(
        s.check(bid(9, 5)),
        Err(RuleError::NotHigher {
            building: 5,
            last: 5
        })
    );
    assert_eq!(s.check(bid(10, 6)), Err(RuleError::AlreadyBid(10)));
    assert!(s.is_legal(bid(9, 6)));
    // Seat 0 may outbid again later with another building, not the same one.
    let (s, _) = script(s, &[bid(9, 6), bid(8, 7)]);
    assert_eq!(s.to_act(), Some(0));
    assert_eq!(s.check(bid(7, 5)), Err(RuleError::BuildingOnBoard(5)));
    assert!(s.is_legal(bid(7, 8)));
}

#[test]
fn r09_bridges_count_as_adjacency() {
    let (s, _) = script(family(4, 2), &[bid(0, 5)]);
    assert!(s.is_legal(bid(19, 6)), "0-19 is a bridge");
    assert!(s.is_legal(bid(22, 6)), "0-22 is a bridge");
}

#[test]
fn r10_passed_player_takes_no_further_part_and_bids_stay() {
    let (s, _) = script(family(3, 4), &[bid(3, 2), bid(4, 3), Action::Pass]);
    // Seat 2 passed; seat 0 outbids; seat 1 outbids; the turn skips seat 2.
    assert!(s.has_passed(2));
    let (s, _) = script(s, &[bid(5, 4), bid(6, 5)]);
    assert_eq!(s.to_act(), Some(0), "seat 2 is skipped");
    assert_eq!(s.bids().len(), 4, "bids stay until the call ends");
}

// ----- forced passes and end of call ------------------------------------

#[test]
fn r11_forced_pass_is_applied_and_reported() {
    // Seat 0 opens with 12; seat 1 bids 13; seat 2 (and seat 0) cannot beat 13.
    let (s, events) = script(family(3, 6), &[bid(3, 12), bid(4, 13)]);
    assert!(events.contains(&Event::Passed {
        player: 2,
        forced: true
    }));
    assert!(events.contains(&Event::Passed {
        player: 0,
        forced: true
    }));
    assert_eq!(s.building_at(4), Some((1, 13)));
}

#[test]
fn r11_player_asked_to_act_always_has_a_bid() {
    let mut s = family(4, 8);
    let mut rng = metropolys_core::rng::SplitMix64::new(3);
    while let Some(a) = s.random_action(&mut rng) {
        assert!(s
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Bid { .. })));
        s = s.play(a).unwrap();
    }
}

#[test]
fn r12_opening_bid_nobody_can_beat_wins_at_once() {
    let (s, events) = script(family(4, 1), &[bid(30, 13)]);
    assert_eq!(
        events[..5],
        [
            Event::BidPlaced {
                player: 0,
                neighborhood: 30,
                building: 13
            },
            Event::Passed {
                player: 1,
                forced: true
            },
            Event::Passed {
                player: 2,
                forced: true
            },
            Event::Passed {
                player: 3,
                forced: true
            },
            Event::Constructed {
                player: 0,
                neighborhood: 30,
                building: 13,
                call: 1
            },
        ]
    );
    assert_eq!(s.building_at(30), Some((0, 13)));
    assert!(matches!(
        events.last(),
        Some(Event::CallStarted { call: 2, player: 0 })
    ));
}

#[test]
fn r12_opening_bid_next_to_no_free_neighborhood_wins_at_once() {
    // Blind alley 11 touches only 10, where a building stands: nobody can
    // answer an opening bid on 11, however low.
    let c = Config::new(4, Variant::Family, 9);
    let s = position(&c, &[(10, 0, 5)]);
    let (s, events) = script(s, &[bid(11, 1)]);
    assert_eq!(s.building_at(11), Some((0, 1)));
    let forced = events
        .iter()
        .filter(|e| matches!(e, Event::Passed { forced: true, .. }))
        .count();
    assert_eq!(forced, 3);
}

#[test]
fn r12_call_ends_when_all_others_passed() {
    let (s, events) = script(family(2, 5), &[bid(7, 2), Action::Pass]);
    assert_eq!(s.building_at(7), Some((0, 2)));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Constructed { .. })));
}

// ----- R-13 … R-15 construction, tokens, cards ----------------------------------------

#[test]
fn r13_winner_takes_the_token() {
    let s = family(3, 12);
    let id = (0..55u8).find(|&i| s.token_at(i).is_some()).unwrap();
    let token = s.token_at(id).unwrap();
    let (s, events) = win(s, 1, id);
    assert!(events.contains(&Event::TokenTaken {
        player: 1,
        neighborhood: id,
        token
    }));
    assert_eq!(s.token_at(id), None);
    assert_eq!(s.tokens_taken(1, token), 1);
}

fn token_sites(s: &State, t: Token) -> Vec<u8> {
    (0..55u8).filter(|&i| s.token_at(i) == Some(t)).collect()
}

#[test]
fn r14_subway_card_tie_never_moves_it() {
    let s = family(2, 21);
    let sites = token_sites(&s, Token::Subway);
    let (s, ev) = win(s, 0, sites[0]);
    assert!(ev.contains(&Event::CardTaken {
        player: 0,
        card: Card::Subway,
        from: None
    }));
    // Seat 1 ties 1-1: the card stays.
    let (s, ev) = win(s, 1, sites[1]);
    assert!(!ev.iter().any(|e| matches!(e, Event::CardTaken { .. })));
    assert_eq!(s.card_holder(Card::Subway), Some(0));
    // Seat 1 now has strictly more: the card moves.
    let (s, ev) = win(s, 1, sites[2]);
    assert!(ev.contains(&Event::CardTaken {
        player: 1,
        card: Card::Subway,
        from: Some(0)
    }));
    assert_eq!(s.card_holder(Card::Subway), Some(1));
    let sheets = s.scores();
    assert_eq!((sheets[0].subway_card, sheets[1].subway_card), (0, 3));
}

#[test]
fn r15_archaeological_card_moves_to_every_new_taker() {
    let s = family(2, 22);
    let sites = token_sites(&s, Token::Archaeology);
    let (s, _) = win(s, 0, sites[0]);
    assert_eq!(s.card_holder(Card::Archaeology), Some(0));
    let (s, ev) = win(s, 1, sites[1]);
    assert!(ev.contains(&Event::CardTaken {
        player: 1,
        card: Card::Archaeology,
        from: Some(0)
    }));
    let (s, ev) = win(s, 0, sites[2]);
    assert!(ev.contains(&Event::CardTaken {
        player: 0,
        card: Card::Archaeology,
        from: Some(1)
    }));
    let sheets = s.scores();
    assert_eq!(sheets[0].archaeology, -2);
    assert_eq!(sheets[0].archaeology_card, -2);
    assert_eq!(sheets[1].archaeology_card, 0);
}

// ----- R-16 / R-17 ----------------------------------------------------------------------

#[test]
fn r16_winner_starts_the_next_call() {
    let (s, events) = win(family(3, 1), 2, 9);
    assert_eq!(s.to_act(), Some(2));
    assert!(matches!(
        events.last(),
        Some(Event::CallStarted { call: 2, player: 2 })
    ));
}

#[test]
fn r17_game_ends_when_a_player_built_all_thirteen() {
    let s = family(2, 4);
    let end = metropolys_core::play_random(s, &mut metropolys_core::rng::SplitMix64::new(9));
    assert!(end.is_over());
    assert_eq!(end.to_act(), None);
    assert!((0..2).any(|p| end.constructed_count(p) == 13));
    assert!((0..2).all(|p| end.constructed_count(p) <= 13));
    assert_eq!(end.apply(Action::Pass).unwrap_err(), RuleError::GameOver);
    assert_eq!(end.apply(bid(0, 1)).unwrap_err().rule(), [Rule::R17]);
    assert!(end.legal_actions().is_empty());
}

#[test]
fn r17_last_construction_emits_game_ended_with_scores() {
    let s = family(2, 4);
    let mut rng = metropolys_core::rng::SplitMix64::new(9);
    let mut s = s;
    let mut last = Vec::new();
    while let Some(a) = s.random_action(&mut rng) {
        let (next, ev) = s.apply(a).unwrap();
        last = ev;
        s = next;
    }
    match last.last() {
        Some(Event::GameEnded { scores, winners }) => {
            assert_eq!(*scores, s.scores());
            assert_eq!(*winners, s.winners());
        }
        other => panic!("expected game_ended, got {other:?}"),
    }
}

#[test]
fn r08_action_for_the_wrong_player_is_rejected() {
    let s = family(3, 1);
    assert_eq!(
        s.apply_for(1, bid(0, 1)).unwrap_err(),
        RuleError::WrongPlayer {
            expected: 0,
            got: 1
        }
    );
    assert!(s.apply_for(0, bid(0, 1)).is_ok());
}

// ----- §4 Family scoring -------------------------------------------------------------------

#[test]
fn family_scoring_counts_each_building_once_per_card() {
    let c = config_with(
        4,
        Variant::Family,
        vec![
            area(Area::Bridges),
            area(Area::Statues),
            area(Area::Lakes),
            area(Area::Border),
        ],
    );
    // 14 ends two bridges; 33 ends three; 10 ends none.
    // 46 and 47 touch two statues each; 3 touches two; 8 touches two lakes.
    let s = position(
        &c,
        &[
            (14, 0, 1),
            (33, 0, 2),
            (10, 0, 3),
            (46, 1, 1),
            (47, 1, 2),
            (11, 1, 3),
            (8, 2, 1),
            (42, 2, 2),
            (15, 3, 1),
            (16, 3, 2),
            (19, 3, 3),
        ],
    );
    let sheets = s.scores();
    assert_eq!(sheets[0].area, 6);
    assert_eq!(sheets[0].area_groups, vec![vec![14], vec![33]]);
    assert_eq!(sheets[1].area, 6);
    assert_eq!(sheets[2].area, 6, "8 on two lakes, 42 on one");
    assert_eq!(sheets[3].area, 6, "15 and 16 on the border, 19 not");
}

#[test]
fn family_token_and_card_values() {
    let s = family(2, 22);
    let sites = token_sites(&s, Token::Trendy);
    let (s, _) = win(s, 0, sites[0]);
    let (s, _) = win(s, 0, sites[1]);
    let sheet = &s.scores()[0];
    assert_eq!(sheet.trendy, 6);
    assert_eq!(sheet.total, sheet.trendy + sheet.area);
}

// ----- R-18 highest building ------------------------------------------------------------------

fn expert4() -> Config {
    config_with(
        4,
        Variant::Expert,
        vec![
            expert(Kind::Industry, Area::Chains),
            expert(Kind::Park, Area::Lakes),
            expert(Kind::Housing, Area::Bridges),
            expert(Kind::Mall, Area::Statues),
        ],
    )
}

#[test]
fn r18_a_tall_building_beats_any_number_of_mediums() {
    let s = position(
        &expert4(),
        &[(15, 0, 10), (16, 1, 6), (17, 1, 7), (18, 1, 8), (19, 1, 9)],
    );
    let sheets = s.scores();
    assert_eq!(sheets[0].highest_building, 5);
    assert_eq!(sheets[0].highest_building_districts, vec![District::North]);
    assert_eq!(sheets[1].highest_building, 0);
}

#[test]
fn r18_tall_tall_small_beats_tall_tall() {
    let s = position(
        &expert4(),
        &[
            (25, 0, 11),
            (26, 0, 12),
            (27, 0, 1),
            (29, 1, 13),
            (30, 1, 10),
        ],
    );
    let sheets = s.scores();
    assert_eq!(sheets[0].highest_building_districts, vec![District::East]);
    assert_eq!(sheets[1].highest_building, 0);
}

#[test]
fn r18_ties_all_score_and_empty_districts_award_nothing() {
    let s = position(
        &expert4(),
        &[(36, 2, 12), (38, 3, 13), (39, 3, 1), (37, 2, 2)],
    );
    let sheets = s.scores();
    assert_eq!(sheets[2].highest_building, 5);
    assert_eq!(sheets[3].highest_building, 5);
    assert_eq!(sheets[0].highest_building + sheets[1].highest_building, 0);
}

// ----- §5 neighborhood cards, R-19 expert area cards --------------------------------------------

#[test]
fn expert_neighborhood_card_two_per_building_of_its_kind() {
    // Seat 1 holds the park card: parks 5, 7, 9; 4 is industry.
    let s = position(&expert4(), &[(5, 1, 1), (7, 1, 2), (9, 1, 3), (4, 1, 4)]);
    assert_eq!(s.scores()[1].neighborhood, 6);
}

#[test]
fn r19_bridges_maximum_matching_beats_greedy() {
    // Bridges 14-33, 14-39, 33-39, 33-43: greedy 14-33 leaves one pair; the
    // maximum is 14-39 and 33-43.
    let s = position(
        &expert4(),
        &[(14, 2, 1), (33, 2, 2), (39, 2, 3), (43, 2, 4)],
    );
    let sheet = &s.scores()[2];
    assert_eq!(sheet.area, 8);
    assert_eq!(sheet.area_groups, vec![vec![14, 39], vec![33, 43]]);
}

#[test]
fn r19_statues_share_no_building() {
    // Statues 45-46-47 and 46-47-48 share two neighborhoods: one scores.
    let s = position(
        &expert4(),
        &[(45, 3, 1), (46, 3, 2), (47, 3, 3), (48, 3, 4)],
    );
    assert_eq!(s.scores()[3].area, 7);
    let s = position(
        &expert4(),
        &[
            (45, 3, 1),
            (46, 3, 2),
            (47, 3, 3),
            (30, 3, 4),
            (31, 3, 5),
            (32, 3, 6),
        ],
    );
    assert_eq!(s.scores()[3].area, 14);
}

#[test]
fn r19_lakes_building_between_two_lakes_is_assigned_to_one() {
    // Lakes {2,3,7,8,9} and {7,8,10,12,13} share 7 and 8.
    let s = position(
        &expert4(),
        &[
            (2, 1, 1),
            (3, 1, 2),
            (7, 1, 3),
            (8, 1, 4),
            (10, 1, 5),
            (12, 1, 6),
        ],
    );
    let sheet = &s.scores()[1];
    assert_eq!(sheet.area, 10, "two lakes: {:?}", sheet.area_groups);
    assert!(sheet.area_groups.iter().all(|g| g.len() == 3));
    let s = position(
        &expert4(),
        &[(2, 1, 1), (3, 1, 2), (7, 1, 3), (10, 1, 5), (12, 1, 6)],
    );
    assert_eq!(s.scores()[1].area, 5, "7 cannot serve both lakes");
}

#[test]
fn r19_districts_three_or_more_buildings_score_four() {
    let c = config_with(
        2,
        Variant::Expert,
        vec![
            expert(Kind::Park, Area::Districts),
            expert(Kind::Mall, Area::Lakes),
        ],
    );
    let mut placed = vec![(0, 0, 1), (1, 0, 2), (2, 0, 3), (3, 0, 4), (4, 0, 5)];
    let s0 = State::new(&c).unwrap();
    let north_in = s0.in_play().contains(15);
    let peripheral: Vec<u8> = if north_in {
        vec![15, 16, 17]
    } else {
        vec![35, 36, 37]
    };
    let peripheral: Vec<u8> = peripheral
        .into_iter()
        .filter(|&i| s0.in_play().contains(i))
        .collect();
    for (k, &id) in peripheral.iter().enumerate() {
        placed.push((id, 0, 6 + k as u8));
    }
    let s = position(&c, &placed);
    let want = if peripheral.len() == 3 { 8 } else { 4 };
    assert_eq!(s.scores()[0].area, want);
}

#[test]
fn r19_chains_exact_maximum_on_a_path_and_a_star() {
    // A path 45-46-48-51-50-53 splits into two chains.
    let s = position(
        &expert4(),
        &[
            (45, 0, 1),
            (46, 0, 2),
            (48, 0, 3),
            (51, 0, 4),
            (50, 0, 5),
            (53, 0, 6),
        ],
    );
    assert_eq!(s.scores()[0].area, 8);
    // A star: hub 10 with leaves 5, 9, 11, 13, 14. Every chain needs the hub
    // (13-14 are adjacent but only 10 completes them): one chain.
    let s = position(
        &expert4(),
        &[
            (10, 0, 1),
            (5, 0, 2),
            (9, 0, 3),
            (11, 0, 4),
            (13, 0, 5),
            (14, 0, 6),
        ],
    );
    let sheet = &s.scores()[0];
    assert_eq!(sheet.area, 4, "{:?}", sheet.area_groups);
    assert!(sheet.area_groups[0].contains(&10));
}

#[test]
fn r19_same_building_serves_neighborhood_and_area_card() {
    // Seat 1: park card and lakes card; parks 7 and 9 are on lake 2's shore.
    let s = position(&expert4(), &[(2, 1, 1), (7, 1, 2), (9, 1, 3)]);
    let sheet = &s.scores()[1];
    assert_eq!(sheet.neighborhood, 4);
    assert_eq!(sheet.area, 5);
}

// ----- R-20 winner ----------------------------------------------------------------------------

#[test]
fn r20_winner_has_top_total_then_most_buildings() {
    for seed in 0..30 {
        let s = metropolys_core::play_random(
            State::new(&Config::new(3, Variant::Expert, seed)).unwrap(),
            &mut metropolys_core::rng::SplitMix64::new(seed),
        );
        let sheets = s.scores();
        let top = sheets.iter().map(|x| x.total).max().unwrap();
        let most = sheets
            .iter()
            .filter(|x| x.total == top)
            .map(|x| x.constructed)
            .max()
            .unwrap();
        let want: Vec<u8> = sheets
            .iter()
            .filter(|x| x.total == top && x.constructed == most)
            .map(|x| x.player)
            .collect();
        assert_eq!(s.winners(), want);
    }
}

// ----- R-21 views -------------------------------------------------------------------------------

#[test]
fn r21_view_hides_opponents_objectives_until_the_end() {
    let s = State::new(&Config::new(3, Variant::Expert, 4)).unwrap();
    let v = s.view_snapshot(1).unwrap();
    assert_eq!(v.viewer, Some(1));
    assert_eq!(v.objectives[1], s.objective(1));
    assert_eq!(v.objectives[0], None);
    assert_eq!(v.objectives[2], None);
    assert_eq!(v.objective_counts, vec![2, 2, 2]);
    let json = serde_json::to_string(&v).unwrap();
    let theirs = serde_json::to_string(&s.objective(0).unwrap()).unwrap();
    assert!(!json.contains(&theirs), "seat 0's objective leaks: {json}");
    assert!(
        State::try_from(v).is_err(),
        "a view cannot be loaded as a state"
    );
    assert!(s.view_snapshot(3).is_none());
    let end = metropolys_core::play_random(s, &mut metropolys_core::rng::SplitMix64::new(4));
    let v = end.view_snapshot(1).unwrap();
    assert!(
        v.objectives.iter().all(Option::is_some),
        "revealed at the end"
    );
}

#[test]
fn r21_public_view_hides_every_secret_until_the_end() {
    let mut c = Config::new(4, Variant::Expert, 9);
    c.metropolys_cards = Some(vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Industry, Kind::Mall, Kind::Administration],
        [Kind::Park, Kind::Industry, Kind::Housing],
        [Kind::Administration, Kind::Mall, Kind::Housing],
    ]);
    let s = State::new(&c).unwrap();
    let v = s.public_snapshot();
    assert_eq!(v.viewer, None);
    assert!(v.objectives.iter().all(Option::is_none));
    assert_eq!(v.metropolys_cards, vec![None; 4]);
    assert_eq!(v.objective_counts, vec![2, 2, 2, 2]);
    // Apart from the secrets, it is what any seat sees.
    let mut seat = s.view_snapshot(2).unwrap();
    seat.viewer = None;
    seat.objectives = vec![None; 4];
    seat.metropolys_cards = vec![None; 4];
    assert_eq!(seat, v);
    let end = metropolys_core::play_random(s, &mut metropolys_core::rng::SplitMix64::new(9));
    assert_eq!(end.public_snapshot().objectives, end.snapshot().objectives);
    assert_eq!(
        end.public_snapshot().metropolys_cards,
        end.snapshot().metropolys_cards
    );
}

// ----- §9 / R-22 Metropolys cards -----------------------------------------------------------------

#[test]
fn r22_metropolys_cards_are_supplied_and_validated() {
    let mut c = Config::new(2, Variant::Family, 0);
    c.metropolys_cards = Some(vec![[Kind::Park, Kind::Mall, Kind::Housing]]);
    assert_eq!(State::new(&c).unwrap_err().rule(), [Rule::R22]);
    c.metropolys_cards = Some(vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Park, Kind::Park, Kind::Housing],
    ]);
    assert_eq!(State::new(&c).unwrap_err().rule(), [Rule::R22]);
    c.metropolys_cards = None;
    c.metropolys_deck = Some(vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Industry, Kind::Mall, Kind::Administration],
        [Kind::Park, Kind::Industry, Kind::Housing],
        [Kind::Administration, Kind::Mall, Kind::Housing],
    ]);
    let s = State::new(&c).unwrap();
    assert!(s.uses_metropolys_cards());
    assert_ne!(s.metropolys_card(0), s.metropolys_card(1));
}

#[test]
fn metropolys_groups_of_three_kinds_in_one_district() {
    let mut c = config_with(
        4,
        Variant::Family,
        vec![
            area(Area::Bridges),
            area(Area::Statues),
            area(Area::Lakes),
            area(Area::Border),
        ],
    );
    let card = [Kind::Park, Kind::Mall, Kind::Housing];
    c.metropolys_cards = Some(vec![card; 4]);
    // West: parks 51, 53; malls 45, 54; housing 50, 47 -> two groups.
    // Center: park 7, mall 2, housing 1 -> one group. North: park 18 alone.
    // Administrations 52 and 3 (blue on the printed board) are no malls.
    let s = position(
        &c,
        &[
            (51, 0, 1),
            (53, 0, 2),
            (45, 0, 3),
            (54, 0, 4),
            (50, 0, 5),
            (47, 0, 6),
            (7, 0, 7),
            (2, 0, 8),
            (1, 0, 9),
            (18, 0, 10),
            (52, 0, 11),
            (3, 0, 12),
        ],
    );
    let sheet = &s.scores()[0];
    assert_eq!(sheet.metropolys, 27);
    assert_eq!(sheet.metropolys_groups.len(), 3);
    assert_eq!(
        s.view_snapshot(1).unwrap().metropolys_cards[0],
        None,
        "secret (R-21)"
    );
}

#[test]
fn metropolys_expert_has_no_neighborhood_cards_districts_card_or_highest_building() {
    let mut c = Config::new(4, Variant::Expert, 3);
    c.metropolys_cards = Some(vec![[Kind::Park, Kind::Mall, Kind::Housing]; 4]);
    for seed in 0..20 {
        c.seed = seed;
        let s = State::new(&c).unwrap();
        for p in 0..4 {
            let o = s.objective(p).unwrap();
            assert_eq!(o.neighborhood, None);
            assert_ne!(o.area, Area::Districts);
        }
        let end = metropolys_core::play_random(s, &mut metropolys_core::rng::SplitMix64::new(seed));
        assert!(end
            .scores()
            .iter()
            .all(|x| x.highest_building == 0 && x.neighborhood == 0));
    }
}
