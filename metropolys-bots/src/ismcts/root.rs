//! How one thread spends its budget at the root: UCT (every iteration
//! chooses its root action like any other), or sequential halving over
//! the best-ordered root actions (Karnin, Koren and Somekh 2013; at the
//! root of a tree search as in Pepels et al. 2014's H-MCTS and Danihelka
//! et al. 2022's Gumbel search).

use super::tree::Search;
use crate::{BotError, Cancel};
use metropolys_core::rng::SplitMix64;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// How the root's iterations are spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Root {
    /// Sequential halving: the `candidates` best root actions by the
    /// greedy evaluation share the budget in rounds; after each round the
    /// better half (by mean reward, with a prior that fades with visits)
    /// goes on, and the last one standing is played. Below the root,
    /// UCT. The default: it beats the UCT root at equal iterations
    /// (docs/bots.md).
    #[default]
    Halving,
    /// UCT at the root as everywhere below, the most visited root action
    /// played (the search before sequential halving).
    Uct,
}

/// When a thread stops: its iterations, the deadline, the cancel flag
/// (and the flag raised when a sibling thread could not start).
pub(super) struct Budget<'a> {
    pub iterations: Option<u64>,
    pub deadline: Option<Instant>,
    pub cancel: Option<&'a Cancel>,
    pub abort: &'a AtomicBool,
    done: u64,
    timed_out: bool,
}

impl<'a> Budget<'a> {
    pub fn new(
        iterations: Option<u64>,
        deadline: Option<Instant>,
        cancel: Option<&'a Cancel>,
        abort: &'a AtomicBool,
    ) -> Self {
        Budget {
            iterations,
            deadline,
            cancel,
            abort,
            done: 0,
            timed_out: false,
        }
    }

    /// Whether the budget is spent (checked before each iteration; the
    /// clock and the flags every 16 iterations). [`BotError::Interrupted`]
    /// when the search was cancelled.
    fn spent(&mut self) -> Result<bool, BotError> {
        // The visit counters are `u32`: a time budget cannot overflow them
        // either.
        if self.iterations.is_some_and(|b| self.done >= b) || self.done >= u64::from(u32::MAX) {
            return Ok(true);
        }
        if self.done.is_multiple_of(16) {
            if self.cancel.is_some_and(Cancel::is_cancelled) || self.abort.load(Ordering::Relaxed) {
                return Err(BotError::Interrupted);
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) && self.done > 0 {
                self.timed_out = true;
            }
        }
        Ok(self.timed_out)
    }

    /// The iterations left, when there is an iteration budget.
    fn left(&self) -> Option<u64> {
        self.iterations.map(|b| b.saturating_sub(self.done))
    }
}

/// Spends the budget with UCT at the root.
pub(super) fn uct(
    search: &mut Search<'_>,
    budget: &mut Budget<'_>,
    rng: &mut SplitMix64,
) -> Result<(), BotError> {
    while !budget.spent()? {
        search.iterate(rng, None);
        budget.done += 1;
    }
    Ok(())
}

/// Spends the budget by sequential halving over the first `candidates`
/// root children (best prior first) and returns the index of the edge it
/// chose. Each of the `⌈log2 k⌉` rounds gets an equal share of what is
/// left (of the iterations, or of the time), played round-robin over the
/// candidates still in; then the better half stays, by mean reward plus
/// `prior_weight × value / √visits`, `value` the greedy evaluation of the
/// action (so the prior breaks the near-ties of the first, short rounds
/// and fades as evidence comes in). What the rounds leave goes to the
/// winner. `None` when the root has no child.
pub(super) fn halving(
    search: &mut Search<'_>,
    budget: &mut Budget<'_>,
    rng: &mut SplitMix64,
    candidates: u32,
    prior_weight: f64,
) -> Result<Option<u32>, BotError> {
    let children = search.root_children();
    let first = children.start;
    let mut cands: Vec<u32> = children.take(candidates.max(1) as usize).collect();
    if cands.is_empty() {
        return Ok(None);
    }
    let rounds = u64::from(usize::BITS - (cands.len() - 1).leading_zeros());
    for round in 0..rounds {
        if cands.len() == 1 {
            break;
        }
        let rounds_left = rounds - round;
        let n = cands.len() as u64;
        // This round's share: every candidate at least once.
        let quota = budget.left().map(|left| (left / rounds_left).max(n));
        let round_deadline = budget.deadline.map(|d| {
            Instant::now() + d.saturating_duration_since(Instant::now()) / rounds_left as u32
        });
        let mut j = 0u64;
        loop {
            if budget.spent()? {
                // Cut short: the best of the candidates still in.
                return Ok(Some(best(search, &cands, first, prior_weight)));
            }
            if quota.is_some_and(|q| j >= q) {
                break;
            }
            // Under a time limit, whole cycles: every candidate is tried
            // equally often.
            if j > 0 && j.is_multiple_of(n) && round_deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            search.iterate(rng, Some(cands[(j % n) as usize]));
            budget.done += 1;
            j += 1;
        }
        let score = |i: u32| elimination_score(search, i, first, prior_weight);
        cands.sort_by(|&x, &y| score(y).total_cmp(&score(x)));
        cands.truncate(cands.len().div_ceil(2));
    }
    let winner = cands[0];
    while !budget.spent()? {
        search.iterate(rng, Some(winner));
        budget.done += 1;
    }
    Ok(Some(winner))
}

/// A candidate's mean reward plus its fading prior.
fn elimination_score(search: &Search<'_>, i: u32, first: u32, prior_weight: f64) -> f64 {
    let e = &search.edges[i as usize];
    let prior = search
        .root_prior
        .get((i - first) as usize)
        .copied()
        .unwrap_or(0.0);
    e.mean() + prior_weight * f64::from(prior) / f64::from(e.visits.max(1)).sqrt()
}

/// The best candidate by [`elimination_score`].
fn best(search: &Search<'_>, cands: &[u32], first: u32, prior_weight: f64) -> u32 {
    let score = |i: u32| elimination_score(search, i, first, prior_weight);
    cands
        .iter()
        .copied()
        .max_by(|&x, &y| score(x).total_cmp(&score(y)).then(y.cmp(&x)))
        .unwrap_or(cands[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Tables;
    use crate::ismcts::tree::{Playout, Reward, Settings};
    use crate::InfoSet;
    use metropolys_core::{Config, State, Variant};
    use web_time::Duration;

    fn settings() -> Settings {
        Settings {
            exploration: 0.3,
            widen_base: 1.0,
            widen_rate: 1.0,
            playout: Playout::Random,
            playout_temperature: 1.5,
            reward: Reward::Score,
            margin: 40.0,
            win_weight: 0.2,
            net: None,
            prior: crate::ismcts::tree::Prior::Greedy,
        }
    }

    /// Sequential halving over `k` candidates with `n` iterations: the
    /// visits of the root's children and the winner's index among them.
    fn halve(players: u8, k: u32, n: u64) -> (Vec<u32>, usize) {
        let state = State::new(&Config::new(players, Variant::Expert, 3)).unwrap();
        let view = InfoSet::to_act(&state).unwrap();
        let (settings, tables) = (settings(), Tables::new());
        let mut search = Search::new(&settings, &tables, &view, None, 1 << 20);
        let abort = AtomicBool::new(false);
        let mut budget = Budget::new(Some(n), None, None, &abort);
        let mut rng = SplitMix64::new(7);
        let winner = halving(&mut search, &mut budget, &mut rng, k, 0.02)
            .unwrap()
            .unwrap();
        let root = search.edges[0];
        assert_eq!(u64::from(root.visits), n, "every iteration counted");
        let visits = (root.first..root.first + root.len)
            .map(|i| search.edges[i as usize].visits)
            .collect();
        (visits, (winner - root.first) as usize)
    }

    #[test]
    fn halving_spends_the_budget_on_the_best_ordered_candidates_in_rounds() {
        let (visits, winner) = halve(2, 16, 384);
        // Only the 16 best-ordered children were tried.
        assert!(visits[16..].iter().all(|&v| v == 0), "{visits:?}");
        // Four rounds of 96 iterations: 16 candidates × 6, 8 × 12, 4 × 24,
        // 2 × 48; the better half of each round goes on.
        let mut sorted = visits[..16].to_vec();
        sorted.sort_unstable();
        assert_eq!(&sorted[..8], &[6; 8], "{visits:?}");
        assert_eq!(&sorted[8..12], &[18; 4], "{visits:?}");
        assert_eq!(&sorted[12..14], &[42; 2], "{visits:?}");
        assert_eq!(&sorted[14..], &[90; 2], "{visits:?}");
        assert_eq!(visits[winner], 90);
        // Budgets that do not divide evenly: rounds share what is left,
        // round-robin, and nothing is lost.
        for n in [390, 1_000, 77] {
            let (visits, winner) = halve(2, 16, n);
            assert_eq!(visits.iter().map(|&v| u64::from(v)).sum::<u64>(), n);
            assert_eq!(visits[winner], *visits.iter().max().unwrap(), "{visits:?}");
        }
    }

    #[test]
    fn halving_with_one_candidate_plays_the_best_ordered_action() {
        let (visits, winner) = halve(3, 1, 50);
        assert_eq!(winner, 0);
        assert_eq!(visits[0], 50);
    }

    #[test]
    fn a_budget_smaller_than_the_candidates_still_chooses_one_of_them() {
        let (visits, winner) = halve(4, 64, 10);
        assert!(winner < 10, "{winner}");
        assert_eq!(visits.iter().sum::<u32>(), 10);
        assert_eq!(visits[winner], 1);
    }

    #[test]
    fn halving_under_a_time_limit_plays_whole_rounds_and_stops_in_time() {
        let state = State::new(&Config::new(2, Variant::Expert, 5)).unwrap();
        let view = InfoSet::to_act(&state).unwrap();
        let (settings, tables) = (settings(), Tables::new());
        let mut search = Search::new(&settings, &tables, &view, None, 1 << 20);
        let abort = AtomicBool::new(false);
        let start = Instant::now();
        let deadline = start + Duration::from_millis(200);
        let mut budget = Budget::new(None, Some(deadline), None, &abort);
        let mut rng = SplitMix64::new(1);
        let winner = halving(&mut search, &mut budget, &mut rng, 8, 0.02)
            .unwrap()
            .unwrap();
        // Within the 16-iteration granularity of the clock checks.
        assert!(start.elapsed() < Duration::from_secs(2));
        let root = search.edges[0];
        let visits: Vec<u32> = (root.first..root.first + 8)
            .map(|i| search.edges[i as usize].visits)
            .collect();
        let top = *visits.iter().max().unwrap();
        assert_eq!(search.edges[winner as usize].visits, top, "{visits:?}");
        // Eliminated in the first round: the four lowest, all equal.
        let mut sorted = visits.clone();
        sorted.sort_unstable();
        assert_eq!(sorted[0], sorted[3], "{visits:?}");
        assert!(sorted[0] >= 1);
    }

    #[test]
    fn a_raised_flag_interrupts_halving() {
        let state = State::new(&Config::new(2, Variant::Expert, 5)).unwrap();
        let view = InfoSet::to_act(&state).unwrap();
        let (settings, tables) = (settings(), Tables::new());
        let mut search = Search::new(&settings, &tables, &view, None, 1 << 20);
        let abort = AtomicBool::new(true);
        let mut budget = Budget::new(Some(1_000), None, None, &abort);
        let r = halving(&mut search, &mut budget, &mut SplitMix64::new(1), 8, 0.0);
        assert_eq!(r, Err(BotError::Interrupted));
    }
}
