//! # metropolys-bots
//!
//! Players for *Metropolys* built on [`metropolys_core`]: three bots, a
//! trait to plug in your own, and an arena that measures them against each
//! other. The rules stay in the core; this crate only decides.
//!
//! * [`SeatView`]: what one seat may know (R-21). It is built from a
//!   [`State`](metropolys_core::State) and a seat and erases the other
//!   seats' objectives and Metropolys cards; [`SeatView::determinize`]
//!   samples them back from what the seat cannot rule out.
//! * [`Bot`]: `choose(&view, &mut rng) -> Action`. A bot never receives a
//!   state, only a view, so it cannot use what its seat may not see.
//! * [`Random`], [`Greedy`], [`Ismcts`]: uniform over the legal actions; a
//!   one-ply evaluation; information-set Monte Carlo tree search.
//! * [`from_spec`]: a bot from a kind name and a JSON object of parameters
//!   (what the C, Python and command-line front ends use).
//! * [`Player`]: a bot with its own random generator, seeded.
//! * [`arena()`]: many games with the bots rotated over the seats, one
//!   [`ArenaRow`] per bot; [`arena_games`]: the same games one by one
//!   ([`ArenaGame`]), for any range of a run.
//!
//! docs/bots.md describes how each bot works and how strong it is.
//!
//! ```
//! use metropolys_bots::{from_spec, Player, SeatView};
//! use metropolys_core::{Config, State, Variant};
//!
//! let mut state = State::new(&Config::new(2, Variant::Expert, 1)).unwrap();
//! let mut players = [
//!     Player::new(from_spec("greedy", "{}").unwrap(), 1),
//!     Player::from_spec("random", r#"{"seed": 2}"#).unwrap(),
//! ];
//! while let Some(seat) = state.to_act() {
//!     let view = SeatView::new(&state, seat).unwrap();
//!     let action = players[seat as usize].choose(&view).unwrap();
//!     state = state.play(action).unwrap();
//! }
//! assert!(state.is_over());
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod arena;
mod belief;
mod cancel;
mod eval;
mod greedy;
mod ismcts;
pub mod ladder;
pub mod presets;
mod random;
pub mod rating;
mod spec;
pub mod sprt;
mod view;

pub use arena::{arena, arena_games, ArenaGame, ArenaOptions, ArenaRow, ArenaTally, BotFactory};
pub use cancel::Cancel;
pub use greedy::{Greedy, DEFAULT_BUILDING_VALUE, DEFAULT_COST_PER_NUMBER};
pub use ismcts::{
    Ismcts, Playout, Reward, DEFAULT_EXPLORATION, DEFAULT_ITERATIONS, MAX_SECONDS, MAX_THREADS,
    MAX_TREE_EDGES,
};
pub use random::Random;
pub use spec::{from_spec, parse_specs, searches, split_specs, KINDS};
pub use view::{SeatView, ALL_METROPOLYS_CARDS};

use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action, ConfigError, RuleError, Seat};

/// A player that decides from its seat's view.
///
/// `choose` is called only with the view of the seat to act
/// ([`SeatView::is_to_act`]) and must return one of
/// [`SeatView::legal_actions`]; the arena and [`Player`] check both and
/// report [`BotError::IllegalAction`] otherwise. Randomness comes from
/// `rng`, so that a seeded generator makes a bot's decisions reproducible.
///
/// ```
/// use metropolys_bots::{Bot, BotError, SeatView};
/// use metropolys_core::{rng::SplitMix64, Action};
///
/// /// Always the first legal action.
/// struct First;
/// impl Bot for First {
///     fn name(&self) -> &str { "first" }
///     fn choose(&mut self, view: &SeatView, _: &mut SplitMix64) -> Result<Action, BotError> {
///         view.legal_actions().first().copied().ok_or(BotError::GameOver)
///     }
/// }
/// ```
pub trait Bot: Send {
    /// A short name, shown in arena tables (`random`, `greedy`, `ismcts`).
    fn name(&self) -> &str;

    /// The action to play for the seat of `view`, which is to act.
    fn choose(&mut self, view: &SeatView, rng: &mut SplitMix64) -> Result<Action, BotError>;

    /// Hands the bot a flag to watch while it decides: once it is raised
    /// ([`Cancel::cancel`]), a bot that thinks long stops and returns
    /// [`BotError::Interrupted`]. Front ends that can be interrupted (the
    /// arena, Python's `VectorEnv` and bots on Ctrl-C) call it before the
    /// bot decides. The default ignores the flag: right for bots that decide
    /// at once.
    fn set_cancel(&mut self, cancel: &Cancel) {
        let _ = cancel;
    }
}

/// Why a bot could not be built or could not play.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// [`from_spec`] was given a kind it does not know.
    #[error("unknown bot kind {kind:?}; expected one of: {}", KINDS.join(", "))]
    UnknownKind {
        /// The kind given (at most its first 60 bytes and its length, when
        /// it is longer).
        kind: String,
    },
    /// [`from_spec`] was given JSON that is not an object, an
    /// unknown parameter name, or a value of the wrong type or range.
    #[error("bad parameters for the {kind} bot: {reason}")]
    BadParameters {
        /// The bot kind.
        kind: String,
        /// What is wrong, naming the parameter.
        reason: String,
    },
    /// [`from_spec`] was given parameters that are not JSON at all (JSON
    /// that is not an object is [`BotError::BadParameters`]). Empty or
    /// blank parameters are not an error: they are the defaults, as `{}`.
    #[error("bad parameters for the {kind} bot: parameters are not valid JSON: {reason}")]
    InvalidJson {
        /// The bot kind.
        kind: String,
        /// What the JSON parser reported.
        reason: String,
    },
    /// The seat is not in the game (R-1).
    #[error("R-1: seat {seat} is not in a {players}-player game")]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// The player count.
        players: u8,
    },
    /// A bot was asked to decide for a seat that is not to act (R-8).
    #[error("R-8: seat {seat} is not to act")]
    NotToAct {
        /// The seat of the view.
        seat: Seat,
    },
    /// The game is over: nobody acts any more (R-17).
    #[error("R-17: the game is over; no bot can act")]
    GameOver,
    /// A bot returned an action the rules do not allow.
    #[error("the {bot} bot chose \"{action}\", which is illegal: {error}")]
    IllegalAction {
        /// The bot's name.
        bot: String,
        /// What it chose.
        action: Action,
        /// The rule it breaks.
        error: RuleError,
    },
    /// A Metropolys deck given to [`SeatView::with_metropolys_deck`] does
    /// not fit the game (R-22).
    #[error("R-22: {0}")]
    Deck(String),
    /// An arena configuration the rules do not allow.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Arena options that do not make sense (no bots, a bot count that is
    /// not the player count, no games, no threads…).
    #[error("arena: {0}")]
    Arena(String),
    /// The arena's progress callback asked to stop.
    #[error("the arena was cancelled after {done} of {total} games")]
    Cancelled {
        /// Games finished.
        done: u64,
        /// Games asked for.
        total: u64,
    },
    /// The decision was interrupted: the bot's [`Cancel`] flag was raised
    /// while it was thinking ([`Bot::set_cancel`]). Nothing was decided.
    #[error("the decision was interrupted")]
    Interrupted,
    /// A thread could not be started (the system's limit on threads or
    /// memory was reached): the search or arena did not run.
    #[error("cannot start a thread: {0}")]
    Thread(String),
    /// A user-written bot failed (e.g. a Python bot raised an exception).
    #[error("the {bot} bot failed: {reason}")]
    Failed {
        /// The bot's name.
        bot: String,
        /// Why.
        reason: String,
    },
}

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
        let (params, seed) = spec::split_seed(kind, params)?;
        Ok(Player::new(spec::build(kind, &params)?, seed))
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
    pub fn choose(&mut self, view: &SeatView) -> Result<Action, BotError> {
        choose_checked(self.bot.as_mut(), view, &mut self.rng)
    }

    /// The decision for the seat to act in `state` of a game set up from
    /// `config`, from that seat's view ([`SeatView::with_config`]: it knows
    /// the configuration's Metropolys deck, if any).
    pub fn choose_in(
        &mut self,
        state: &metropolys_core::State,
        config: &metropolys_core::Config,
    ) -> Result<Action, BotError> {
        let seat = state.to_act().ok_or(BotError::GameOver)?;
        self.choose(&SeatView::with_config(state, seat, config)?)
    }

    /// The decision for the seat to act in `state`, from that seat's view
    /// (built here: the bot never sees `state` itself).
    pub fn choose_for(&mut self, state: &metropolys_core::State) -> Result<Action, BotError> {
        self.choose(&SeatView::to_act(state)?)
    }
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("bot", &self.bot.name())
            .finish_non_exhaustive()
    }
}

/// Asks `bot` for a decision and checks it (the seat is to act, the action
/// is legal).
pub(crate) fn choose_checked(
    bot: &mut dyn Bot,
    view: &SeatView,
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

/// At most the first 60 bytes of `text` (cut at a character boundary),
/// followed by its length when it is longer: what an error message echoes
/// of a value it refuses, so that a huge value never becomes a huge
/// message. The front ends use it for what they echo themselves.
///
/// ```
/// let long = "x".repeat(1 << 20);
/// assert_eq!(metropolys_bots::excerpt(&long), format!("{}… (1048576 bytes)", "x".repeat(60)));
/// assert_eq!(metropolys_bots::excerpt("expert"), "expert");
/// ```
pub fn excerpt(text: &str) -> String {
    if text.len() <= ECHO {
        return text.to_string();
    }
    let mut end = ECHO;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// The most bytes of a refused value an error message echoes.
pub(crate) const ECHO: usize = 60;

/// Starts a scoped thread, a failure to start it being
/// [`BotError::Thread`] (never a panic).
pub(crate) fn spawn_scoped<'scope, 'env, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    name: &str,
    f: impl FnOnce() -> T + Send + 'scope,
) -> Result<std::thread::ScopedJoinHandle<'scope, T>, BotError> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn_scoped(scope, f)
        .map_err(|e| BotError::Thread(e.to_string()))
}

impl std::fmt::Debug for dyn Bot + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bot({})", self.name())
    }
}
