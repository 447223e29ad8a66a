//! Small vocabulary types shared by every part of the engine.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat at the table, `0..players` in clockwise order (R-1).
#[cfg_attr(feature = "typescript", tsify::declare)]
pub type Seat = u8;

/// A neighborhood id, `0..55` (center 0–14, north 15–24, east 25–34,
/// south 35–44, west 45–54).
#[cfg_attr(feature = "typescript", tsify::declare)]
pub type NeighborhoodId = u8;

/// A building number, `1..=13`.
#[cfg_attr(feature = "typescript", tsify::declare)]
pub type BuildingNumber = u8;

/// The number of neighborhoods on the board.
pub const NEIGHBORHOOD_COUNT: usize = 55;

/// The number of buildings each player owns, numbered `1..=13`.
pub const BUILDINGS_PER_PLAYER: u8 = 13;

/// The most players a game can have (R-1).
pub const MAX_PLAYERS: usize = 4;

/// The fewest players a game can have (R-1).
pub const MIN_PLAYERS: u8 = 2;

/// The player counts a game can have, 2 to 4 (R-1): the one statement of
/// the range that configurations, states, bindings and tools check against.
///
/// ```
/// use metropolys_core::PLAYER_COUNTS;
/// assert!(PLAYER_COUNTS.contains(&3));
/// assert!(!PLAYER_COUNTS.contains(&5));
/// assert_eq!(PLAYER_COUNTS.count(), 3);
/// ```
pub const PLAYER_COUNTS: std::ops::RangeInclusive<u8> = MIN_PLAYERS..=MAX_PLAYERS as u8;

/// Bits 1..=13: every building number.
pub(crate) const ALL_BUILDINGS: u16 = 0x3FFE;

/// An upper bound on the decisions of one game of `players` players: each
/// call constructs one building and the game ends when a seat has built all
/// 13 (R-17), so at most `12 * players + 1` calls; in a call every bid is
/// higher than the last (R-9), so at most 13 bids, and at most `players - 1`
/// voluntary passes (R-10).
///
/// ```
/// assert_eq!(metropolys_core::max_decisions(2), 25 * 14);
/// ```
pub const fn max_decisions(players: u8) -> usize {
    let p = players as usize;
    (12 * p + 1) * (13 + p - 1)
}

/// The error returned when a name does not match any value of a vocabulary type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?}; expected one of: {expected}")]
pub struct ParseNameError {
    /// What kind of name was parsed (`district`, `kind`, …).
    pub what: &'static str,
    /// The name that did not match.
    pub name: String,
    /// The accepted names, comma-separated.
    pub expected: &'static str,
}

/// A ruling of the rules reference (`docs/rules.md`, R-1 … R-22), or its
/// section §8 (the shape of actions): what an error enforces, as a value.
/// Errors name theirs with `rule()` (`&'static [Rule]`: some enforce two,
/// e.g. R-7 and R-9); the joined form `R-7/R-9` is only for display
/// ([`Rules`]).
///
/// ```
/// use metropolys_core::{Rule, Rules};
/// assert_eq!(Rule::R9.to_string(), "R-9");
/// assert_eq!("R-9".parse::<Rule>(), Ok(Rule::R9));
/// assert_eq!(Rule::Section8.to_string(), "§8");
/// assert_eq!(Rules(&[Rule::R7, Rule::R9]).to_string(), "R-7/R-9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// R-1.
    R1,
    /// R-2.
    R2,
    /// R-3.
    R3,
    /// R-4.
    R4,
    /// R-5.
    R5,
    /// R-6.
    R6,
    /// R-7.
    R7,
    /// R-8.
    R8,
    /// R-9.
    R9,
    /// R-10.
    R10,
    /// R-11.
    R11,
    /// R-12.
    R12,
    /// R-13.
    R13,
    /// R-14.
    R14,
    /// R-15.
    R15,
    /// R-16.
    R16,
    /// R-17.
    R17,
    /// R-18.
    R18,
    /// R-19.
    R19,
    /// R-20.
    R20,
    /// R-21.
    R21,
    /// R-22.
    R22,
    /// §8: an action is a bid or a pass, of the documented shape.
    Section8,
}

impl Rule {
    /// Every ruling, R-1 to R-22, then §8.
    pub const ALL: [Rule; 23] = [
        Rule::R1,
        Rule::R2,
        Rule::R3,
        Rule::R4,
        Rule::R5,
        Rule::R6,
        Rule::R7,
        Rule::R8,
        Rule::R9,
        Rule::R10,
        Rule::R11,
        Rule::R12,
        Rule::R13,
        Rule::R14,
        Rule::R15,
        Rule::R16,
        Rule::R17,
        Rule::R18,
        Rule::R19,
        Rule::R20,
        Rule::R21,
        Rule::R22,
        Rule::Section8,
    ];

    /// How `docs/rules.md` names it: `"R-9"`, `"§8"`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::R1 => "R-1",
            Rule::R2 => "R-2",
            Rule::R3 => "R-3",
            Rule::R4 => "R-4",
            Rule::R5 => "R-5",
            Rule::R6 => "R-6",
            Rule::R7 => "R-7",
            Rule::R8 => "R-8",
            Rule::R9 => "R-9",
            Rule::R10 => "R-10",
            Rule::R11 => "R-11",
            Rule::R12 => "R-12",
            Rule::R13 => "R-13",
            Rule::R14 => "R-14",
            Rule::R15 => "R-15",
            Rule::R16 => "R-16",
            Rule::R17 => "R-17",
            Rule::R18 => "R-18",
            Rule::R19 => "R-19",
            Rule::R20 => "R-20",
            Rule::R21 => "R-21",
            Rule::R22 => "R-22",
            Rule::Section8 => "§8",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.name() == s)
            .ok_or_else(|| ParseNameError {
                what: "ruling",
                name: s.to_string(),
                expected: "R-1 ... R-22, §8",
            })
    }
}

/// Rulings displayed joined by `/` (`R-7/R-9`), the form of messages and of
/// the bindings' `rule` strings; empty when there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules<'a>(pub &'a [Rule]);

impl Rules<'_> {
    /// Whether `named` (a ruling as an engine or a record writes it) names
    /// these rulings: one of them, or all of them joined.
    ///
    /// ```
    /// use metropolys_core::{Rule, Rules};
    /// let both = Rules(&[Rule::R7, Rule::R9]);
    /// assert!(both.matches("R-9") && both.matches("R-7/R-9"));
    /// assert!(!both.matches("R-8") && !both.matches("R-9/R-7"));
    /// ```
    pub fn matches(&self, named: &str) -> bool {
        self.0.iter().any(|r| r.name() == named) || self.to_string() == named
    }
}

impl fmt::Display for Rules<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(r.name())?;
        }
        Ok(())
    }
}

macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $name:ident, $what:literal, [$($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)?]
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order (the order of [`Self::index`]).
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The position of this value in [`Self::ALL`].
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The snake_case name used in JSON, C and Python.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = ParseNameError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(ParseNameError {
                        what: $what,
                        name: s.to_string(),
                        expected: concat!($($text, " "),+),
                    }),
                }
            }
        }
    };
}

named_enum!(
    /// One of the five districts, separated by the river.
    District, "district", [
        /// The central district (neighborhoods 0–14), always in play.
        Center = "center",
        /// The northern district (15–24).
        North = "north",
        /// The eastern district (25–34).
        East = "east",
        /// The southern district (35–44).
        South = "south",
        /// The western district (45–54).
        West = "west",
    ]
);

named_enum!(
    /// The kind of a neighborhood.
    Kind, "kind", [
        /// Industry.
        Industry = "industry",
        /// Park.
        Park = "park",
        /// Housing (the rulebook's "lodgings").
        Housing = "housing",
        /// Mall (the rulebook's "malls"/"leisure").
        Mall = "mall",
        /// Administration.
        Administration = "administration",
    ]
);

named_enum!(
    /// A neighborhood token.
    Token, "token", [
        /// Trendy neighborhood: +3 each.
        Trendy = "trendy",
        /// Subway: +1 each, and the subway card (R-14).
        Subway = "subway",
        /// Archaeological site: −1 each, and the archaeological card (R-15).
        Archaeology = "archaeology",
    ]
);

named_enum!(
    /// The game variant (§4, §5).
    Variant, "variant", [
        /// The Family game: one area card each.
        Family = "family",
        /// The Expert game: building sizes, neighborhood and expert area cards,
        /// highest-building tokens.
        Expert = "expert",
    ]
);

named_enum!(
    /// The area shown on an area objective card (Family §4 or Expert R-19).
    Area, "area", [
        /// Bridges.
        Bridges = "bridges",
        /// Statues.
        Statues = "statues",
        /// Lakes.
        Lakes = "lakes",
        /// Border (Family only).
        Border = "border",
        /// Districts (Expert only).
        Districts = "districts",
        /// Chains (Expert only).
        Chains = "chains",
    ]
);

named_enum!(
    /// One of the two special cards.
    Card, "card", [
        /// The subway card (+3, R-14).
        Subway = "subway",
        /// The archaeological card (−2, R-15).
        Archaeology = "archaeology",
    ]
);

named_enum!(
    /// The size of a building in the Expert game.
    Size, "size", [
        /// Buildings 1–5.
        Small = "small",
        /// Buildings 6–9.
        Medium = "medium",
        /// Buildings 10–13.
        Tall = "tall",
    ]
);

impl Size {
    /// The size of building `number` (1–5 small, 6–9 medium, 10–13 tall).
    ///
    /// ```
    /// use metropolys_core::Size;
    /// assert_eq!(Size::of(5), Size::Small);
    /// assert_eq!(Size::of(6), Size::Medium);
    /// assert_eq!(Size::of(10), Size::Tall);
    /// ```
    pub const fn of(number: BuildingNumber) -> Size {
        match number {
            0..=5 => Size::Small,
            6..=9 => Size::Medium,
            _ => Size::Tall,
        }
    }

    /// The building numbers of this size, read from [`Size::of`] (so the
    /// two never disagree): small 1–5, medium 6–9, tall 10–13.
    ///
    /// ```
    /// use metropolys_core::Size;
    /// assert_eq!(Size::Small.numbers(), 1..=5);
    /// assert_eq!(Size::Medium.numbers(), 6..=9);
    /// assert_eq!(Size::Tall.numbers(), 10..=13);
    /// ```
    pub fn numbers(self) -> std::ops::RangeInclusive<BuildingNumber> {
        let mut numbers = (1..=BUILDINGS_PER_PLAYER).filter(|&n| Size::of(n) == self);
        let first = numbers.next().unwrap_or(1);
        first..=numbers.next_back().unwrap_or(first)
    }
}

impl Token {
    /// The prestige points each token of this kind is worth at the end
    /// (§4): trendy +3, subway +1, archaeology −1.
    ///
    /// ```
    /// use metropolys_core::Token;
    /// let points: Vec<i32> = Token::ALL.iter().map(|t| t.points()).collect();
    /// assert_eq!(points, [3, 1, -1]);
    /// ```
    pub const fn points(self) -> i32 {
        match self {
            Token::Trendy => 3,
            Token::Subway => 1,
            Token::Archaeology => -1,
        }
    }
}

impl Card {
    /// The prestige points the holder of this card gets at the end (§4):
    /// the subway card +3 (R-14), the archaeological card −2 (R-15).
    ///
    /// ```
    /// use metropolys_core::Card;
    /// let points: Vec<i32> = Card::ALL.iter().map(|c| c.points()).collect();
    /// assert_eq!(points, [3, -2]);
    /// ```
    pub const fn points(self) -> i32 {
        match self {
            Card::Subway => 3,
            Card::Archaeology => -2,
        }
    }
}

impl District {
    /// The four peripheral districts (every district but the center).
    pub const PERIPHERAL: [District; 4] = [
        District::North,
        District::East,
        District::South,
        District::West,
    ];
}

/// The Family area cards (§4).
pub const FAMILY_AREAS: [Area; 4] = [Area::Bridges, Area::Statues, Area::Lakes, Area::Border];

/// The Expert area cards (R-19).
pub const EXPERT_AREAS: [Area; 5] = [
    Area::Bridges,
    Area::Statues,
    Area::Lakes,
    Area::Districts,
    Area::Chains,
];

/// A Metropolys card: three neighborhood kinds (§9).
#[cfg_attr(feature = "typescript", tsify::declare)]
pub type MetropolysCard = [Kind; 3];

/// The ten Metropolys cards that can exist (§9): every set of three
/// different kinds, each written in the order of [`Kind::ALL`] (the order
/// of the kinds on a card does not matter for scoring). A game's deck
/// (R-22) is four of them.
///
/// ```
/// use metropolys_core::{config::same_metropolys_card, METROPOLYS_CARDS};
/// for (i, a) in METROPOLYS_CARDS.iter().enumerate() {
///     assert!(a[0] != a[1] && a[1] != a[2] && a[0] != a[2]);
///     assert!(METROPOLYS_CARDS[i + 1..].iter().all(|b| !same_metropolys_card(a, b)));
/// }
/// ```
pub const METROPOLYS_CARDS: [MetropolysCard; 10] = {
    use Kind::*;
    [
        [Industry, Park, Housing],
        [Industry, Park, Mall],
        [Industry, Park, Administration],
        [Industry, Housing, Mall],
        [Industry, Housing, Administration],
        [Industry, Mall, Administration],
        [Park, Housing, Mall],
        [Park, Housing, Administration],
        [Park, Mall, Administration],
        [Housing, Mall, Administration],
    ]
};

/// One seat's objective cards (R-5).
///
/// Family: an area card (`bridges`, `statues`, `lakes`, `border`). Expert: a
/// neighborhood card (a kind) and an expert area card (`bridges`, `statues`,
/// `lakes`, `districts`, `chains`); with Metropolys cards the Expert game has
/// no neighborhood cards (§9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// The Expert neighborhood card, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neighborhood: Option<Kind>,
    /// The area card.
    pub area: Area,
}

/// One of a seat's secret cards (R-5, §9) as what it scores on: the area
/// card, the Expert neighborhood card (a kind) or the Metropolys card
/// (three kinds). Its JSON is `{"area": "bridges"}`, `{"neighborhood":
/// "park"}` or `{"metropolys": ["industry", "park", "housing"]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SecretCard {
    /// An area card: Family (§4) or Expert (R-19).
    Area(Area),
    /// An Expert neighborhood card (§5).
    Neighborhood(Kind),
    /// A Metropolys card (§9).
    Metropolys(MetropolysCard),
}

impl SecretCard {
    /// The secret cards of a seat that holds `objective` and, with the
    /// Metropolys cards in play, `metropolys`: the area card, then the
    /// neighborhood card (Expert), then the Metropolys card.
    ///
    /// ```
    /// use metropolys_core::{Area, Kind, Objective, SecretCard};
    /// let objective = Objective { neighborhood: Some(Kind::Park), area: Area::Chains };
    /// assert_eq!(
    ///     SecretCard::of(Some(objective), None),
    ///     [SecretCard::Area(Area::Chains), SecretCard::Neighborhood(Kind::Park)]
    /// );
    /// ```
    pub fn of(objective: Option<Objective>, metropolys: Option<MetropolysCard>) -> Vec<SecretCard> {
        let mut cards = Vec::with_capacity(3);
        if let Some(o) = objective {
            cards.push(SecretCard::Area(o.area));
            cards.extend(o.neighborhood.map(SecretCard::Neighborhood));
        }
        cards.extend(metropolys.map(SecretCard::Metropolys));
        cards
    }
}
