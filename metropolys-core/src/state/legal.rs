//! Legality (R-7 … R-10): whether an action is legal for the seat to act,
//! which rule it breaks, and the legal actions in every form the callers
//! need (a callback, a list, a count, a compact [`LegalMoves`], one drawn
//! at random).

use super::value::State;
use crate::action::Action;
use crate::bits::{count_buildings, nth_bit, BitIter, NeighborhoodSet};
use crate::board::{self, DISTRICT};
use crate::error::RuleError;
use crate::rng::SplitMix64;
use crate::types::BUILDINGS_PER_PLAYER;

impl State {
    /// Why `action` is illegal for the seat to act, or `Ok(())`.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        if self.is_legal(action) {
            Ok(())
        } else {
            self.explain(action)
        }
    }

    /// Whether `action` is legal for the seat to act: a few bit tests
    /// against the same masks [`State::for_each_legal`] enumerates.
    #[inline]
    pub fn is_legal(&self, action: Action) -> bool {
        if self.over {
            return false;
        }
        match action {
            Action::Pass => self.bid_count > 0,
            Action::Bid {
                neighborhood: nb,
                building: b,
            } => {
                let (nbs, bs) = self.bid_options(self.to_act);
                board::is_valid(nb)
                    && (1..=BUILDINGS_PER_PLAYER).contains(&b)
                    && nbs & (1u64 << nb) != 0
                    && bs & (1u16 << b) != 0
            }
        }
    }

    /// The rule `action` breaks, checked one rule at a time (`Ok(())` when it
    /// breaks none).
    #[cold]
    pub(super) fn explain(&self, action: Action) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        match action {
            Action::Pass => {
                if self.bid_count == 0 {
                    Err(RuleError::OpeningPass)
                } else {
                    Ok(())
                }
            }
            Action::Bid {
                neighborhood: nb,
                building: b,
            } => {
                if !board::is_valid(nb) {
                    return Err(RuleError::UnknownNeighborhood(nb));
                }
                if !(1..=BUILDINGS_PER_PLAYER).contains(&b) {
                    return Err(RuleError::UnknownBuilding(b));
                }
                let bit = 1u64 << nb;
                if self.in_play & bit == 0 {
                    return Err(RuleError::OutOfPlay {
                        neighborhood: nb,
                        district: DISTRICT[nb as usize],
                    });
                }
                if self.occupied & bit != 0 {
                    return Err(RuleError::Constructed(nb));
                }
                if self.bid_mask & bit != 0 {
                    return Err(RuleError::AlreadyBid(nb));
                }
                let p = self.to_act as usize;
                if self.built[p] & (1 << b) != 0 {
                    return Err(RuleError::BuildingConstructed(b));
                }
                if self.bidding[p] & (1 << b) != 0 {
                    return Err(RuleError::BuildingOnBoard(b));
                }
                if let Some(last) = self.last_bid() {
                    if !board::adjacent(last.neighborhood, nb) {
                        return Err(RuleError::NotAdjacent {
                            neighborhood: nb,
                            last: last.neighborhood,
                        });
                    }
                    if b <= last.building {
                        return Err(RuleError::NotHigher {
                            building: b,
                            last: last.building,
                        });
                    }
                }
                Ok(())
            }
        }
    }

    /// Calls `f` with every legal action of the seat to act, bids in
    /// increasing (neighborhood, building) order, then the pass if allowed.
    /// Allocates nothing.
    #[inline]
    pub fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        if self.over {
            return;
        }
        let (nbs, bs) = self.bid_options(self.to_act);
        for nb in BitIter(nbs) {
            for b in BitIter(bs as u64) {
                f(Action::bid(nb, b));
            }
        }
        if self.bid_count > 0 {
            f(Action::Pass);
        }
    }

    /// The legal actions of the seat to act in the shape the rules give them:
    /// every bid pairs any neighborhood of [`LegalMoves::neighborhoods`] with
    /// any building of [`LegalMoves::buildings`] (R-7, R-9), and the pass is
    /// legal when [`LegalMoves::pass`] is (R-10). Nothing is legal once the
    /// game is over. A few bit operations: the compact form of
    /// [`State::for_each_legal`], for masks and move pickers.
    ///
    /// ```
    /// use metropolys_core::{Action, Config, State, Variant};
    ///
    /// let state = State::new(&Config::new(3, Variant::Expert, 7)).unwrap();
    /// let moves = state.legal_moves();
    /// assert!(!moves.pass); // R-7: no pass on the opening bid
    /// assert_eq!(moves.count(), state.legal_action_count());
    /// let first = moves.neighborhoods.iter().next().unwrap();
    /// assert!(state.is_legal(Action::bid(first, 13)));
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> LegalMoves {
        if self.over {
            return LegalMoves {
                neighborhoods: NeighborhoodSet::EMPTY,
                buildings: 0,
                pass: false,
            };
        }
        let (nbs, bs) = self.bid_options(self.to_act);
        LegalMoves {
            neighborhoods: NeighborhoodSet(nbs),
            buildings: bs,
            pass: self.bid_count > 0,
        }
    }

    /// The legal actions of the seat to act (empty when the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::with_capacity(self.legal_action_count());
        self.for_each_legal(|a| v.push(a));
        v
    }

    /// Writes the legal actions into `out` (cleared first), reusing its
    /// allocation.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(|a| out.push(a));
    }

    /// The number of legal actions, without enumerating them.
    #[inline]
    pub fn legal_action_count(&self) -> usize {
        if self.over {
            return 0;
        }
        let (nbs, bs) = self.bid_options(self.to_act);
        nbs.count_ones() as usize * count_buildings(bs) as usize + usize::from(self.bid_count > 0)
    }

    /// A legal action chosen uniformly at random, or `None` when the game is
    /// over. Costs a few bit operations: nothing is enumerated.
    #[inline]
    pub fn random_action(&self, rng: &mut SplitMix64) -> Option<Action> {
        if self.over {
            return None;
        }
        // Action `k` of the enumeration order of `for_each_legal`: bids by
        // neighborhood then building, then the pass.
        let (nbs, bs) = self.bid_options(self.to_act);
        let per_neighborhood = count_buildings(bs);
        let bids = nbs.count_ones() * per_neighborhood;
        let count = bids + u32::from(self.bid_count > 0);
        if count == 0 {
            return None;
        }
        let k = rng.below(u64::from(count)) as u32;
        if k >= bids {
            return Some(Action::Pass);
        }
        Some(Action::bid(
            nth_bit(nbs, k / per_neighborhood),
            nth_bit(bs as u64, k % per_neighborhood),
        ))
    }
}

/// The legal actions of the seat to act, as [`State::legal_moves`] returns
/// them: the bids are every pair of a neighborhood and a building of the two
/// sets (R-7, R-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegalMoves {
    /// Where the seat may bid: free neighborhoods (R-7), next to the latest
    /// bid once there is one (R-9).
    pub neighborhoods: NeighborhoodSet,
    /// With what: the building numbers it may put there, as bits `1..=13`
    /// (in its supply, higher than the latest bid, R-9).
    pub buildings: u16,
    /// Whether it may pass (not on the opening bid, R-7, R-10).
    pub pass: bool,
}

impl LegalMoves {
    /// The number of legal actions (bids and the pass).
    #[inline]
    pub const fn count(&self) -> usize {
        self.neighborhoods.len() * self.buildings.count_ones() as usize + self.pass as usize
    }
}
