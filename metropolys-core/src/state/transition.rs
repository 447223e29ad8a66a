//! Applying an action (R-8 … R-17): the bid or pass itself, the turn handed
//! on with the forced passes (R-8, R-11), and the end of a call (R-12 …
//! R-17), with the events of each step or none (the `Sink`). [`hand_on`]
//! decides who acts next and [`State::construct`] and [`State::close_call`]
//! end a call, for both this step-by-step path and the random playout.

use super::value::{State, NO_SEAT};
use crate::action::{Action, Bid, Event};
use crate::board::ADJACENT;
use crate::error::RuleError;
use crate::sheet::winners;
use crate::types::{Card, NeighborhoodId, Seat, Token, ALL_BUILDINGS, MAX_PLAYERS};

/// Where events go while applying an action: a `Vec<Event>`, or nowhere
/// (`()`) on the fast path.
pub(super) trait Sink {
    const ACTIVE: bool;
    fn push(&mut self, e: Event);
}

impl Sink for Vec<Event> {
    const ACTIVE: bool = true;
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e)
    }
}

impl Sink for () {
    const ACTIVE: bool = false;
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Per-seat words: seat `q`'s building bits in bits `16q..16q + 16`.
pub(super) const LANE_ONES: u64 = 0x0001_0001_0001_0001;
/// The top bit of every seat's 16-bit lane.
pub(super) const LANE_TOPS: u64 = 0x8000 * LANE_ONES;

/// `HIGHER_LANES[b]`: the building numbers above `b`, in every seat's lane
/// (indexed by any byte, so that no bound is checked).
pub(super) const HIGHER_LANES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 14 {
        let higher = ALL_BUILDINGS as u32 & !((2u32 << b) - 1);
        t[b] = higher as u64 * LANE_ONES;
        b += 1;
    }
    t
};

/// `ACTIVE_LANES[passed]`: the lane tops of the seats whose bit is clear in
/// `passed` (the seats still in the call).
pub(super) const ACTIVE_LANES: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut passed = 0;
    while passed < 16 {
        let mut tops = LANE_TOPS;
        let mut q = 0;
        while q < 4 {
            if passed & (1 << q) != 0 {
                tops &= !(0x8000u64 << (16 * q));
            }
            q += 1;
        }
        t[passed] = tops;
        passed += 1;
    }
    t
};

/// Hands the turn on after seat `p` acted, with `last` the last bid (R-8,
/// R-11, R-12): the next seat to act, the free neighborhoods next to the
/// last bid and its building numbers above it; `None` when the call ends.
///
/// `avail` holds every seat's building numbers in hand, one 16-bit lane
/// each; `active` the lane tops of the seats that have not passed. The
/// seats holding a number above the last bid are found with one mask and
/// one add, and the first of them clockwise with one rotation, the last
/// bidder's lane set as the stop. Seats skipped over are the seats forced
/// to pass (R-11): [`State::advance`] marks them and reports their passes;
/// the playout needs no mark, since a seat that cannot outbid never can
/// again in the same call (the last building only grows and its own numbers
/// do not change).
#[inline(always)]
pub(super) fn hand_on(
    free: u64,
    avail: u64,
    active: u64,
    last: Bid,
    p: Seat,
) -> Option<(Seat, u64, u16)> {
    let room = free & ADJACENT[last.neighborhood as usize];
    if room == 0 {
        return None;
    }
    hand_on_with_room(room, avail, active, last, p).map(|(q, bs)| (q, room, bs))
}

/// [`hand_on`] when the free neighborhoods next to the last bid (`room`,
/// not empty) are known: the next seat and its building numbers above the
/// last bid.
#[inline(always)]
pub(super) fn hand_on_with_room(
    room: u64,
    avail: u64,
    active: u64,
    last: Bid,
    p: Seat,
) -> Option<(Seat, u16)> {
    debug_assert!(room != 0);
    let higher = HIGHER_LANES[usize::from(last.building)];
    let can = ((avail & higher) + (LANE_TOPS - LANE_ONES)) & active;
    let stop = 0x8000u64 << (16 * u32::from(last.player));
    let order = (can | stop).rotate_right(16 * (u32::from(p) + 1));
    let q = (p + 1 + (order.trailing_zeros() >> 4) as u8) & 3;
    if q == last.player {
        return None;
    }
    Some((q, (avail >> (16 * u32::from(q))) as u16 & higher as u16))
}

impl State {
    /// Applies `action` for the seat to act: the new state and what happened.
    /// `self` is never changed. Forced passes (R-11) and the end of the call
    /// (R-12 … R-17) are applied too and reported as events.
    pub fn apply(&self, action: Action) -> Result<(State, Vec<Event>), RuleError> {
        let mut events = Vec::with_capacity(8);
        let next = self.transition(action, &mut events)?;
        Ok((next, events))
    }

    /// Like [`State::apply`], but first checks that `player` is the seat to
    /// act (R-8).
    pub fn apply_for(
        &self,
        player: Seat,
        action: Action,
    ) -> Result<(State, Vec<Event>), RuleError> {
        self.check_player(player)?;
        self.apply(action)
    }

    /// Whether `player` may act now (R-8, R-17).
    pub fn check_player(&self, player: Seat) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        if player != self.to_act {
            return Err(RuleError::WrongPlayer {
                expected: self.to_act,
                got: player,
            });
        }
        Ok(())
    }

    /// Like [`State::apply`], appending the events to `events` (a reusable
    /// buffer).
    pub fn apply_into(&self, action: Action, events: &mut Vec<Event>) -> Result<State, RuleError> {
        self.transition(action, events)
    }

    /// Applies `action` without recording events: the fast path for search
    /// and simulation.
    #[inline]
    pub fn play(&self, action: Action) -> Result<State, RuleError> {
        let mut s = *self;
        s.play_in_place(action)?;
        Ok(s)
    }

    /// Like [`State::play`], but changes `self` instead of returning a new
    /// state (saves copying the state in simulation loops). On an illegal
    /// action `self` is left unchanged.
    ///
    /// ```
    /// use metropolys_core::{Config, State, Variant};
    /// let mut s = State::new(&Config::new(3, Variant::Expert, 5)).unwrap();
    /// let a = s.legal_actions()[0];
    /// let next = s.play(a).unwrap();
    /// s.play_in_place(a).unwrap();
    /// assert_eq!(s, next);
    /// ```
    #[inline]
    pub fn play_in_place(&mut self, action: Action) -> Result<(), RuleError> {
        self.check(action)?;
        self.apply_legal(action, &mut ());
        Ok(())
    }

    fn transition<S: Sink>(&self, action: Action, sink: &mut S) -> Result<State, RuleError> {
        self.check(action)?;
        let mut s = *self;
        s.apply_legal(action, sink);
        Ok(s)
    }

    /// Applies an action already known to be legal, in place.
    #[inline]
    pub(super) fn apply_legal<S: Sink>(&mut self, action: Action, sink: &mut S) {
        debug_assert!(self.check(action).is_ok());
        let s = self;
        let p = s.to_act;
        match action {
            Action::Bid {
                neighborhood,
                building,
            } => {
                s.bids[s.bid_count as usize] = Bid {
                    player: p,
                    neighborhood,
                    building,
                };
                s.bid_count += 1;
                s.bid_mask |= 1u64 << neighborhood;
                s.bidding[p as usize] |= 1 << building;
                if S::ACTIVE {
                    sink.push(Event::BidPlaced {
                        player: p,
                        neighborhood,
                        building,
                    });
                }
            }
            Action::Pass => {
                s.passed |= 1 << p;
                if S::ACTIVE {
                    sink.push(Event::Passed {
                        player: p,
                        forced: false,
                    });
                }
            }
        }
        s.advance(p, sink);
    }

    /// Hands the turn on clockwise from `from` (R-8): to the next seat that
    /// has not passed and can outbid, the seats skipped on the way passing
    /// by force (R-11); when nobody but the latest bidder is left, the call
    /// ends (R-12). Who is next is [`hand_on`]'s answer, the one statement
    /// of these rules (the playout asks it too).
    fn advance<S: Sink>(&mut self, from: Seat, sink: &mut S) {
        let last = self.bids[self.bid_count as usize - 1];
        let free = self.in_play & !self.occupied & !self.bid_mask;
        // Every seat's numbers in hand, one lane each (absent seats have
        // none, nothing built or bid, so their lanes must be cleared).
        let lanes = |a: &[u16; MAX_PLAYERS]| {
            u64::from(a[0]) | u64::from(a[1]) << 16 | u64::from(a[2]) << 32 | u64::from(a[3]) << 48
        };
        let seats = u64::MAX >> (16 * (MAX_PLAYERS - usize::from(self.players)));
        let hands = (u64::from(ALL_BUILDINGS) * LANE_ONES)
            & seats
            & !(lanes(&self.built) | lanes(&self.bidding));
        let active = ACTIVE_LANES[usize::from(self.passed & 15)];
        let next = hand_on(free, hands, active, last, from).map(|(q, _, _)| q);
        // Everyone between `from` and the next seat (or, when the call
        // ends, the latest bidder) who had not passed cannot outbid.
        let stop = next.unwrap_or(last.player);
        let mut q = from;
        loop {
            q = if q + 1 == self.players { 0 } else { q + 1 };
            if q == stop {
                break;
            }
            if self.passed & (1 << q) == 0 {
                self.passed |= 1 << q;
                if S::ACTIVE {
                    sink.push(Event::Passed {
                        player: q,
                        forced: true,
                    });
                }
            }
        }
        match next {
            Some(q) => self.to_act = q,
            None => self.end_call(sink),
        }
    }

    /// Ends the call (R-12): the latest bid is constructed (R-13), the other
    /// bids go back to their owners, the token and cards change hands
    /// (R-13 … R-15), and the next call starts (R-16) or the game ends
    /// (R-17).
    fn end_call<S: Sink>(&mut self, sink: &mut S) {
        let win = self.bids[self.bid_count as usize - 1];
        let (w, nb, b) = (win.player as usize, win.neighborhood, win.building);
        self.occupied |= 1u64 << nb;
        self.built[w] |= 1 << b;
        if S::ACTIVE {
            sink.push(Event::Constructed {
                player: win.player,
                neighborhood: nb,
                building: b,
                call: self.call,
            });
            for other in &self.bids[..self.bid_count as usize - 1] {
                sink.push(Event::BidReturned {
                    player: other.player,
                    neighborhood: other.neighborhood,
                    building: other.building,
                });
            }
        }
        // Clear the used slots, so that equal positions are equal values.
        self.bids = [Bid::default(); 13];
        self.bid_count = 0;
        self.bid_mask = 0;
        self.bidding = [0; MAX_PLAYERS];
        self.passed = 0;
        self.construct(win, sink);
        self.close_call(win.player, self.built[w] == ALL_BUILDINGS, sink);
    }

    /// The winning bid `win` becomes a building (R-13): its owner holds the
    /// neighborhood and takes the token lying there, with the card that
    /// token may bring (R-14, R-15). The playout keeps which neighborhoods
    /// hold a building and which numbers are built in its own registers;
    /// [`State::end_call`] writes them here.
    #[inline]
    pub(super) fn construct<S: Sink>(&mut self, win: Bid, sink: &mut S) {
        let (w, nb) = (win.player as usize, win.neighborhood);
        let bit = 1u64 << nb;
        self.owned[w] |= bit;
        self.number_at[nb as usize] = win.building;
        if (self.tokens[0] | self.tokens[1] | self.tokens[2]) & bit != 0 {
            self.take_token(win.player, nb, sink);
        }
    }

    /// After a call won by `winner`: the game is over when `finished` (the
    /// winner has constructed all its buildings, R-17), and nobody acts any
    /// more; otherwise the next call starts and its winner opens it (R-16).
    #[inline]
    pub(super) fn close_call<S: Sink>(&mut self, winner: Seat, finished: bool, sink: &mut S) {
        if finished {
            self.over = true;
            // Nobody acts any more; a fixed value keeps equal positions equal.
            self.to_act = 0;
            if S::ACTIVE {
                let scores = self.scores();
                let winners = winners(&scores);
                sink.push(Event::GameEnded { scores, winners });
            }
        } else {
            self.call += 1;
            self.to_act = winner;
            if S::ACTIVE {
                sink.push(Event::CallStarted {
                    call: self.call,
                    player: winner,
                });
            }
        }
    }

    fn take_token<S: Sink>(&mut self, p: Seat, nb: NeighborhoodId, sink: &mut S) {
        let bit = 1u64 << nb;
        let t = Token::ALL
            .iter()
            .copied()
            .find(|t| self.tokens[t.index()] & bit != 0)
            .unwrap_or(Token::Trendy);
        let takes_card = self.takes_card(p, t);
        self.tokens[t.index()] &= !bit;
        self.taken[p as usize][t.index()] += 1;
        if S::ACTIVE {
            sink.push(Event::TokenTaken {
                player: p,
                neighborhood: nb,
                token: t,
            });
        }
        let moved_from = match (takes_card, t) {
            (true, Token::Subway) => {
                let h = self.subway_card;
                self.subway_card = p;
                Some((Card::Subway, h))
            }
            (true, Token::Archaeology) => {
                let h = self.archaeology_card;
                self.archaeology_card = p;
                Some((Card::Archaeology, h))
            }
            _ => None,
        };
        if let (true, Some((card, from))) = (S::ACTIVE, moved_from) {
            sink.push(Event::CardTaken {
                player: p,
                card,
                from: (from != NO_SEAT).then_some(from),
            });
        }
    }

    /// Whether `seat`, taking one more token of kind `token`, would take
    /// that kind's card: the subway card moves only to strictly more subway
    /// tokens than its holder has (R-14), the archaeological card to
    /// whoever takes an archaeological token (R-15); trendy tokens have no
    /// card.
    ///
    /// ```
    /// use metropolys_core::{Config, State, Token, Variant};
    /// let s = State::new(&Config::new(3, Variant::Family, 1)).unwrap();
    /// assert!(s.takes_card(0, Token::Subway)); // nobody holds it yet
    /// assert!(s.takes_card(0, Token::Archaeology));
    /// assert!(!s.takes_card(0, Token::Trendy));
    /// ```
    #[inline]
    pub fn takes_card(&self, seat: Seat, token: Token) -> bool {
        if seat >= self.players {
            return false;
        }
        match token {
            Token::Trendy => false,
            // R-14
            Token::Subway => {
                let h = self.subway_card;
                let sub = Token::Subway.index();
                h == NO_SEAT
                    || (h != seat
                        && self.taken[seat as usize][sub] + 1 > self.taken[h as usize][sub])
            }
            // R-15
            Token::Archaeology => self.archaeology_card != seat,
        }
    }
}
