//! Plain C types: actions, events, score sheets, and the enums they use.
//!
//! Enums that C passes *into* the library (action kinds, variants) are
//! carried in plain integer fields and parameters and checked, so an
//! out-of-range value is an `MTP_STATUS_INVALID_ARGUMENT`, never undefined
//! behaviour. Enums that only the library writes (event types, tokens,
//! cards, districts, kinds) are typed fields.

use crate::status::{Failure, Outcome};
use metropolys_core::{
    Action, Card, Categories, District, Event, Kind, ScoreSheet, Token, Variant, MAX_PLAYERS,
    NEIGHBORHOOD_COUNT,
};

/// The ABI version of this header and library. It changes whenever a type
/// layout, a function signature or the meaning of a constant changes; compare
/// it with `mtp_abi_version()` at run time.
pub const MTP_ABI_VERSION: u32 = 1;

/// The major part of the library version this header belongs to (the `0` of
/// "0.1.0"; `mtp_version()` gives the whole string at run time).
pub const MTP_VERSION_MAJOR: u32 = 0;

/// The minor part of the library version this header belongs to.
pub const MTP_VERSION_MINOR: u32 = 4;

/// The patch part of the library version this header belongs to.
pub const MTP_VERSION_PATCH: u32 = 0;

// The numeric version above must be the crate's: a version bump that forgets
// them does not compile.
const _: () = {
    const fn number(s: &str) -> u32 {
        let b = s.as_bytes();
        let mut i = 0;
        let mut n = 0;
        while i < b.len() {
            n = n * 10 + (b[i] - b'0') as u32;
            i += 1;
        }
        n
    }
    assert!(MTP_VERSION_MAJOR == number(env!("CARGO_PKG_VERSION_MAJOR")));
    assert!(MTP_VERSION_MINOR == number(env!("CARGO_PKG_VERSION_MINOR")));
    assert!(MTP_VERSION_PATCH == number(env!("CARGO_PKG_VERSION_PATCH")));
};

/// The size of the fixed action space: 55 × 13 bids and a pass (ids 0–715).
/// A buffer of this many actions always holds every legal action.
pub const MTP_ACTION_COUNT: usize = 716;

/// The action id of a pass.
pub const MTP_PASS_ID: u16 = 715;

/// The most players a game can have; a buffer of this many score sheets or
/// winners always suffices.
pub const MTP_MAX_PLAYERS: usize = 4;

/// The number of neighborhoods on the board (ids 0–54).
pub const MTP_NEIGHBORHOOD_COUNT: usize = 55;

/// "No seat": the seat to act once the game is over, and the previous holder
/// of a card taken from the supply.
pub const MTP_NO_SEAT: u8 = 255;

// The constants above are literals so that cbindgen can write them into the
// header; they must equal the core's.
const _: () = assert!(MTP_ACTION_COUNT == Action::COUNT);
const _: () = assert!(MTP_PASS_ID == Action::PASS_ID);
const _: () = assert!(MTP_MAX_PLAYERS == MAX_PLAYERS);
const _: () = assert!(MTP_NEIGHBORHOOD_COUNT == NEIGHBORHOOD_COUNT);

/// The kind of an action (the values of `MtpAction.kind`).
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpActionKind {
    /// Place building `building` on neighborhood `neighborhood`.
    Bid = 0,
    /// Take no further part in this call.
    Pass = 1,
}

/// Whose game an `MtpGame` is (`mtp_game_perspective`; core's
/// `Perspective`): the whole game, one seat's view, or the public view
///
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpPerspective {
    /// The whole game: every secret is known.
    Whole = 0,
    /// One seat's view: the other seats' secrets are unknown until the end.
    Seat = 1,
    /// The public view: no seat's secrets are known until the end.
    Public = 2,
}

/// The game variant (the values of a `variant` argument).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpVariant {
    /// The Family game.
    Family = 0,
    /// The Expert game.
    Expert = 1,
}

/// A decision of the player to act.
///
/// `kind` is an `MtpActionKind` value. For a bid, `neighborhood` (0–54) and
/// `building` (1–13) say where and what; for a pass both are ignored on input
/// and 0 on output.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MtpAction {
    /// `MTP_ACTION_KIND_BID` or `MTP_ACTION_KIND_PASS`.
    pub kind: u8,
    /// The neighborhood bid on.
    pub neighborhood: u8,
    /// The building number placed.
    pub building: u8,
}

impl MtpAction {
    pub(crate) fn from_core(a: Action) -> MtpAction {
        match a {
            Action::Bid {
                neighborhood,
                building,
            } => MtpAction {
                kind: MtpActionKind::Bid as u8,
                neighborhood,
                building,
            },
            Action::Pass => MtpAction {
                kind: MtpActionKind::Pass as u8,
                neighborhood: 0,
                building: 0,
            },
        }
    }

    pub(crate) fn to_core(self) -> Outcome<Action> {
        match self.kind {
            k if k == MtpActionKind::Bid as u8 => Ok(Action::bid(self.neighborhood, self.building)),
            k if k == MtpActionKind::Pass as u8 => Ok(Action::Pass),
            k => Err(Failure::invalid(format!(
                "action kind {k} is neither MTP_ACTION_KIND_BID (0) nor MTP_ACTION_KIND_PASS (1)"
            ))),
        }
    }
}

/// Converts a `variant` argument.
pub(crate) fn variant_from(code: u32) -> Outcome<Variant> {
    match code {
        c if c == MtpVariant::Family as u32 => Ok(Variant::Family),
        c if c == MtpVariant::Expert as u32 => Ok(Variant::Expert),
        c => Err(Failure::invalid(format!(
            "variant {c} is neither MTP_VARIANT_FAMILY (0) nor MTP_VARIANT_EXPERT (1)"
        ))),
    }
}

/// The type of an event (the tag of `MtpEvent`).
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpEventType {
    /// A call began: `call`, and `player` must open it.
    CallStarted = 0,
    /// A bid was placed: `player`, `neighborhood`, `building`.
    BidPlaced = 1,
    /// `player` passed for the rest of the call; `forced` when the engine
    /// passed because no outbid was possible.
    Passed = 2,
    /// Call `call` was won by `player`: `building` is constructed on
    /// `neighborhood`.
    Constructed = 3,
    /// A losing bid (`player`, `neighborhood`, `building`) went back to its
    /// owner's supply.
    BidReturned = 4,
    /// `player` took the `token` of `neighborhood`.
    TokenTaken = 5,
    /// `player` took `card`, from seat `from_player` or from the supply
    /// (`from_player` is `MTP_NO_SEAT`).
    CardTaken = 6,
    /// The game ended. Scores: `mtp_game_score_sheet`; winners:
    /// `mtp_game_winners`.
    GameEnded = 7,
}

/// A neighborhood token (`MTP_TOKEN_NONE` where an event has none).
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpToken {
    /// No token.
    None = 0,
    /// Trendy neighborhood: +3 each.
    Trendy = 1,
    /// Subway: +1 each, and the subway card.
    Subway = 2,
    /// Archaeological site: −1 each, and the archaeological card.
    Archaeology = 3,
}

/// A special card (`MTP_CARD_NONE` where an event has none).
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpCard {
    /// No card.
    None = 0,
    /// The subway card (+3, R-14).
    Subway = 1,
    /// The archaeological card (−2, R-15).
    Archaeology = 2,
}

/// One of the five districts.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpDistrict {
    /// The center (neighborhoods 0–14).
    Center = 0,
    /// The north (15–24).
    North = 1,
    /// The east (25–34).
    East = 2,
    /// The south (35–44).
    South = 3,
    /// The west (45–54).
    West = 4,
}

/// The kind of a neighborhood.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MtpKind {
    /// Industry.
    Industry = 0,
    /// Park.
    Park = 1,
    /// Housing.
    Housing = 2,
    /// Mall.
    Mall = 3,
    /// Administration.
    Administration = 4,
}

impl From<District> for MtpDistrict {
    fn from(d: District) -> MtpDistrict {
        match d {
            District::Center => MtpDistrict::Center,
            District::North => MtpDistrict::North,
            District::East => MtpDistrict::East,
            District::South => MtpDistrict::South,
            District::West => MtpDistrict::West,
        }
    }
}

impl From<Kind> for MtpKind {
    fn from(k: Kind) -> MtpKind {
        match k {
            Kind::Industry => MtpKind::Industry,
            Kind::Park => MtpKind::Park,
            Kind::Housing => MtpKind::Housing,
            Kind::Mall => MtpKind::Mall,
            Kind::Administration => MtpKind::Administration,
        }
    }
}

/// One event of a transition: a tag and the fields it uses. Fields a tag does
/// not use are 0 (`MTP_TOKEN_NONE`, `MTP_CARD_NONE`, `false`), except
/// `from_player`, which is `MTP_NO_SEAT` unless a card changed hands between
/// seats.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtpEvent {
    /// What happened; says which fields are meaningful.
    pub tag: MtpEventType,
    /// The seat concerned (all tags but `MTP_EVENT_TYPE_GAME_ENDED`).
    pub player: u8,
    /// The neighborhood (bid placed, constructed, bid returned, token taken).
    pub neighborhood: u8,
    /// The building number (bid placed, constructed, bid returned).
    pub building: u8,
    /// Whether the engine passed for the player (passed, R-11).
    pub forced: bool,
    /// The token taken (token taken).
    pub token: MtpToken,
    /// The card taken (card taken).
    pub card: MtpCard,
    /// The card's previous holder, or `MTP_NO_SEAT` from the supply (card
    /// taken).
    pub from_player: u8,
    /// The call number, from 1 (call started, constructed).
    pub call: u16,
}

impl MtpEvent {
    fn blank(tag: MtpEventType) -> MtpEvent {
        MtpEvent {
            tag,
            player: 0,
            neighborhood: 0,
            building: 0,
            forced: false,
            token: MtpToken::None,
            card: MtpCard::None,
            from_player: MTP_NO_SEAT,
            call: 0,
        }
    }

    pub(crate) fn from_core(e: &Event) -> MtpEvent {
        match *e {
            Event::CallStarted { call, player } => MtpEvent {
                call,
                player,
                ..MtpEvent::blank(MtpEventType::CallStarted)
            },
            Event::BidPlaced {
                player,
                neighborhood,
                building,
            } => MtpEvent {
                player,
                neighborhood,
                building,
                ..MtpEvent::blank(MtpEventType::BidPlaced)
            },
            Event::Passed { player, forced } => MtpEvent {
                player,
                forced,
                ..MtpEvent::blank(MtpEventType::Passed)
            },
            Event::Constructed {
                player,
                neighborhood,
                building,
                call,
            } => MtpEvent {
                player,
                neighborhood,
                building,
                call,
                ..MtpEvent::blank(MtpEventType::Constructed)
            },
            Event::BidReturned {
                player,
                neighborhood,
                building,
            } => MtpEvent {
                player,
                neighborhood,
                building,
                ..MtpEvent::blank(MtpEventType::BidReturned)
            },
            Event::TokenTaken {
                player,
                neighborhood,
                token,
            } => MtpEvent {
                player,
                neighborhood,
                token: match token {
                    Token::Trendy => MtpToken::Trendy,
                    Token::Subway => MtpToken::Subway,
                    Token::Archaeology => MtpToken::Archaeology,
                },
                ..MtpEvent::blank(MtpEventType::TokenTaken)
            },
            Event::CardTaken { player, card, from } => MtpEvent {
                player,
                card: match card {
                    Card::Subway => MtpCard::Subway,
                    Card::Archaeology => MtpCard::Archaeology,
                },
                from_player: from.unwrap_or(MTP_NO_SEAT),
                ..MtpEvent::blank(MtpEventType::CardTaken)
            },
            Event::GameEnded { .. } => MtpEvent::blank(MtpEventType::GameEnded),
        }
    }
}

/// One seat's prestige points, one field per category (§4, §5, §9). The
/// groups of buildings behind each category are in `mtp_game_scores_json`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MtpScoreSheet {
    /// The seat.
    pub player: u8,
    /// Buildings constructed (the first tie-break, R-20).
    pub constructed: u8,
    /// Trendy tokens: +3 each.
    pub trendy: i32,
    /// Subway tokens: +1 each.
    pub subway: i32,
    /// The subway card: +3.
    pub subway_card: i32,
    /// Archaeological tokens: −1 each.
    pub archaeology: i32,
    /// The archaeological card: −2.
    pub archaeology_card: i32,
    /// The area card (§4 Family, R-19 Expert).
    pub area: i32,
    /// The Expert neighborhood card: +2 per building on its kind (§5).
    pub neighborhood: i32,
    /// Highest-building tokens: +5 each.
    pub highest_building: i32,
    /// The Metropolys card: +9 per group (§9).
    pub metropolys: i32,
    /// The sum of every category.
    pub total: i32,
}

impl MtpScoreSheet {
    /// The C form of a core score sheet. The categories are core's
    /// ([`metropolys_core::Categories`], one definition); the pattern below
    /// names every one of them, so a category added in core fails to
    /// compile here until this struct has it too, and a test checks the
    /// header's fields against `ScoreSheet::CATEGORIES`.
    pub(crate) fn from_core(s: &ScoreSheet) -> MtpScoreSheet {
        let Categories {
            trendy,
            subway,
            subway_card,
            archaeology,
            archaeology_card,
            area,
            neighborhood,
            highest_building,
            metropolys,
            total,
            constructed,
        } = s.categories();
        MtpScoreSheet {
            player: s.player,
            constructed,
            trendy,
            subway,
            subway_card,
            archaeology,
            archaeology_card,
            area,
            neighborhood,
            highest_building,
            metropolys,
            total,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_the_c_struct() {
        for id in 0..Action::COUNT as u16 {
            let a = Action::from_id(id).unwrap();
            assert_eq!(MtpAction::from_core(a).to_core(), Ok(a));
        }
        let bad = MtpAction {
            kind: 2,
            ..MtpAction::default()
        };
        assert!(bad.to_core().is_err());
    }

    #[test]
    fn c_enums_follow_the_core_order() {
        for (i, d) in District::ALL.iter().enumerate() {
            assert_eq!(MtpDistrict::from(*d) as usize, i);
        }
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(MtpKind::from(*k) as usize, i);
        }
        assert_eq!(variant_from(0), Ok(Variant::Family));
        assert_eq!(variant_from(1), Ok(Variant::Expert));
        assert!(variant_from(2).is_err());
    }

    #[test]
    fn card_from_the_supply_has_no_previous_holder() {
        let e = MtpEvent::from_core(&Event::CardTaken {
            player: 1,
            card: Card::Subway,
            from: None,
        });
        assert_eq!(e.tag, MtpEventType::CardTaken);
        assert_eq!(e.from_player, MTP_NO_SEAT);
        assert_eq!(e.card, MtpCard::Subway);
        let e = MtpEvent::from_core(&Event::CardTaken {
            player: 1,
            card: Card::Archaeology,
            from: Some(0),
        });
        assert_eq!(e.from_player, 0);
    }
}
