//! Typed errors. Each names the rule it enforces (`R-x` from docs/rules.md), and
//! an operation that fails never changes any state.

use crate::types::{BuildingNumber, District, NeighborhoodId, Seat};

/// An action that the rules do not allow now (R-7 … R-17, §8).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The game has ended; no action can be taken.
    #[error("R-17: the game is over; no action can be taken")]
    GameOver,
    /// The action was submitted for a player who is not to act.
    #[error("R-8: it is seat {expected}'s turn, not seat {got}'s")]
    WrongPlayer {
        /// The seat to act.
        expected: Seat,
        /// The seat that tried to act.
        got: Seat,
    },
    /// The neighborhood id is not on the board.
    #[error("R-7/R-9: there is no neighborhood {0}; ids are 0-54")]
    UnknownNeighborhood(NeighborhoodId),
    /// The building number does not exist.
    #[error("R-7/R-9: there is no building {0}; buildings are numbered 1-13")]
    UnknownBuilding(BuildingNumber),
    /// The neighborhood lies in a district out of play.
    #[error(
        "R-2: neighborhood {neighborhood} is in the {district} district, which is out of play"
    )]
    OutOfPlay {
        /// The neighborhood.
        neighborhood: NeighborhoodId,
        /// Its district.
        district: District,
    },
    /// The neighborhood holds a constructed building, so it is not free.
    #[error("R-7/R-9: neighborhood {0} is not free: a building is constructed there")]
    Constructed(NeighborhoodId),
    /// The neighborhood holds a bid of the current call, so it is not free.
    #[error("R-7/R-9: neighborhood {0} is not free: it holds a bid of this call")]
    AlreadyBid(NeighborhoodId),
    /// The building is already constructed.
    #[error("R-13: building {0} is already constructed")]
    BuildingConstructed(BuildingNumber),
    /// The building already stands on the board as a bid of this call.
    #[error("R-9: building {0} is already on the board as a bid of this call")]
    BuildingOnBoard(BuildingNumber),
    /// An outbid must be adjacent to the most recent bid.
    #[error("R-9: neighborhood {neighborhood} is not adjacent to neighborhood {last}, the most recent bid's")]
    NotAdjacent {
        /// The neighborhood bid on.
        neighborhood: NeighborhoodId,
        /// The most recent bid's neighborhood.
        last: NeighborhoodId,
    },
    /// An outbid must carry a strictly greater number.
    #[error("R-9: building {building} is not higher than {last}, the most recent bid")]
    NotHigher {
        /// The building offered.
        building: BuildingNumber,
        /// The most recent bid's number.
        last: BuildingNumber,
    },
    /// The opening player of a call must bid.
    #[error("R-7: the opening player of a call cannot pass")]
    OpeningPass,
    /// An integer action id outside the action space.
    #[error("there is no action id {0}; ids are 0-715 (see Action::from_id)")]
    UnknownActionId(u32),
}

impl RuleError {
    /// The ruling this error enforces, e.g. `"R-9"` (several joined by `/`).
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::GameOver => "R-17",
            RuleError::WrongPlayer { .. } => "R-8",
            RuleError::UnknownNeighborhood(_) | RuleError::UnknownBuilding(_) => "R-7/R-9",
            RuleError::OutOfPlay { .. } => "R-2",
            RuleError::Constructed(_) | RuleError::AlreadyBid(_) => "R-7/R-9",
            RuleError::BuildingConstructed(_) => "R-13",
            RuleError::BuildingOnBoard(_) | RuleError::NotAdjacent { .. } => "R-9",
            RuleError::NotHigher { .. } => "R-9",
            RuleError::OpeningPass => "R-7",
            RuleError::UnknownActionId(_) => "§8",
        }
    }
}

/// A configuration that does not describe a legal setup (R-1 … ).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The player count is not 2, 3 or 4.
    #[error("R-1: a game has 2, 3 or 4 players, not {0}")]
    Players(u8),
    /// The start player is not a seat of the game.
    #[error("R-1: start player {start} is not a seat of a {players}-player game")]
    StartPlayer {
        /// The start player given.
        start: Seat,
        /// The player count.
        players: u8,
    },
    /// The districts out of play do not fit the player count.
    #[error("R-2: {0}")]
    OutOfPlay(String),
    /// The token layout breaks.
    #[error("R-3/R-4: {0}")]
    Tokens(String),
    /// The objective deal breaks R-5 (or §9 with Metropolys cards).
    #[error("R-5: {0}")]
    Objectives(String),
    /// The Metropolys cards are malformed (R-22, §9).
    #[error("R-22: {0}")]
    MetropolysCards(String),
}

impl ConfigError {
    /// The ruling this error enforces, e.g. `"R-2"`.
    pub fn rule(&self) -> &'static str {
        match self {
            ConfigError::Players(_) | ConfigError::StartPlayer { .. } => "R-1",
            ConfigError::OutOfPlay(_) => "R-2",
            ConfigError::Tokens(_) => "R-3/R-4",
            ConfigError::Objectives(_) => "R-5",
            ConfigError::MetropolysCards(_) => "R-22",
        }
    }
}

/// Any error of the engine: the one type bindings map to codes and exceptions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An illegal action.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// An invalid configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A state (or view) that no legal game can reach, e.g. loaded from JSON.
    #[error("invalid state: {0}")]
    InvalidState(String),
    /// Malformed JSON, or JSON of the wrong shape.
    #[error("malformed JSON: {0}")]
    Json(String),
    /// A game record that does not replay or does not match its expectations.
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e.to_string())
    }
}

impl Error {
    /// The ruling this error enforces, when it is about a rule.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Error::Rule(e) => Some(e.rule()),
            Error::Config(e) => Some(e.rule()),
            Error::Record(e) => e.rule(),
            Error::InvalidState(_) | Error::Json(_) => None,
        }
    }
}
