//! Score sheets (§4, §5, §9), their categories, and the winners (R-20).
//!
//! The categories of a score sheet are written once, in the
//! `score_sheet!` invocation below: it defines the fields of
//! [`ScoreSheet`], the numbers-only [`Categories`] (the conformance
//! protocol's sheet), [`ScoreSheet::CATEGORIES`] (their names, in order:
//! Python's `SCORE_CATEGORIES` and `simulate` columns) and
//! [`ScoreSheet::values`] and [`ScoreSheet::CATEGORY_INFO`] (each one's
//! label for people and what it depends on). The C struct `MtpScoreSheet` and the Python
//! `TypedDict` are checked against it by tests. The rules that fill a sheet
//! are in [`crate::scoring`].

use crate::types::{District, NeighborhoodId, Seat, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// Defines [`ScoreSheet`] and [`Categories`] from one list of categories:
/// `doc name: type = (label, basis)` (the numbers, in sheet order; the
/// basis is a [`Basis`] variant).
macro_rules! score_sheet {
    ($( $(#[$doc:meta])* $field:ident : $ty:ty = ($label:literal, $basis:ident) ),+ $(,)?) => {
        /// Prestige points of one seat, one field per category.
        ///
        /// `area_groups` lists which buildings scored on the area card: one
        /// group per scoring unit (a single building for Family cards; a
        /// bridge pair, a statue's three, a lake's three, a district's
        /// buildings or a chain for Expert cards). `metropolys_groups`
        /// likewise for the Metropolys card, and `highest_building_districts`
        /// the districts whose highest-building token the seat gets.
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
        #[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
        #[serde(deny_unknown_fields)]
        pub struct ScoreSheet {
            /// The seat.
            pub player: Seat,
            $( $(#[$doc])* pub $field: $ty, )+
            /// The groups of buildings that scored on the area card.
            pub area_groups: Vec<Vec<NeighborhoodId>>,
            /// The districts whose highest-building token this seat gets.
            pub highest_building_districts: Vec<District>,
            /// The groups of buildings that scored on the Metropolys card.
            pub metropolys_groups: Vec<Vec<NeighborhoodId>>,
        }

        /// The numbers of a score sheet, by category: a [`ScoreSheet`]
        /// without its seat and groups. It is the sheet of the conformance
        /// protocol (docs/conformance-protocol.md): JSON, an object with one
        /// integer per category (other fields are ignored when reading).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
        pub struct Categories {
            $( $(#[$doc])* pub $field: $ty, )+
        }

        impl ScoreSheet {
            /// The names of the sheet's numbers, in the order of
            /// [`ScoreSheet::values`] (the field names; the columns of
            /// Python's `simulate` and the conformance protocol's score
            /// sheets).
            pub const CATEGORIES: [&'static str; [$(stringify!($field)),+].len()] =
                [$(stringify!($field)),+];

            /// Every category of [`ScoreSheet::CATEGORIES`], in the same
            /// order, with its label for people and what it depends on.
            ///
            /// ```
            /// use metropolys_core::sheet::{Basis, ScoreSheet};
            /// let area = ScoreSheet::CATEGORY_INFO.iter().find(|c| c.name == "area").unwrap();
            /// assert_eq!((area.label, area.basis), ("Area card", Basis::Secret));
            /// ```
            pub const CATEGORY_INFO: [CategoryInfo; ScoreSheet::CATEGORIES.len()] = [$(
                CategoryInfo { name: stringify!($field), label: $label, basis: Basis::$basis }
            ),+];

            /// The sheet's numbers in the order of [`ScoreSheet::CATEGORIES`].
            ///
            /// ```
            /// use metropolys_core::{Config, State, ScoreSheet, Variant};
            /// let sheet = &State::new(&Config::new(2, Variant::Expert, 1)).unwrap().scores()[0];
            /// let values = sheet.values();
            /// let total = ScoreSheet::CATEGORIES.iter().position(|&c| c == "total").unwrap();
            /// assert_eq!(values[total], sheet.total);
            /// ```
            pub fn values(&self) -> [i32; ScoreSheet::CATEGORIES.len()] {
                [$(i32::from(self.$field)),+]
            }

            /// The sheet's numbers without its seat and groups.
            pub fn categories(&self) -> Categories {
                Categories { $($field: self.$field),+ }
            }
        }

        impl Categories {
            /// The names of the categories, in sheet order
            /// ([`ScoreSheet::CATEGORIES`]).
            pub const NAMES: [&'static str; ScoreSheet::CATEGORIES.len()] = ScoreSheet::CATEGORIES;

            /// The values, in the order of [`Categories::NAMES`].
            pub fn values(&self) -> [i32; ScoreSheet::CATEGORIES.len()] {
                [$(i32::from(self.$field)),+]
            }
        }
    };
}

score_sheet! {
    /// Trendy tokens: +3 each (§4).
    trendy: i32 = ("Trendy tokens", Public),
    /// Subway tokens: +1 each (§4).
    subway: i32 = ("Subway tokens", Public),
    /// The subway card: +3 (§4, R-14).
    subway_card: i32 = ("Subway card", Public),
    /// Archaeological tokens: −1 each (§4).
    archaeology: i32 = ("Archaeological tokens", Public),
    /// The archaeological card: −2 (§4, R-15).
    archaeology_card: i32 = ("Archaeological card", Public),
    /// The area card (§4 Family, R-19 Expert).
    area: i32 = ("Area card", Secret),
    /// The Expert neighborhood card: +2 per building on its kind (§5).
    neighborhood: i32 = ("Neighborhood card", Secret),
    /// Highest-building tokens: +5 each (R-18).
    highest_building: i32 = ("Highest buildings", Public),
    /// The Metropolys card: +9 per group (§9).
    metropolys: i32 = ("Metropolys card", Secret),
    /// The sum of every category.
    total: i32 = ("Total", Total),
    /// Buildings constructed (the first tie-break, R-20).
    constructed: u8 = ("Buildings constructed", Count),
}

/// What a category of a score sheet depends on ([`CategoryInfo::basis`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Points from what everyone sees: tokens, special cards, highest
    /// buildings.
    Public,
    /// Points from the seat's secret cards (its objectives and Metropolys
    /// card): known to the seat, and to the others once the game ends
    /// (R-21).
    Secret,
    /// The sum of the points.
    Total,
    /// Not points: the buildings constructed (R-20's tie-break).
    Count,
}

/// One category of a score sheet: its name (the field's,
/// [`ScoreSheet::CATEGORIES`]), its label for people and what it depends
/// on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct CategoryInfo {
    /// The field's name: `"trendy"`, `"area"`, …
    pub name: &'static str,
    /// The label for people: `"Trendy tokens"`, `"Area card"`, …
    pub label: &'static str,
    /// What it depends on.
    pub basis: Basis,
}

impl CategoryInfo {
    /// Whether the category is prestige points that add up to the total
    /// ([`Basis::Public`] or [`Basis::Secret`]).
    pub const fn is_points(&self) -> bool {
        matches!(self.basis, Basis::Public | Basis::Secret)
    }
}

impl ScoreSheet {
    /// The value of category `name` (one of [`ScoreSheet::CATEGORIES`]),
    /// `None` for any other name.
    ///
    /// ```
    /// use metropolys_core::ScoreSheet;
    /// let sheet = ScoreSheet { trendy: 6, ..ScoreSheet::default() };
    /// assert_eq!(sheet.value("trendy"), Some(6));
    /// assert_eq!(sheet.value("player"), None);
    /// ```
    pub fn value(&self, name: &str) -> Option<i32> {
        let i = ScoreSheet::CATEGORIES.iter().position(|&c| c == name)?;
        Some(self.values()[i])
    }
}

impl From<&ScoreSheet> for Categories {
    fn from(s: &ScoreSheet) -> Categories {
        s.categories()
    }
}

/// Every seat's total and number of buildings constructed, and the winners
/// (R-20): what a playout needs from a finished game, without the groups a
/// [`ScoreSheet`] lists. Computed by the very code that fills the sheets
/// (so the totals are always the sheets' totals), without allocating.
///
/// ```
/// use metropolys_core::{play_random, rng::SplitMix64, Config, State, Variant};
/// let end = play_random(State::new(&Config::new(3, Variant::Expert, 4)).unwrap(), &mut SplitMix64::new(4));
/// let totals = end.totals();
/// let sheets = end.scores();
/// assert_eq!(totals.totals(), sheets.iter().map(|s| s.total).collect::<Vec<_>>());
/// assert_eq!(totals.winners(), end.winners());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Totals {
    pub(crate) players: u8,
    pub(crate) totals: [i32; MAX_PLAYERS],
    pub(crate) constructed: [u8; MAX_PLAYERS],
}

impl Totals {
    /// The number of seats.
    #[inline]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Every seat's total, by seat (the [`ScoreSheet::total`]s).
    #[inline]
    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.players as usize]
    }

    /// Every seat's number of buildings constructed, by seat (the first
    /// tie-break, R-20).
    #[inline]
    pub fn constructed(&self) -> &[u8] {
        &self.constructed[..self.players as usize]
    }

    /// The winners as bits: bit `p` is set when seat `p` is among them
    /// (R-20: highest total; among the tied, most buildings constructed;
    /// still tied, all share the victory).
    #[inline]
    pub fn winner_bits(&self) -> u8 {
        let n = self.players as usize;
        winner_bits(
            self.totals[..n]
                .iter()
                .copied()
                .zip(self.constructed[..n].iter().copied()),
        )
    }

    /// Whether `seat` is among the winners (R-20).
    #[inline]
    pub fn is_winner(&self, seat: Seat) -> bool {
        seat < 8 && self.winner_bits() & (1 << seat) != 0
    }

    /// The winners, seats ascending (R-20; what [`winners`] says of the
    /// score sheets).
    pub fn winners(&self) -> Vec<Seat> {
        let bits = self.winner_bits();
        (0..self.players)
            .filter(|&p| bits & (1 << p) != 0)
            .collect()
    }
}

/// The winners (R-20): highest total; among the tied, most constructed
/// buildings; still tied, all share the victory. Seats ascending.
///
/// ```
/// use metropolys_core::{sheet::winners, ScoreSheet};
/// let sheet = |player, total, constructed| ScoreSheet { player, total, constructed, ..Default::default() };
/// assert_eq!(winners(&[sheet(0, 30, 12), sheet(1, 30, 13), sheet(2, 25, 13)]), vec![1]);
/// assert_eq!(winners(&[sheet(0, 30, 13), sheet(1, 30, 13)]), vec![0, 1]);
/// ```
pub fn winners(scores: &[ScoreSheet]) -> Vec<Seat> {
    let bits = winner_bits(scores.iter().map(|s| (s.total, s.constructed)));
    scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < 8 && bits & (1 << i) != 0)
        .map(|(_, s)| s.player)
        .collect()
}

/// Each seat's place, 1 for the winners (R-20), in the order of `scores`:
/// R-20's order carried down the table (higher total first, then more
/// buildings constructed); seats still tied share a place, and the next
/// place counts them (two tied first, then third).
///
/// ```
/// use metropolys_core::{sheet::placings, ScoreSheet};
/// let sheet = |player, total, constructed| ScoreSheet { player, total, constructed, ..Default::default() };
/// assert_eq!(placings(&[sheet(0, 30, 12), sheet(1, 30, 13), sheet(2, 25, 13)]), vec![2, 1, 3]);
/// assert_eq!(placings(&[sheet(0, 30, 13), sheet(1, 30, 13), sheet(2, 10, 2)]), vec![1, 1, 3]);
/// ```
pub fn placings(scores: &[ScoreSheet]) -> Vec<u8> {
    let key = |s: &ScoreSheet| (s.total, s.constructed);
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|o| key(o) > key(s)).count() as u8)
        .collect()
}

/// R-20, once: of the seats' `(total, constructed)` keys in seat order, the
/// ones with the highest total and, among those, the most buildings (still
/// tied, all win), as bits.
pub(crate) fn winner_bits(keys: impl Iterator<Item = (i32, u8)> + Clone) -> u8 {
    let best = keys.clone().max();
    keys.enumerate()
        .filter(|&(_, key)| Some(key) == best)
        .fold(0, |bits, (p, _)| bits | 1 << p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{play_random, rng::SplitMix64, Config, State, Variant};

    /// The categories marked as points add up to the total, in every kind
    /// of game; each has a label of its own.
    #[test]
    fn the_points_categories_add_up_to_the_total() {
        for (seed, variant) in [(1, Variant::Family), (2, Variant::Expert)] {
            let mut config = Config::new(4, variant, seed);
            config.metropolys_deck = (seed == 1).then(|| crate::METROPOLYS_CARDS[..4].to_vec());
            let end = play_random(State::new(&config).unwrap(), &mut SplitMix64::new(seed));
            for sheet in end.scores() {
                let sum: i32 = ScoreSheet::CATEGORY_INFO
                    .iter()
                    .zip(sheet.values())
                    .filter(|(info, _)| info.is_points())
                    .map(|(_, v)| v)
                    .sum();
                assert_eq!(sum, sheet.total);
            }
        }
        let mut labels: Vec<&str> = ScoreSheet::CATEGORY_INFO.iter().map(|c| c.label).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), ScoreSheet::CATEGORIES.len());
        let names: Vec<&str> = ScoreSheet::CATEGORY_INFO.iter().map(|c| c.name).collect();
        assert_eq!(names, ScoreSheet::CATEGORIES);
    }

    /// R-20: the places of finished random games put exactly the winners
    /// first, and a seat with a better (total, constructed) key never
    /// below one with a worse key.
    #[test]
    fn r20_placings_put_the_winners_first() {
        for seed in 0..40u64 {
            let players = 2 + (seed % 3) as u8;
            let variant = if seed % 2 == 0 {
                Variant::Expert
            } else {
                Variant::Family
            };
            let config = Config::new(players, variant, seed);
            let end = play_random(State::new(&config).unwrap(), &mut SplitMix64::new(seed));
            let scores = end.scores();
            let places = placings(&scores);
            let first: Vec<Seat> = (0..players).filter(|&p| places[p as usize] == 1).collect();
            assert_eq!(first, end.winners(), "seed {seed}");
            for a in &scores {
                for b in &scores {
                    let (pa, pb) = (places[a.player as usize], places[b.player as usize]);
                    if (a.total, a.constructed) > (b.total, b.constructed) {
                        assert!(pa < pb, "seed {seed}");
                    }
                }
            }
        }
    }
}
