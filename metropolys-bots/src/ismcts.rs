//! Information-set Monte Carlo tree search.

use crate::{Bot, BotError, SeatView};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action};
use std::time::Instant;

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Playout {
    /// Uniformly random legal actions.
    #[default]
    Random,
    /// A fast greedy-guided policy.
    Greedy,
}

/// What a finished playout is worth to a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reward {
    /// 1 for a win, 1/k for a victory shared by k seats, 0 for a loss.
    #[default]
    Win,
    /// The seat's total minus the best other total, scaled into 0..1.
    Score,
}

/// The iteration budget of the default `ismcts` bot.
pub const DEFAULT_ITERATIONS: u64 = 2_000;

/// Information-set Monte Carlo tree search (see docs/bots.md).
///
/// With an iteration budget and a seeded generator its decisions are
/// reproducible, also with several threads. With `seconds` it stops at
/// whichever limit comes first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ismcts {
    /// The number of iterations (per thread: `None` for time only).
    pub iterations: Option<u64>,
    /// The wall-time budget per decision, in seconds (`None`: none).
    pub seconds: Option<f64>,
    /// Independent searches run in parallel and summed at the root.
    pub threads: usize,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// The playout policy.
    pub playout: Playout,
    /// The reward backed up.
    pub reward: Reward,
}

impl Default for Ismcts {
    fn default() -> Self {
        Ismcts {
            iterations: Some(DEFAULT_ITERATIONS),
            seconds: None,
            threads: 1,
            exploration: 0.7,
            playout: Playout::Random,
            reward: Reward::Win,
        }
    }
}

impl Bot for Ismcts {
    fn name(&self) -> &str {
        "ismcts"
    }

    fn choose(&mut self, view: &SeatView, rng: &mut SplitMix64) -> Result<Action, BotError> {
        // Placeholder until the tree search lands: flat determinized Monte Carlo.
        let legal = view.legal_actions();
        if legal.is_empty() {
            return Err(BotError::GameOver);
        }
        let me = view.seat();
        let mut totals = vec![(0.0f64, 0u64); legal.len()];
        let start = Instant::now();
        let budget = self.iterations.unwrap_or(u64::MAX);
        let mut i = 0u64;
        while i < budget {
            if let Some(s) = self.seconds {
                if start.elapsed().as_secs_f64() >= s {
                    break;
                }
            }
            let k = (i % legal.len() as u64) as usize;
            let det = view.determinize(rng);
            let end = play_random(det.play(legal[k]).unwrap_or(det), rng);
            let w = end.winners();
            if w.contains(&me) {
                totals[k].0 += 1.0 / w.len() as f64;
            }
            totals[k].1 += 1;
            i += 1;
        }
        let best = (0..legal.len())
            .max_by(|&a, &b| {
                let ra = totals[a].0 / totals[a].1.max(1) as f64;
                let rb = totals[b].0 / totals[b].1.max(1) as f64;
                ra.total_cmp(&rb)
            })
            .unwrap_or(0);
        Ok(legal[best])
    }
}
