//! The random playout: [`play_random`] plays uniformly random legal actions
//! to the end of the game in one pass, with the current call and every
//! seat's building numbers kept in registers. It is a fast path beside the
//! step-by-step loop (`random_action` then `play_in_place`), kept because
//! a whole random game costs about half the instructions that way (0.48×,
//! BENCHMARKS.md, "One playout or the step-by-step loop").
//!
//! What it shares with the step-by-step path, so that each rule is stated
//! once: who acts next and when a call ends, [`hand_on`] (R-8, R-11, R-12);
//! the construction with its token and cards, [`State::construct`] (R-13 …
//! R-15); the next call or the end of the game, [`State::close_call`]
//! (R-16, R-17).
//!
//! What it writes again, in its own form:
//!
//! * the draw of [`State::random_action`]: action `k` of the enumeration
//!   order (bids by neighborhood then building, then the pass), the same
//!   number drawn from the generator;
//! * the legal bids: an opening bid anywhere free with any number in hand,
//!   never a pass (R-7); an outbid on a free neighborhood next to the
//!   latest bid with a higher number (R-9); the pass (R-10).
//!
//! The property test `play_random_is_the_step_by_step_random_game`
//! (`tests/properties.rs`: any position of any configuration, any
//! generator) and the unit test below check that it draws the same actions
//! and reaches the same end as the step-by-step loop.

use super::transition::{hand_on, hand_on_with_room, ACTIVE_LANES, HIGHER_LANES, LANE_TOPS};
use super::value::State;
use crate::action::Bid;
use crate::bits::{byte_prefix, count_buildings, count_sparse, nth_building, select};
use crate::bits::{select_with_prefix, BYTES_AFTER};
use crate::board::ADJACENT;
use crate::rng::SplitMix64;
use crate::types::{ALL_BUILDINGS, MAX_PLAYERS};

/// Plays uniformly random legal actions from `state` to the end of the game.
///
/// ```
/// use metropolys_core::{play_random, rng::SplitMix64, Config, State, Variant};
/// let s = State::new(&Config::new(4, Variant::Expert, 7)).unwrap();
/// let end = play_random(s, &mut SplitMix64::new(1));
/// assert!(end.is_over());
/// ```
pub fn play_random(mut state: State, rng: &mut SplitMix64) -> State {
    state.play_random_in_place(rng);
    state
}

/// The call being played, in registers: the free neighborhoods, every
/// seat's numbers in hand (one 16-bit lane each), the seats that have not
/// passed (lane tops), the seat to act, the latest bid, and the options of
/// the seat to act once a bid stands (where, how many places, with what).
struct Call {
    free: u64,
    avail: u64,
    active: u64,
    p: u8,
    last: Bid,
    nbs: u64,
    spots: u32,
    bs: u16,
}

impl Call {
    /// The seat to act bids building `b` on neighborhood `nb` (R-7, R-9)
    /// and the turn is handed on (R-8, R-11): `false` when the call is over
    /// (R-12).
    #[inline(always)]
    fn bid(&mut self, nb: u8, b: u8) -> bool {
        self.free &= !(1u64 << nb);
        self.avail &= !(1u64 << (16 * u32::from(self.p) + u32::from(b)));
        self.last = Bid {
            player: self.p,
            neighborhood: nb,
            building: b,
        };
        match hand_on(self.free, self.avail, self.active, self.last, self.p) {
            Some((q, room, higher)) => {
                (self.p, self.nbs, self.bs) = (q, room, higher);
                self.spots = count_sparse(room);
                true
            }
            None => false,
        }
    }

    /// The seat to act passes (R-10) and the turn is handed on: `false`
    /// when the call is over (R-12). The neighborhoods next to the latest
    /// bid are unchanged.
    #[inline(always)]
    fn pass(&mut self) -> bool {
        self.active &= !(0x8000 << (16 * u32::from(self.p)));
        match hand_on_with_room(self.nbs, self.avail, self.active, self.last, self.p) {
            Some((q, higher)) => {
                (self.p, self.bs) = (q, higher);
                true
            }
            None => false,
        }
    }
}

impl State {
    /// [`play_random`] in place (see the module docs).
    // Long on purpose: the fast path plays the whole game in one loop with
    // the state in registers (module docs);
    // `play_random_is_the_step_by_step_random_game` checks it against the
    // transitions.
    fn play_random_in_place(&mut self, rng: &mut SplitMix64) {
        if self.over {
            return;
        }
        let mut r = rng.clone();
        // Neighborhoods in play without a building, how many, and their
        // counts by byte (to select the opening bid's neighborhood).
        let mut open = self.in_play & !self.occupied;
        let mut open_count = open.count_ones();
        let mut open_prefix = byte_prefix(open);
        // Every seat's numbers not constructed, one lane each; lanes of
        // absent seats stay empty.
        let mut unbuilt = 0u64;
        for q in 0..self.players as usize {
            unbuilt |= u64::from(ALL_BUILDINGS & !self.built[q]) << (16 * q);
        }
        let mut call = Call {
            free: open & !self.bid_mask,
            avail: unbuilt,
            active: LANE_TOPS,
            p: self.to_act,
            last: Bid::default(),
            nbs: 0,
            spots: 0,
            bs: 0,
        };
        let mut opening = self.bid_count == 0;
        if !opening {
            call.last = self.bids[self.bid_count as usize - 1];
            for q in 0..self.players as usize {
                call.avail &= !(u64::from(self.bidding[q]) << (16 * q));
            }
            call.active = ACTIVE_LANES[usize::from(self.passed & 15)];
            call.nbs = call.free & ADJACENT[call.last.neighborhood as usize];
            call.spots = count_sparse(call.nbs);
            call.bs = (call.avail >> (16 * u32::from(call.p))) as u16
                & HIGHER_LANES[usize::from(call.last.building)] as u16;
            // The call is played in registers from here; its fields are
            // cleared as the end of the call clears them.
            self.bids = [Bid::default(); 13];
            self.bid_count = 0;
            self.bid_mask = 0;
            self.bidding = [0; MAX_PLAYERS];
            self.passed = 0;
        }
        'game: loop {
            'call: {
                if opening {
                    // The opening bid (no pass, R-7): action `k` of the
                    // enumeration order, by neighborhood then building.
                    let hand = (call.avail >> (16 * u32::from(call.p))) as u16;
                    let per_neighborhood = count_buildings(hand);
                    let count = open_count * per_neighborhood;
                    if count == 0 {
                        self.to_act = call.p;
                        break 'game;
                    }
                    let k = r.below(u64::from(count)) as u32;
                    let nb = select_with_prefix(open, open_prefix, k / per_neighborhood);
                    let b = nth_building(hand, k % per_neighborhood);
                    call.free = open;
                    if !call.bid(nb, b) {
                        break 'call;
                    }
                }
                // A bid stands: the bids next to it (R-9), then the pass
                // (R-10). `nbs` (and so `spots`) changes only with a new bid.
                loop {
                    let per_neighborhood = count_buildings(call.bs);
                    let bids = call.spots * per_neighborhood;
                    let k = r.below(u64::from(bids + 1)) as u32;
                    let more = if k >= bids {
                        call.pass()
                    } else {
                        let nb = select(call.nbs, k / per_neighborhood);
                        let b = nth_building(call.bs, k % per_neighborhood);
                        call.bid(nb, b)
                    };
                    if !more {
                        break 'call;
                    }
                }
            }
            // The call ends: construction, token, cards (R-13 … R-15).
            // (`occupied` and `built` are written once at the end, from
            // `open` and `unbuilt`.)
            let win = call.last;
            let (w, nb) = (win.player, win.neighborhood);
            open &= !(1u64 << nb);
            unbuilt &= !(1u64 << (16 * u32::from(w) + u32::from(win.building)));
            self.construct(win, &mut ());
            // The next call (R-16) or the end (R-17).
            let finished = (unbuilt >> (16 * u32::from(w))) as u16 == 0;
            self.close_call(w, finished, &mut ());
            if finished {
                break;
            }
            open_count -= 1;
            open_prefix -= BYTES_AFTER[usize::from(nb & 63)];
            call.avail = unbuilt;
            call.active = LANE_TOPS;
            call.p = w;
            opening = true;
        }
        // Buildings stand only in play.
        self.occupied = self.in_play & !open;
        for q in 0..self.players as usize {
            self.built[q] = ALL_BUILDINGS & !((unbuilt >> (16 * q)) as u16);
        }
        *rng = r;
    }
}
