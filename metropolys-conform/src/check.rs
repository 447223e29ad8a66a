//! A run of the tester: many generated games compared one after the other
//! (the games proptest's runner generates, with a seed of its own), the
//! first disagreement shrunk with proptest's value trees within a time
//! budget that holds: a candidate game still being compared when it runs
//! out is cut short. Nothing here prints; proptest's runner (which reports
//! its own limits on standard error) is used only to generate.

use crate::compare::{compare_game, Disagreement, Outcome};
use crate::engine::Engine;
use crate::generate::{games, Step};
use crate::options::Options;
use crate::protocol::Hello;
use metropolys_core::Config;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config as ProptestConfig, RngAlgorithm, TestRng, TestRunner};
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
    /// Candidate games played while shrinking (those that disagreed,
    /// counted in `shrink_steps`, and those that did not).
    pub shrink_runs: u32,
    /// A protocol error that ended the run.
    pub protocol_error: Option<String>,
    /// Why the game generator gave up (too few generated games were
    /// selected), which ended the run before `games` games.
    pub gave_up: Option<String>,
    /// Wall time of the search (before shrinking).
    pub search_time: Duration,
    /// Wall time of shrinking (at most the options' `shrink_time` and one
    /// round trip with the engine).
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
/// the disagreement.
struct Smallest {
    config: Config,
    steps: Vec<Step>,
    exact: bool,
    disagreement: Disagreement,
}

impl Smallest {
    fn new(config: Config, steps: &[Step], d: Disagreement) -> Smallest {
        Smallest {
            config,
            steps: steps[..d.used.min(steps.len())].to_vec(),
            exact: d.exact,
            disagreement: d,
        }
    }

    /// Whether a candidate fails as this game does without being played:
    /// the same configuration and steps that start with this game's (or,
    /// when the disagreement depends on where the list ends, these very
    /// steps).
    fn covers(&self, config: &Config, steps: &[Step]) -> bool {
        *config == self.config
            && if self.exact {
                steps == self.steps
            } else {
                steps.starts_with(&self.steps)
            }
    }
}

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
        ..ProptestConfig::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
    let strategy = games(options, hello);
    let mut report = Report::default();
    let started = Instant::now();
    while report.games < options.games {
        // Each game from a generator of its own drawn from the runner's, as
        // `TestRunner::run` draws them: the same games.
        let fresh = runner.new_rng();
        *runner.rng() = fresh;
        let mut tree = match strategy.new_tree(&mut runner) {
            Ok(tree) => tree,
            Err(why) => {
                report.gave_up = Some(why.to_string());
                break;
            }
        };
        let (config, steps) = tree.current();
        match compare_game(engine, hello, &config, &steps, None, None) {
            Ok(Outcome::Agree { decisions } | Outcome::Unfinished { decisions }) => {
                report.games += 1;
                report.decisions += decisions;
                progress(Progress::Agreed);
            }
            Ok(Outcome::Disagree(d)) => {
                report.decisions += d.decisions;
                report.search_time = started.elapsed();
                progress(Progress::Shrinking);
                report.found = Some((*d).clone());
                let first = Smallest::new(config, &steps, *d);
                shrink(engine, hello, options, &mut tree, first, &mut report);
                return report;
            }
            Err(e) => {
                report.protocol_error = Some(e);
                break;
            }
        }
    }
    report.search_time = started.elapsed();
    report
}

/// Shrinks a failing game within `options.shrink_time` (proptest's
/// algorithm on the game's value tree: simplify while the candidate still
/// disagrees, else complicate), keeping the smallest disagreement seen in
/// `report.shrunk`. A candidate still being compared at the deadline is
/// cut short and ends the shrinking.
fn shrink(
    engine: &mut dyn Engine,
    hello: &Hello,
    options: &Options,
    tree: &mut impl ValueTree<Value = (Config, Vec<Step>)>,
    first: Smallest,
    report: &mut Report,
) {
    let start = Instant::now();
    // A deadline past what `Instant` can hold is none.
    let deadline = start.checked_add(options.shrink_time);
    let mut best = first;
    if !options.shrink_time.is_zero() && tree.simplify() {
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let (config, steps) = tree.current();
            let fails = if best.covers(&config, &steps) {
                report.shrink_steps += 1;
                true
            } else {
                report.shrink_runs += 1;
                let limit = Some(best.disagreement.decisions);
                match compare_game(engine, hello, &config, &steps, limit, deadline) {
                    Ok(Outcome::Disagree(d)) => {
                        report.shrink_steps += 1;
                        best = Smallest::new(config, &steps, *d);
                        true
                    }
                    Ok(Outcome::Agree { .. }) => false,
                    Ok(Outcome::Unfinished { .. }) => break,
                    Err(e) => {
                        report.protocol_error = Some(e);
                        break;
                    }
                }
            };
            let more = if fails {
                tree.simplify()
            } else {
                tree.complicate()
            };
            if !more {
                break;
            }
        }
    }
    report.shrink_time = start.elapsed();
    report.shrunk = Some(best.disagreement);
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

    /// `Off`, slow while shrinking (30 ms a round trip), noting when each
    /// round trip starts.
    struct SlowWhenShrinking<'a> {
        inner: Off,
        shrinking: &'a std::cell::Cell<Option<Instant>>,
        starts: Vec<Instant>,
    }

    impl Engine for SlowWhenShrinking<'_> {
        fn batch(&mut self, requests: &[crate::Request]) -> Result<Vec<crate::Answer>, String> {
            if self.shrinking.get().is_some() {
                self.starts.push(Instant::now());
                std::thread::sleep(Duration::from_millis(30));
            }
            self.inner.batch(requests)
        }
    }

    #[test]
    fn shrinking_stops_at_its_time_limit_cutting_a_candidate_short() {
        // A candidate game here takes about a second (30 ms for each of
        // its dozens of decisions): the limit of 200 ms is kept by cutting
        // the candidate short, not by waiting for it to end.
        let shrinking = std::cell::Cell::new(None);
        let mut engine = SlowWhenShrinking {
            inner: Off(Ours(None)),
            shrinking: &shrinking,
            starts: Vec::new(),
        };
        let options = Options {
            shrink_time: Duration::from_millis(200),
            ..options(100)
        };
        let report = check(&mut engine, &Hello::default(), &options, &mut |p| {
            if p == Progress::Shrinking {
                shrinking.set(Some(Instant::now()));
            }
        });
        let found = report.found.expect("the perturbation is found");
        assert!(found.decisions > 20, "{}", found.decisions);
        let deadline = shrinking.get().unwrap() + options.shrink_time;
        let last = *engine.starts.last().expect("shrinking played");
        // No round trip starts after the deadline (the margin is for a
        // machine that pauses the test between the check and the batch).
        assert!(
            last < deadline + Duration::from_millis(100),
            "a round trip started {:?} after the deadline",
            last - deadline
        );
        assert!(report.shrunk.is_some() && report.protocol_error.is_none());
    }
}
