//! How each seat stands, as far as a game knows it: where its secret cards
//! score (`scoring::where_scores`, `Game::where_cards_score`) and the
//! running score (`Game::running_scores`), for whole games, seats' views
//! and the public view.

use metropolys_core::board::{self, NeighborhoodSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::scoring::where_scores;
use metropolys_core::sheet::{Basis, ScoreSheet};
use metropolys_core::{
    explain, play_random, Area, Config, District, Game, Kind, SecretCard, State, Variant,
    METROPOLYS_CARDS,
};

/// A game of `config` played with random legal actions for `decisions`
/// decisions (or to its end).
fn played(config: Config, decisions: usize) -> Game {
    let mut game = Game::new(config).unwrap();
    let mut rng = SplitMix64::new(7);
    for _ in 0..decisions {
        match game.state().random_action(&mut rng) {
            Some(a) => game = game.apply(a).unwrap(),
            None => break,
        }
    }
    game
}

/// Two players, north and east out of play.
fn two_players(variant: Variant) -> State {
    let mut config = Config::new(2, variant, 3);
    config.out_of_play = Some(vec![District::North, District::East]);
    State::new(&config).unwrap()
}

fn ends(bridge: [u8; 2]) -> NeighborhoodSet {
    NeighborhoodSet::EMPTY.with(bridge[0]).with(bridge[1])
}

/// a district out of play scores nothing, so no card scores there;
/// an Expert bridge, statue or lake that cannot be completed in
/// play scores nothing either, while a Family card counts each building
/// on its area (§4).
#[test]
fn r2_r19_cards_score_only_where_a_building_can_count() {
    let family = two_players(Variant::Family);
    let expert = two_players(Variant::Expert);
    let in_play = family.in_play();
    assert_eq!(in_play, expert.in_play());
    for &area in Area::ALL {
        for variant in [Variant::Family, Variant::Expert] {
            let set = where_scores(variant, SecretCard::Area(area), in_play);
            assert_eq!(set.0 & !in_play.0, 0, "{variant} {area} outside play");
        }
    }
    // Bridges: a bridge with one end out of play.
    let half: Vec<[u8; 2]> = board::bridges()
        .iter()
        .copied()
        .filter(|&b| (ends(b).0 & in_play.0).count_ones() == 1)
        .collect();
    assert!(!half.is_empty());
    let f = where_scores(Variant::Family, SecretCard::Area(Area::Bridges), in_play);
    let e = where_scores(Variant::Expert, SecretCard::Area(Area::Bridges), in_play);
    let mut excluded = 0;
    for b in half {
        let end = ends(b).0 & in_play.0;
        assert_ne!(f.0 & end, 0, "Family: {b:?}'s end in play counts (§4)");
        let whole = board::bridges()
            .iter()
            .any(|&o| ends(o).0 & end != 0 && ends(o).0 & !in_play.0 == 0);
        assert_eq!(e.0 & end != 0, whole, "Expert: {b:?}");
        excluded += usize::from(!whole);
    }
    assert!(excluded > 0, "an Expert bridge end that can never score");
    // Statues and lakes: the Expert sets drop the features that cannot be
    // completed in play.
    for (area, features, needed) in [
        (Area::Statues, board::statues(), 3),
        (Area::Lakes, board::lakes(), 3),
    ] {
        let e = where_scores(Variant::Expert, SecretCard::Area(area), in_play);
        let f = where_scores(Variant::Family, SecretCard::Area(area), in_play);
        let usable = features
            .iter()
            .filter(|x| (x.neighborhoods.0 & in_play.0).count_ones() >= needed)
            .fold(0, |m, x| m | x.neighborhoods.0);
        let any = features.iter().fold(0, |m, x| m | x.neighborhoods.0);
        assert_eq!(e.0, usable & in_play.0, "{area}");
        assert_eq!(f.0, any & in_play.0, "{area}");
    }
    // Border, districts, chains.
    let border = where_scores(Variant::Family, SecretCard::Area(Area::Border), in_play);
    assert_eq!(border.0, board::border().0 & in_play.0);
    for area in [Area::Districts, Area::Chains] {
        assert_eq!(
            where_scores(Variant::Expert, SecretCard::Area(area), in_play),
            in_play
        );
    }
}

/// §5, §9: a neighborhood card scores on its kind, a Metropolys card on
/// its three kinds, in play.
#[test]
fn kinds_score_where_the_cards_kinds_are_in_play() {
    let in_play = two_players(Variant::Expert).in_play();
    for &kind in Kind::ALL {
        let set = where_scores(Variant::Expert, SecretCard::Neighborhood(kind), in_play);
        let want: NeighborhoodSet = in_play
            .iter()
            .filter(|&id| board::kind(id) == Some(kind))
            .collect();
        assert_eq!(set, want, "{kind}");
        assert_eq!(set.len(), 3 + 2 + 2, "{kind}: the center and two districts");
    }
    for card in METROPOLYS_CARDS {
        let set = where_scores(Variant::Family, SecretCard::Metropolys(card), in_play);
        assert!(set
            .iter()
            .all(|id| card.contains(&board::kind(id).unwrap())));
        assert_eq!(set.len(), 3 * 7);
    }
}

/// Every building that scores on a card stands where `where_scores` says
/// that card scores, in finished random games of every kind: the sets are
/// never narrower than scoring.
#[test]
fn every_scoring_building_stands_where_its_card_scores() {
    let deck = METROPOLYS_CARDS[..4].to_vec();
    for seed in 0..40u64 {
        for players in 2..=4u8 {
            for variant in [Variant::Family, Variant::Expert] {
                let mut config = Config::new(players, variant, seed);
                if seed % 2 == 1 {
                    config.metropolys_deck = Some(deck.clone());
                }
                let start = State::new(&config).unwrap();
                let end = play_random(start, &mut SplitMix64::new(seed));
                let game = Game::from_state(end);
                for sheet in end.scores() {
                    let places = game.where_cards_score(sheet.player).unwrap();
                    let of = |pick: fn(&SecretCard) -> bool| {
                        places
                            .iter()
                            .find(|p| pick(&p.card))
                            .map_or(NeighborhoodSet::EMPTY, |p| p.neighborhoods)
                    };
                    for (groups, set) in [
                        (&sheet.area_groups, of(|c| matches!(c, SecretCard::Area(_)))),
                        (
                            &sheet.metropolys_groups,
                            of(|c| matches!(c, SecretCard::Metropolys(_))),
                        ),
                    ] {
                        for id in groups.iter().flatten() {
                            assert!(set.contains(*id), "seed {seed}: {id} scored outside");
                        }
                    }
                    let kind = of(|c| matches!(c, SecretCard::Neighborhood(_)));
                    let on_kind = (end.constructed(sheet.player).0 & kind.0).count_ones();
                    assert_eq!(sheet.neighborhood, 2 * on_kind as i32, "seed {seed}");
                }
            }
        }
    }
}

/// a view says where its own seat's cards score, with core's texts,
/// and nothing of another seat's until the game ends; the public view
/// says nothing before the end.
#[test]
fn r21_where_cards_score_only_for_cards_the_game_knows() {
    let mut config = Config::new(3, Variant::Expert, 11);
    config.metropolys_deck = Some(METROPOLYS_CARDS[3..7].to_vec());
    let game = played(config, 30);
    assert!(!game.state().is_over());
    for seat in 0..3 {
        let whole = game.where_cards_score(seat).unwrap();
        let view = game.view(seat).unwrap();
        assert_eq!(view.where_cards_score(seat).unwrap(), whole);
        for other in (0..3).filter(|&o| o != seat) {
            assert!(
                view.where_cards_score(other).is_none(),
                "{seat} sees {other}"
            );
            assert!(view.secret_cards(other).is_none());
        }
        assert!(game.public_view().where_cards_score(seat).is_none());
        // The area card and the Metropolys card (§9: no neighborhood card).
        let cards: Vec<SecretCard> = whole.iter().map(|p| p.card).collect();
        let o = game.objective(seat).unwrap();
        let m = game.metropolys_card(seat).unwrap();
        assert_eq!(cards, [SecretCard::Area(o.area), SecretCard::Metropolys(m)]);
        for p in &whole {
            assert_eq!(p.label, explain::card_label(p.card));
            assert_eq!(p.text, explain::card_text(Variant::Expert, p.card));
        }
    }
    assert!(game.where_cards_score(3).is_none());
    let end = played(Config::new(3, Variant::Family, 11), 100_000);
    assert!(end.state().is_over());
    let view = end.view(0).unwrap();
    for seat in 0..3 {
        assert_eq!(view.where_cards_score(seat), end.where_cards_score(seat));
        assert!(end.public_view().where_cards_score(seat).is_some());
    }
}

/// The categories of a running score that are points, by name, from the
/// full sheet.
fn sheet_points(sheet: &ScoreSheet) -> Vec<(&'static str, i32)> {
    ScoreSheet::CATEGORY_INFO
        .iter()
        .zip(sheet.values())
        .filter(|(info, _)| info.is_points())
        .map(|(info, v)| (info.name, v))
        .collect()
}

/// the running score of a view knows the public categories of
/// every seat and the secret ones of its own seat only; the public view
/// knows the public ones; the whole game everything. Known values are the
/// sheet's, and a complete score's sum is the sheet's total.
#[test]
fn r21_running_scores_know_what_the_game_knows() {
    for (variant, deck) in [
        (Variant::Expert, None),
        (Variant::Expert, Some(METROPOLYS_CARDS[..4].to_vec())),
        (Variant::Family, None),
        (Variant::Family, Some(METROPOLYS_CARDS[6..].to_vec())),
    ] {
        let mut config = Config::new(4, variant, 21);
        config.metropolys_deck = deck.clone();
        let game = played(config, 60);
        assert!(!game.state().is_over());
        let sheets = game.state().scores();
        // The secret categories of the cards dealt, in sheet order.
        let dealt: Vec<&str> = explain::topics(variant, deck.is_some())
            .into_iter()
            .filter_map(|t| t.category())
            .collect();
        let secret: Vec<&str> = ScoreSheet::CATEGORY_INFO
            .iter()
            .filter(|i| i.basis == Basis::Secret && dealt.contains(&i.name))
            .map(|i| i.name)
            .collect();
        let check = |g: &Game, knows: &dyn Fn(u8) -> bool| {
            let running = g.running_scores();
            assert_eq!(running.len(), 4);
            for (r, sheet) in running.iter().zip(&sheets) {
                assert_eq!(r.player, sheet.player);
                assert_eq!(r.constructed, sheet.constructed);
                let points = sheet_points(sheet);
                assert_eq!(r.categories.len(), points.len());
                for (c, (name, value)) in r.categories.iter().zip(points) {
                    assert_eq!(c.category, name);
                    let hidden = !knows(r.player) && secret.contains(&name);
                    assert_eq!(c.value, (!hidden).then_some(value), "{variant} {name}");
                }
                assert_eq!(r.complete, knows(r.player), "{variant}");
                assert_eq!(r.unknown.is_empty(), r.complete);
                if r.complete {
                    assert_eq!(r.known_total, sheet.total);
                } else {
                    assert_eq!(r.unknown, secret, "{variant}");
                    let hidden: i32 = r
                        .unknown
                        .iter()
                        .map(|u| sheet_points(sheet).iter().find(|p| p.0 == *u).unwrap().1)
                        .sum();
                    assert_eq!(r.known_total, sheet.total - hidden);
                }
            }
        };
        check(&game, &|_| true);
        check(&game.public_view(), &|_| false);
        for seat in 0..4 {
            check(&game.view(seat).unwrap(), &|p| p == seat);
        }
    }
}

/// Categories whose card this game does not deal are known zeros: no
/// Metropolys card without the module, no neighborhood card in the Family
/// game (R-5, §9).
#[test]
fn categories_of_cards_not_dealt_are_known() {
    let game = played(Config::new(3, Variant::Family, 2), 40);
    let view = game.view(0).unwrap();
    let other = &view.running_scores()[1];
    assert_eq!(other.unknown, ["area"]);
    let value = |name: &str| {
        other
            .categories
            .iter()
            .find(|c| c.category == name)
            .unwrap()
            .value
    };
    assert_eq!(value("neighborhood"), Some(0));
    assert_eq!(value("metropolys"), Some(0));
    assert_eq!(value("area"), None);
}

/// The end: every dealt card is revealed, so a view taken of the
/// finished game knows every running score, and it is the score sheet.
#[test]
fn r21_at_the_end_every_running_score_is_complete() {
    let end = played(Config::new(4, Variant::Expert, 5), 100_000);
    assert!(end.state().is_over());
    let sheets = end.state().scores();
    for g in [end.clone(), end.view(2).unwrap(), end.public_view()] {
        for (r, sheet) in g.running_scores().iter().zip(&sheets) {
            assert!(r.complete);
            assert_eq!(r.known_total, sheet.total);
        }
    }
}
