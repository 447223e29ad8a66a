//! The review of a game by the bots: a known blunder is found, grades and
//! summaries agree with the decisions, the review is reproducible whatever
//! the threads, a game still being played reveals nothing, and bad options
//! are refused.

use metropolys_bots::review::{
    accuracy, review, review_with_progress, Grade, ReviewOptions, BLUNDER, INACCURACY, MISTAKE,
};
use metropolys_bots::{from_spec, BotError, BotKind, Cancel, Player};
use metropolys_core::{Action, Config, Game, Record, Variant};

/// Plays `game` to its end with the greedy bot.
fn finish(mut game: Game, seed: u64) -> Game {
    let mut p = Player::new(from_spec("greedy", "{}").unwrap(), seed);
    while game.state().to_act().is_some() {
        let a = p.choose_in_game(&game).unwrap();
        game = game.apply(a).unwrap();
    }
    game
}

fn greedy_game(players: u8, variant: Variant, seed: u64) -> Game {
    finish(
        Game::new(Config::new(players, variant, seed)).unwrap(),
        seed,
    )
}

fn quick(preset: BotKind) -> ReviewOptions {
    ReviewOptions {
        preset,
        worlds: Some(24),
        ..Default::default()
    }
}

/// The seeded position: greedy against greedy, 2 players, Family, seed 2;
/// at decision 112 White (seat 0) is on course to win, and passing there
/// hands the game to Black.
const BLUNDER_SEED: u64 = 2;
const BLUNDER_AT: usize = 112;

fn with_pass_at(seed: u64, at: usize) -> (Game, Game) {
    let base = greedy_game(2, Variant::Family, seed);
    let mut g = Game::new(Config::new(2, Variant::Family, seed)).unwrap();
    for ra in &base.actions().unwrap()[..at] {
        g = g.apply(ra.action).unwrap();
    }
    assert!(g.state().legal_action_count() > 1, "a real choice");
    let passed = finish(g.apply(Action::Pass).unwrap(), seed);
    (base, passed)
}

#[test]
fn a_pass_that_loses_the_game_is_a_blunder() {
    let (base, passed) = with_pass_at(BLUNDER_SEED, BLUNDER_AT);
    // the seat that passed won the game it did not pass in, and lost
    // this one.
    assert_eq!(base.winners(), Some(vec![0]));
    assert_eq!(passed.winners(), Some(vec![1]));
    let record = passed.to_record().unwrap();
    for seed in 0..3 {
        let options = ReviewOptions {
            preset: BotKind::Beginner,
            worlds: Some(64),
            seed,
            ..Default::default()
        };
        let r = review(&record, &options).unwrap();
        let d = &r.decisions[BLUNDER_AT];
        assert_eq!((d.index, d.seat, d.played), (BLUNDER_AT, 0, Action::Pass));
        assert_ne!(d.best, Action::Pass);
        assert_eq!(
            d.grade,
            Grade::Blunder,
            "seed {seed}: drop {}",
            d.known.drop
        );
        assert!(d.known.drop >= BLUNDER);
        // Judged again with every card revealed, it is as bad.
        assert!(d.revealed.as_ref().unwrap().drop >= BLUNDER);
        assert!(r.seats[0].blunders >= 1);
        assert!(r.seats[0].accuracy.unwrap() < 100.0);
    }
}

#[test]
fn grades_summaries_and_the_graph_agree_with_the_decisions() {
    let game = greedy_game(3, Variant::Expert, 11);
    let record = game.to_record().unwrap();
    let r = review(&record, &quick(BotKind::Beginner)).unwrap();
    assert_eq!(r.decisions.len(), game.decisions());
    assert_eq!((r.players, r.over, r.only, r.worlds), (3, true, None, 24));
    assert_eq!(r.reviewer, "beginner");
    for (i, d) in r.decisions.iter().enumerate() {
        assert_eq!(d.index, i);
        assert_eq!(d.seat, record.actions[i].player);
        assert_eq!(d.played, record.actions[i].action);
        let forced = game_at(&record, i).legal_action_count() == 1;
        assert_eq!(d.grade == Grade::Forced, forced, "decision {i}");
        if !forced {
            assert_eq!(d.grade, Grade::of(d.best == d.played, d.known.drop));
        }
        if d.best == d.played {
            assert_eq!(d.known.drop, 0.0);
            assert_eq!(d.known.played, d.known.best);
        }
        for e in [
            &d.known.played,
            &d.known.best,
            &d.revealed.as_ref().unwrap().played,
        ] {
            // a shared victory is shared; the chances sum to 1.
            assert!((e.win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert_eq!(e.score.len(), 3);
        }
    }
    for s in &r.seats {
        let mine: Vec<_> = r
            .decisions
            .iter()
            .filter(|d| d.seat == s.seat && d.grade != Grade::Forced)
            .collect();
        assert_eq!(s.decisions, mine.len());
        let count = |g| mine.iter().filter(|d| d.grade == g).count();
        assert_eq!(
            (s.inaccuracies, s.mistakes, s.blunders),
            (
                count(Grade::Inaccuracy),
                count(Grade::Mistake),
                count(Grade::Blunder)
            )
        );
        let mean = mine.iter().map(|d| accuracy(d.known.drop)).sum::<f64>() / mine.len() as f64;
        assert!((s.accuracy.unwrap() - mean).abs() < 1e-9);
    }
    // One point per position: the setup and after each decision; the last
    // is the finished game, won by its winner.
    let graph = r.win_chances();
    assert_eq!(graph.len(), r.decisions.len() + 1);
    let winners = game.winners().unwrap();
    let last = graph.last().unwrap();
    for p in 0..3u8 {
        let expect = if winners.contains(&p) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        assert_eq!(last[p as usize], expect);
    }
    assert!(r.turning_points.len() <= 3);
    assert!(r.turning_points.windows(2).all(|w| w[0] < w[1]));
}

fn game_at(record: &Record, i: usize) -> metropolys_core::State {
    record.replay().unwrap().states[i]
}

#[test]
fn the_thresholds_order_the_grades() {
    const { assert!(INACCURACY < MISTAKE && MISTAKE < BLUNDER) };
    let grades: Vec<Grade> = [0.0, INACCURACY, MISTAKE, BLUNDER]
        .iter()
        .map(|&d| Grade::of(false, d))
        .collect();
    assert_eq!(
        grades,
        [
            Grade::Good,
            Grade::Inaccuracy,
            Grade::Mistake,
            Grade::Blunder
        ]
    );
    assert!(Grade::ALL.windows(2).all(|w| w[0] < w[1]));
    assert!(!Grade::Good.is_error() && Grade::Inaccuracy.is_error());
    assert_eq!(
        serde_json::to_string(&Grade::Inaccuracy).unwrap(),
        format!("\"{}\"", Grade::Inaccuracy.id())
    );
    assert!(accuracy(-0.3) == accuracy(0.0));
}

#[test]
fn a_review_is_reproducible_whatever_the_threads() {
    let record = greedy_game(4, Variant::Expert, 5).to_record().unwrap();
    let one = review(&record, &quick(BotKind::Casual)).unwrap();
    let again = review(&record, &quick(BotKind::Casual)).unwrap();
    let three = review(
        &record,
        &ReviewOptions {
            threads: 3,
            ..quick(BotKind::Casual)
        },
    )
    .unwrap();
    assert_eq!(one, again);
    assert_eq!(one, three);
    let other = review(
        &record,
        &ReviewOptions {
            seed: 1,
            ..quick(BotKind::Casual)
        },
    )
    .unwrap();
    assert_ne!(one, other, "the seed is used");
}

#[test]
fn a_game_being_played_is_reviewed_only_with_one_seats_knowledge() {
    let full = greedy_game(2, Variant::Expert, 8);
    let mut live = Game::new(Config::new(2, Variant::Expert, 8)).unwrap();
    for ra in &full.actions().unwrap()[..40] {
        live = live.apply(ra.action).unwrap();
    }
    let record = live.to_record().unwrap();
    // while the game is played the other seats' cards stay hidden, so
    // a review that would read them is refused.
    let err = review(&record, &quick(BotKind::Beginner)).unwrap_err();
    assert!(err.to_string().contains("not over"), "{err}");
    let r = review(
        &record,
        &ReviewOptions {
            only: Some(1),
            ..quick(BotKind::Beginner)
        },
    )
    .unwrap();
    assert!(!r.over);
    assert_eq!(r.only, Some(1));
    assert!(r.start.is_none() && r.win_chances().is_empty() && r.turning_points.is_empty());
    assert!(!r.decisions.is_empty());
    assert!(r
        .decisions
        .iter()
        .all(|d| d.seat == 1 && d.revealed.is_none()));
    assert_eq!(
        r.decisions.len(),
        record.actions.iter().filter(|a| a.player == 1).count()
    );
    // Seat 1's own decisions read the same whether or not the game is over
    // later: the known reading uses nothing it did not know.
    let finished = review(&full.to_record().unwrap(), &quick(BotKind::Beginner)).unwrap();
    for d in &r.decisions {
        assert_eq!(d.known, finished.decisions[d.index].known);
        assert_eq!(d.grade, finished.decisions[d.index].grade);
    }
}

#[test]
fn bad_options_and_records_are_refused() {
    let record = greedy_game(2, Variant::Family, 3).to_record().unwrap();
    let refused = |o: ReviewOptions| match review(&record, &o) {
        Err(BotError::BadParameters { kind, reason }) => {
            assert_eq!(kind, "review");
            reason
        }
        other => panic!("{other:?}"),
    };
    assert!(refused(quick(BotKind::Ismcts)).contains("preset"));
    assert!(refused(ReviewOptions {
        worlds: Some(0),
        ..quick(BotKind::Beginner)
    })
    .contains("worlds"));
    assert!(refused(ReviewOptions {
        worlds: Some(u32::MAX),
        ..quick(BotKind::Beginner)
    })
    .contains("worlds"));
    assert!(refused(ReviewOptions {
        threads: 10_000,
        ..quick(BotKind::Beginner)
    })
    .contains("threads"));
    assert!(refused(ReviewOptions {
        only: Some(2),
        ..quick(BotKind::Beginner)
    })
    .contains("seat 2"));
    let mut bad = record.clone();
    bad.actions[3].player ^= 1;
    assert!(matches!(
        review(&bad, &quick(BotKind::Beginner)),
        Err(BotError::Review(_))
    ));
}

#[test]
fn a_raised_cancel_flag_stops_the_review() {
    let record = greedy_game(2, Variant::Family, 4).to_record().unwrap();
    for threads in [1, 2] {
        let cancel = Cancel::new();
        let options = ReviewOptions {
            cancel: Some(cancel.clone()),
            threads,
            ..quick(BotKind::Strong)
        };
        let err = review_with_progress(&record, &options, &|done, _| {
            if done == 3 {
                cancel.cancel();
            }
        })
        .unwrap_err();
        match err {
            BotError::Cancelled { done, total } => {
                assert!(done >= 3 && done < total, "{done} of {total}");
                assert_eq!(total as usize, record.actions.len());
            }
            other => panic!("{other:?}"),
        }
    }
}
