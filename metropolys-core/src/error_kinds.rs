//! Typed errors. Each names the rule it enforces (`R-x` from docs/rules.md,
//! as [`Rule`] values), and an operation that fails never changes any
//! state. The errors of records are [`crate::record::RecordError`]; the one
//! type bindings map to codes and exceptions is [`crate::error::Error`]
//! (`json.rs`, at the top of the crate, since it covers records too).

use crate::types::{BuildingNumber, Card, District, NeighborhoodId, Rule, Seat};

/// An action that the rules do not allow now (R-7 … R-17, §8).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The game has ended (R-17); no action can be taken.
    #[error("R-17: the game is over; no action can be taken")]
    GameOver,
    /// The action was submitted for a player who is not to act (R-8).
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
    /// The neighborhood lies in a district out of play (R-2).
    #[error(
        "R-2: neighborhood {neighborhood} is in the {district} district, which is out of play"
    )]
    OutOfPlay {
        /// The neighborhood.
        neighborhood: NeighborhoodId,
        /// Its district.
        district: District,
    },
    /// The neighborhood holds a constructed building, so it is not free (R-7, R-9).
    #[error("R-7/R-9: neighborhood {0} is not free: a building is constructed there")]
    Constructed(NeighborhoodId),
    /// The neighborhood holds a bid of the current call, so it is not free (R-7, R-9).
    #[error("R-7/R-9: neighborhood {0} is not free: it holds a bid of this call")]
    AlreadyBid(NeighborhoodId),
    /// The building is already constructed (R-13).
    #[error("R-13: building {0} is already constructed")]
    BuildingConstructed(BuildingNumber),
    /// The building already stands on the board as a bid of this call (R-9).
    #[error("R-9: building {0} is already on the board as a bid of this call")]
    BuildingOnBoard(BuildingNumber),
    /// An outbid must be adjacent to the most recent bid (R-9).
    #[error("R-9: neighborhood {neighborhood} is not adjacent to neighborhood {last}, the most recent bid's")]
    NotAdjacent {
        /// The neighborhood bid on.
        neighborhood: NeighborhoodId,
        /// The most recent bid's neighborhood.
        last: NeighborhoodId,
    },
    /// An outbid must carry a strictly greater number (R-9).
    #[error("R-9: building {building} is not higher than {last}, the most recent bid")]
    NotHigher {
        /// The building offered.
        building: BuildingNumber,
        /// The most recent bid's number.
        last: BuildingNumber,
    },
    /// The opening player of a call must bid (R-7).
    #[error("R-7: the opening player of a call cannot pass")]
    OpeningPass,
    /// An integer action id outside the action space.
    #[error(
        "§8: there is no action id {0}; ids are 0-715 (building b on neighborhood n is 13n + b - 1; 715 is pass)"
    )]
    UnknownActionId(i64),
}

impl RuleError {
    /// The rulings this error enforces, e.g. `[R9]` (some errors enforce
    /// two: `[R7, R9]`, displayed `R-7/R-9` by [`crate::Rules`]).
    ///
    /// ```
    /// use metropolys_core::{Rule, RuleError};
    /// assert_eq!(RuleError::OpeningPass.rule(), [Rule::R7]);
    /// assert_eq!(RuleError::AlreadyBid(3).rule(), [Rule::R7, Rule::R9]);
    /// ```
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            RuleError::GameOver => &[Rule::R17],
            RuleError::WrongPlayer { .. } => &[Rule::R8],
            RuleError::UnknownNeighborhood(_) | RuleError::UnknownBuilding(_) => {
                &[Rule::R7, Rule::R9]
            }
            RuleError::OutOfPlay { .. } => &[Rule::R2],
            RuleError::Constructed(_) | RuleError::AlreadyBid(_) => &[Rule::R7, Rule::R9],
            RuleError::BuildingConstructed(_) => &[Rule::R13],
            RuleError::BuildingOnBoard(_) | RuleError::NotAdjacent { .. } => &[Rule::R9],
            RuleError::NotHigher { .. } => &[Rule::R9],
            RuleError::OpeningPass => &[Rule::R7],
            RuleError::UnknownActionId(_) => &[Rule::Section8],
        }
    }
}

/// A configuration that does not describe a legal setup (R-1 … R-6, R-22).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The player count is not 2, 3 or 4 (R-1).
    #[error("R-1: a game has 2, 3 or 4 players, not {0}")]
    Players(u8),
    /// The start player is not a seat of the game (R-1).
    #[error("R-1: start player {start} is not a seat of a {players}-player game")]
    StartPlayer {
        /// The start player given.
        start: Seat,
        /// The player count.
        players: u8,
    },
    /// The districts out of play do not fit the player count (R-2).
    #[error("R-2: {0}")]
    OutOfPlay(String),
    /// The token layout breaks R-3 or R-4.
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
    /// The rulings this error enforces, e.g. `[R2]`.
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            ConfigError::Players(_) | ConfigError::StartPlayer { .. } => &[Rule::R1],
            ConfigError::OutOfPlay(_) => &[Rule::R2],
            ConfigError::Tokens(_) => &[Rule::R3, Rule::R4],
            ConfigError::Objectives(_) => &[Rule::R5],
            ConfigError::MetropolysCards(_) => &[Rule::R22],
        }
    }
}

/// An action given as JSON that is not `"pass"` nor
/// `{"bid": {"neighborhood": N, "building": B}}` with integers `N` and `B`
/// of 0–255 (§8). Nothing is ever read as a different action; in-range
/// bytes that name no neighborhood or building are rule errors
/// ([`RuleError::UnknownNeighborhood`], [`RuleError::UnknownBuilding`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// Neither the string `"pass"` nor an object with the single key `"bid"`.
    #[error("§8: an action is \"pass\" or {{\"bid\": {{\"neighborhood\": N, \"building\": B}}}}, not {0}")]
    Shape(String),
    /// The bid object lacks a field.
    #[error("§8: the bid has no \"{0}\" field")]
    MissingField(&'static str),
    /// The bid object has a field that is not `neighborhood` or `building`.
    #[error("§8: the bid has an unknown field \"{0}\"")]
    UnknownField(String),
    /// A field is not an integer (as written in the JSON).
    #[error("§8: the bid's \"{field}\" must be an integer, not {value}")]
    NotAnInteger {
        /// `neighborhood` or `building`.
        field: &'static str,
        /// The value as written.
        value: String,
    },
    /// The neighborhood is an integer beyond any id (not even a byte).
    #[error("R-7/R-9: the bid's \"neighborhood\" is {0}; ids are 0-54")]
    Neighborhood(String),
    /// The building is an integer beyond any number (not even a byte).
    #[error("R-7/R-9: the bid's \"building\" is {0}; buildings are numbered 1-13")]
    Building(String),
}

impl ActionError {
    /// The field at fault, when one is: `"neighborhood"` or `"building"`.
    pub fn field(&self) -> Option<&str> {
        match self {
            ActionError::MissingField(f) | ActionError::NotAnInteger { field: f, .. } => Some(f),
            ActionError::UnknownField(f) => Some(f),
            ActionError::Neighborhood(_) => Some("neighborhood"),
            ActionError::Building(_) => Some("building"),
            ActionError::Shape(_) => None,
        }
    }

    /// The rulings this error enforces: R-7/R-9 for a field beyond any id,
    /// §8 for a malformed action.
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            ActionError::Neighborhood(_) | ActionError::Building(_) => &[Rule::R7, Rule::R9],
            _ => &[Rule::Section8],
        }
    }
}

/// Why a state (a [`crate::Snapshot`]) is not reachable: the first invariant
/// it breaks. The invariants are listed in the [`crate::state`] module docs
/// and in `docs/states.md`; each variant names one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// I0: the configuration part (players, districts out of play,
    /// objectives, Metropolys cards) is not a legal setup (R-1 … R-6,
    /// R-22).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// I1: a player's view hides secrets and cannot be loaded as a state.
    #[error("I1: a player's view hides secrets and cannot be loaded as a state")]
    View,
    /// I1: objectives or Metropolys cards are hidden (`null`).
    #[error("I1: the {0} are hidden: a view cannot be loaded as a state")]
    Hidden(&'static str),
    /// I1 (loading a view, `Game::from_snapshot`): the viewer is not a seat
    /// of the game, or the secrets hidden are not exactly those the viewer
    /// may not see (R-21): every other seat's until the game ends, none
    /// after.
    #[error("I1: not seat {viewer}'s view: {reason} (R-21)")]
    ViewSecrets {
        /// The viewer.
        viewer: Seat,
        /// What is wrong.
        reason: String,
    },
    /// I2: a per-seat list has the wrong length.
    #[error("I2: {field} has {len} entries for {players} players")]
    Length {
        /// The field.
        field: &'static str,
        /// Its length.
        len: usize,
        /// The player count.
        players: u8,
    },
    /// I3: a building stands outside the board or out of play.
    #[error("I3: a building stands on neighborhood {0}, which is not in play")]
    BuildingOutOfPlay(NeighborhoodId),
    /// I3: a constructed building names no seat or no building number.
    #[error("I3: the building on neighborhood {neighborhood} names seat {player} and number {building}, which do not exist")]
    BuildingUnknown {
        /// Where it stands.
        neighborhood: NeighborhoodId,
        /// The seat given.
        player: Seat,
        /// The number given.
        building: BuildingNumber,
    },
    /// I3: two buildings on one neighborhood.
    #[error("I3: two buildings stand on neighborhood {0}")]
    TwoBuildings(NeighborhoodId),
    /// I3: a seat constructed the same number twice.
    #[error("I3: seat {player} constructed building {building} twice")]
    BuiltTwice {
        /// The seat.
        player: Seat,
        /// The number.
        building: BuildingNumber,
    },
    /// I4: a token lies where none can be (R-4), or under a building (R-13).
    #[error("I4: a token lies on neighborhood {0}, where none can be (R-4, R-13)")]
    TokenPlace(NeighborhoodId),
    /// I5: tokens on the board plus tokens taken differ from the pool (R-3).
    #[error(
        "I5: tokens on the board plus tokens taken are {found:?}, but the pool is {pool:?} (R-3)"
    )]
    TokenPool {
        /// (trendy, subway, archaeology) found.
        found: [u16; 3],
        /// The pool of R-3.
        pool: [u8; 3],
    },
    /// I6: a district holds more tokens than R-4 places there, or fewer than
    /// its constructed neighborhoods can account for.
    #[error("I6: the {district} district has {on_board} token(s) on the board and {constructed} constructed neighborhood(s) that can have held one, but R-4 placed {placed} there")]
    DistrictTokens {
        /// The district.
        district: District,
        /// Tokens still there.
        on_board: u8,
        /// Constructed neighborhoods there that can have held a token.
        constructed: u8,
        /// Tokens R-4 places there.
        placed: u8,
    },
    /// I7: the tokens taken cannot all come from neighborhoods where their
    /// taker constructed (R-13).
    #[error("I7: the tokens taken do not match the buildings: seat {0} cannot have taken them where it constructed (R-13)")]
    TokensTaken(Seat),
    /// I8: a special card's holder is inconsistent with the tokens taken.
    #[error(
        "I8: the {card} card cannot be held by {holder:?} given the tokens taken (R-14, R-15)"
    )]
    CardHolder {
        /// The card.
        card: Card,
        /// The holder given.
        holder: Option<Seat>,
    },
    /// I9: more bids than one call can hold, or a bid naming no seat.
    #[error("I9: bid {index} is by seat {player}, or there are more than 13 bids")]
    BidSeat {
        /// The bid's index.
        index: usize,
        /// Its seat.
        player: Seat,
    },
    /// I9: a bid breaks the bidding rules given the bids before it.
    #[error("I9: bid {index} is illegal: {error}")]
    IllegalBid {
        /// The bid's index.
        index: usize,
        /// The rule it breaks.
        error: RuleError,
    },
    /// I10: the bids, passes and seat to act do not follow clockwise play
    /// from the call's opener (R-8, R-10, R-11, R-12).
    #[error("I10: {0}")]
    TurnOrder(TurnOrder),
    /// I11: `game_over` must hold exactly when one seat has constructed all
    /// 13 buildings, and then only one seat has (R-17).
    #[error(
        "I11: game_over must be true exactly when one seat has constructed all 13 buildings (R-17)"
    )]
    GameOver,
    /// I12: the call number must be the number of constructions (+1 while
    /// the game goes on).
    #[error("I12: call {call} after {constructed} constructions: it must be call {want}")]
    Call {
        /// The call given.
        call: u16,
        /// Buildings constructed.
        constructed: u16,
        /// The call it must be.
        want: u16,
    },
    /// I13: the opener of a call after the first won the call before, so it
    /// has constructed a building (R-16).
    #[error("I13: seat {0} opens call {1} but has constructed nothing, so it did not win the call before (R-16)")]
    Opener(Seat, u16),
    /// I14: the derived fields (`supply`, `objective_counts`) disagree.
    #[error("I14: {0} does not match the rest of the state")]
    Derived(&'static str),
}

/// How the bids, passes and seat to act break clockwise play (I10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnOrder {
    /// `to_act` must name a seat while the game goes on, and be `null` once
    /// it is over; a finished game has no bids or passes.
    #[error("to_act must name a seat while the game goes on, and be null once it is over (with no bids or passes)")]
    ToAct,
    /// Seats passed, or the turn moved on, before any bid.
    #[error("nobody can have passed before the opening bid")]
    PassBeforeOpening,
    /// Clockwise play from the opener does not reach this bid's seat
    /// without a seat passing and then bidding, or the call ending.
    #[error("bid {0} cannot be reached by clockwise play from the opener")]
    Bid(usize),
    /// Clockwise play does not reach the seat to act.
    #[error("seat {0} is to act, but clockwise play from the last bidder cannot reach it")]
    ToActUnreachable(Seat),
    /// The seats marked as passed are not those that had their turn and
    /// passed.
    #[error("the seats marked as passed are not those whose turn came and who passed")]
    Passed,
}

impl StateError {
    /// The rulings behind the invariant (empty when it is no ruling's).
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            StateError::Config(e) => e.rule(),
            StateError::TokenPlace(_) | StateError::DistrictTokens { .. } => &[Rule::R4],
            StateError::TokenPool { .. } => &[Rule::R3],
            StateError::TokensTaken(_) => &[Rule::R13],
            StateError::CardHolder { .. } => &[Rule::R14, Rule::R15],
            StateError::IllegalBid { error, .. } => error.rule(),
            StateError::TurnOrder(_) => &[Rule::R8, Rule::R11],
            StateError::GameOver => &[Rule::R17],
            StateError::Opener(..) => &[Rule::R16],
            StateError::ViewSecrets { .. } => &[Rule::R21],
            _ => &[],
        }
    }

    /// A short stable name of the invariant broken, e.g. `"I10"`.
    pub fn invariant(&self) -> &'static str {
        match self {
            StateError::Config(_) => "I0",
            StateError::View | StateError::Hidden(_) | StateError::ViewSecrets { .. } => "I1",
            StateError::Length { .. } => "I2",
            StateError::BuildingOutOfPlay(_)
            | StateError::BuildingUnknown { .. }
            | StateError::TwoBuildings(_)
            | StateError::BuiltTwice { .. } => "I3",
            StateError::TokenPlace(_) => "I4",
            StateError::TokenPool { .. } => "I5",
            StateError::DistrictTokens { .. } => "I6",
            StateError::TokensTaken(_) => "I7",
            StateError::CardHolder { .. } => "I8",
            StateError::BidSeat { .. } | StateError::IllegalBid { .. } => "I9",
            StateError::TurnOrder(_) => "I10",
            StateError::GameOver => "I11",
            StateError::Call { .. } => "I12",
            StateError::Opener(..) => "I13",
            StateError::Derived(_) => "I14",
        }
    }
}
