//! The learned prior over moves: the order in which the search admits a
//! position's actions (progressive widening) and the root actions
//! sequential halving starts from (`ismcts`'s `"prior": "learned"`).
//!
//! Each legal action gets a score `w · features + building[b] +
//! neighborhood[n]` (a pass: `w · features` alone): a conditional logit
//! over the legal actions, fitted on the moves that searches played
//! (docs/learning.md, "The learned prior"). The features start from the
//! greedy evaluation, which orders the actions without the prior, and add
//! what it leaves out: the bid's distance above the bid to beat, whether it
//! is the cheapest or the largest building, and, for a pass, how far the
//! call has gone. The weights are in `prior_weights.rs`, written from
//! `data/prior.json`; the arithmetic is `f32` in a fixed order, so the
//! order is the same natively and in WebAssembly.

use crate::eval::{Ctx, Tables};
use crate::prior_weights::LEARNED;
use metropolys_core::{Action, Seat, State};

/// The features of one legal action ([`prior_examples`]):
///
/// | index | feature |
/// | --- | --- |
/// | 0 | the greedy evaluation / 10 |
/// | 1 | 1 for the action(s) the greedy evaluation rates best |
/// | 2 | 1 for a pass |
/// | 3 | a pass: the building number to beat / 13 (0 with no bid) |
/// | 4 | a pass: the bids of the call so far / 4 |
/// | 5 | a pass: the buildings in the seat's supply / 13 |
/// | 6 | a bid: its building number above the least that outbids / 13 |
/// | 7 | a bid: 1 with the least building number among the legal bids |
/// | 8 | a bid: 1 with the largest building of the seat's supply |
/// | 9 | a bid: what the place brings from public facts (the token, the seat's buildings next to it) / 10 |
/// | 10 | a bid: what it brings the seat's own secret cards / 10 (0 for an opponent) |
/// | 11 | a bid: the building number / 13 |
/// | 12 | a bid: 1 when it wins the call at once: no other player still in the call holds a higher building, or no free neighborhood is adjacent to it (R-11, R-12) |
/// | 13 | a bid: the other players still in the call who hold a higher building, / 3 |
/// | 14 | a bid: the free neighborhoods adjacent to it (where the next bid may go, R-9) / 6 |
/// | 15 | a pass: the other players still in the call / 3 |
pub const PRIOR_FEATURES: usize = 16;
/// The building numbers, each with its own weight.
pub const PRIOR_BUILDINGS: usize = 13;
/// The neighborhoods, each with its own weight.
pub const PRIOR_NEIGHBORHOODS: usize = metropolys_core::NEIGHBORHOOD_COUNT;

/// What the features of a position's actions share: the call so far and
/// the seat's supply.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Call {
    /// The building number to beat (0: none).
    to_beat: u8,
    /// The bids of the call so far.
    bids: usize,
    /// The seat's supply, as bits 1..=13.
    supply: u16,
    /// The least building number among the legal bids (0: none).
    cheapest: u8,
    /// The best greedy value among the legal actions.
    best: f32,
    /// The largest building of each other player still in the call.
    others: [u8; metropolys_core::MAX_PLAYERS],
    /// How many of `others` are set.
    in_call: usize,
}

impl Call {
    /// The call of `s` for `seat`, its legal actions' greedy values in
    /// `values`.
    pub(crate) fn new(s: &State, seat: Seat, values: impl Iterator<Item = (Action, f32)>) -> Call {
        let mut cheapest = 0u8;
        let mut best = f32::NEG_INFINITY;
        for (a, v) in values {
            best = best.max(v);
            if let Action::Bid { building, .. } = a {
                if cheapest == 0 || building < cheapest {
                    cheapest = building;
                }
            }
        }
        let mut others = [0u8; metropolys_core::MAX_PLAYERS];
        let mut in_call = 0;
        for q in (0..s.players()).filter(|&q| q != seat && !s.has_passed(q)) {
            others[in_call] = largest(s.supply_bits(q));
            in_call += 1;
        }
        Call {
            others,
            in_call,
            to_beat: s.last_bid().map_or(0, |b| b.building),
            bids: s.bids().len(),
            supply: s.supply_bits(seat),
            cheapest,
            best,
        }
    }
}

/// The features of `action`, whose greedy value is `value`; for a bid,
/// `place` is its neighborhood's public value and place value
/// ([`Ctx::public_value`], [`Ctx::place_value`]) for the seat to act.
/// Each feature is stated once, in the [`Part`] of the action it depends
/// on (the value, the pass, the bid's building, its neighborhood, whether
/// it wins the call); the features gather the parts, and [`Scorer`]
/// weighs each part once.
pub(crate) fn features(
    t: &Tables,
    s: &State,
    call: &Call,
    action: Action,
    value: f32,
    place: (f32, f32),
) -> [f32; PRIOR_FEATURES] {
    let mut f = [0f32; PRIOR_FEATURES];
    value_part(call, value).set(&mut f);
    match action {
        Action::Pass => pass_part(call).set(&mut f),
        Action::Bid {
            neighborhood,
            building,
        } => {
            let room = room(t, s, neighborhood);
            let higher = higher(call, building);
            building_part(call, building, higher).set(&mut f);
            neighborhood_part(room, place).set(&mut f);
            wins_part(room, higher).set(&mut f);
        }
    }
    f
}

/// Some of an action's features: `(index, value)`, indices increasing.
struct Part<const N: usize>([(usize, f32); N]);

impl<const N: usize> Part<N> {
    /// Writes the part into the features `f`.
    fn set(&self, f: &mut [f32; PRIOR_FEATURES]) {
        for &(i, x) in &self.0 {
            f[i] = x;
        }
    }

    /// The learned weights times the part, in index order.
    fn weigh(&self) -> f32 {
        let mut sum = 0f32;
        for &(i, x) in &self.0 {
            sum += LEARNED.features[i] * x;
        }
        sum
    }
}

/// Features 0 and 1: the greedy value, and whether it is the best.
fn value_part(call: &Call, value: f32) -> Part<2> {
    Part([
        (0, value / 10.0),
        (1, f32::from(u8::from(value >= call.best))),
    ])
}

/// Features 2 to 5 and 15: a pass and the state of the call.
fn pass_part(call: &Call) -> Part<5> {
    Part([
        (2, 1.0),
        (3, f32::from(call.to_beat) / 13.0),
        (4, call.bids as f32 / 4.0),
        (5, call.supply.count_ones() as f32 / 13.0),
        (15, call.in_call as f32 / 3.0),
    ])
}

/// Features 6, 7, 8, 11 and 13: what a bid's building number tells, with
/// `higher` the other players still in the call who hold a higher one.
fn building_part(call: &Call, building: u8, higher: usize) -> Part<5> {
    let least = call.to_beat + 1;
    Part([
        (6, f32::from(building.saturating_sub(least)) / 13.0),
        (7, f32::from(u8::from(building == call.cheapest))),
        (8, f32::from(u8::from(building == largest(call.supply)))),
        (11, f32::from(building) / 13.0),
        (13, higher as f32 / 3.0),
    ])
}

/// Features 9, 10 and 14: what a bid's neighborhood tells, with `room` the
/// free neighborhoods adjacent to it and `place` its public value and
/// place value.
fn neighborhood_part(room: u64, place: (f32, f32)) -> Part<3> {
    Part([
        (9, place.0 / 10.0),
        (10, (place.1 - place.0) / 10.0),
        (14, room.count_ones() as f32 / 6.0),
    ])
}

/// Feature 12: the bid wins the call at once, nobody left to answer it or
/// nowhere to answer (R-11, R-12).
fn wins_part(room: u64, higher: usize) -> Part<1> {
    Part([(12, f32::from(u8::from(room == 0 || higher == 0)))])
}

/// The free neighborhoods adjacent to `neighborhood`, where an answer to a
/// bid there may go (R-9).
fn room(t: &Tables, s: &State, neighborhood: u8) -> u64 {
    t.adjacent(neighborhood) & s.free().0 & !(1u64 << neighborhood)
}

/// The other players still in the call who hold a building higher than
/// `building` (who could answer a bid of it, R-11).
fn higher(call: &Call, building: u8) -> usize {
    call.others[..call.in_call]
        .iter()
        .filter(|&&b| b > building)
        .count()
}

/// The largest building number of a supply (bits 1..=13; 0 when empty).
fn largest(supply: u16) -> u8 {
    (16 - supply.leading_zeros()).saturating_sub(1) as u8
}

/// The learned score of `action` with features `f`: the weights' sum as
/// written ([`Scorer`] computes the same sum, in another order).
#[cfg(test)]
pub(crate) fn score(f: &[f32; PRIOR_FEATURES], action: Action) -> f32 {
    let w = &LEARNED;
    let mut x = 0f32;
    for (a, b) in w.features.iter().zip(f) {
        x += a * b;
    }
    if let Action::Bid {
        neighborhood,
        building,
    } = action
    {
        x += w.building[usize::from(building.clamp(1, 13)) - 1];
        x += w.neighborhood[usize::from(neighborhood) % PRIOR_NEIGHBORHOODS];
    }
    x
}

/// The learned scores of one position's actions (higher: admitted
/// sooner), computed as the search needs them: the parts of the features
/// ([`features`]) that the actions share once per position, those of a
/// bid's building once per building and those of its neighborhood once per
/// neighborhood, each weighed once, so that a score costs a few additions.
/// The same sum as the weights times the features, in another order.
#[derive(Debug, Clone)]
pub(crate) struct Scorer {
    /// The position's call.
    call: Call,
    /// The pass's weighed part.
    pass: f32,
    /// Per building number `b` (index `b`): its weighed part and weight.
    building: [f32; 14],
    /// Per building number: the other players still in the call who hold
    /// a higher building.
    higher: [u8; 14],
    /// Per neighborhood, once known: its weighed part and weight.
    neighborhood: [f32; PRIOR_NEIGHBORHOODS],
    /// The neighborhoods with no free neighborhood adjacent.
    no_room: u64,
    /// The neighborhoods whose terms are known.
    known: u64,
    /// The weight of a bid that wins the call at once.
    wins: f32,
}

impl Scorer {
    /// The scorer of a position whose call is `call`.
    pub(crate) fn new(call: Call) -> Scorer {
        let mut building = [0f32; 14];
        let mut higher = [0u8; 14];
        for b in 1..=13u8 {
            let i = usize::from(b);
            let h = self::higher(&call, b);
            higher[i] = h as u8;
            building[i] = building_part(&call, b, h).weigh() + LEARNED.building[i - 1];
        }
        Scorer {
            pass: pass_part(&call).weigh(),
            wins: wins_part(0, 0).weigh(),
            call,
            building,
            higher,
            neighborhood: [0.0; PRIOR_NEIGHBORHOODS],
            no_room: 0,
            known: 0,
        }
    }

    /// The score of `action`, whose greedy value is `value`; `place`
    /// gives a bid's neighborhood's public value and place value
    /// ([`features`]), asked once per neighborhood.
    pub(crate) fn score(
        &mut self,
        t: &Tables,
        s: &State,
        action: Action,
        value: f32,
        place: impl FnOnce() -> (f32, f32),
    ) -> f32 {
        let common = value_part(&self.call, value).weigh();
        match action {
            Action::Pass => common + self.pass,
            Action::Bid {
                neighborhood,
                building,
            } => {
                let nb = usize::from(neighborhood) % PRIOR_NEIGHBORHOODS;
                let bit = 1u64 << nb;
                if self.known & bit == 0 {
                    self.known |= bit;
                    let room = room(t, s, neighborhood);
                    if room == 0 {
                        self.no_room |= bit;
                    }
                    self.neighborhood[nb] =
                        neighborhood_part(room, place()).weigh() + LEARNED.neighborhood[nb];
                }
                let b = usize::from(building.clamp(1, 13));
                let wins = self.no_room & bit != 0 || self.higher[b] == 0;
                common
                    + self.building[b]
                    + self.neighborhood[nb]
                    + if wins { self.wins } else { 0.0 }
            }
        }
    }
}

/// The examples of the learned prior at one decision: the seat to act's
/// legal actions, each with its features.
#[derive(Debug, Clone, PartialEq)]
pub struct PriorExample {
    /// The seat to act.
    pub seat: Seat,
    /// The legal actions, in [`State::for_each_legal`] order.
    pub actions: Vec<Action>,
    /// Each action's features ([`PRIOR_FEATURES`]).
    pub features: Vec<[f32; PRIOR_FEATURES]>,
    /// Each action's score under the shipped weights, as the search
    /// orders the actions by.
    pub scores: Vec<f32>,
}

/// The features of every legal action of the seat to act in `state` (a
/// whole state: the seat's own secret cards are read from it), as the
/// search computes them when it creates the children of its root; `None`
/// when the game is over.
///
/// ```
/// use metropolys_bots::prior::{prior_examples, PRIOR_FEATURES};
/// use metropolys_core::{Config, State, Variant};
/// let s = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
/// let e = prior_examples(&s).unwrap();
/// assert_eq!(e.actions, s.legal_actions());
/// assert_eq!(e.features.len(), e.actions.len());
/// // The opening bid of a call cannot be a pass (R-10).
/// assert!(e.features.iter().all(|f| f[2] == 0.0));
/// ```
pub fn prior_examples(state: &State) -> Option<PriorExample> {
    let seat = state.to_act()?;
    let tables = Tables::new();
    let secret = state
        .objective(seat)
        .map(|o| (o, state.metropolys_card(seat)));
    let ctx = Ctx::new(state, seat, secret);
    let mut values = Vec::new();
    state.for_each_legal(|a| {
        values.push((a, crate::greedy::default_value(&ctx, &tables, state, a)))
    });
    let call = Call::new(state, seat, values.iter().copied());
    let features: Vec<_> = values
        .iter()
        .map(|&(a, v)| {
            let place = match a {
                Action::Bid { neighborhood, .. } => (
                    ctx.public_value(&tables, state, neighborhood),
                    ctx.place_value(&tables, state, neighborhood),
                ),
                Action::Pass => (0.0, 0.0),
            };
            self::features(&tables, state, &call, a, v, place)
        })
        .collect();
    let mut scorer = Scorer::new(call);
    let scores = values
        .iter()
        .map(|&(a, v)| {
            scorer.score(&tables, state, a, v, || match a {
                Action::Bid { neighborhood, .. } => (
                    ctx.public_value(&tables, state, neighborhood),
                    ctx.place_value(&tables, state, neighborhood),
                ),
                Action::Pass => (0.0, 0.0),
            })
        })
        .collect();
    Some(PriorExample {
        seat,
        actions: values.iter().map(|x| x.0).collect(),
        scores,
        features,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use metropolys_core::rng::SplitMix64;
    use metropolys_core::{board, Config, Variant};

    /// Positions of random games, each with a seat to act.
    fn positions(players: u8, seed: u64) -> Vec<State> {
        let mut rng = SplitMix64::new(seed);
        let mut s = State::new(&Config::new(players, Variant::Expert, seed)).unwrap();
        let mut out = Vec::new();
        while !s.is_over() {
            out.push(s);
            let legal = s.legal_actions();
            s = s
                .play(legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
        out
    }

    /// R-11, R-12: a bid wins the call at once when no other player still
    /// in the call holds a higher building or no free neighborhood is
    /// adjacent to it; the features say so, and count the others who can
    /// answer, as the core's state tells them.
    #[test]
    fn r12_a_bid_nobody_can_answer_is_marked_as_winning_the_call() {
        let (mut winning, mut open) = (0, 0);
        for players in 2..=4 {
            for s in positions(players, u64::from(players)) {
                let e = prior_examples(&s).unwrap();
                for (a, f) in e.actions.iter().zip(&e.features) {
                    let Action::Bid {
                        neighborhood,
                        building,
                    } = *a
                    else {
                        assert_eq!(f[2], 1.0);
                        assert!(f[6..15].iter().all(|&x| x == 0.0));
                        continue;
                    };
                    assert_eq!(f[2], 0.0);
                    let higher = (0..players)
                        .filter(|&q| q != e.seat && !s.has_passed(q))
                        .filter(|&q| s.supply(q).iter().any(|&b| b > building))
                        .count();
                    let room = board::neighbors(neighborhood)
                        .iter()
                        .filter(|&n| n != neighborhood && s.free().contains(n))
                        .count();
                    let wins = higher == 0 || room == 0;
                    assert_eq!(f[12] == 1.0, wins, "{a:?} in {s:?}");
                    assert_eq!(f[13], higher as f32 / 3.0);
                    assert_eq!(f[14], room as f32 / 6.0);
                    if wins {
                        winning += 1;
                    } else {
                        open += 1;
                    }
                }
            }
        }
        assert!(winning > 50 && open > 50, "{winning} {open}");
    }

    /// Every feature is finite and bounded, the actions marked the least
    /// building bid the least building, and the scores are the shipped
    /// weights times the features (a pass scores its features alone).
    #[test]
    fn features_are_bounded_and_the_scores_are_the_weights() {
        for s in positions(3, 9) {
            let e = prior_examples(&s).unwrap();
            assert_eq!(e.actions, s.legal_actions());
            for (f, (a, x)) in e.features.iter().zip(e.actions.iter().zip(&e.scores)) {
                assert!(f.iter().all(|v| v.is_finite() && v.abs() <= 10.0), "{f:?}");
                // The same sum as the weights times the features, in
                // another order.
                assert!((x - score(f, *a)).abs() < 1e-4, "{x} {}", score(f, *a));
            }
            let best = e.features.iter().filter(|f| f[1] == 1.0).count();
            assert!(best >= 1);
            let least: Vec<u8> = e
                .actions
                .iter()
                .zip(&e.features)
                .filter(|(_, f)| f[7] == 1.0)
                .filter_map(|(a, _)| match a {
                    Action::Bid { building, .. } => Some(*building),
                    Action::Pass => None,
                })
                .collect();
            let min = e.actions.iter().filter_map(|a| match a {
                Action::Bid { building, .. } => Some(*building),
                Action::Pass => None,
            });
            assert!(least.iter().all(|&b| Some(b) == min.clone().min()));
        }
        // A finished game has no seat to act.
        let mut end = *positions(2, 1).last().unwrap();
        while !end.is_over() {
            end = end.play(end.legal_actions()[0]).unwrap();
        }
        assert!(prior_examples(&end).is_none());
    }
}
