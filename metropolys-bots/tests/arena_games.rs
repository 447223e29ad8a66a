//! `arena_games`: the games of an arena run one by one, for any range of
//! the run, adding up (`ArenaTally`) to exactly what `arena` reports.

use metropolys_bots::{
    arena, arena_games, from_spec, ArenaGame, ArenaOptions, ArenaTally, BotError, BotFactory,
    RunOptions,
};
use metropolys_core::{Config, Kind, State, Variant};

const DECK: [[Kind; 3]; 4] = [
    [Kind::Park, Kind::Mall, Kind::Housing],
    [Kind::Industry, Kind::Mall, Kind::Administration],
    [Kind::Park, Kind::Industry, Kind::Housing],
    [Kind::Administration, Kind::Park, Kind::Housing],
];

fn factories(specs: &[(&'static str, &'static str)]) -> Vec<BotFactory> {
    specs
        .iter()
        .map(|&(k, p)| Box::new(move || from_spec(k, p).unwrap()) as BotFactory)
        .collect()
}

fn seats() -> Vec<BotFactory> {
    factories(&[
        ("greedy", "{}"),
        ("random", "{}"),
        ("ismcts", r#"{"iterations": 20}"#),
    ])
}

fn options(games: u64, threads: usize) -> ArenaOptions {
    ArenaOptions {
        games,
        players: 3,
        variant: Variant::Expert,
        metropolys_deck: None,
        run: RunOptions {
            seed: 99,
            threads,
            cancel: None,
        },
    }
}

fn all(games: u64, threads: usize) -> Vec<ArenaGame> {
    arena_games(&seats(), &options(games, threads), 0, &|_, _| true).unwrap()
}

#[test]
fn ranges_of_a_run_are_its_games_whatever_the_threads() {
    let whole = all(10, 1);
    assert_eq!(whole, all(10, 3));
    assert_eq!(
        whole.iter().map(|g| g.game).collect::<Vec<_>>(),
        (0..10).collect::<Vec<_>>()
    );
    for (first, games) in [(0, 3), (3, 4), (7, 3), (9, 1)] {
        let part = arena_games(&seats(), &options(games, 2), first, &|_, _| true).unwrap();
        assert_eq!(
            part[..],
            whole[first as usize..(first + games) as usize],
            "{first}"
        );
    }
}

#[test]
fn a_game_records_its_deal_seating_and_end() {
    for g in all(6, 2) {
        // Seats rotate by one per game; a rotation of 3 games shares a deal.
        assert_eq!(
            g.seats,
            (0..3u8)
                .map(|s| metropolys_bots::arena::seat_of(g.game, s, 3))
                .collect::<Vec<_>>()
        );
        assert_eq!(g.start, State::new(&g.config).unwrap());
        assert!(g.end.is_over());
        assert_eq!(g.start.objective(0), g.end.objective(0));
    }
    let games = all(6, 1);
    assert_eq!(games[0].config.seed, games[2].config.seed);
    assert_ne!(games[0].config.seed, games[3].config.seed);
}

#[test]
fn tallies_of_parts_merged_in_any_order_are_the_arena_rows() {
    let names = ["greedy", "random", "ismcts"];
    let rows = arena(&seats(), &options(12, 2), &|_, _| true).unwrap();
    let games = all(12, 2);
    let mut whole = ArenaTally::default();
    games.iter().for_each(|g| whole.add(g));
    assert_eq!(whole.rows(&names), rows);
    let (mut a, mut b) = (ArenaTally::default(), ArenaTally::default());
    games[..5].iter().for_each(|g| a.add(g));
    games[5..].iter().rev().for_each(|g| b.add(g));
    b.merge(&a);
    assert_eq!(b, whole);
    assert_eq!(whole.games, 12);
    // Every game gives out exactly one win (12 twelfths), shared or not.
    assert_eq!(whole.twelfths.iter().sum::<u64>(), 12 * 12);
    assert!(ArenaTally::default().rows(&names).is_empty());
}

#[test]
fn deck_games_deal_metropolys_cards_from_the_deck_r22() {
    let bots = factories(&[("greedy", "{}"), ("random", "{}")]);
    let mut o = options(4, 2);
    o.players = 2;
    o.variant = Variant::Family;
    o.metropolys_deck = Some(DECK.to_vec());
    for g in arena_games(&bots, &o, 5, &|_, _| true).unwrap() {
        for seat in 0..2 {
            let card = g.start.metropolys_card(seat).unwrap();
            assert!(DECK.contains(&card), "{card:?}");
        }
        let mut expected = Config::new(2, Variant::Family, g.config.seed);
        expected.metropolys_deck = Some(DECK.to_vec());
        assert_eq!(g.config, expected);
    }
}

#[test]
fn bad_options_and_cancellation() {
    let run = |o: &ArenaOptions, first: u64| arena_games(&seats(), o, first, &|_, _| true);
    assert!(matches!(run(&options(0, 1), 0), Err(BotError::Arena(_))));
    assert!(matches!(run(&options(1, 0), 0), Err(BotError::Arena(_))));
    assert!(matches!(
        run(&options(2, 1), u64::MAX),
        Err(BotError::Arena(_))
    ));
    assert!(run(&options(1, 1), u64::MAX).is_ok());
    let mut two = options(3, 1);
    two.players = 2;
    assert!(matches!(run(&two, 0), Err(BotError::Arena(_))));
    let stop = arena_games(&seats(), &options(8, 2), 0, &|done, _| done < 2).unwrap_err();
    assert!(
        matches!(stop, BotError::Cancelled { total: 8, .. }),
        "{stop}"
    );
}
