//! Scoring (§4, §5, §9) and the winner (R-20): a pure function of the
//! [`Holdings`] of a position (the sheets themselves are in [`crate::sheet`]).
//!
//! Expert area cards are scored as **exact maxima** (R-19) by a small
//! exhaustive set-packing search over the player's own buildings (at most 13):
//! bridges are a maximum matching, statues a maximum packing of fully owned
//! statues, lakes a maximum assignment of three buildings per lake, chains a
//! maximum family of vertex-disjoint connected triples.
//!
//! [`where_scores`] says where a building can count for a secret card in a
//! game (the neighborhoods in play its area, kind or kinds cover), and
//! [`score_known`] scores what is known of a position when some seats'
//! cards are not (R-21).

use crate::bits::{BitIter, NeighborhoodSet};
use crate::board::{self, ADJACENT, BRIDGES, DISTRICT, LAKES, OF_KIND, STATUES};
use crate::types::{
    Area, Card, District, Kind, MetropolysCard, NeighborhoodId, Objective, Seat, SecretCard, Size,
    Token, Variant, BUILDINGS_PER_PLAYER, MAX_PLAYERS, NEIGHBORHOOD_COUNT,
};

pub use crate::sheet::{winners, ScoreSheet, Totals};

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

/// What scoring reads of a position, and nothing else: every seat's
/// constructed buildings (where and which number), the tokens it took, the
/// holders of the special cards and every seat's secret cards. Scoring is a
/// pure function of these; [`State::holdings`](crate::State::holdings)
/// gives those of a state.
#[derive(Debug, Clone, Copy)]
pub struct Holdings<'a> {
    pub(crate) variant: Variant,
    pub(crate) players: u8,
    /// Whether the Metropolys cards are in play (§9).
    pub(crate) metropolys: bool,
    /// Constructed neighborhoods per seat.
    pub(crate) owned: &'a [u64; MAX_PLAYERS],
    /// The number of the building on each neighborhood (0: none).
    pub(crate) number_at: &'a [u8; NEIGHBORHOOD_COUNT],
    /// Tokens taken per seat, by [`Token::index`].
    pub(crate) taken: &'a [[u8; 3]; MAX_PLAYERS],
    pub(crate) subway_card: Option<Seat>,
    pub(crate) archaeology_card: Option<Seat>,
    pub(crate) objectives: &'a [Objective; MAX_PLAYERS],
    pub(crate) cards: &'a [MetropolysCard; MAX_PLAYERS],
}

/// The score sheets of every seat.
pub fn score(h: &Holdings<'_>) -> Vec<ScoreSheet> {
    score_known(h, u8::MAX)
}

/// The score sheets of every seat as far as they are known: the seats
/// of bit mask `known` (bit `p` for seat `p`) are scored in full; the
/// others' secret cards are never read (R-21), so their categories that
/// depend on them ([`Basis::Secret`](crate::sheet::Basis::Secret): the
/// area card, the neighborhood card, the Metropolys card) are 0, without
/// groups, and their `total` is the sum of the categories known.
///
/// ```
/// use metropolys_core::{play_random, rng::SplitMix64, scoring, Config, State, Variant};
/// let end = play_random(State::new(&Config::new(3, Variant::Expert, 2)).unwrap(), &mut SplitMix64::new(2));
/// let all = scoring::score(&end.holdings());
/// let known = scoring::score_known(&end.holdings(), 0b001);
/// assert_eq!(known[0], all[0]);
/// assert_eq!((known[1].area, known[1].neighborhood), (0, 0));
/// assert_eq!(known[1].trendy, all[1].trendy);
/// assert_eq!(known[1].total, all[1].total - all[1].area - all[1].neighborhood);
/// ```
pub fn score_known(h: &Holdings<'_>, known: u8) -> Vec<ScoreSheet> {
    let highest = highest_buildings_if_scored(h);
    (0..h.players as usize)
        .map(|p| {
            let mut s = ScoreSheet::default();
            score_seat::<true>(h, p, &highest, known & (1 << p) != 0, &mut s);
            s
        })
        .collect()
}

/// Every seat's total and constructed count (see [`Totals`]), without
/// allocating.
pub fn totals(h: &Holdings<'_>) -> Totals {
    let highest = highest_buildings_if_scored(h);
    let mut t = Totals {
        players: h.players,
        totals: [0; MAX_PLAYERS],
        constructed: [0; MAX_PLAYERS],
    };
    // One sheet for every seat: `score_seat` writes each of its numbers
    // and, without groups, none of its lists.
    let mut s = ScoreSheet::default();
    for p in 0..h.players as usize {
        score_seat::<false>(h, p, &highest, true, &mut s);
        t.totals[p] = s.total;
        t.constructed[p] = s.constructed;
    }
    t
}

/// The highest-building tokens of every district (R-18), when the game
/// scores them (Expert without Metropolys cards): per seat, bit
/// [`District::index`] for each token it gets.
fn highest_buildings_if_scored(h: &Holdings<'_>) -> [u8; 4] {
    if h.variant == Variant::Expert && !h.metropolys {
        highest_buildings(h)
    } else {
        [0; 4]
    }
}

/// Writes seat `p`'s numbers into `s` (every category, the total and the
/// constructed count), and with `GROUPS` appends the groups behind the
/// points to its lists (without, nothing is allocated and the lists are
/// left alone). Without `secrets` the seat's secret cards are not read and
/// the categories that depend on them are 0 (R-21). The one
/// implementation of the scoring rules.
fn score_seat<const GROUPS: bool>(
    h: &Holdings<'_>,
    p: usize,
    highest: &[u8; 4],
    secrets: bool,
    s: &mut ScoreSheet,
) {
    let owned = h.owned[p];
    let taken = h.taken[p];
    let holds = |holder: Option<Seat>| holder == Some(p as Seat);
    s.player = p as Seat;
    s.trendy = Token::Trendy.points() * i32::from(taken[Token::Trendy.index()]);
    s.subway = Token::Subway.points() * i32::from(taken[Token::Subway.index()]);
    s.subway_card = if holds(h.subway_card) {
        Card::Subway.points()
    } else {
        0
    };
    s.archaeology = Token::Archaeology.points() * i32::from(taken[Token::Archaeology.index()]);
    s.archaeology_card = if holds(h.archaeology_card) {
        Card::Archaeology.points()
    } else {
        0
    };
    s.constructed = owned.count_ones() as u8;
    (s.area, s.neighborhood, s.metropolys) = (0, 0, 0);
    if secrets {
        let obj = h.objectives[p];
        s.area = match h.variant {
            Variant::Family => family_area::<GROUPS>(obj.area, owned, &mut s.area_groups),
            Variant::Expert => expert_area::<GROUPS>(obj.area, owned, &mut s.area_groups),
        };
        if let Some(kind) = obj.neighborhood {
            s.neighborhood = NEIGHBORHOOD_CARD_POINTS * count_kind(owned, kind) as i32;
        }
        if h.metropolys {
            s.metropolys = metropolys::<GROUPS>(h.cards[p], owned, &mut s.metropolys_groups);
        }
    }
    s.highest_building = HIGHEST_BUILDING_POINTS * highest[p].count_ones() as i32;
    if GROUPS {
        s.highest_building_districts.extend(
            District::ALL
                .iter()
                .filter(|d| highest[p] & (1 << d.index()) != 0),
        );
    }
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

/// What the secret card `card` scores for a seat that has constructed on
/// the neighborhoods of `owned` (bit `i` for neighborhood `i`) in
/// `variant`: its area card's points (§4, R-19), its neighborhood card's
/// (§5) or its Metropolys card's (§9), as that seat's score sheet has them.
/// What the bots' belief reads to weigh the cards an opponent may hold.
///
/// ```
/// use metropolys_core::{play_random, rng::SplitMix64, scoring, Config, SecretCard, State, Variant};
/// let end = play_random(State::new(&Config::new(3, Variant::Expert, 2)).unwrap(), &mut SplitMix64::new(2));
/// let sheet = &end.scores()[1];
/// let objective = end.objective(1).unwrap();
/// let owned = end.constructed(1).0;
/// assert_eq!(scoring::secret_points(Variant::Expert, owned, SecretCard::Area(objective.area)), sheet.area);
/// let kind = objective.neighborhood.unwrap();
/// assert_eq!(scoring::secret_points(Variant::Expert, owned, SecretCard::Neighborhood(kind)), sheet.neighborhood);
/// ```
pub fn secret_points(variant: Variant, owned: u64, card: SecretCard) -> i32 {
    let mut no_groups = Vec::new();
    match (card, variant) {
        (SecretCard::Area(area), Variant::Family) => {
            family_area::<false>(area, owned, &mut no_groups)
        }
        (SecretCard::Area(area), Variant::Expert) => {
            expert_area::<false>(area, owned, &mut no_groups)
        }
        (SecretCard::Neighborhood(kind), _) => {
            NEIGHBORHOOD_CARD_POINTS * count_kind(owned, kind) as i32
        }
        (SecretCard::Metropolys(c), _) => metropolys::<false>(c, owned, &mut no_groups),
    }
}

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

/// Where a building can count for `card` in a game of `variant` whose
/// neighborhoods in play are `in_play` (R-2): the neighborhoods in play
/// that its area, its kind or its kinds cover.
///
/// * Bridges: the ends of a bridge; in the Expert game only of bridges
///   with both ends in play (R-19 needs both).
/// * Statues: the neighborhoods touching a statue; in the Expert game only
///   of statues whose three neighborhoods are all in play.
/// * Lakes: the neighborhoods on a lake's shore; in the Expert game only of
///   lakes with at least three of them in play.
/// * Border: the neighborhoods on the city's border.
/// * Districts and Chains: every neighborhood in play.
/// * A neighborhood card: the neighborhoods of its kind (§5).
/// * A Metropolys card: the neighborhoods of its three kinds (§9).
///
/// ```
/// use metropolys_core::{board, scoring::where_scores, Area, Kind, SecretCard, Variant};
/// let all = board::NeighborhoodSet::ALL;
/// let border = where_scores(Variant::Family, SecretCard::Area(Area::Border), all);
/// assert_eq!(border, board::border());
/// let parks = where_scores(Variant::Expert, SecretCard::Neighborhood(Kind::Park), all);
/// assert_eq!(parks.len(), 11);
/// ```
pub fn where_scores(
    variant: Variant,
    card: SecretCard,
    in_play: NeighborhoodSet,
) -> NeighborhoodSet {
    let in_play = in_play.0 & NeighborhoodSet::ALL.0;
    let expert = variant == Variant::Expert;
    // The features a building can still score on: all of them in the
    // Family game; in the Expert game those that can be completed.
    let usable = |set: u64, needed: u32| !expert || (set & in_play).count_ones() >= needed;
    let covered = match card {
        SecretCard::Area(Area::Bridges) => board::bridges()
            .iter()
            .map(|b| (1u64 << b[0]) | (1u64 << b[1]))
            .filter(|&m| usable(m, 2))
            .fold(0, |all, m| all | m),
        SecretCard::Area(Area::Statues) => features_within(board::statues(), |m| usable(m, 3)),
        SecretCard::Area(Area::Lakes) => features_within(board::lakes(), |m| usable(m, 3)),
        SecretCard::Area(Area::Border) => board::BORDER,
        SecretCard::Area(Area::Districts | Area::Chains) => in_play,
        SecretCard::Neighborhood(kind) => OF_KIND[kind.index()],
        SecretCard::Metropolys(kinds) => kinds.iter().fold(0, |m, k| m | OF_KIND[k.index()]),
    };
    NeighborhoodSet(covered & in_play)
}

/// The neighborhoods touching the `features` (statues or lakes) whose
/// neighborhoods pass `keep`.
fn features_within(features: &[board::Feature], keep: impl Fn(u64) -> bool) -> u64 {
    features
        .iter()
        .map(|f| f.neighborhoods.0)
        .filter(|&m| keep(m))
        .fold(0, |all, m| all | m)
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
fn highest_buildings(h: &Holdings<'_>) -> [u8; 4] {
    let n = h.players as usize;
    // Per seat and district, the (tall, medium, small) counts packed into
    // one key `tall:medium:small` (a byte each, at most 13): compared as
    // numbers they are the R-18 comparison of size lists sorted tallest
    // first, and 0 is a seat with no building in the district.
    let mut keys = [[0u32; 5]; 4];
    for (p, keys) in keys.iter_mut().enumerate().take(n) {
        for id in BitIter(h.owned[p]) {
            let d = DISTRICT[id as usize].index();
            keys[d] += SIZE_KEY[usize::from(h.number_at[id as usize] & 15)];
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

    /// R-21: the seats whose cards are not known are scored without
    /// them: whatever their objectives and Metropolys cards, their sheets
    /// are the same, with no area, neighborhood or Metropolys points.
    #[test]
    fn r21_unknown_cards_are_never_read() {
        use crate::{rng::SplitMix64, state::play_random, Config, State};
        let mut config = Config::new(3, Variant::Expert, 8);
        config.metropolys_deck = Some(crate::METROPOLYS_CARDS[..4].to_vec());
        let end = play_random(State::new(&config).unwrap(), &mut SplitMix64::new(8));
        let h = end.holdings();
        let known = score_known(&h, 0b001);
        let mut objectives = *h.objectives;
        let mut cards = *h.cards;
        for p in 1..3 {
            objectives[p] = Objective {
                neighborhood: Some(Kind::ALL[p]),
                area: Area::ALL[p + 2],
            };
            cards[p] = crate::METROPOLYS_CARDS[9 - p];
        }
        let other = Holdings {
            objectives: &objectives,
            cards: &cards,
            ..h
        };
        assert_eq!(score_known(&other, 0b001), known);
        assert_ne!(score(&other)[1..], score(&h)[1..]);
        for sheet in &known[1..] {
            assert_eq!(
                (sheet.area, sheet.neighborhood, sheet.metropolys),
                (0, 0, 0)
            );
            assert!(sheet.area_groups.is_empty() && sheet.metropolys_groups.is_empty());
        }
        assert_eq!(known[0], score(&h)[0]);
    }

    #[test]
    fn packing_of_nothing_is_empty() {
        assert_eq!(packing(&[]).len, 0);
        assert_eq!(packing_size(&[]), 0);
    }
}
