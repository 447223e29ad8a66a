//! What a finished game is worth to each seat: the search's rewards
//! ([`Reward`]), which the learned evaluation also learns
//! ([`crate::learned::target`]).

use metropolys_core::{State, MAX_PLAYERS};

/// The default margin of the `score` reward: a lead of this many points
/// is worth the whole margin part of the reward (80 before sequential
/// halving).
pub const DEFAULT_MARGIN: f64 = 40.0;
/// The default weight of the win in the `score` reward (0.5 before
/// sequential halving).
pub const DEFAULT_WIN_WEIGHT: f64 = 0.2;

/// What a finished playout is worth to a seat, in `0..=1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reward {
    /// 1 for a win, `1/k` for a victory shared by `k` seats, 0 for a
    /// loss (the first release's reward).
    Win,
    /// The win reward blended with the margin: with `d` the seat's total
    /// minus the best other total, `w · win + (1 − w) · clamp(0.5 + d / m,
    /// 0, 1)`, where `w` is [`Ismcts::win_weight`](crate::Ismcts) and `m`
    /// [`Ismcts::margin`](crate::Ismcts) (by default 0.2 and 40 points).
    /// The default: it beats the win reward at equal iterations
    /// (docs/bots.md).
    #[default]
    Score,
}

/// Every seat's reward for a finished game, from the seats' totals and the
/// winners without building score sheets: for [`Reward::Score`],
/// `margin` points of lead are worth the whole margin part and the win
/// weighs `win_weight`.
pub(crate) fn reward(
    end: &State,
    kind: Reward,
    margin: f64,
    win_weight: f64,
) -> [f64; MAX_PLAYERS] {
    let totals = end.totals();
    let scores = totals.totals();
    let winners = totals.winner_bits();
    let mut r = [0.0; MAX_PLAYERS];
    // a victory shared by k seats is worth 1/k to each.
    let share = 1.0 / winners.count_ones().max(1) as f64;
    for (p, &total) in scores.iter().enumerate() {
        let win = if winners & (1 << p) != 0 { share } else { 0.0 };
        r[p] = match kind {
            Reward::Win => win,
            Reward::Score => {
                let best_other = scores
                    .iter()
                    .enumerate()
                    .filter(|&(q, _)| q != p)
                    .map(|(_, &s)| s)
                    .max()
                    .unwrap_or(0);
                let d = f64::from(total - best_other);
                win_weight * win + (1.0 - win_weight) * (0.5 + d / margin).clamp(0.0, 1.0)
            }
        };
    }
    r
}

/// Every seat's `score` reward with the search's default margin and win
/// weight ([`DEFAULT_MARGIN`], [`DEFAULT_WIN_WEIGHT`]).
pub(crate) fn score_reward(end: &State) -> [f64; MAX_PLAYERS] {
    reward(end, Reward::Score, DEFAULT_MARGIN, DEFAULT_WIN_WEIGHT)
}
