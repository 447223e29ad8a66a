//! [`BotError`]: why a bot could not be built or could not play.

use crate::kinds::KINDS;
use metropolys_core::{Action, ConfigError, RuleError, Seat};

/// Why a bot could not be built or could not play.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// [`from_spec`](crate::from_spec) was given a kind it does not know.
    #[error("unknown bot kind {kind:?}; expected one of: {}", KINDS.join(", "))]
    UnknownKind {
        /// The kind given (at most its first 60 bytes and its length, when
        /// it is longer).
        kind: String,
    },
    /// [`from_spec`](crate::from_spec) was given JSON that is not an object, an
    /// unknown parameter name, or a value of the wrong type or range.
    #[error("bad parameters for the {kind} bot: {reason}")]
    BadParameters {
        /// The bot kind.
        kind: String,
        /// What is wrong, naming the parameter.
        reason: String,
    },
    /// [`from_spec`](crate::from_spec) was given parameters that are not JSON at all (JSON
    /// that is not an object is [`BotError::BadParameters`]). Empty or
    /// blank parameters are not an error: they are the defaults, as `{}`.
    #[error("bad parameters for the {kind} bot: parameters are not valid JSON: {reason}")]
    InvalidJson {
        /// The bot kind.
        kind: String,
        /// What the JSON parser reported.
        reason: String,
    },
    /// The seat is not in the game.
    #[error("R-1: seat {seat} is not in a {players}-player game")]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// The player count.
        players: u8,
    },
    /// A bot was asked to decide for a seat that is not to act.
    #[error("R-8: seat {seat} is not to act")]
    NotToAct {
        /// The seat of the view.
        seat: Seat,
    },
    /// The game is over: nobody acts any more.
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
    /// A Metropolys deck given to [`InfoSet::with_metropolys_deck`](crate::InfoSet::with_metropolys_deck) does
    /// not fit the game.
    #[error("R-22: {0}")]
    Deck(String),
    /// An arena configuration the rules do not allow.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Arena options that do not make sense (no bots, a bot count that is
    /// not the player count, no games, no threads…).
    #[error("arena: {0}")]
    Arena(String),
    /// Ladder options that do not make sense (tables of 5, fewer bots than
    /// a table seats, no deals, absurd sizes…).
    #[error("ladder: {0}")]
    Ladder(String),
    /// A run of games (an arena, a ladder, a sequential test) was stopped
    /// by its progress callback or its cancel flag.
    #[error("cancelled after {done} of {total} games")]
    Cancelled {
        /// Games finished.
        done: u64,
        /// Games asked for.
        total: u64,
    },
    /// The decision was interrupted: the bot's [`Cancel`](crate::Cancel) flag was raised
    /// while it was thinking ([`Bot::set_cancel`](crate::Bot::set_cancel)). Nothing was decided.
    #[error("the decision was interrupted")]
    Interrupted,
    /// A thread could not be started (the system's limit on threads or
    /// memory was reached): the search or arena did not run.
    #[error("cannot start a thread: {0}")]
    Thread(String),
    /// A record given to [`review`](crate::review::review) does not replay
    /// (its first illegal action, or a malformed record).
    #[error("review: {0}")]
    Review(String),
    /// A search that values its leaves with the learned network
    /// (`{"leaf": "value"}`, the `expert` preset) in a build without it
    /// (the `builtin-network` feature off) before
    /// [`learned::install`](crate::learned::install) was given it.
    #[error("the {bot} bot values positions with the learned network, which this build loads at run time and has not loaded yet (the WebAssembly package's metropolys/bots entry: loadValueNetwork())")]
    NoNetwork {
        /// The bot's name.
        bot: String,
    },
    /// A user-written bot failed (e.g. a Python bot raised an exception).
    #[error("the {bot} bot failed: {reason}")]
    Failed {
        /// The bot's name.
        bot: String,
        /// Why.
        reason: String,
    },
}
