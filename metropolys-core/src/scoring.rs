//! Scoring (§4, §5, §9) and the winner (R-20).
//!
//! Expert area cards are scored as **exact maxima** (R-19) by a small
//! exhaustive set-packing search over the player's own buildings (at most 13):
//! bridges are a maximum matching, statues a maximum packing of fully owned
//! statues, lakes a maximum assignment of three buildings per lake, chains a
//! maximum family of vertex-disjoint connected triples.

use crate::board::{self, BitIter, ADJACENT, KIND};
use crate::state::State;
use crate::types::{Area, District, Kind, NeighborhoodId, Seat, Size, Token, Variant};
use serde::{Deserialize, Serialize};

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

/// The score sheets of every seat of `state`.
pub fn score(state: &State) -> Vec<ScoreSheet> {
    let n = state.players() as usize;
    let highest = if state.variant() == Variant::Expert && !state.uses_metropolys_cards() {
        highest_buildings(state)
    } else {
        [[false; 5]; 4]
    };
    (0..n)
        .map(|p| {
            let owned = state.owned_mask(p);
            let taken = state.taken_counts(p);
            let obj = state.objective_of(p);
            let mut s = ScoreSheet {
                player: p as Seat,
                trendy: 3 * taken[Token::Trendy.index()] as i32,
                subway: taken[Token::Subway.index()] as i32,
                subway_card: if state.card_holder(crate::Card::Subway) == Some(p as Seat) {
                    3
                } else {
                    0
                },
                archaeology: -(taken[Token::Archaeology.index()] as i32),
                archaeology_card: if state.card_holder(crate::Card::Archaeology) == Some(p as Seat)
                {
                    -2
                } else {
                    0
                },
                constructed: owned.count_ones() as u8,
                ..ScoreSheet::default()
            };
            let (points, groups) = match state.variant() {
                Variant::Family => family_area(obj.area, owned),
                Variant::Expert => expert_area(obj.area, owned),
            };
            s.area = points;
            s.area_groups = groups;
            if let Some(kind) = obj.neighborhood {
                s.neighborhood = 2 * count_kind(owned, kind) as i32;
            }
            for &d in District::ALL {
                if highest[p][d.index()] {
                    s.highest_building += 5;
                    s.highest_building_districts.push(d);
                }
            }
            if state.uses_metropolys_cards() {
                let (points, groups) = metropolys(state.card_of(p), owned);
                s.metropolys = points;
                s.metropolys_groups = groups;
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
            s
        })
        .collect()
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
    let best = scores.iter().map(|s| (s.total, s.constructed)).max();
    scores
        .iter()
        .filter(|s| Some((s.total, s.constructed)) == best)
        .map(|s| s.player)
        .collect()
}

fn count_kind(owned: u64, kind: Kind) -> u32 {
    BitIter(owned).filter(|&i| KIND[i as usize] == kind).count() as u32
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

/// Family area card (§4): +3 per qualifying building, each counted once.
fn family_area(area: Area, owned: u64) -> (i32, Vec<Vec<NeighborhoodId>>) {
    let qualifying = match area {
        Area::Bridges => bridge_ends(),
        Area::Statues => board::feature_union(board::statues()),
        Area::Lakes => board::feature_union(board::lakes()),
        Area::Border => board::BORDER,
        Area::Districts | Area::Chains => 0,
    } & owned;
    (
        3 * qualifying.count_ones() as i32,
        BitIter(qualifying).map(|i| vec![i]).collect(),
    )
}

/// Expert area card (R-19): the exact maximum.
fn expert_area(area: Area, owned: u64) -> (i32, Vec<Vec<NeighborhoodId>>) {
    let (per_group, candidates): (i32, Vec<u64>) = match area {
        Area::Bridges => (
            4,
            board::bridges()
                .iter()
                .map(|b| (1u64 << b[0]) | (1u64 << b[1]))
                .filter(|&m| m & owned == m)
                .collect(),
        ),
        Area::Statues => (
            7,
            board::statues()
                .iter()
                .map(|s| s.neighborhoods.0)
                .filter(|&m| m & owned == m)
                .collect(),
        ),
        Area::Lakes => (5, lake_candidates(owned)),
        Area::Chains => (4, chain_candidates(owned)),
        Area::Districts => {
            let groups: Vec<Vec<NeighborhoodId>> = District::ALL
                .iter()
                .map(|&d| board::in_district(d).0 & owned)
                .filter(|m| m.count_ones() >= 3)
                .map(ids)
                .collect();
            return (4 * groups.len() as i32, groups);
        }
        Area::Border => return family_area(Area::Border, owned),
    };
    let chosen = max_packing(&candidates);
    (
        per_group * chosen.len() as i32,
        chosen.into_iter().map(ids).collect(),
    )
}

/// Lakes: every way to assign three owned shore buildings to a lake. The
/// lake's own bit (56 + id) makes two assignments to one lake conflict.
fn lake_candidates(owned: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for lake in board::lakes() {
        let shore: Vec<u8> = BitIter(lake.neighborhoods.0 & owned).collect();
        let tag = 1u64 << (56 + lake.id as u32);
        for i in 0..shore.len() {
            for j in i + 1..shore.len() {
                for k in j + 1..shore.len() {
                    out.push(tag | (1u64 << shore[i]) | (1u64 << shore[j]) | (1u64 << shore[k]));
                }
            }
        }
    }
    out
}

/// Chains: every connected triple of owned buildings (a path through a middle
/// building, or a triangle), once each.
fn chain_candidates(owned: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for mid in BitIter(owned) {
        let around: Vec<u8> = BitIter(ADJACENT[mid as usize] & owned).collect();
        for i in 0..around.len() {
            for j in i + 1..around.len() {
                out.push((1u64 << mid) | (1u64 << around[i]) | (1u64 << around[j]));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The largest family of pairwise-disjoint masks among `candidates` (exact,
/// by branch and bound on the lowest uncovered element).
pub(crate) fn max_packing(candidates: &[u64]) -> Vec<u64> {
    fn go(cands: &[u64], avail: u64, chosen: &mut Vec<u64>, best: &mut Vec<u64>) {
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
        if chosen.len() + bound <= best.len() {
            return;
        }
        if union == 0 {
            *best = chosen.clone();
            return;
        }
        let v = union & union.wrapping_neg();
        for &c in cands {
            if c & v != 0 && c & !avail == 0 {
                chosen.push(c);
                go(cands, avail & !c, chosen, best);
                chosen.pop();
            }
        }
        go(cands, avail & !v, chosen, best);
    }
    let mut best = Vec::new();
    go(candidates, u64::MAX, &mut Vec::new(), &mut best);
    best.sort_unstable_by_key(|&m| m & board::NeighborhoodSet::ALL.0);
    best
}

/// R-18: for each district, which seats get its highest-building token.
fn highest_buildings(state: &State) -> [[bool; 5]; 4] {
    let n = state.players() as usize;
    let mut out = [[false; 5]; 4];
    for &d in District::ALL {
        let in_d = board::in_district(d).0;
        // (tall, medium, small) counts compared lexicographically are the
        // R-18 comparison of size lists sorted tallest first.
        let mut best: Option<(u8, u8, u8)> = None;
        let mut sizes = [None; 4];
        for (p, size) in sizes.iter_mut().enumerate().take(n) {
            let mine = state.owned_mask(p) & in_d;
            if mine == 0 {
                continue;
            }
            let mut t = (0u8, 0u8, 0u8);
            for id in BitIter(mine) {
                match Size::of(state.number_on(id as usize)) {
                    Size::Tall => t.0 += 1,
                    Size::Medium => t.1 += 1,
                    Size::Small => t.2 += 1,
                }
            }
            *size = Some(t);
            best = best.max(Some(t));
        }
        for p in 0..n {
            out[p][d.index()] = best.is_some() && sizes[p] == best;
        }
    }
    out
}

/// §9: +9 per group of three buildings in one district on the card's three
/// kinds; each building in one group at most.
fn metropolys(card: [Kind; 3], owned: u64) -> (i32, Vec<Vec<NeighborhoodId>>) {
    let mut groups = Vec::new();
    for &d in District::ALL {
        let mine = board::in_district(d).0 & owned;
        let of_kind: Vec<Vec<u8>> = card
            .iter()
            .map(|&k| BitIter(mine).filter(|&i| KIND[i as usize] == k).collect())
            .collect();
        for ((&a, &b), &c) in of_kind[0].iter().zip(&of_kind[1]).zip(&of_kind[2]) {
            let mut group = vec![a, b, c];
            group.sort_unstable();
            groups.push(group);
        }
    }
    (9 * groups.len() as i32, groups)
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
        assert_eq!(max_packing(&c).len(), 2);
    }

    #[test]
    fn packing_of_nothing_is_empty() {
        assert!(max_packing(&[]).is_empty());
    }
}
