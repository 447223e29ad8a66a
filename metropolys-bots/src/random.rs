//! The uniformly random bot.

use crate::{Bot, BotError, InfoSet};
use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;

/// Uniform over the legal actions (one draw of `rng`, nothing enumerated:
/// [`State::random_action`](metropolys_core::State::random_action)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Random;

impl Bot for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError> {
        view.position().random_action(rng).ok_or(BotError::GameOver)
    }
}
