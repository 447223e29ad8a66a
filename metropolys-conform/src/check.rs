//! A run of the tester: many generated games compared one after the other
//! (proptest's runner, with a seed of its own), the first disagreement
//! shrunk by proptest within a time budget.

use crate::compare::{compare_game, Disagreement, Outcome};
use crate::engine::Engine;
use crate::generate::{games, Step};
use crate::options::Options;
use crate::protocol::Hello;
use metropolys_core::Config;
use proptest::test_runner::{
    Config as ProptestConfig, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner,
};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Games compared with every decision agreeing.
    pub games: u32,
    /// Decisions compared in those games (and in the failing one).
    pub decisions: usize,
    /// The first disagreement as found (before shrinking).
    pub found: Option<Disagreement>,
    /// The shrunk disagreement.
    pub shrunk: Option<Disagreement>,
    /// Shrinking steps that still disagreed.
    pub shrink_steps: u32,
    /// Candidate games tried while shrinking (those that disagreed, counted
    /// in `shrink_steps`, and those that did not).
    pub shrink_runs: u32,
    /// A protocol error that ended the run.
    pub protocol_error: Option<String>,
    /// Why the game generator gave up (too few generated games were
    /// selected), which ended the run before `games` games.
    pub gave_up: Option<String>,
    /// Wall time of the search (before shrinking).
    pub search_time: Duration,
    /// Wall time of shrinking.
    pub shrink_time: Duration,
}

/// What a run reports while it goes, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// One more game agreed.
    Agreed,
    /// The first disagreement was found; shrinking starts.
    Shrinking,
}

/// The smallest failing game so far: its configuration, the steps it used,
/// whether only exactly those steps fail (see [`Disagreement::exact`]), and
/// the decision that disagreed.
type Smallest = (Config, Vec<Step>, bool, usize);

/// Compares `engine` with this one over the games the options select,
/// shrinking the first disagreement; `progress` hears of every agreeing game
/// and of the start of shrinking. An engine that fails (a protocol error)
/// ends the run, with the error in [`Report::protocol_error`].
pub fn check(
    engine: &mut dyn Engine,
    hello: &Hello,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Report {
    let mut seed = [0u8; 32];
    let mut rng = metropolys_core::rng::SplitMix64::new(options.seed);
    for chunk in seed.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    let config = ProptestConfig {
        cases: options.games,
        failure_persistence: None,
        source_file: None,
        // Games the selection may reject over the whole run: 64 per game
        // asked for, enough for a selection of one generated game in 64
        // (the narrowest, one player count and variant without Metropolys
        // cards, is about one in 12).
        max_local_rejects: options.games.saturating_mul(64).saturating_add(1 << 12),
        // proptest reads a time limit of 0 as none: no time, no shrinking.
        max_shrink_iters: if options.shrink_time.is_zero() {
            0
        } else {
            4096
        },
        max_shrink_time: u32::try_from(options.shrink_time.as_millis()).unwrap_or(u32::MAX),
        ..ProptestConfig::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
    let report = RefCell::new(Report::default());
    let engine = RefCell::new(engine);
    let progress = RefCell::new(progress);
    let started = Instant::now();
    let strategy = games(options, hello);
    // The smallest failing game so far: while shrinking, a candidate that
    // starts with the same steps fails the same way without being played,
    // and a candidate is played only as far as that game's disagreement.
    let best: RefCell<Option<Smallest>> = RefCell::new(None);
    let result = runner.run(&strategy, |(config, steps)| {
        let mut r = report.borrow_mut();
        if r.protocol_error.is_some() {
            return Ok(());
        }
        let limit = if let Some((c, prefix, exact, decisions)) = &*best.borrow() {
            let same = *c == config
                && if *exact {
                    steps == *prefix
                } else {
                    steps.starts_with(prefix)
                };
            if same {
                r.shrink_steps += 1;
                return Err(TestCaseError::fail("disagreement"));
            }
            Some(*decisions)
        } else {
            None
        };
        if r.found.is_some() {
            r.shrink_runs += 1;
        }
        let outcome = compare_game(&mut **engine.borrow_mut(), hello, &config, &steps, limit);
        match outcome {
            Ok(Outcome::Agree { decisions }) => {
                if r.found.is_none() {
                    r.games += 1;
                    r.decisions += decisions;
                    (*progress.borrow_mut())(Progress::Agreed);
                }
                Ok(())
            }
            Ok(Outcome::Disagree(d)) => {
                *best.borrow_mut() = Some((config, steps[..d.used].to_vec(), d.exact, d.decisions));
                if r.found.is_none() {
                    r.decisions += d.decisions;
                    r.search_time = started.elapsed();
                    (*progress.borrow_mut())(Progress::Shrinking);
                    r.found = Some(*d);
                } else {
                    r.shrink_steps += 1;
                }
                Err(TestCaseError::fail("disagreement"))
            }
            Err(e) => {
                r.protocol_error = Some(e);
                Ok(())
            }
        }
    });
    let mut report = report.into_inner();
    let engine = engine.into_inner();
    if report.found.is_none() {
        report.search_time = started.elapsed();
    }
    if report.protocol_error.is_none() {
        match result {
            Ok(()) => {}
            Err(TestError::Fail(_, (config, steps))) => {
                report.shrink_time = started.elapsed() - report.search_time;
                match compare_game(engine, hello, &config, &steps, None) {
                    Ok(Outcome::Disagree(d)) => report.shrunk = Some(*d),
                    Ok(Outcome::Agree { .. }) => report.shrunk = report.found.clone(),
                    Err(e) => report.protocol_error = Some(e),
                }
            }
            Err(TestError::Abort(why)) => report.gave_up = Some(why.to_string()),
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::any_selected;
    use crate::testing::{Off, Ours};

    fn options(games: u32) -> Options {
        Options {
            games,
            seed: 7,
            ..Options::default()
        }
    }

    #[test]
    fn the_reference_engine_agrees_with_itself() {
        let mut agreed = 0;
        let report = check(&mut Ours(None), &Hello::default(), &options(40), &mut |p| {
            agreed += usize::from(p == Progress::Agreed)
        });
        assert!(report.found.is_none(), "{:?}", report.found);
        assert_eq!(report.games, 40);
        assert_eq!(agreed, 40);
        assert!(report.decisions > 1000, "{}", report.decisions);
    }

    #[test]
    fn a_wrong_score_is_found_shrunk_and_replays() {
        let report = check(
            &mut Off(Ours(None)),
            &Hello::default(),
            &options(100),
            &mut |_| {},
        );
        let found = report.found.expect("the perturbation is found");
        let shrunk = report.shrunk.expect("and shrunk");
        assert!(shrunk.record.actions.len() <= found.record.actions.len());
        assert!(shrunk.what.contains("total"), "{}", shrunk.what);
        assert!(report.shrink_runs >= report.shrink_steps && report.shrink_steps > 0);
        // Seat 0 needs five buildings: at least five calls.
        assert!(shrunk.record.actions.len() >= 5);
        shrunk
            .record
            .verify()
            .expect("the record replays with this engine");
    }

    #[test]
    fn a_selection_of_no_game_gives_up_and_is_not_ok() {
        let hello = Hello {
            name: "x".into(),
            unsupported: vec!["players_2".into(), "players_3".into(), "players_4".into()],
        };
        assert!(!any_selected(&options(3), &hello));
        let report = check(&mut Ours(None), &hello, &options(3), &mut |_| {});
        let why = report.gave_up.expect("generation gives up");
        assert!(why.contains("reject"), "{why}");
        assert_eq!(report.games, 0);
        assert!(report.found.is_none() && report.protocol_error.is_none());
    }
}
