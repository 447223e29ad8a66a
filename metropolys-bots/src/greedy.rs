//! The greedy bot: a one-ply evaluation of each legal action.

use crate::{Bot, BotError, SeatView};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, State};

/// A one-ply evaluation: each bid is valued as if it won the call, the pass
/// as nothing; the best value is played (ties broken by `rng`).
///
/// The value of a bid of building `b` on neighborhood `n` is the change of
/// the seat's own total (its score sheet, with its own objective) if `b`
/// were constructed on `n` now, which counts the token and the special cards
/// it brings, the objective points it completes and the highest-building
/// tokens, minus the cost of spending `b`: `cost_per_number × b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Greedy {
    /// What spending a building costs, per building number.
    pub cost_per_number: f64,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy {
            cost_per_number: 0.25,
        }
    }
}

/// The state after `action`, followed by every other seat passing, so that
/// a bid is constructed; `None` when the call does not end with this bid.
fn constructed_after(position: &State, action: Action) -> Option<State> {
    let me = position.to_act()?;
    let call = position.call_number();
    let mut s = position.play(action).ok()?;
    while !s.is_over() && s.call_number() == call {
        if s.to_act() == Some(me) {
            return None;
        }
        s = s.play(Action::Pass).ok()?;
    }
    Some(s)
}

impl Greedy {
    /// The value of each legal action, in [`State::legal_actions`] order.
    pub fn values(&self, view: &SeatView) -> Vec<(Action, f64)> {
        let position = view.position();
        let me = view.seat() as usize;
        let base = f64::from(position.scores()[me].total);
        position
            .legal_actions()
            .into_iter()
            .map(|a| {
                let v = match a {
                    Action::Pass => 0.0,
                    Action::Bid { building, .. } => {
                        let gain = constructed_after(position, a)
                            .map_or(0.0, |s| f64::from(s.scores()[me].total) - base);
                        gain - self.cost_per_number * f64::from(building)
                    }
                };
                (a, v)
            })
            .collect()
    }
}

impl Bot for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &SeatView, rng: &mut SplitMix64) -> Result<Action, BotError> {
        let values = self.values(view);
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<Action> = values
            .iter()
            .filter(|&&(_, v)| v >= best - 1e-9)
            .map(|&(a, _)| a)
            .collect();
        if top.is_empty() {
            return Err(BotError::GameOver);
        }
        Ok(top[rng.below(top.len() as u64) as usize])
    }
}
