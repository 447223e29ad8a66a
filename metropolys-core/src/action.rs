//! Actions, bids and events (§8).

use crate::error::{ActionError, RuleError};
use crate::sheet::ScoreSheet;
use crate::types::{BuildingNumber, Card, NeighborhoodId, Seat, Token, BUILDINGS_PER_PLAYER};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision of the player to act (§8).
///
/// JSON: `{"bid": {"neighborhood": 12, "building": 3}}` or `"pass"`; the same
/// in records, C and Python.
///
/// Every action also has a stable integer id in a fixed action space of
/// [`Action::COUNT`] ids: `neighborhood * 13 + (building - 1)` for bids
/// (0–714) and [`Action::PASS_ID`] (715) for a pass.
///
/// ```
/// use metropolys_core::Action;
/// let a = Action::bid(12, 3);
/// assert_eq!(a.id(), Some(12 * 13 + 2));
/// assert_eq!(Action::from_id(a.id().unwrap()), Ok(a));
/// assert_eq!(serde_json::to_string(&a).unwrap(),
///            r#"{"bid":{"neighborhood":12,"building":3}}"#);
/// assert_eq!(serde_json::to_string(&Action::Pass).unwrap(), r#""pass""#);
/// ```
///
/// Parsing ([`Action::from_json`], and every loader that reads actions:
/// records, C, Python) accepts only those two shapes, with integer fields of
/// 0-255; anything else is an [`ActionError`] naming the field, never a
/// different action. A neighborhood beyond 54 or a building outside 1-13
/// parses, and is then rejected by the rules (`RuleError::UnknownNeighborhood`,
/// `RuleError::UnknownBuilding`, R-7/R-9) wherever it is applied or checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Place building `building` on neighborhood `neighborhood` (R-7, R-9).
    Bid {
        /// The neighborhood bid on.
        neighborhood: NeighborhoodId,
        /// The building number placed.
        building: BuildingNumber,
    },
    /// Take no further part in this call (R-10).
    Pass,
}

impl Action {
    /// The size of the fixed action space: 55 × 13 bids and a pass.
    pub const COUNT: usize = 55 * 13 + 1;
    /// The id of [`Action::Pass`].
    pub const PASS_ID: u16 = 715;

    /// A bid.
    pub const fn bid(neighborhood: NeighborhoodId, building: BuildingNumber) -> Action {
        Action::Bid {
            neighborhood,
            building,
        }
    }

    /// The integer id of this action, or `None` for a bid whose neighborhood
    /// or building does not exist.
    pub const fn id(self) -> Option<u16> {
        match self {
            Action::Pass => Some(Action::PASS_ID),
            Action::Bid {
                neighborhood,
                building,
            } => {
                if neighborhood < 55 && building >= 1 && building <= BUILDINGS_PER_PLAYER {
                    Some(neighborhood as u16 * 13 + (building as u16 - 1))
                } else {
                    None
                }
            }
        }
    }

    /// The action with integer id `id` (see [`Action`]).
    pub const fn from_id(id: u16) -> Result<Action, RuleError> {
        if id == Action::PASS_ID {
            Ok(Action::Pass)
        } else if id < Action::PASS_ID {
            Ok(Action::Bid {
                neighborhood: (id / 13) as u8,
                building: (id % 13) as u8 + 1,
            })
        } else {
            Err(RuleError::UnknownActionId(id as i64))
        }
    }
}

impl Action {
    /// Reads an action from a parsed JSON value, strictly (see [`Action`]).
    pub fn from_value(v: &serde_json::Value) -> Result<Action, ActionError> {
        use serde_json::Value;
        let shown = crate::echo::excerpt_json;
        match v {
            Value::String(s) if s == "pass" => Ok(Action::Pass),
            Value::Object(m) if m.len() == 1 && m.contains_key("bid") => {
                let Value::Object(bid) = &m["bid"] else {
                    return Err(ActionError::Shape(shown(v)));
                };
                if let Some(k) = bid
                    .keys()
                    .find(|k| *k != "neighborhood" && *k != "building")
                {
                    return Err(ActionError::UnknownField(k.clone()));
                }
                let field = |name: &'static str| -> Result<(i128, String), ActionError> {
                    let f = bid.get(name).ok_or(ActionError::MissingField(name))?;
                    let n = f
                        .as_i64()
                        .map(i128::from)
                        .or_else(|| f.as_u64().map(i128::from))
                        .ok_or_else(|| ActionError::NotAnInteger {
                            field: name,
                            value: shown(f),
                        })?;
                    Ok((n, f.to_string()))
                };
                let (nb, nb_text) = field("neighborhood")?;
                let (b, b_text) = field("building")?;
                // Fields hold a byte; whether that byte names a neighborhood
                // (0-54) or a building (1-13) is a rule (R-7/R-9) that the
                // engine checks with its own typed error, so that a record can
                // test the rejection of `{"building": 14}`.
                if !(0..=255).contains(&nb) {
                    return Err(ActionError::Neighborhood(nb_text));
                }
                if !(0..=255).contains(&b) {
                    return Err(ActionError::Building(b_text));
                }
                Ok(Action::bid(nb as u8, b as u8))
            }
            _ => Err(ActionError::Shape(shown(v))),
        }
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A key given twice is refused, as derived loaders refuse it.
        let crate::strict::Unique(v) = crate::strict::Unique::deserialize(d)?;
        Action::from_value(&v).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid {
                neighborhood,
                building,
            } => write!(f, "bid {building} on {neighborhood}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// A bid on the board during a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    /// Who bid.
    pub player: Seat,
    /// Where.
    pub neighborhood: NeighborhoodId,
    /// Which building.
    pub building: BuildingNumber,
}

/// What happened, in order (§8), for frontends, logs and animation.
///
/// JSON: an object with a `type` field (`call_started`, `bid_placed`,
/// `passed`, `constructed`, `bid_returned`, `token_taken`, `card_taken`,
/// `game_ended`) and the variant's fields.
///
/// The end of a call emits, in order: `constructed`, one `bid_returned` per
/// other bid of the call (in bid order), `token_taken` and `card_taken` if
/// any, then `call_started` for the next call or `game_ended`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A call began; `player` must open it (R-7, R-16).
    CallStarted {
        /// The call number, from 1.
        call: u16,
        /// The opening player.
        player: Seat,
    },
    /// A bid was placed (R-7, R-9).
    BidPlaced {
        /// Who bid.
        player: Seat,
        /// Where.
        neighborhood: NeighborhoodId,
        /// Which building.
        building: BuildingNumber,
    },
    /// A player passed for the rest of the call: by choice (R-10) or because
    /// no outbid was possible (`forced`, R-11).
    Passed {
        /// Who passed.
        player: Seat,
        /// Whether the engine passed for them (R-11).
        forced: bool,
    },
    /// The call was won and the building constructed (R-12, R-13).
    Constructed {
        /// The winner of the call.
        player: Seat,
        /// Where the building now stands.
        neighborhood: NeighborhoodId,
        /// Which building.
        building: BuildingNumber,
        /// The call number.
        call: u16,
    },
    /// A losing bid went back to its owner's supply (R-13).
    BidReturned {
        /// The owner.
        player: Seat,
        /// Where the bid stood.
        neighborhood: NeighborhoodId,
        /// Which building.
        building: BuildingNumber,
    },
    /// The winner took the neighborhood's token (R-13).
    TokenTaken {
        /// Who took it.
        player: Seat,
        /// From where.
        neighborhood: NeighborhoodId,
        /// Which token.
        token: Token,
    },
    /// A special card changed hands (R-14, R-15).
    CardTaken {
        /// The new holder.
        player: Seat,
        /// Which card.
        card: Card,
        /// The previous holder, `None` when it came from the supply.
        from: Option<Seat>,
    },
    /// The game ended (R-17) with these score sheets and winners (R-20).
    GameEnded {
        /// One score sheet per seat.
        scores: Vec<ScoreSheet>,
        /// The winning seats (several when they share the victory).
        winners: Vec<Seat>,
    },
}
