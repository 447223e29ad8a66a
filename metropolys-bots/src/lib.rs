//! # metropolys-bots
//!
//! Players for *Metropolys* built on [`metropolys_core`]: three bots, a
//! trait to plug in your own, and an arena that measures them against each
//! other. The rules stay in the core; this crate only decides.
//!
//! * [`InfoSet`]: what one seat may know (R-21), its information set. It
//!   is built from a [`State`](metropolys_core::State) and a seat and
//!   erases the other seats' objectives and Metropolys cards;
//!   [`InfoSet::determinize`] samples them back from what the seat cannot
//!   rule out.
//! * [`Bot`]: `choose(&info, &mut rng) -> Action`. A bot never receives a
//!   state, only an information set, so it cannot use what its seat may
//!   not see.
//! * [`Random`], [`Greedy`], [`Ismcts`]: uniform over the legal actions; a
//!   one-ply evaluation; information-set Monte Carlo tree search.
//! * [`BotKind`], [`BotSpec`] (a kind with its checked parameters, and its
//!   [`Budget`]), [`SeatSpec`] (a person or a bot): the typed specs every
//!   front end reads its text into, once; [`from_spec`] builds a bot from
//!   a kind name and JSON parameters (what C and Python hand over).
//! * [`Player`]: a bot with its own random generator, seeded.
//! * [`arena()`]: many games with the bots rotated over the seats, one
//!   [`ArenaRow`] per bot; [`arena_games`]: the same games one by one
//!   ([`ArenaGame`]), for any range of a run.
//! * [`review::review`]: a finished game judged by a preset, decision by
//!   decision: win chances, the preferred action, grades, accuracy.
//! * [`wilson_interval`]: the 95 % interval of a win rate, as the arena
//!   reports it ([`stats`]).
//!
//! docs/bots.md describes how each bot works and how strong it is.
//!
//! ```
//! use metropolys_bots::{from_spec, Player, InfoSet};
//! use metropolys_core::{Config, State, Variant};
//!
//! let mut state = State::new(&Config::new(2, Variant::Expert, 1)).unwrap();
//! let mut players = [
//!     Player::new(from_spec("greedy", "{}").unwrap(), 1),
//!     Player::from_spec("random", r#"{"seed": 2}"#).unwrap(),
//! ];
//! while let Some(seat) = state.to_act() {
//!     let info = InfoSet::new(&state, seat).unwrap();
//!     let action = players[seat as usize].choose(&info).unwrap();
//!     state = state.play(action).unwrap();
//! }
//! assert!(state.is_over());
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod arena;
mod belief;
mod belief_weights;
mod bot;
mod cancel;
mod echo;
mod error;
mod eval;
mod greedy;
mod infoset;
mod ismcts;
mod kinds;
pub mod ladder;
pub mod learned;
pub mod observation;
pub mod presets;
pub mod prior;
mod prior_weights;
mod random;
pub mod rating;
pub mod review;
mod reward;
mod spec;
pub mod sprt;
pub mod stats;
mod thread;

pub use arena::{arena, arena_games, ArenaGame, ArenaOptions, ArenaRow, ArenaTally, BotFactory};
pub use bot::{choose_checked, Bot};
pub use cancel::Cancel;
pub use echo::excerpt;
pub use error::BotError;
pub use greedy::{Greedy, DEFAULT_BUILDING_VALUE, DEFAULT_COST_PER_NUMBER};
pub use infoset::InfoSet;
pub use ismcts::{
    Ismcts, Leaf, Playout, Prior, Reward, Root, DEFAULT_EXPLORATION, DEFAULT_ITERATIONS,
    DEFAULT_MARGIN, DEFAULT_PRIOR_WEIGHT, DEFAULT_WIN_WEIGHT, MAX_SECONDS, MAX_THREADS,
    MAX_TREE_EDGES,
};
pub use kinds::{BotKind, KINDS};
pub use random::Random;
#[allow(deprecated)]
pub use spec::{from_spec, parse_specs, searches, spec_factories, split_specs};
pub use spec::{split_list, BotSpec, Budget, SeatSpec};
pub use stats::wilson_interval;
pub use thread::{RunOptions, THREADS};

/// The bots' knowledge of their seat was called a view; a view is now a
/// [`Game`](metropolys_core::Game) seen from one seat (core's
/// `Game::view`), and what a bot decides from is its [`InfoSet`].
#[deprecated(since = "0.2.0", note = "renamed `InfoSet`")]
pub type SeatView = InfoSet;

/// The ten Metropolys cards that can exist: core's
/// [`METROPOLYS_CARDS`](metropolys_core::METROPOLYS_CARDS).
#[deprecated(since = "0.2.0", note = "use `metropolys_core::METROPOLYS_CARDS`")]
pub const ALL_METROPOLYS_CARDS: [metropolys_core::MetropolysCard; 10] =
    metropolys_core::METROPOLYS_CARDS;

use metropolys_core::rng::SplitMix64;
use metropolys_core::Action;

/// A bot with its own random generator: what a front end holds for one
/// seat.
///
/// ```
/// use metropolys_bots::Player;
/// use metropolys_core::{Config, State, Variant};
/// let state = State::new(&Config::new(4, Variant::Family, 3)).unwrap();
/// let mut a = Player::from_spec("ismcts", r#"{"iterations": 50, "seed": 9}"#).unwrap();
/// let mut b = Player::from_spec("ismcts", r#"{"iterations": 50, "seed": 9}"#).unwrap();
/// // Seeded, with an iteration budget: the same decision.
/// assert_eq!(a.choose_for(&state).unwrap(), b.choose_for(&state).unwrap());
/// ```
pub struct Player {
    bot: Box<dyn Bot>,
    rng: SplitMix64,
}

impl Player {
    /// `bot` with a generator seeded with `seed`.
    pub fn new(bot: Box<dyn Bot>, seed: u64) -> Player {
        Player {
            bot,
            rng: SplitMix64::new(seed),
        }
    }

    /// A bot from [`from_spec`]; `params` may also hold `"seed"` (an
    /// unsigned 64-bit integer, default 0) for the generator.
    pub fn from_spec(kind: &str, params: &str) -> Result<Player, BotError> {
        let (spec, seed) = spec::split_seed(kind, params)?;
        Ok(Player::new(spec.build(), seed))
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        self.bot.name()
    }

    /// Hands the bot a flag that interrupts its decisions
    /// ([`Bot::set_cancel`]).
    pub fn set_cancel(&mut self, cancel: &Cancel) {
        self.bot.set_cancel(cancel);
    }

    /// The bot's decision for the seat of `view`, checked: the seat must be
    /// to act and the action legal.
    pub fn choose(&mut self, view: &InfoSet) -> Result<Action, BotError> {
        choose_checked(self.bot.as_mut(), view, &mut self.rng)
    }

    /// The decision for the seat to act in `state` of a game set up from
    /// `config`, from that seat's view ([`InfoSet::with_config`]: it knows
    /// the configuration's Metropolys deck, if any).
    pub fn choose_in(
        &mut self,
        state: &metropolys_core::State,
        config: &metropolys_core::Config,
    ) -> Result<Action, BotError> {
        let seat = state.to_act().ok_or(BotError::GameOver)?;
        self.choose(&InfoSet::with_config(state, seat, config)?)
    }

    /// The decision for the seat to act in `game`, from that seat's view,
    /// knowing the Metropolys deck when the game does
    /// ([`Game::metropolys_deck`](metropolys_core::Game::metropolys_deck)):
    /// `game` may be a whole game or the acting seat's view.
    ///
    /// ```
    /// use metropolys_bots::{from_spec, Player};
    /// use metropolys_core::{Config, Game, Variant};
    /// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    /// let seat = game.state().to_act().unwrap();
    /// let mut p = Player::new(from_spec("greedy", "{}").unwrap(), 1);
    /// let a = p.choose_in_game(&game.view(seat).unwrap()).unwrap();
    /// assert!(game.state().is_legal(a));
    /// ```
    pub fn choose_in_game(&mut self, game: &metropolys_core::Game) -> Result<Action, BotError> {
        let state = game.state();
        let seat = state.to_act().ok_or(BotError::GameOver)?;
        self.choose(&InfoSet::with_deck(state, seat, game.metropolys_deck())?)
    }

    /// The decision for the seat to act in `state`, from that seat's view
    /// (built here: the bot never sees `state` itself).
    pub fn choose_for(&mut self, state: &metropolys_core::State) -> Result<Action, BotError> {
        self.choose(&InfoSet::to_act(state)?)
    }
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("bot", &self.bot.name())
            .finish_non_exhaustive()
    }
}
