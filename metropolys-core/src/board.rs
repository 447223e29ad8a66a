//! The board: 55 neighborhoods, their adjacency, bridges, statues, lakes and
//! the city border.
//!
//! # Provenance
//!
//! The data is `data/board.json` in this crate, a verbatim copy of the
//! project's shared board description (`shared/board.json`), which transcribes
//! the printed board of *Metropolys* (Sébastien Pauchon, Ystari 2008): ids
//! 0–14 center, 15–24 north, 25–34 east, 35–44 south, 45–54 west; adjacency
//! means sharing a border or being joined by a bridge (R-9); a neighborhood
//! that meets a lake at a single point is not on its shore; `x`, `y` are
//! centroids in percent of the board's width and height, for drawing. The
//! build script compiles it into constant tables, so every query here is a
//! table look-up or a bit operation (adjacency is a `u64` bitset per
//! neighborhood). `tests/board.rs` checks every invariant docs/rules.md lists.
//!
//! Functions that take a raw id answer `None`/`false`/an empty set for ids
//! outside `0..55` rather than panicking.

use crate::types::{District, Kind, NeighborhoodId, NEIGHBORHOOD_COUNT};
use serde::Serialize;

mod data {
    //! The tables the build script compiles from `data/board.json`, and the
    //! type of their statues and lakes.

    use crate::bits::NeighborhoodSet;
    use crate::types::{District, Kind};
    use serde::Serialize;

    /// A statue or a lake: the neighborhoods it touches and where to draw it.
    #[derive(Debug, Clone, Copy, PartialEq, Serialize)]
    #[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
    pub struct Feature {
        /// The statue's or lake's id (its index in [`statues`](crate::board::statues) or
        /// [`lakes`](crate::board::lakes)).
        pub id: u8,
        /// The neighborhoods touching it (a statue touches exactly three; a
        /// lake's shore).
        #[cfg_attr(feature = "typescript", tsify(type = "NeighborhoodId[]"))]
        pub neighborhoods: NeighborhoodSet,
        /// Drawing position, percent of the board's width.
        pub x: f32,
        /// Drawing position, percent of the board's height.
        pub y: f32,
    }

    include!(concat!(env!("OUT_DIR"), "/board_data.rs"));
}

pub use crate::bits::NeighborhoodSet;
pub use data::Feature;

pub(crate) use data::{ADJACENT, BLIND_ALLEY, BORDER, BRIDGES, DISTRICT, KIND, LAKES, STATUES};

/// Whether `id` names a neighborhood of the board (`0..55`).
#[inline]
pub const fn is_valid(id: NeighborhoodId) -> bool {
    (id as usize) < NEIGHBORHOOD_COUNT
}

/// The district of a neighborhood.
///
/// ```
/// use metropolys_core::{board, District};
/// assert_eq!(board::district(0), Some(District::Center));
/// assert_eq!(board::district(54), Some(District::West));
/// assert_eq!(board::district(55), None);
/// ```
pub fn district(id: NeighborhoodId) -> Option<District> {
    DISTRICT.get(id as usize).copied()
}

/// The kind of a neighborhood.
pub fn kind(id: NeighborhoodId) -> Option<Kind> {
    KIND.get(id as usize).copied()
}

/// The neighborhoods adjacent to `id` (sharing a border or joined by a
/// bridge, R-9). Empty for an invalid id.
#[inline]
pub fn neighbors(id: NeighborhoodId) -> NeighborhoodSet {
    NeighborhoodSet(ADJACENT.get(id as usize).copied().unwrap_or(0))
}

/// Whether two neighborhoods are adjacent (R-9): one bit test.
///
/// ```
/// use metropolys_core::board;
/// assert!(board::adjacent(0, 19)); // a bridge
/// assert!(!board::adjacent(0, 1));
/// ```
#[inline]
pub fn adjacent(a: NeighborhoodId, b: NeighborhoodId) -> bool {
    neighbors(a).contains(b)
}

/// Whether a neighborhood lies on the city border (Family Border card).
pub fn is_border(id: NeighborhoodId) -> bool {
    NeighborhoodSet(BORDER).contains(id)
}

/// Whether a neighborhood is a blind alley: exactly one adjacent neighborhood
/// (never holds a token, R-4).
pub fn is_blind_alley(id: NeighborhoodId) -> bool {
    NeighborhoodSet(BLIND_ALLEY).contains(id)
}

/// The drawing position of a neighborhood's centroid, in percent of the
/// board's width and height.
pub fn position(id: NeighborhoodId) -> Option<(f32, f32)> {
    data::POSITION.get(id as usize).copied()
}

/// The neighborhoods of each kind, by [`Kind::index`].
pub(crate) const OF_KIND: [u64; 5] = {
    let mut masks = [0u64; 5];
    let mut i = 0;
    while i < KIND.len() {
        masks[KIND[i] as usize] |= 1u64 << i;
        i += 1;
    }
    masks
};

/// The neighborhoods of kind `kind` (11 of each: 3 in the center, 2 in
/// each peripheral district).
///
/// ```
/// use metropolys_core::{board, Kind};
/// assert_eq!(board::of_kind(Kind::Park).len(), 11);
/// assert!(board::of_kind(Kind::Mall).iter().all(|id| board::kind(id) == Some(Kind::Mall)));
/// ```
pub fn of_kind(kind: Kind) -> NeighborhoodSet {
    NeighborhoodSet(OF_KIND[kind.index()])
}

/// The neighborhoods on the city border.
pub fn border() -> NeighborhoodSet {
    NeighborhoodSet(BORDER)
}

/// The 21 bridges: adjacent pairs that cross the river.
pub fn bridges() -> &'static [[NeighborhoodId; 2]] {
    &data::BRIDGES
}

/// The 11 statues.
pub fn statues() -> &'static [Feature] {
    &data::STATUES
}

/// The 6 lakes.
pub fn lakes() -> &'static [Feature] {
    &data::LAKES
}

/// The peripheral districts in ring order (north–east–south–west), used for
/// "adjacent peripheral districts" (R-2).
pub fn peripheral_ring() -> [District; 4] {
    data::PERIPHERAL_RING
}

/// The neighborhoods of a district.
pub fn in_district(d: District) -> NeighborhoodSet {
    let (start, len) = district_range(d);
    NeighborhoodSet(((1u64 << len) - 1) << start)
}

/// The first id and the number of neighborhoods of a district.
pub(crate) const fn district_range(d: District) -> (u8, u8) {
    match d {
        District::Center => (0, 15),
        District::North => (15, 10),
        District::East => (25, 10),
        District::South => (35, 10),
        District::West => (45, 10),
    }
}

/// The neighborhoods bordering lake or statue features: the shore or touching
/// set of every feature, united (used by the Family Statues and Lakes cards).
pub(crate) fn feature_union(features: &[Feature]) -> u64 {
    features.iter().fold(0, |m, f| m | f.neighborhoods.0)
}

/// Everything known about one neighborhood, as one value (for bindings and
/// JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct NeighborhoodInfo {
    /// The id, `0..55`.
    pub id: NeighborhoodId,
    /// Its district.
    pub district: District,
    /// Its kind.
    pub kind: Kind,
    /// The adjacent neighborhoods (R-9).
    #[cfg_attr(feature = "typescript", tsify(type = "NeighborhoodId[]"))]
    pub adjacent: NeighborhoodSet,
    /// Whether it lies on the city border.
    pub border: bool,
    /// Whether it is a blind alley (R-4).
    pub blind_alley: bool,
    /// Drawing position, percent of the board's width.
    pub x: f32,
    /// Drawing position, percent of the board's height.
    pub y: f32,
}

/// Everything known about a neighborhood, or `None` for an invalid id.
///
/// ```
/// use metropolys_core::{board, Kind};
/// let n = board::info(11).unwrap();
/// assert_eq!(n.kind, Kind::Industry);
/// assert!(n.blind_alley);
/// ```
pub fn info(id: NeighborhoodId) -> Option<NeighborhoodInfo> {
    let i = id as usize;
    if i >= NEIGHBORHOOD_COUNT {
        return None;
    }
    let (x, y) = data::POSITION[i];
    Some(NeighborhoodInfo {
        id,
        district: DISTRICT[i],
        kind: KIND[i],
        adjacent: NeighborhoodSet(ADJACENT[i]),
        border: is_border(id),
        blind_alley: is_blind_alley(id),
        x,
        y,
    })
}

/// The whole board as one serializable value (the shape of `board.json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct BoardInfo {
    /// The 55 neighborhoods in id order.
    pub neighborhoods: Vec<NeighborhoodInfo>,
    /// The 21 bridges.
    pub bridges: Vec<[NeighborhoodId; 2]>,
    /// The 11 statues.
    pub statues: Vec<Feature>,
    /// The 6 lakes.
    pub lakes: Vec<Feature>,
    /// The peripheral districts in ring order.
    pub peripheral_ring: Vec<District>,
}

/// The whole board as one serializable value.
pub fn describe() -> BoardInfo {
    BoardInfo {
        neighborhoods: (0..NEIGHBORHOOD_COUNT as u8).filter_map(info).collect(),
        bridges: bridges().to_vec(),
        statues: statues().to_vec(),
        lakes: lakes().to_vec(),
        peripheral_ring: peripheral_ring().to_vec(),
    }
}
