//! Sequential probability ratio tests of strength: is bot A stronger than
//! bot B by at least `elo1`, or by at most `elo0`? Games are played a pair
//! at a time (one deal, seats swapped) until the evidence decides, as chess
//! engine testing does (fishtest, fastchess).
//!
//! # The test
//!
//! * **Hypotheses**, in logistic Elo: H0 says A is `elo0` stronger than B,
//!   H1 says `elo1` (`elo0 < elo1`). An Elo difference `e` means an expected
//!   score of `s(e) = 1 / (1 + 10^(-e / 400))` per game.
//! * **Observations**: each pair of games on one deal, A in each seat once,
//!   gives A a pair score in `{0, 1/4, 1/2, 3/4, 1}` (a game is worth 1, 0,
//!   or 1/2 for a shared victory, R-20): the *pentanomial* model, whose
//!   pairing removes the luck of the deal from the variance.
//! * **Statistic**: the generalized log-likelihood ratio (GSPRT) of the
//!   counts `n_i` of the five pair scores `a_i` (`N` pairs, frequencies
//!   `p̂_i = n_i / N`): for each hypothesis the distribution closest to
//!   the data whose mean is `s(elo)`, `p_i = p̂_i / (1 + θ (a_i − s))`
//!   with `θ` the root of `Σ p̂_i (a_i − s) / (1 + θ (a_i − s)) = 0`
//!   (Van den Bergh's maximum-likelihood estimate under a mean
//!   constraint), and `LLR = N Σ p̂_i ln(p1_i / p0_i)`. An empty category
//!   counts as 0.001 pair, so that the ratio exists from the first pair.
//! * **Bounds** (Wald): stop and accept H1 when `LLR ≥ ln((1 − β) / α)`,
//!   accept H0 when `LLR ≤ ln(β / (1 − α))`; `α` and `β` (default 0.05
//!   each) are the chances of accepting H1 when H0 holds and H0 when H1
//!   holds.
//!
//! [`llr`] is the same statistic for any score distribution (the trinomial
//! model of single games: scores 0, 1/2, 1); the unit tests check both
//! against published values.

use crate::arena::{play_game, ArenaOptions};
use crate::thread::play_indexed;
use crate::{BotError, BotFactory};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;

/// A sequential probability ratio test between two Elo hypotheses.
///
/// ```
/// use metropolys_bots::sprt::{Pentanomial, Sprt};
/// let test: Sprt = "0,20".parse().unwrap(); // α = β = 0.05
/// let (lower, upper) = test.bounds();
/// assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
/// // 80 pairs, A won 60 of them outright and split 20: far above 20 Elo.
/// let counts = Pentanomial([0, 0, 20, 0, 60]);
/// assert!(test.llr(&counts) > upper);
/// assert_eq!(test.decide(&counts), Some(true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// The test of `elo0` against `elo1` with `alpha` and `beta`; an error
    /// names what is wrong (`elo0 < elo1`, both within ±2000, `alpha` and
    /// `beta` in `0..1` with `alpha + beta < 1`).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0.abs() <= 2000.0 && elo1.abs() <= 2000.0) {
            return Err(format!(
                "the Elo bounds must be numbers from -2000 to 2000, not {elo0} and {elo1}"
            ));
        }
        if elo0 >= elo1 {
            return Err(format!(
                "ELO0 must be below ELO1 (H0: elo0, H1: elo1), not {elo0} and {elo1}"
            ));
        }
        for (name, x) in [("alpha", alpha), ("beta", beta)] {
            if !(x > 0.0 && x < 1.0) {
                return Err(format!("{name} must be above 0 and below 1, not {x}"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!(
                "alpha + beta must be below 1, not {alpha} + {beta}"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// `(lower, upper)`: accept H0 at or below `lower = ln(β / (1 − α))`,
    /// H1 at or above `upper = ln((1 − β) / α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for pair results.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        let c = counts.0.map(|n| n as f64);
        llr(&c, &PAIR_SCORES, self.elo0, self.elo1)
    }

    /// What the evidence says: `Some(true)` accepts H1, `Some(false)`
    /// accepts H0, `None` asks for more pairs.
    pub fn decide(&self, counts: &Pentanomial) -> Option<bool> {
        if counts.pairs() == 0 {
            return None;
        }
        let (lower, upper) = self.bounds();
        let llr = self.llr(counts);
        if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        }
    }
}

/// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (what `metropolys arena --sprt`
/// takes); alpha and beta default to 0.05.
impl std::str::FromStr for Sprt {
    type Err = String;

    fn from_str(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(format!(
                "expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, not {:?}",
                crate::echo::excerpt(text)
            ));
        }
        let mut x = [0.0, 0.0, 0.05, 0.05];
        for (slot, part) in x.iter_mut().zip(&parts) {
            *slot = part
                .parse::<f64>()
                .map_err(|_| format!("{:?} is not a number", crate::echo::excerpt(part)))?;
        }
        Sprt::new(x[0], x[1], x[2], x[3])
    }
}

/// The expected score of an Elo difference (logistic Elo).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score in `0..1`.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The pair scores of the pentanomial model.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The generalized log-likelihood ratio of "Elo `elo1`" against "Elo
/// `elo0`" for `counts[i]` observations of score `scores[i]` (scores in
/// `0..=1`, increasing): see the module documentation. Empty categories
/// count as 0.001.
///
/// ```
/// use metropolys_bots::sprt::llr;
/// // Trinomial (losses, draws, wins): a value published with fastchess.
/// let x = llr(&[21184.0, 40708.0, 21404.0], &[0.0, 0.5, 1.0], 0.5, 2.5);
/// assert!((x - -1.57).abs() < 0.005, "{x}");
/// ```
pub fn llr(counts: &[f64], scores: &[f64], elo0: f64, elo1: f64) -> f64 {
    let counts: Vec<f64> = counts
        .iter()
        .map(|&n| if n > 0.0 { n } else { 1e-3 })
        .collect();
    let total: f64 = counts.iter().sum();
    let p: Vec<f64> = counts.iter().map(|n| n / total).collect();
    let p0 = closest(&p, scores, score_of_elo(elo0));
    let p1 = closest(&p, scores, score_of_elo(elo1));
    total
        * p.iter()
            .zip(p0.iter().zip(&p1))
            .map(|(pi, (a, b))| pi * (b.ln() - a.ln()))
            .sum::<f64>()
}

/// The distribution of mean `s` closest (in likelihood) to `p`:
/// `p_i / (1 + θ (a_i − s))`, `θ` found by bisection.
fn closest(p: &[f64], scores: &[f64], s: f64) -> Vec<f64> {
    let lo_score = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_score = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // θ keeps every 1 + θ (a_i − s) positive: θ in (−1/(hi − s), 1/(s − lo)).
    let mut lo = -1.0 / (hi_score - s);
    let mut hi = 1.0 / (s - lo_score);
    let f = |theta: f64| -> f64 {
        p.iter()
            .zip(scores)
            .map(|(pi, a)| pi * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    // f decreases from +∞ to −∞ over the interval.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    p.iter()
        .zip(scores)
        .map(|(pi, a)| pi / (1.0 + theta * (a - s)))
        .collect()
}

/// Pair results: how many pairs gave the first bot 0, 1/4, 1/2, 3/4 and 1
/// of the pair's two points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The first bot's mean score per game.
    pub fn score(&self) -> f64 {
        let n = self.pairs() as f64;
        self.0
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&k, a)| k as f64 * a)
            .sum::<f64>()
            / n
    }

    /// The Elo difference of the first bot over the second and its 95 %
    /// interval (the mean pair score ± 1.96 standard errors, mapped to
    /// Elo; unbounded ends are ±∞).
    pub fn elo(&self) -> (f64, [f64; 2]) {
        let n = self.pairs() as f64;
        let mean = self.score();
        let var = self
            .0
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&k, a)| k as f64 * (a - mean) * (a - mean))
            .sum::<f64>()
            / n;
        let half = crate::stats::Z_95 * (var / n).sqrt();
        let at = |s: f64| {
            if s <= 0.0 {
                f64::NEG_INFINITY
            } else if s >= 1.0 {
                f64::INFINITY
            } else {
                elo_of_score(s)
            }
        };
        (at(mean), [at(mean - half), at(mean + half)])
    }
}

/// Where a sequential match stands.
#[derive(Debug, Clone, PartialEq)]
pub struct SprtReport {
    /// The test.
    pub test: Sprt,
    /// The pairs counted, by the first bot's pair score.
    pub counts: Pentanomial,
    /// The first bot's wins, shared victories (R-20) and losses, by game.
    pub games: [u64; 3],
    /// The log-likelihood ratio.
    pub llr: f64,
    /// `Some(true)`: H1 accepted (the first bot is `elo1` stronger);
    /// `Some(false)`: H0 accepted; `None`: not decided (the game limit was
    /// reached first, or the match was stopped).
    pub decision: Option<bool>,
}

impl SprtReport {
    fn new(test: Sprt, counts: Pentanomial, games: [u64; 3]) -> SprtReport {
        SprtReport {
            test,
            counts,
            games,
            llr: if counts.pairs() == 0 {
                0.0
            } else {
                test.llr(&counts)
            },
            decision: test.decide(&counts),
        }
    }
}

impl fmt::Display for SprtReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lower, upper) = self.test.bounds();
        let games: u64 = self.games.iter().sum();
        let verdict = match self.decision {
            Some(true) => format!(
                "H1 accepted: the first bot is stronger by {} Elo or more (LLR {:.2} ≥ {:.2})",
                self.test.elo1, self.llr, upper
            ),
            Some(false) => format!(
                "H0 accepted: the first bot is not stronger by more than {} Elo (LLR {:.2} ≤ {:.2})",
                self.test.elo0, self.llr, lower
            ),
            None => format!(
                "undecided: LLR {:.2}, between {:.2} and {:.2}",
                self.llr, lower, upper
            ),
        };
        writeln!(
            f,
            "{verdict}, after {games} games ({} pairs)",
            self.counts.pairs()
        )?;
        if games > 0 {
            let (elo, [lo, hi]) = self.counts.elo();
            writeln!(
                f,
                "first bot: {} wins, {} shared, {} losses; score {:.1} %; Elo {elo:+.1} [{lo:+.1}, {hi:+.1}] (95 %)",
                self.games[0],
                self.games[1],
                self.games[2],
                100.0 * self.counts.score()
            )?;
        }
        write!(
            f,
            "pairs by the first bot's score (0, 1/4, 1/2, 3/4, 1): {} {} {} {} {}",
            self.counts.0[0],
            self.counts.0[1],
            self.counts.0[2],
            self.counts.0[3],
            self.counts.0[4]
        )
    }
}

/// Plays pairs of 2-player games between `bots[0]` and `bots[1]` (games
/// `2k` and `2k + 1` share their deal, seats swapped, as in [`crate::arena()`])
/// until `test` decides or `options.games` games (rounded up to a pair)
/// are played, and reports the first bot's results.
///
/// The statistic is updated with the pairs in their order, whatever the
/// thread count, so that the stopping point and the report depend only on
/// the seed (for bots with iteration budgets); pairs still being played
/// when the test decides are finished and left out. `progress(&report)`
/// is called after each pair counted; returning `false` stops the match
/// (the report says what was counted). Raising `options.run.cancel` stops it
/// with [`BotError::Cancelled`].
///
/// ```
/// use metropolys_bots::sprt::{sprt_match, Sprt};
/// use metropolys_bots::{ArenaOptions, BotFactory, Greedy, Random, RunOptions};
/// let bots: Vec<BotFactory> = vec![Box::new(|| Box::new(Greedy::default())), Box::new(|| Box::new(Random))];
/// let run = RunOptions { seed: 1, ..Default::default() };
/// let options = ArenaOptions { games: 200, run, ..Default::default() };
/// let report = sprt_match(&bots, &options, &"0,100".parse().unwrap(), &|_| true).unwrap();
/// assert_eq!(report.decision, Some(true)); // greedy is far stronger than random
/// assert!(report.counts.pairs() < 100);
/// ```
// Long: the sequential test's loop (play pairs, update the log-likelihood
// ratio, decide), sharing the counts between the threads' results.
pub fn sprt_match(
    bots: &[BotFactory],
    options: &ArenaOptions,
    test: &Sprt,
    progress: &(dyn Fn(&SprtReport) -> bool + Sync),
) -> Result<SprtReport, BotError> {
    if bots.len() != 2 || options.players != 2 {
        return Err(BotError::Arena(format!(
            "a sequential test compares two bots in 2-player games, not {} bots in {}-player games",
            bots.len(),
            options.players
        )));
    }
    if options.games == 0 {
        return Err(BotError::Arena("at least one game".into()));
    }
    if options.run.threads == 0 {
        return Err(BotError::Arena("at least one thread".into()));
    }
    // Validates the configuration once, before any thread starts.
    metropolys_core::State::new(&crate::arena::config_of(options, 0))?;
    let max_pairs = options.games.div_ceil(2);
    // Pair results by index, and the counts of the pairs 0..counted.
    struct Tally {
        pending: BTreeMap<u64, [u64; 2]>,
        counted: u64,
        counts: Pentanomial,
        games: [u64; 3],
        report: Option<SprtReport>,
    }
    let tally = Mutex::new(Tally {
        pending: BTreeMap::new(),
        counted: 0,
        counts: Pentanomial::default(),
        games: [0; 3],
        report: None,
    });
    // The first bot's share of each game of pair `k`, in twelfths (R-20).
    let play_pair = |k: u64| -> Result<[u64; 2], BotError> {
        let mut shares = [0u64; 2];
        for (i, share) in shares.iter_mut().enumerate() {
            let r = play_game(bots, options, 2 * k + i as u64)?;
            *share = crate::arena::per_bot(&r)[0].0;
        }
        Ok(shares)
    };
    // Counts the pairs in order, up to the first missing one; `false` once
    // the report is made.
    let count = |_: &mut (), k: u64, shares: [u64; 2], _: u64| -> bool {
        let Ok(mut t) = tally.lock() else {
            return false;
        };
        t.pending.insert(k, shares);
        while t.report.is_none() {
            let at = t.counted;
            let Some(shares) = t.pending.remove(&at) else {
                break;
            };
            t.counted += 1;
            for s in shares {
                let slot = match s {
                    12 => 0,
                    0 => 2,
                    _ => 1,
                };
                t.games[slot] += 1;
            }
            // A pair's score in quarters: 12 twelfths (a win) are 2.
            let quarters = ((shares[0] + shares[1]) / 6) as usize;
            t.counts.0[quarters.min(4)] += 1;
            let report = SprtReport::new(*test, t.counts, t.games);
            let go_on = progress(&report);
            if report.decision.is_some() || !go_on || t.counted == max_pairs {
                t.report = Some(report);
            }
        }
        t.report.is_none()
    };
    let run = play_indexed(
        "metropolys-sprt",
        options.run.threads,
        max_pairs,
        &play_pair,
        &count,
    );
    let t = tally
        .into_inner()
        .map_err(|_| BotError::Arena("a worker failed".into()))?;
    if let Some(report) = t.report {
        return Ok(report);
    }
    match run {
        // Counted here in games, not pairs.
        Ok(_) | Err(BotError::Cancelled { .. }) => Err(BotError::Cancelled {
            done: 2 * t.counted,
            total: 2 * max_pairs,
        }),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(x: f64, want: f64) {
        assert!((x - want).abs() < 0.006, "{x} is not {want}");
    }

    /// Values published with fastchess's SPRT tests (logistic model),
    /// rounded to two decimals: trinomial counts as (losses, draws, wins),
    /// pentanomial as pair scores 0, 1/4, 1/2 (wins-losses and draw pairs
    /// together), 3/4, 1.
    #[test]
    fn the_statistic_matches_published_values() {
        let tri = [0.0, 0.5, 1.0];
        close(llr(&[21184.0, 40708.0, 21404.0], &tri, 0.5, 2.5), -1.57);
        close(llr(&[57030.0, 106593.0, 57433.0], &tri, 0.0, 2.0), -2.59);
        let test = Sprt::new(0.5, 2.5, 0.05, 0.05).unwrap();
        close(
            test.llr(&Pentanomial([223, 9863, 20279 + 1000, 10037, 246])),
            -3.07,
        );
        let test = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
        close(
            test.llr(&Pentanomial([871, 26175, 55003 + 980, 26678, 821])),
            -4.98,
        );
    }

    #[test]
    fn wald_bounds_and_decisions() {
        let test: Sprt = "-5,5".parse().unwrap();
        let (lower, upper) = test.bounds();
        close(lower, -2.944);
        close(upper, 2.944);
        let t: Sprt = "0,10,0.1,0.2".parse().unwrap();
        assert_eq!((t.alpha, t.beta), (0.1, 0.2));
        close(t.bounds().0, (0.2f64 / 0.9).ln());
        close(t.bounds().1, 8f64.ln());
        // No evidence, no decision; overwhelming evidence either way.
        assert_eq!(test.decide(&Pentanomial::default()), None);
        assert_eq!(test.decide(&Pentanomial([0, 0, 1, 0, 1])), None);
        assert_eq!(test.decide(&Pentanomial([0, 5, 20, 40, 60])), Some(true));
        assert_eq!(test.decide(&Pentanomial([60, 40, 20, 5, 0])), Some(false));
        // Even results sit between the hypotheses -5 and +5: the LLR is 0.
        close(test.llr(&Pentanomial([10, 20, 40, 20, 10])), 0.0);
    }

    #[test]
    fn bad_tests_are_refused() {
        for bad in [
            "",
            "5",
            "5,0",
            "1,1",
            "0,x",
            "0,5,0,0.05",
            "0,5,0.6,0.5",
            "0,5,1",
            "nan,5",
            "0,1e9",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for e in [-400.0, -35.5, 0.0, 12.0, 800.0] {
            close(elo_of_score(score_of_elo(e)), e);
        }
        close(score_of_elo(400.0), 10.0 / 11.0);
        let (elo, [lo, hi]) = Pentanomial([10, 20, 40, 20, 10]).elo();
        close(elo, 0.0);
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-9);
        assert_eq!(Pentanomial([0, 0, 0, 0, 3]).elo().0, f64::INFINITY);
    }
}
