//! Scoring (§4, §5, §9) and the winner (R-20).
//!
//! Expert area cards are scored as **exact maxima** (R-19) by a small
//! exhaustive set-packing search over the player's own buildings (at most 13):
//! bridges are a maximum matching, statues a maximum packing of fully owned
//! statues, lakes a maximum assignment of three buildings per lake, chains a
//! maximum family of vertex-disjoint connected triples.

use crate::board::{self, BitIter, ADJACENT, BRIDGES, DISTRICT, KIND, LAKES, STATUES};
use crate::state::State;
use crate::types::{
    Area, Card, District, Kind, NeighborhoodId, Seat, Size, Token, Variant, BUILDINGS_PER_PLAYER,
    MAX_PLAYERS,
};
use serde::{Deserialize, Serialize};

/// The prestige an area card gives per scoring unit: in the Family game
/// (§4) +3 per qualifying building; in the Expert game (R-19) +4 per
/// bridge pair, +7 per statue, +5 per lake, +4 per district with three or
/// more buildings, +4 per chain (the border card is Family only and scores
/// as there).
///
/// ```
/// use metropolys_core::{scoring::area_points, Area, Variant};
/// assert_eq!(area_points(Variant::Family, Area::Statues), 3);
/// assert_eq!(area_points(Variant::Expert, Area::Statues), 7);
/// ```
pub const fn area_points(variant: Variant, area: Area) -> i32 {
    match (variant, area) {
        (Variant::Family, _) | (Variant::Expert, Area::Border) => 3,
        (Variant::Expert, Area::Bridges | Area::Districts | Area::Chains) => 4,
        (Variant::Expert, Area::Statues) => 7,
        (Variant::Expert, Area::Lakes) => 5,
    }
}

/// The prestige of the Expert neighborhood card per building on its kind
/// (§5).
pub const NEIGHBORHOOD_CARD_POINTS: i32 = 2;

/// The prestige of each highest-building token (R-18).
pub const HIGHEST_BUILDING_POINTS: i32 = 5;

/// The prestige of the Metropolys card per group of three buildings in one
/// district on its three kinds (§9).
pub const METROPOLYS_GROUP_POINTS: i32 = 9;

/// Prestige points of one seat, one field per category.
///
/// `area_groups` lists which buildings scored on the area card: one group per
/// scoring unit (a single building for Family cards; a bridge pair, a statue's
/// three, a lake's three, a district's buildings or a chain for Expert
/// cards). `metropolys_groups` likewise for the Metropolys card, and
/// `highest_building_districts` the districts whose highest-building token
/// the seat gets.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreSheet {
    /// The seat.
    pub player: Seat,
    /// Trendy tokens: +3 each (§4).
    pub trendy: i32,
    /// Subway tokens: +1 each (§4).
    pub subway: i32,
    /// The subway card: +3 (§4, R-14).
    pub subway_card: i32,
    /// Archaeological tokens: −1 each (§4).
    pub archaeology: i32,
    /// The archaeological card: −2 (§4, R-15).
    pub archaeology_card: i32,
    /// The area card (§4 Family, R-19 Expert).
    pub area: i32,
    /// The Expert neighborhood card: +2 per building on its kind (§5).
    pub neighborhood: i32,
    /// Highest-building tokens: +5 each (R-18).
    pub highest_building: i32,
    /// The Metropolys card: +9 per group (§9).
    pub metropolys: i32,
    /// The sum of every category.
    pub total: i32,
    /// Buildings constructed (the first tie-break, R-20).
    pub constructed: u8,
    /// The groups of buildings that scored on the area card.
    pub area_groups: Vec<Vec<NeighborhoodId>>,
    /// The districts whose highest-building token this seat gets.
    pub highest_building_districts: Vec<District>,
    /// The groups of buildings that scored on the Metropolys card.
    pub metropolys_groups: Vec<Vec<NeighborhoodId>>,
}

impl ScoreSheet {
    /// The names of the sheet's numbers, in the order of
    /// [`ScoreSheet::values`] (the field names; the columns of Python's
    /// `simulate` and the conformance protocol's score sheets).
    pub const CATEGORIES: [&'static str; 11] = [
        "trendy",
        "subway",
        "subway_card",
        "archaeology",
        "archaeology_card",
        "area",
        "neighborhood",
        "highest_building",
        "metropolys",
        "total",
        "constructed",
    ];

    /// The sheet's numbers in the order of [`ScoreSheet::CATEGORIES`].
    ///
    /// ```
    /// use metropolys_core::{Config, State, ScoreSheet, Variant};
    /// let sheet = &State::new(&Config::new(2, Variant::Expert, 1)).unwrap().scores()[0];
    /// let values = sheet.values();
    /// let total = ScoreSheet::CATEGORIES.iter().position(|&c| c == "total").unwrap();
    /// assert_eq!(values[total], sheet.total);
    /// ```
    pub fn values(&self) -> [i32; 11] {
        [
            self.trendy,
            self.subway,
            self.subway_card,
            self.archaeology,
            self.archaeology_card,
            self.area,
            self.neighborhood,
            self.highest_building,
            self.metropolys,
            self.total,
            i32::from(self.constructed),
        ]
    }
}

/// The score sheets of every seat of `state`.
pub fn score(state: &State) -> Vec<ScoreSheet> {
    let highest = highest_buildings_if_scored(state);
    (0..state.players() as usize)
        .map(|p| {
            let mut s = ScoreSheet::default();
            score_seat::<true>(state, p, &highest, &mut s);
            s
        })
        .collect()
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
    players: u8,
    totals: [i32; MAX_PLAYERS],
    constructed: [u8; MAX_PLAYERS],
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

/// Every seat's total and constructed count (see [`Totals`]), without
/// allocating.
pub fn totals(state: &State) -> Totals {
    let highest = highest_buildings_if_scored(state);
    let mut t = Totals {
        players: state.players(),
        totals: [0; MAX_PLAYERS],
        constructed: [0; MAX_PLAYERS],
    };
    // One sheet for every seat: `score_seat` writes each of its numbers
    // and, without groups, none of its lists.
    let mut s = ScoreSheet::default();
    for p in 0..state.players() as usize {
        score_seat::<false>(state, p, &highest, &mut s);
        t.totals[p] = s.total;
        t.constructed[p] = s.constructed;
    }
    t
}

/// The highest-building tokens of every district (R-18), when the game
/// scores them (Expert without Metropolys cards): per seat, bit
/// [`District::index`] for each token it gets.
fn highest_buildings_if_scored(state: &State) -> [u8; 4] {
    if state.variant() == Variant::Expert && !state.uses_metropolys_cards() {
        highest_buildings(state)
    } else {
        [0; 4]
    }
}

/// Writes seat `p`'s numbers into `s` (every category, the total and the
/// constructed count), and with `GROUPS` appends the groups behind the
/// points to its lists (without, nothing is allocated and the lists are
/// left alone). The one implementation of the scoring rules.
fn score_seat<const GROUPS: bool>(state: &State, p: usize, highest: &[u8; 4], s: &mut ScoreSheet) {
    let owned = state.owned_mask(p);
    let taken = state.taken_counts(p);
    let obj = state.objective_of(p);
    let holds = |holder: Option<Seat>| holder == Some(p as Seat);
    s.player = p as Seat;
    s.trendy = Token::Trendy.points() * i32::from(taken[Token::Trendy.index()]);
    s.subway = Token::Subway.points() * i32::from(taken[Token::Subway.index()]);
    s.subway_card = if holds(state.card_holder(Card::Subway)) {
        Card::Subway.points()
    } else {
        0
    };
    s.archaeology = Token::Archaeology.points() * i32::from(taken[Token::Archaeology.index()]);
    s.archaeology_card = if holds(state.card_holder(Card::Archaeology)) {
        Card::Archaeology.points()
    } else {
        0
    };
    s.constructed = owned.count_ones() as u8;
    s.area = match state.variant() {
        Variant::Family => family_area::<GROUPS>(obj.area, owned, &mut s.area_groups),
        Variant::Expert => expert_area::<GROUPS>(obj.area, owned, &mut s.area_groups),
    };
    s.neighborhood = match obj.neighborhood {
        Some(kind) => NEIGHBORHOOD_CARD_POINTS * count_kind(owned, kind) as i32,
        None => 0,
    };
    s.highest_building = HIGHEST_BUILDING_POINTS * highest[p].count_ones() as i32;
    if GROUPS {
        s.highest_building_districts.extend(
            District::ALL
                .iter()
                .filter(|d| highest[p] & (1 << d.index()) != 0),
        );
    }
    s.metropolys = if state.uses_metropolys_cards() {
        metropolys::<GROUPS>(state.card_of(p), owned, &mut s.metropolys_groups)
    } else {
        0
    };
    s.total = s.trendy
        + s.subway
        + s.subway_card
        + s.archaeology
        + s.archaeology_card
        + s.area
        + s.neighborhood
        + s.highest_building
        + s.metropolys;
}

/// The winners (R-20): highest total; among the tied, most constructed
/// buildings; still tied, all share the victory. Seats ascending.
///
/// ```
/// use metropolys_core::{scoring::winners, ScoreSheet};
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

/// R-20, once: of the seats' `(total, constructed)` keys in seat order, the
/// ones with the highest total and, among those, the most buildings (still
/// tied, all win), as bits.
fn winner_bits(keys: impl Iterator<Item = (i32, u8)> + Clone) -> u8 {
    let best = keys.clone().max();
    keys.enumerate()
        .filter(|&(_, key)| Some(key) == best)
        .fold(0, |bits, (p, _)| bits | 1 << p)
}

/// The neighborhoods of each kind, by [`Kind::index`].
const OF_KIND: [u64; 5] = {
    let mut masks = [0u64; 5];
    let mut i = 0;
    while i < KIND.len() {
        masks[KIND[i] as usize] |= 1u64 << i;
        i += 1;
    }
    masks
};

fn count_kind(owned: u64, kind: Kind) -> u32 {
    (OF_KIND[kind.index()] & owned).count_ones()
}

fn ids(mask: u64) -> Vec<NeighborhoodId> {
    BitIter(mask & board::NeighborhoodSet::ALL.0).collect()
}

/// The neighborhoods that are an end of at least one bridge.
fn bridge_ends() -> u64 {
    board::bridges()
        .iter()
        .fold(0, |m, b| m | (1u64 << b[0]) | (1u64 << b[1]))
}

/// Family area card (§4): +3 per qualifying building, each counted once
/// (with `GROUPS`, each a group of its own in `groups`).
fn family_area<const GROUPS: bool>(
    area: Area,
    owned: u64,
    groups: &mut Vec<Vec<NeighborhoodId>>,
) -> i32 {
    let qualifying = match area {
        Area::Bridges => bridge_ends(),
        Area::Statues => board::feature_union(board::statues()),
        Area::Lakes => board::feature_union(board::lakes()),
        Area::Border => board::BORDER,
        Area::Districts | Area::Chains => 0,
    } & owned;
    if GROUPS {
        groups.extend(BitIter(qualifying).map(|i| vec![i]));
    }
    area_points(Variant::Family, area) * qualifying.count_ones() as i32
}

/// Expert area card (R-19): the exact maximum (with `GROUPS`, its groups
/// in `groups`).
fn expert_area<const GROUPS: bool>(
    area: Area,
    owned: u64,
    groups: &mut Vec<Vec<NeighborhoodId>>,
) -> i32 {
    match area {
        Area::Bridges => {
            let mut candidates = FeatureCandidates::EMPTY;
            for b in board::bridges() {
                let m = (1u64 << b[0]) | (1u64 << b[1]);
                if m & owned == m {
                    candidates.push(m);
                }
            }
            area_points(Variant::Expert, area) * packed::<GROUPS>(candidates.as_slice(), groups)
        }
        Area::Statues => {
            let mut candidates = FeatureCandidates::EMPTY;
            for s in board::statues() {
                let m = s.neighborhoods.0;
                if m & owned == m {
                    candidates.push(m);
                }
            }
            area_points(Variant::Expert, area) * packed::<GROUPS>(candidates.as_slice(), groups)
        }
        Area::Lakes => {
            let mut candidates = Candidates::EMPTY;
            lake_candidates(owned, &mut candidates);
            area_points(Variant::Expert, area) * packed::<GROUPS>(candidates.as_slice(), groups)
        }
        Area::Chains => {
            let mut candidates = Candidates::EMPTY;
            chain_candidates(owned, &mut candidates);
            area_points(Variant::Expert, area) * packed::<GROUPS>(candidates.as_slice(), groups)
        }
        Area::Districts => {
            let mut count = 0;
            for &d in District::ALL {
                let m = board::in_district(d).0 & owned;
                if m.count_ones() >= 3 {
                    count += 1;
                    if GROUPS {
                        groups.push(ids(m));
                    }
                }
            }
            area_points(Variant::Expert, area) * count
        }
        Area::Border => family_area::<GROUPS>(Area::Border, owned, groups),
    }
}

/// The number of groups of the largest packing of `candidates` (with
/// `GROUPS`, the groups appended to `groups`).
fn packed<const GROUPS: bool>(candidates: &[u64], groups: &mut Vec<Vec<NeighborhoodId>>) -> i32 {
    if GROUPS {
        let chosen = packing(candidates);
        groups.extend(chosen.as_slice().iter().map(|&m| ids(m)));
        chosen.len as i32
    } else {
        packing_size(candidates) as i32
    }
}

/// All neighborhoods after `id` in `mask`.
fn after(mask: u64, id: NeighborhoodId) -> u64 {
    mask & (u64::MAX << id << 1)
}

/// Lakes: every way to assign three owned shore buildings to a lake. The
/// lake's own bit (56 + id) makes two assignments to one lake conflict.
fn lake_candidates(owned: u64, out: &mut Candidates) {
    for lake in board::lakes() {
        let shore = lake.neighborhoods.0 & owned;
        let tag = 1u64 << (56 + lake.id as u32);
        for a in BitIter(shore) {
            for b in BitIter(after(shore, a)) {
                for c in BitIter(after(shore, b)) {
                    out.push(tag | (1u64 << a) | (1u64 << b) | (1u64 << c));
                }
            }
        }
    }
}

/// Chains: every connected triple of owned buildings (a path through a middle
/// building, or a triangle), once each.
fn chain_candidates(owned: u64, out: &mut Candidates) {
    for mid in BitIter(owned) {
        let around = ADJACENT[mid as usize] & owned;
        for a in BitIter(around) {
            for b in BitIter(after(around, a)) {
                out.push((1u64 << mid) | (1u64 << a) | (1u64 << b));
            }
        }
    }
    let all = &mut out.sets[..out.len];
    all.sort_unstable();
    let mut kept = 0;
    for i in 0..all.len() {
        if i == 0 || all[i] != all[kept - 1] {
            all[kept] = all[i];
            kept += 1;
        }
    }
    out.len = kept;
}

/// The most sets a packing can hold: the sets are disjoint and each covers at
/// least two of the 55 neighborhoods.
const MAX_SETS: usize = 27;

/// The most candidates an Expert area card can have, from the board: a
/// seat owns at most 13 buildings, so at most 13 middles with two of their
/// neighbors each (chains), three shore buildings of each lake (lakes), every
/// bridge, every statue.
const MAX_CANDIDATES: usize = {
    const fn pairs(n: usize) -> usize {
        n * n.saturating_sub(1) / 2
    }
    const fn triples(n: usize) -> usize {
        n * n.saturating_sub(1) * n.saturating_sub(2) / 6
    }
    let (mut degree, mut i) = (0, 0);
    while i < ADJACENT.len() {
        if ADJACENT[i].count_ones() as usize > degree {
            degree = ADJACENT[i].count_ones() as usize;
        }
        i += 1;
    }
    let (mut shore, mut i) = (0, 0);
    while i < LAKES.len() {
        if LAKES[i].neighborhoods.0.count_ones() as usize > shore {
            shore = LAKES[i].neighborhoods.0.count_ones() as usize;
        }
        i += 1;
    }
    let mut most = BUILDINGS_PER_PLAYER as usize * pairs(degree);
    if LAKES.len() * triples(shore) > most {
        most = LAKES.len() * triples(shore);
    }
    if BRIDGES.len() > most {
        most = BRIDGES.len();
    }
    if STATUES.len() > most {
        most = STATUES.len();
    }
    most
};

/// A list of at most `N` sets (masks), on the stack.
#[derive(Clone, Copy)]
struct Sets<const N: usize> {
    sets: [u64; N],
    len: usize,
}

impl<const N: usize> Sets<N> {
    const EMPTY: Self = Sets {
        sets: [0; N],
        len: 0,
    };

    fn push(&mut self, set: u64) {
        self.sets[self.len] = set;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }

    fn as_slice(&self) -> &[u64] {
        &self.sets[..self.len]
    }
}

/// Pairwise-disjoint sets.
type Packing = Sets<MAX_SETS>;

/// The candidate groups of an Expert area card.
type Candidates = Sets<MAX_CANDIDATES>;

/// The candidate groups of the bridges or statues card: whole features, so
/// at most one per bridge or statue (a much smaller array to clear).
type FeatureCandidates = Sets<
    {
        if BRIDGES.len() > STATUES.len() {
            BRIDGES.len()
        } else {
            STATUES.len()
        }
    },
>;

/// The largest family of pairwise-disjoint masks among `candidates` (exact,
/// by branch and bound on the lowest uncovered element), ordered by their
/// neighborhoods.
fn packing(candidates: &[u64]) -> Packing {
    let mut best = search::<true, MAX_SETS>(candidates);
    best.sets[..best.len].sort_unstable_by_key(|&m| m & board::NeighborhoodSet::ALL.0);
    best
}

/// The size of [`packing`]'s family, by the same search keeping no sets.
fn packing_size(candidates: &[u64]) -> usize {
    search::<false, 0>(candidates).len
}

/// The branch and bound of [`packing`]: with `SETS` the chosen sets are kept
/// (`N` is room for them), without only their number.
fn search<const SETS: bool, const N: usize>(candidates: &[u64]) -> Sets<N> {
    fn go<const SETS: bool, const N: usize>(
        cands: &[u64],
        avail: u64,
        chosen: &mut Sets<N>,
        best: &mut Sets<N>,
    ) {
        let mut union = 0u64;
        let mut usable = 0usize;
        for &c in cands {
            if c & !avail == 0 {
                union |= c;
                usable += 1;
            }
        }
        // Every candidate covers at least two neighborhoods.
        let bound = usable.min((union & board::NeighborhoodSet::ALL.0).count_ones() as usize / 2);
        if chosen.len + bound <= best.len {
            return;
        }
        if union == 0 {
            if SETS {
                *best = *chosen;
            } else {
                best.len = chosen.len;
            }
            return;
        }
        let v = union & union.wrapping_neg();
        for &c in cands {
            if c & v != 0 && c & !avail == 0 {
                if SETS {
                    chosen.push(c);
                } else {
                    chosen.len += 1;
                }
                go::<SETS, N>(cands, avail & !c, chosen, best);
                chosen.pop();
            }
        }
        go::<SETS, N>(cands, avail & !v, chosen, best);
    }
    let (mut chosen, mut best) = (Sets::<N>::EMPTY, Sets::<N>::EMPTY);
    go::<SETS, N>(candidates, u64::MAX, &mut chosen, &mut best);
    best
}

/// R-18 key of each building number: one in the byte of its size (tall
/// `1 << 16`, medium `1 << 8`, small `1`).
const SIZE_KEY: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut b = 0;
    while b < 16 {
        t[b] = match Size::of(b as u8) {
            Size::Tall => 1 << 16,
            Size::Medium => 1 << 8,
            Size::Small => 1,
        };
        b += 1;
    }
    t
};

/// R-18: for each seat, the districts whose highest-building token it gets
/// (bit [`District::index`]).
fn highest_buildings(state: &State) -> [u8; 4] {
    let n = state.players() as usize;
    // Per seat and district, the (tall, medium, small) counts packed into
    // one key `tall:medium:small` (a byte each, at most 13): compared as
    // numbers they are the R-18 comparison of size lists sorted tallest
    // first, and 0 is a seat with no building in the district.
    let mut keys = [[0u32; 5]; 4];
    for (p, keys) in keys.iter_mut().enumerate().take(n) {
        for id in BitIter(state.owned_mask(p)) {
            let d = DISTRICT[id as usize].index();
            keys[d] += SIZE_KEY[usize::from(state.number_on(id as usize) & 15)];
        }
    }
    let mut out = [0u8; 4];
    for d in 0..5 {
        let best = keys.iter().take(n).map(|k| k[d]).max().unwrap_or(0);
        for p in 0..n {
            if best != 0 && keys[p][d] == best {
                out[p] |= 1 << d;
            }
        }
    }
    out
}

/// §9: +9 per group of three buildings in one district on the card's three
/// kinds; each building in one group at most (with `GROUPS`, the groups in
/// `groups`).
fn metropolys<const GROUPS: bool>(
    card: [Kind; 3],
    owned: u64,
    groups: &mut Vec<Vec<NeighborhoodId>>,
) -> i32 {
    let mut count = 0;
    for &d in District::ALL {
        let mine = board::in_district(d).0 & owned;
        // The i-th lowest building of each of the three kinds form group i.
        let mut of_kind = card.map(|k| OF_KIND[k.index()] & mine);
        while of_kind.iter().all(|&m| m != 0) {
            count += 1;
            if GROUPS {
                let mut group: Vec<NeighborhoodId> = of_kind
                    .iter()
                    .map(|&m| m.trailing_zeros() as NeighborhoodId)
                    .collect();
                group.sort_unstable();
                groups.push(group);
            }
            for m in &mut of_kind {
                *m &= *m - 1;
            }
        }
    }
    METROPOLYS_GROUP_POINTS * count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ids: &[u8]) -> u64 {
        ids.iter().fold(0, |m, &i| m | (1u64 << i))
    }

    #[test]
    fn packing_prefers_two_disjoint_sets_over_one_greedy_set() {
        // Greedy on the first candidate {1,2} blocks both {0,1} and {2,3}.
        let c = [mask(&[1, 2]), mask(&[0, 1]), mask(&[2, 3])];
        assert_eq!(packing(&c).len, 2);
        assert_eq!(packing_size(&c), 2);
    }

    #[test]
    fn packing_of_nothing_is_empty() {
        assert_eq!(packing(&[]).len, 0);
        assert_eq!(packing_size(&[]), 0);
    }
}
