//! The [`Bot`] trait, and the checked decision every front end asks for.

use crate::cancel::Cancel;
use crate::error::BotError;
use crate::infoset::InfoSet;
use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;

/// A player that decides from its seat's view.
///
/// `choose` is called only with the view of the seat to act
/// ([`InfoSet::is_to_act`]) and must return one of
/// [`InfoSet::legal_actions`]; the arena and [`Player`](crate::Player) check both and
/// report [`BotError::IllegalAction`] otherwise. Randomness comes from
/// `rng`, so that a seeded generator makes a bot's decisions reproducible.
///
/// ```
/// use metropolys_bots::{Bot, BotError, InfoSet};
/// use metropolys_core::{rng::SplitMix64, Action};
///
/// /// Always the first legal action.
/// struct First;
/// impl Bot for First {
///     fn name(&self) -> &str { "first" }
///     fn choose(&mut self, view: &InfoSet, _: &mut SplitMix64) -> Result<Action, BotError> {
///         view.legal_actions().first().copied().ok_or(BotError::GameOver)
///     }
/// }
/// ```
pub trait Bot: Send {
    /// A short name, shown in arena tables (`random`, `greedy`, `ismcts`).
    fn name(&self) -> &str;

    /// The action to play for the seat of `view`, which is to act.
    fn choose(&mut self, view: &InfoSet, rng: &mut SplitMix64) -> Result<Action, BotError>;

    /// Hands the bot a flag to watch while it decides: once it is raised
    /// ([`Cancel::cancel`]), a bot that thinks long stops and returns
    /// [`BotError::Interrupted`]. Front ends that can be interrupted (the
    /// arena, Python's `VectorEnv` and bots on Ctrl-C) call it before the
    /// bot decides. The default ignores the flag: right for bots that decide
    /// at once.
    fn set_cancel(&mut self, cancel: &Cancel) {
        let _ = cancel;
    }

    /// [`Bot::choose`], with the visits the search gave each root action
    /// (a search's teaching signal: the learned prior is fitted on them,
    /// docs/learning.md). The default, for bots that do not search,
    /// chooses and gives no visits; with one legal action a search gives
    /// none either.
    fn choose_with_visits(
        &mut self,
        view: &InfoSet,
        rng: &mut SplitMix64,
    ) -> Result<(Action, Vec<(Action, u64)>), BotError> {
        Ok((self.choose(view, rng)?, Vec::new()))
    }
}

/// Asks `bot` for a decision for the seat of `view` and checks it: the seat
/// must be to act (R-8, R-17) and the action legal. What the arena,
/// [`Player`](crate::Player) and every other front end that seats a bot
/// call, so that a bot's mistake is always [`BotError::IllegalAction`] and
/// never a different move.
///
/// ```
/// use metropolys_bots::{choose_checked, BotError, Random, InfoSet};
/// use metropolys_core::{rng::SplitMix64, Config, State, Variant};
/// let state = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let mut rng = SplitMix64::new(1);
/// let view = InfoSet::new(&state, 0).unwrap();
/// let action = choose_checked(&mut Random, &view, &mut rng).unwrap();
/// assert!(state.is_legal(action));
/// let other = InfoSet::new(&state, 1).unwrap();
/// assert_eq!(choose_checked(&mut Random, &other, &mut rng), Err(BotError::NotToAct { seat: 1 }));
/// ```
pub fn choose_checked(
    bot: &mut dyn Bot,
    view: &InfoSet,
    rng: &mut SplitMix64,
) -> Result<Action, BotError> {
    let position = view.position();
    match position.to_act() {
        None => return Err(BotError::GameOver),
        Some(s) if s != view.seat() => return Err(BotError::NotToAct { seat: view.seat() }),
        Some(_) => {}
    }
    let action = bot.choose(view, rng)?;
    position
        .check(action)
        .map_err(|error| BotError::IllegalAction {
            bot: bot.name().to_string(),
            action,
            error,
        })?;
    Ok(action)
}

impl std::fmt::Debug for dyn Bot + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bot({})", self.name())
    }
}
