//! The game state: an immutable value. Applying an action returns a new state
//! and leaves the old one untouched.
//!
//! ## Reachable states
//!
//! A state is *reachable* when it satisfies every invariant below; these are
//! what [`State::from_json`] and [`State::try_from`] (and so C, Python and
//! unpickling) check, in this order, answering the first one broken as a
//! [`StateError`] whose [`invariant`](crate::StateError::invariant)
//! is the name here. Every state reached by legal play satisfies them all
//! (property-tested); `docs/states.md` explains each.
//!
//! * **I0** configuration: 2–4 players, districts out of play per R-2,
//!   objectives per R-5 and Metropolys cards per R-22 (a `ConfigError`).
//! * **I1** whole: `viewer` is null and nothing is hidden.
//! * **I2** per-seat lists have one entry per seat.
//! * **I3** buildings: in play, a real seat and number 1–13, one per
//!   neighborhood, each number at most once per seat.
//! * **I4** tokens lie only on free-of-buildings, in-play, non-blind-alley
//!   neighborhoods (R-4, R-13).
//! * **I5** tokens on the board plus tokens taken are the pool of R-3.
//! * **I6** each district in play holds at most the tokens R-4 places there,
//!   and the missing ones are no more than its constructed neighborhoods
//!   that can have held one.
//! * **I7** the tokens each seat took can be assigned to neighborhoods it
//!   constructed, district by district (R-13).
//! * **I8** the subway card is held exactly when a subway token was taken,
//!   by a seat with the most of them (R-14); the archaeology card likewise by
//!   a seat with at least one (R-15).
//! * **I9** the bids of the call name seats, at most 13, and each is legal
//!   after those before it (R-7, R-9).
//! * **I10** the bids, passes and seat to act follow clockwise play from the
//!   call's opener: between two bids, and up to the seat to act, every seat
//!   reached passed (by choice or forced, R-8, R-10, R-11); the seats marked
//!   as passed are exactly those; the call has not ended (R-12). A finished
//!   game has no seat to act, no bids, no passes.
//! * **I11** `game_over` holds exactly when one seat (and only one) has
//!   constructed all 13 buildings (R-17).
//! * **I12** the call number is the number of constructions, plus one while
//!   the game goes on.
//! * **I13** after the first call, the call's opener has constructed a
//!   building (it won the call before, R-16).
//! * **I14** `supply` and `objective_counts` agree with the rest.
//!
//! These are necessary conditions of legal play, checked exactly; the order
//! in which the calls were won is not recorded in a state, so positions
//! that satisfy them all are accepted even if no particular history is
//! known for them.

use crate::action::{Action, Bid, Event};
use crate::board::{self, BitIter, NeighborhoodSet, ADJACENT, DISTRICT};
use crate::config::{self, Config, MetropolysCard, Objective, Setup, NO_CARD, NO_OBJECTIVE};
use crate::error::{ConfigError, Error, RuleError, StateError};
use crate::rng::SplitMix64;
use crate::scoring::{self, ScoreSheet, Totals};
use crate::types::{
    BuildingNumber, Card, District, NeighborhoodId, Seat, Token, Variant, BUILDINGS_PER_PLAYER,
    MAX_PLAYERS, NEIGHBORHOOD_COUNT,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod secrets;

/// Bits 1..=13: every building number.
pub(crate) const ALL_BUILDINGS: u16 = 0x3FFE;
const NO_SEAT: u8 = u8::MAX;

/// Where events go while applying an action: a `Vec<Event>`, or nowhere
/// (`()`) on the fast path.
pub(crate) trait Sink {
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

/// The whole state of a game: a small `Copy` value (a few hundred bytes).
///
/// ```
/// use metropolys_core::{Action, Config, State, Variant};
/// let s0 = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let first = s0.legal_actions()[0];
/// let (s1, events) = s0.apply(first).unwrap();
/// assert_ne!(s0, s1); // s0 is unchanged
/// assert!(!events.is_empty());
/// assert_eq!(s0.apply(Action::Pass).unwrap_err().rule(), "R-7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    players: u8,
    variant: Variant,
    metropolys: bool,
    over: bool,
    to_act: u8,
    passed: u8,
    bid_count: u8,
    subway_card: u8,
    archaeology_card: u8,
    call: u16,
    in_play: u64,
    /// Tokens still lying on the board, by [`Token::index`].
    tokens: [u64; 3],
    /// Neighborhoods holding a constructed building.
    occupied: u64,
    /// Neighborhoods holding a bid of the current call.
    bid_mask: u64,
    /// Constructed neighborhoods per seat.
    owned: [u64; MAX_PLAYERS],
    /// Constructed building numbers per seat (bit `b`).
    built: [u16; MAX_PLAYERS],
    /// Building numbers standing as bids per seat (bit `b`).
    bidding: [u16; MAX_PLAYERS],
    /// Tokens taken per seat, by [`Token::index`].
    taken: [[u8; 3]; MAX_PLAYERS],
    /// The number of the building constructed on each neighborhood (0: none).
    number_at: [u8; NEIGHBORHOOD_COUNT],
    bids: [Bid; 13],
    objectives: [Objective; MAX_PLAYERS],
    cards: [MetropolysCard; MAX_PLAYERS],
}

impl State {
    /// Sets a game up from a configuration (R-1 … R-6).
    pub fn new(config: &Config) -> Result<State, ConfigError> {
        let d = config.draw()?;
        Ok(State::start(
            d.players,
            d.variant,
            d.start_player,
            d.in_play,
            d.tokens,
            d.objectives,
            d.cards,
        ))
    }

    /// The starting state of an explicit setup. `Setup` has public fields,
    /// so it is validated again exactly as a configuration is (R-1 … R-6).
    pub fn from_setup(setup: &Setup) -> Result<State, ConfigError> {
        State::new(&Config {
            players: setup.players,
            variant: setup.variant,
            seed: 0,
            start_player: setup.start_player,
            out_of_play: Some(setup.out_of_play.clone()),
            tokens: Some(setup.tokens.clone()),
            objectives: Some(setup.objectives.clone()),
            metropolys_cards: setup.metropolys_cards.clone(),
            metropolys_deck: None,
        })
    }

    /// The state before the first bid.
    fn start(
        players: u8,
        variant: Variant,
        start_player: Seat,
        in_play: u64,
        tokens: [u64; 3],
        objectives: [Objective; MAX_PLAYERS],
        cards: Option<[MetropolysCard; MAX_PLAYERS]>,
    ) -> State {
        State {
            players,
            variant,
            metropolys: cards.is_some(),
            over: false,
            to_act: start_player,
            passed: 0,
            bid_count: 0,
            subway_card: NO_SEAT,
            archaeology_card: NO_SEAT,
            call: 1,
            in_play,
            tokens,
            occupied: 0,
            bid_mask: 0,
            owned: [0; MAX_PLAYERS],
            built: [0; MAX_PLAYERS],
            bidding: [0; MAX_PLAYERS],
            taken: [[0; 3]; MAX_PLAYERS],
            number_at: [0; NEIGHBORHOOD_COUNT],
            bids: [Bid::default(); 13],
            objectives,
            cards: cards.unwrap_or([NO_CARD; MAX_PLAYERS]),
        }
    }

    /// The events that open a game: the first call starting (R-7).
    pub fn opening_events(&self) -> Vec<Event> {
        vec![Event::CallStarted {
            call: 1,
            player: self.to_act,
        }]
    }

    // ----- queries -------------------------------------------------------

    /// The number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Family or Expert.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether the Metropolys cards module is in play (§9).
    #[inline]
    pub fn uses_metropolys_cards(&self) -> bool {
        self.metropolys
    }

    /// Whether the game has ended (R-17).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The seat to act, or `None` when the game is over. Whenever a seat is
    /// to act it has at least one legal bid (R-11).
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        (!self.over).then_some(self.to_act)
    }

    /// The current call's number, from 1 (at game end: the number of calls
    /// played).
    #[inline]
    pub fn call_number(&self) -> u16 {
        self.call
    }

    /// The bids of the current call, oldest first.
    #[inline]
    pub fn bids(&self) -> &[Bid] {
        &self.bids[..self.bid_count as usize]
    }

    /// The most recent bid of the current call.
    #[inline]
    pub fn last_bid(&self) -> Option<Bid> {
        self.bids().last().copied()
    }

    /// Whether `seat` has passed in the current call (R-10, R-11).
    pub fn has_passed(&self, seat: Seat) -> bool {
        seat < self.players && self.passed & (1 << seat) != 0
    }

    /// The neighborhoods in play (R-2).
    pub fn in_play(&self) -> NeighborhoodSet {
        NeighborhoodSet(self.in_play)
    }

    /// The districts out of play (R-2), in ring order.
    pub fn out_of_play(&self) -> Vec<District> {
        District::PERIPHERAL
            .iter()
            .copied()
            .filter(|&d| board::in_district(d).0 & self.in_play == 0)
            .collect()
    }

    /// The free neighborhoods: in play, no constructed building, no bid (R-7).
    #[inline]
    pub fn free(&self) -> NeighborhoodSet {
        NeighborhoodSet(self.in_play & !self.occupied & !self.bid_mask)
    }

    /// The building constructed on a neighborhood: `(owner, number)`.
    pub fn building_at(&self, id: NeighborhoodId) -> Option<(Seat, BuildingNumber)> {
        if !board::is_valid(id) || self.occupied & (1u64 << id) == 0 {
            return None;
        }
        let owner = (0..self.players).find(|&p| self.owned[p as usize] & (1u64 << id) != 0)?;
        Some((owner, self.number_at[id as usize]))
    }

    /// The token still lying on a neighborhood.
    pub fn token_at(&self, id: NeighborhoodId) -> Option<Token> {
        if !board::is_valid(id) {
            return None;
        }
        Token::ALL
            .iter()
            .copied()
            .find(|t| self.tokens[t.index()] & (1u64 << id) != 0)
    }

    /// The neighborhoods where `seat` has constructed buildings.
    pub fn constructed(&self, seat: Seat) -> NeighborhoodSet {
        NeighborhoodSet(self.owned.get(seat as usize).copied().unwrap_or(0))
    }

    /// How many buildings `seat` has constructed.
    pub fn constructed_count(&self, seat: Seat) -> u8 {
        self.constructed(seat).len() as u8
    }

    /// The building numbers of `seat` neither constructed nor standing as a
    /// bid of this call, ascending.
    pub fn supply(&self, seat: Seat) -> Vec<BuildingNumber> {
        if seat >= self.players {
            return vec![];
        }
        BitIter(self.available(seat) as u64).collect()
    }

    /// The building numbers of `seat` in its supply (neither constructed nor
    /// standing as a bid of this call) as bits `1..=13` of a `u16`: the
    /// allocation-free form of [`State::supply`]. `0` for a seat not in the
    /// game.
    #[inline]
    pub fn supply_bits(&self, seat: Seat) -> u16 {
        if seat >= self.players {
            return 0;
        }
        self.available(seat)
    }

    /// The neighborhoods where a token of kind `token` still lies (R-3).
    #[inline]
    pub fn tokens_on_board(&self, token: Token) -> NeighborhoodSet {
        NeighborhoodSet(self.tokens[token.index()])
    }

    /// The number of the building constructed on `id` (`None` when nothing
    /// stands there or `id` is not a neighborhood).
    #[inline]
    pub fn building_number(&self, id: NeighborhoodId) -> Option<BuildingNumber> {
        match self.number_at.get(id as usize) {
            Some(&n) if n != 0 => Some(n),
            _ => None,
        }
    }

    /// The number of tokens of kind `token` that `seat` has taken.
    pub fn tokens_taken(&self, seat: Seat, token: Token) -> u8 {
        self.taken
            .get(seat as usize)
            .map_or(0, |t| t[token.index()])
    }

    /// The holder of a special card (R-14, R-15).
    pub fn card_holder(&self, card: Card) -> Option<Seat> {
        let h = match card {
            Card::Subway => self.subway_card,
            Card::Archaeology => self.archaeology_card,
        };
        (h != NO_SEAT).then_some(h)
    }

    /// The objective of `seat` (secret until the game ends, R-21: use
    /// [`State::view`] to show a player what they may see).
    pub fn objective(&self, seat: Seat) -> Option<Objective> {
        (seat < self.players).then(|| self.objectives[seat as usize])
    }

    /// The Metropolys card of `seat`, when the module is in play.
    pub fn metropolys_card(&self, seat: Seat) -> Option<MetropolysCard> {
        (self.metropolys && seat < self.players).then(|| self.cards[seat as usize])
    }

    /// The score sheets of every seat, as the position stands (final once the
    /// game is over).
    pub fn scores(&self) -> Vec<ScoreSheet> {
        scoring::score(self)
    }

    /// Every seat's total and constructed count and the winners (R-20),
    /// without the groups of the score sheets and without allocating: the
    /// fast form of [`State::scores`] for playouts.
    #[inline]
    pub fn totals(&self) -> Totals {
        scoring::totals(self)
    }

    /// The winners (R-20), computed from the current position (by
    /// [`State::totals`], without building score sheets).
    pub fn winners(&self) -> Vec<Seat> {
        self.totals().winners()
    }

    // ----- internals shared with scoring ------------------------------------

    #[inline]
    pub(crate) fn owned_mask(&self, seat: usize) -> u64 {
        self.owned[seat]
    }

    #[inline]
    pub(crate) fn number_on(&self, id: usize) -> u8 {
        self.number_at[id]
    }

    #[inline]
    pub(crate) fn taken_counts(&self, seat: usize) -> [u8; 3] {
        self.taken[seat]
    }

    #[inline]
    pub(crate) fn objective_of(&self, seat: usize) -> Objective {
        self.objectives[seat]
    }

    #[inline]
    pub(crate) fn card_of(&self, seat: usize) -> MetropolysCard {
        self.cards[seat]
    }

    /// The building numbers of `seat` it may still place (bits 1..=13).
    #[inline]
    fn available(&self, seat: Seat) -> u16 {
        ALL_BUILDINGS & !self.built[seat as usize] & !self.bidding[seat as usize]
    }

    /// Where and with what `seat` may bid now: (neighborhoods, building bits).
    #[inline]
    fn bid_options(&self, seat: Seat) -> (u64, u16) {
        let free = self.in_play & !self.occupied & !self.bid_mask;
        let avail = self.available(seat);
        match self.last_bid() {
            None => (free, avail),
            Some(last) => {
                let higher = avail & !((2u16 << last.building) - 1);
                (free & ADJACENT[last.neighborhood as usize], higher)
            }
        }
    }

    // ----- legality ------------------------------------------------------

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
    fn explain(&self, action: Action) -> Result<(), RuleError> {
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

    // ----- transitions ---------------------------------------------------

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
    fn apply_legal<S: Sink>(&mut self, action: Action, sink: &mut S) {
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

    /// Hands the turn on clockwise from `from` (R-8), passing for players who
    /// cannot outbid (R-11), and ends the call when nobody but the most recent
    /// bidder may act (R-12).
    fn advance<S: Sink>(&mut self, from: Seat, sink: &mut S) {
        let last = self.bids[self.bid_count as usize - 1];
        // What `can_outbid` asks, with the parts every seat shares computed
        // once: a free neighborhood next to the last bid, and a building
        // number above it.
        let room =
            self.in_play & !self.occupied & !self.bid_mask & ADJACENT[last.neighborhood as usize]
                != 0;
        let higher = !((2u16 << last.building) - 1);
        let mut q = from;
        loop {
            q = if q + 1 == self.players { 0 } else { q + 1 };
            if q == last.player {
                self.end_call(sink);
                return;
            }
            if self.passed & (1 << q) != 0 {
                continue;
            }
            if room && self.available(q) & higher != 0 {
                self.to_act = q;
                return;
            }
            self.passed |= 1 << q;
            if S::ACTIVE {
                sink.push(Event::Passed {
                    player: q,
                    forced: true,
                });
            }
        }
    }

    /// Constructs the winning bid (R-13), hands out token and cards (R-14,
    /// R-15), and starts the next call (R-16) or ends the game (R-17).
    fn end_call<S: Sink>(&mut self, sink: &mut S) {
        let win = self.bids[self.bid_count as usize - 1];
        let (w, nb, b) = (win.player as usize, win.neighborhood, win.building);
        let bit = 1u64 << nb;
        self.occupied |= bit;
        self.owned[w] |= bit;
        self.number_at[nb as usize] = b;
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
        if (self.tokens[0] | self.tokens[1] | self.tokens[2]) & bit != 0 {
            self.take_token(win.player, nb, sink);
        }
        if self.built[w] == ALL_BUILDINGS {
            self.over = true;
            // Nobody acts any more; a fixed value keeps equal positions equal.
            self.to_act = 0;
            if S::ACTIVE {
                let scores = scoring::score(self);
                let winners = scoring::winners(&scores);
                sink.push(Event::GameEnded { scores, winners });
            }
        } else {
            self.call += 1;
            self.to_act = win.player;
            if S::ACTIVE {
                sink.push(Event::CallStarted {
                    call: self.call,
                    player: win.player,
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

    // ----- snapshots, views, JSON -------------------------------------------

    /// The whole state as a [`Snapshot`] (nothing hidden).
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_for(None)
    }

    /// What `seat` may see (R-21): everything but the opponents' objectives,
    /// which are replaced by `null` until the game ends (then all are shown).
    /// `None` for a seat that is not in the game.
    pub fn view(&self, seat: Seat) -> Option<Snapshot> {
        (seat < self.players).then(|| self.snapshot_for(Some(seat)))
    }

    fn snapshot_for(&self, viewer: Option<Seat>) -> Snapshot {
        let n = self.players as usize;
        let shown = |p: usize| self.shows_secrets(viewer, p as Seat);
        let per_card = match (self.variant, self.metropolys) {
            (Variant::Expert, false) => 2,
            _ => 1,
        } + u8::from(self.metropolys);
        Snapshot {
            viewer,
            players: self.players,
            variant: self.variant,
            out_of_play: self.out_of_play(),
            call: self.call,
            to_act: self.to_act(),
            game_over: self.over,
            constructed: BitIter(self.occupied)
                .filter_map(|id| {
                    self.building_at(id).map(|(player, building)| Constructed {
                        neighborhood: id,
                        player,
                        building,
                    })
                })
                .collect(),
            tokens: BitIter(self.tokens[0] | self.tokens[1] | self.tokens[2])
                .filter_map(|id| self.token_at(id).map(|t| (id, t)))
                .collect(),
            bids: self.bids().to_vec(),
            passed: (0..self.players).map(|p| self.has_passed(p)).collect(),
            supply: (0..self.players).map(|p| self.supply(p)).collect(),
            taken: (0..n)
                .map(|p| TokenCounts {
                    trendy: self.taken[p][0],
                    subway: self.taken[p][1],
                    archaeology: self.taken[p][2],
                })
                .collect(),
            subway_card: self.card_holder(Card::Subway),
            archaeology_card: self.card_holder(Card::Archaeology),
            objective_counts: vec![per_card; n],
            objectives: (0..n)
                .map(|p| shown(p).then_some(self.objectives[p]))
                .collect(),
            metropolys_cards: if self.metropolys {
                (0..n).map(|p| shown(p).then_some(self.cards[p])).collect()
            } else {
                vec![]
            },
        }
    }

    /// The state as JSON (the [`Snapshot`] shape).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// Checks every invariant of the [module docs](self) on this state (by
    /// reloading its snapshot): `Ok` for every state reached by legal play.
    /// Fuzzers and tests use it on whatever a loader accepted.
    pub fn validate(&self) -> Result<(), Error> {
        let back = State::try_from(self.snapshot())?;
        if back != *self {
            return Err(StateError::Derived("the state does not reload as itself").into());
        }
        Ok(())
    }

    /// Loads a state from JSON, validating it (see [`Snapshot`]).
    pub fn from_json(text: &str) -> Result<State, Error> {
        let snap: Snapshot = crate::strict::from_str(text)?;
        State::try_from(snap)
    }
}

/// The number of set bits of each byte value.
const BYTE_POP: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `BYTE_SELECT[byte * 8 + n]`: the position of the `n`-th (from 0) set bit
/// of `byte` (8 when there is none).
const BYTE_SELECT: [u8; 2048] = {
    let mut t = [8u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                t[byte * 8 + n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    t
};

/// The number of set bits of a building mask (two table look-ups: cheaper
/// than a portable population count).
#[inline]
fn count_buildings(mask: u16) -> u32 {
    u32::from(BYTE_POP[usize::from(mask & 0xFF)]) + u32::from(BYTE_POP[usize::from(mask >> 8)])
}

/// The `n`-th (from 0) set bit of `mask` (64 when there is none): whole
/// bytes are skipped by their bit counts, then one table look-up.
#[inline]
fn nth_bit(mask: u64, mut n: u32) -> u8 {
    let mut shift = 0u32;
    while shift < 64 {
        let byte = ((mask >> shift) & 0xFF) as usize;
        let count = u32::from(BYTE_POP[byte]);
        if n < count {
            return shift as u8 + BYTE_SELECT[byte * 8 + n as usize];
        }
        n -= count;
        shift += 8;
    }
    64
}

/// A constructed building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constructed {
    /// Where it stands.
    pub neighborhood: NeighborhoodId,
    /// Its owner.
    pub player: Seat,
    /// Its number.
    pub building: BuildingNumber,
}

/// Tokens taken by one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenCounts {
    /// Trendy tokens.
    pub trendy: u8,
    /// Subway tokens.
    pub subway: u8,
    /// Archaeological tokens.
    pub archaeology: u8,
}

/// A state, or a player's view of it (R-21), as plain data: the stable JSON
/// shape of states and views.
///
/// ```json
/// {
///   "viewer": null, "players": 3, "variant": "expert", "out_of_play": ["west"],
///   "call": 4, "to_act": 1, "game_over": false,
///   "constructed": [{"neighborhood": 12, "player": 0, "building": 3}],
///   "tokens": {"7": "archaeology", "30": "subway"},
///   "bids": [{"player": 2, "neighborhood": 9, "building": 4}],
///   "passed": [false, false, false],
///   "supply": [[1, 2, 4, 5], [1, 2, 3], [1, 2, 3, 5]],
///   "taken": [{"trendy": 1, "subway": 0, "archaeology": 0}],
///   "subway_card": null, "archaeology_card": 0,
///   "objective_counts": [2, 2, 2],
///   "objectives": [{"neighborhood": "park", "area": "chains"}, null, null],
///   "metropolys_cards": []
/// }
/// ```
///
/// * `viewer`: `null` for a whole state; the seat whose view this is.
/// * `tokens`: tokens still on the board; `taken`: per seat.
/// * `supply`: per seat, buildings neither constructed nor bid (derived).
/// * `objectives` / `metropolys_cards`: per seat; `null` where hidden from
///   the viewer (R-21). `metropolys_cards` is empty without the module.
/// * `objective_counts`: how many objective cards each seat holds.
///
/// Loading a state ([`State::try_from`], [`State::from_json`]) checks that the
/// snapshot is whole (`viewer` null, nothing hidden) and consistent: ids in
/// range, districts, token and building conservation, bids adjacent and
/// rising, card holders, turn and call numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// Whose view this is; `None` for the whole state.
    pub viewer: Option<Seat>,
    /// 2, 3 or 4.
    pub players: u8,
    /// Family or Expert.
    pub variant: Variant,
    /// Districts out of play.
    pub out_of_play: Vec<District>,
    /// The current call number (at game end: calls played).
    pub call: u16,
    /// The seat to act; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// Whether the game has ended.
    pub game_over: bool,
    /// Constructed buildings, by neighborhood id.
    pub constructed: Vec<Constructed>,
    /// Tokens still on the board.
    pub tokens: BTreeMap<NeighborhoodId, Token>,
    /// The bids of the current call, oldest first.
    pub bids: Vec<Bid>,
    /// Per seat, whether it has passed in this call.
    pub passed: Vec<bool>,
    /// Per seat, building numbers neither constructed nor bid.
    pub supply: Vec<Vec<BuildingNumber>>,
    /// Per seat, tokens taken.
    pub taken: Vec<TokenCounts>,
    /// Holder of the subway card.
    pub subway_card: Option<Seat>,
    /// Holder of the archaeological card.
    pub archaeology_card: Option<Seat>,
    /// Per seat, the number of objective cards held.
    pub objective_counts: Vec<u8>,
    /// Per seat, the objective (`None` where hidden).
    pub objectives: Vec<Option<Objective>>,
    /// Per seat, the Metropolys card (`None` where hidden); empty without the
    /// module.
    pub metropolys_cards: Vec<Option<MetropolysCard>>,
}

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.snapshot().serialize(s)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let snap = Snapshot::deserialize(d)?;
        State::try_from(snap).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<Snapshot> for State {
    type Error = Error;

    /// Loads a snapshot, checking every invariant of the [module
    /// docs](self) in order; the first one broken is the error.
    fn try_from(s: Snapshot) -> Result<State, Error> {
        use crate::error::{StateError as E, TurnOrder as T};
        if s.viewer.is_some() {
            return Err(E::View.into());
        }
        let n = s.players;
        if !(2..=4).contains(&n) {
            return Err(ConfigError::Players(n).into());
        }
        let nu = n as usize;
        config::validate_out_of_play(n, &s.out_of_play)?;
        let in_play = config::in_play_mask(&s.out_of_play);
        for (field, len) in [
            ("passed", s.passed.len()),
            ("supply", s.supply.len()),
            ("taken", s.taken.len()),
            ("objective_counts", s.objective_counts.len()),
            ("objectives", s.objectives.len()),
        ] {
            if len != nu {
                return Err(E::Length {
                    field,
                    len,
                    players: n,
                }
                .into());
            }
        }
        let metropolys = !s.metropolys_cards.is_empty();
        if metropolys && s.metropolys_cards.len() != nu {
            return Err(E::Length {
                field: "metropolys_cards",
                len: s.metropolys_cards.len(),
                players: n,
            }
            .into());
        }
        let Some(objectives) = s.objectives.iter().copied().collect::<Option<Vec<_>>>() else {
            return Err(E::Hidden("objectives").into());
        };
        config::validate_objectives(n, s.variant, metropolys, &objectives)?;
        let mut objective_array = [NO_OBJECTIVE; MAX_PLAYERS];
        objective_array[..nu].copy_from_slice(&objectives);
        let mut cards = None;
        if metropolys {
            let Some(c) = s
                .metropolys_cards
                .iter()
                .copied()
                .collect::<Option<Vec<_>>>()
            else {
                return Err(E::Hidden("Metropolys cards").into());
            };
            config::validate_cards(&c)?;
            let mut all = [NO_CARD; MAX_PLAYERS];
            all[..nu].copy_from_slice(&c);
            cards = Some(all);
        }
        let mut st = State::start(n, s.variant, 0, in_play, [0; 3], objective_array, cards);

        // I3: constructed buildings.
        for c in &s.constructed {
            if !board::is_valid(c.neighborhood) || in_play & (1u64 << c.neighborhood) == 0 {
                return Err(E::BuildingOutOfPlay(c.neighborhood).into());
            }
            if c.player >= n || !(1..=BUILDINGS_PER_PLAYER).contains(&c.building) {
                return Err(E::BuildingUnknown {
                    neighborhood: c.neighborhood,
                    player: c.player,
                    building: c.building,
                }
                .into());
            }
            let bit = 1u64 << c.neighborhood;
            if st.occupied & bit != 0 {
                return Err(E::TwoBuildings(c.neighborhood).into());
            }
            if st.built[c.player as usize] & (1 << c.building) != 0 {
                return Err(E::BuiltTwice {
                    player: c.player,
                    building: c.building,
                }
                .into());
            }
            st.occupied |= bit;
            st.owned[c.player as usize] |= bit;
            st.built[c.player as usize] |= 1 << c.building;
            st.number_at[c.neighborhood as usize] = c.building;
        }
        // I4, I5: tokens where they can lie, conserved (R-3, R-4, R-13).
        let mut total = [0u16; 3];
        for (&id, &t) in &s.tokens {
            if !board::is_valid(id)
                || in_play & (1u64 << id) == 0
                || board::is_blind_alley(id)
                || st.occupied & (1u64 << id) != 0
            {
                return Err(E::TokenPlace(id).into());
            }
            st.tokens[t.index()] |= 1u64 << id;
            total[t.index()] += 1;
        }
        for (p, t) in s.taken.iter().enumerate() {
            st.taken[p] = [t.trendy, t.subway, t.archaeology];
            for (k, &v) in st.taken[p].iter().enumerate() {
                total[k] += u16::from(v);
            }
        }
        let pool = config::token_pool(n);
        if total != pool.map(u16::from) {
            return Err(E::TokenPool { found: total, pool }.into());
        }
        // I6, I7: each district lost exactly the tokens its constructed
        // neighborhoods held, and each seat took its tokens where it built.
        let eligible = (0..NEIGHBORHOOD_COUNT as u8)
            .filter(|&id| !board::is_blind_alley(id))
            .fold(0u64, |m, id| m | 1u64 << id)
            & in_play;
        let on_board_all = st.tokens[0] | st.tokens[1] | st.tokens[2];
        let mut missing = [0u8; 5];
        let mut capacity = [[0u8; 5]; MAX_PLAYERS];
        for &d in District::ALL {
            let area = board::in_district(d).0 & in_play;
            if area == 0 {
                continue;
            }
            let on_board = (on_board_all & area).count_ones() as u8;
            let constructed = (st.occupied & eligible & area).count_ones() as u8;
            let placed = config::tokens_in(d) as u8;
            if on_board > placed || on_board + constructed < placed {
                return Err(E::DistrictTokens {
                    district: d,
                    on_board,
                    constructed,
                    placed,
                }
                .into());
            }
            missing[d.index()] = placed - on_board;
            for (p, cap) in capacity.iter_mut().enumerate().take(nu) {
                cap[d.index()] = (st.owned[p] & eligible & area).count_ones() as u8;
            }
        }
        let taken: Vec<u8> = (0..nu).map(|p| st.taken[p].iter().sum()).collect();
        if let Some(p) = unmatched_seat(&taken, &capacity[..nu], missing) {
            return Err(E::TokensTaken(p).into());
        }
        // I8: special cards (R-14, R-15).
        for (card, holder, k) in [
            (Card::Subway, s.subway_card, 1),
            (Card::Archaeology, s.archaeology_card, 2),
        ] {
            let counts: Vec<u8> = (0..nu).map(|p| st.taken[p][k]).collect();
            let any = counts.iter().any(|&c| c > 0);
            let ok = match holder {
                None => !any,
                Some(h) if h >= n => false,
                Some(h) => {
                    let mine = counts[h as usize];
                    let max = counts.iter().copied().max().unwrap_or(0);
                    mine > 0 && (card != Card::Subway || mine == max)
                }
            };
            if !ok {
                return Err(E::CardHolder { card, holder }.into());
            }
        }
        st.subway_card = s.subway_card.unwrap_or(NO_SEAT);
        st.archaeology_card = s.archaeology_card.unwrap_or(NO_SEAT);
        // I11: game end (R-17).
        let finishers = (0..nu).filter(|&p| st.built[p] == ALL_BUILDINGS).count();
        if finishers > 1 || (finishers == 1) != s.game_over {
            return Err(E::GameOver.into());
        }
        let finished = finishers == 1;
        // I12: one construction per call.
        let constructed = st.occupied.count_ones() as u16;
        let want = constructed + u16::from(!finished);
        if s.call != want {
            return Err(E::Call {
                call: s.call,
                constructed,
                want,
            }
            .into());
        }
        st.call = s.call;
        let passed_given = s
            .passed
            .iter()
            .enumerate()
            .fold(0u8, |m, (p, &x)| m | (u8::from(x) << p));
        let to_act = match (finished, s.to_act) {
            (true, None) if s.bids.is_empty() && passed_given == 0 => {
                st.over = true;
                st.to_act = 0;
                None
            }
            (false, Some(p)) if p < n => Some(p),
            _ => return Err(E::TurnOrder(T::ToAct).into()),
        };
        if let Some(p) = to_act {
            // I9: bids name seats; at most 13 in a call.
            for (index, b) in s.bids.iter().enumerate() {
                if b.player >= n || index >= 13 {
                    return Err(E::BidSeat {
                        index,
                        player: b.player,
                    }
                    .into());
                }
            }
            // I13: the opener of a later call won the call before (R-16).
            let opener = s.bids.first().map_or(p, |b| b.player);
            if st.call > 1 && st.owned[opener as usize] == 0 {
                return Err(E::Opener(opener, st.call).into());
            }
            // I9, I10: replay the call from its opener; seats between two
            // bids (and up to the seat to act) must have passed.
            st.to_act = opener;
            let call = st.call;
            let pass_until = |st: &mut State, seat: Seat, fail: T| -> Result<(), Error> {
                while st.to_act != seat {
                    if st.bid_count == 0 {
                        return Err(E::TurnOrder(T::PassBeforeOpening).into());
                    }
                    if passed_given & (1 << st.to_act) == 0 {
                        return Err(E::TurnOrder(fail).into());
                    }
                    st.play_in_place(Action::Pass)
                        .map_err(|_| E::TurnOrder(fail))?;
                    if st.call != call || st.over {
                        return Err(E::TurnOrder(fail).into());
                    }
                }
                Ok(())
            };
            for (index, b) in s.bids.iter().enumerate() {
                pass_until(&mut st, b.player, T::Bid(index))?;
                let bid = Action::bid(b.neighborhood, b.building);
                st.check(bid)
                    .map_err(|error| E::IllegalBid { index, error })?;
                st.play_in_place(bid)
                    .map_err(|error| E::IllegalBid { index, error })?;
                if st.call != call || st.over {
                    return Err(E::TurnOrder(T::Bid(index + 1)).into());
                }
            }
            pass_until(&mut st, p, T::ToActUnreachable(p))?;
            if st.bid_count == 0 && passed_given != 0 {
                return Err(E::TurnOrder(T::PassBeforeOpening).into());
            }
            if st.passed != passed_given {
                return Err(E::TurnOrder(T::Passed).into());
            }
        }
        // I14: derived fields.
        if s.supply
            .iter()
            .enumerate()
            .any(|(p, v)| *v != st.supply(p as u8))
        {
            return Err(E::Derived("supply").into());
        }
        if s.objective_counts != st.snapshot().objective_counts {
            return Err(E::Derived("objective_counts").into());
        }
        Ok(st)
    }
}

/// The first seat whose taken tokens cannot be assigned to neighborhoods it
/// constructed, when `taken[p]` tokens must come from seat `p`'s
/// neighborhoods (at most `capacity[p][d]` in district `d`) and district `d`
/// lost exactly `missing[d]`: a small bipartite flow (I7).
fn unmatched_seat(taken: &[u8], capacity: &[[u8; 5]], missing: [u8; 5]) -> Option<Seat> {
    // Units of flow, one augmenting path at a time (at most 27 units).
    let mut flow = vec![[0u8; 5]; taken.len()];
    let mut sent = vec![0u8; taken.len()];
    let mut received = [0u8; 5];
    loop {
        // Breadth-first search over seats and districts from any seat with
        // tokens left to place.
        let (ns, nd) = (taken.len(), 5);
        let mut prev_seat: Vec<Option<usize>> = vec![None; nd]; // district <- seat
        let mut prev_district: Vec<Option<usize>> = vec![None; ns]; // seat <- district
        let mut seen_seat = vec![false; ns];
        let mut queue: Vec<usize> = (0..ns).filter(|&p| sent[p] < taken[p]).collect();
        for &p in &queue {
            seen_seat[p] = true;
        }
        let mut end = None;
        let mut i = 0;
        while i < queue.len() && end.is_none() {
            let p = queue[i];
            i += 1;
            for d in 0..nd {
                if prev_seat[d].is_some() || flow[p][d] >= capacity[p][d] {
                    continue;
                }
                prev_seat[d] = Some(p);
                if received[d] < missing[d] {
                    end = Some(d);
                    break;
                }
                // Push back along an existing unit into district d.
                for q in 0..ns {
                    if !seen_seat[q] && flow[q][d] > 0 {
                        seen_seat[q] = true;
                        prev_district[q] = Some(d);
                        queue.push(q);
                    }
                }
            }
        }
        let Some(mut d) = end else { break };
        received[d] += 1;
        loop {
            let p = prev_seat[d].unwrap_or(0);
            flow[p][d] += 1;
            match prev_district[p] {
                Some(back) => {
                    flow[p][back] -= 1;
                    d = back;
                }
                None => {
                    sent[p] += 1;
                    break;
                }
            }
        }
    }
    (0..taken.len())
        .find(|&p| sent[p] < taken[p])
        .map(|p| p as Seat)
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

/// The number of set bits of a mask with few of them (the neighborhoods next
/// to the last bid): one step per bit, cheaper than a portable population
/// count for a handful of bits.
#[inline]
fn count_sparse(mut mask: u64) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
}

/// The `n`-th (from 0) set bit of `mask`, which has more than `n` set bits
/// and few of them (the neighborhoods next to the last bid): its lowest
/// bits cleared one by one.
#[inline]
fn select(mut mask: u64, n: u32) -> u8 {
    for _ in 0..n {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as u8
}

/// Per-seat words: seat `q`'s building bits in bits `16q..16q + 16`.
const LANE_ONES: u64 = 0x0001_0001_0001_0001;
/// The top bit of every seat's 16-bit lane.
const LANE_TOPS: u64 = 0x8000 * LANE_ONES;

/// `HIGHER_LANES[b]`: the building numbers above `b`, in every seat's lane
/// (indexed by any byte, so that no bound is checked).
const HIGHER_LANES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 14 {
        let higher = ALL_BUILDINGS as u32 & !((2u32 << b) - 1);
        t[b] = higher as u64 * LANE_ONES;
        b += 1;
    }
    t
};

/// The `n`-th (from 0) set bit of a building mask with more than `n` set
/// bits: two byte-table look-ups.
#[inline]
fn nth_building(mask: u16, n: u32) -> u8 {
    let low = usize::from(mask & 0xFF);
    let in_low = u32::from(BYTE_POP[low]);
    if n < in_low {
        BYTE_SELECT[(low << 3) | (n & 7) as usize]
    } else {
        8 + BYTE_SELECT[(usize::from(mask >> 8) << 3) | ((n - in_low) & 7) as usize]
    }
}

/// One in every byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// `BYTES_AFTER[id]`: one in every byte of a 64-bit mask above the byte of
/// bit `id` (what removing bit `id` takes from [`byte_prefix`]).
const BYTES_AFTER: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut id = 0;
    while id < 56 {
        t[id] = BYTE_ONES << (8 * (id / 8 + 1));
        id += 1;
    }
    t
};

/// Byte `j` of the result: the number of set bits of `mask` in its bytes
/// below byte `j` (at most 56, so every byte stays below 128).
fn byte_prefix(mask: u64) -> u64 {
    let mut prefix = 0u64;
    let mut before = 0u64;
    for j in 0..8 {
        prefix |= before << (8 * j);
        before += u64::from(BYTE_POP[((mask >> (8 * j)) & 0xFF) as usize]);
    }
    prefix
}

/// The `n`-th (from 0) set bit of `mask` (which has more than `n` set bits
/// and at most 56), given its [`byte_prefix`]: the byte holding it is the
/// last whose prefix is at most `n`, found for all bytes at once, then one
/// table look-up.
#[inline]
fn select_with_prefix(mask: u64, prefix: u64, n: u32) -> u8 {
    // Bit 7 of byte j: prefix_j <= n (no byte borrows: both are below 128).
    let at_most = ((0x80 + u64::from(n)) * BYTE_ONES - prefix) & (0x80 * BYTE_ONES);
    let bytes = (at_most >> 7).wrapping_mul(BYTE_ONES) >> 56;
    let shift = (8 * (bytes.wrapping_sub(1) & 7)) as u32;
    let byte = ((mask >> shift) & 0xFF) as usize;
    let rank = (u64::from(n).wrapping_sub((prefix >> shift) & 0xFF) & 7) as usize;
    shift as u8 + BYTE_SELECT[(byte << 3) | rank]
}

/// Hands the turn on after seat `p` acted, with `last` the last bid (R-8,
/// R-11, R-12): the next seat to act, the free neighborhoods next to the
/// last bid and its building numbers above it; `None` when the call ends.
///
/// `avail` holds every seat's building numbers in hand, one 16-bit lane
/// each; `active` the lane tops of the seats that have not passed. The
/// seats holding a number above the last bid are found with one mask and
/// one add, and the first of them clockwise with one rotation, the last
/// bidder's lane set as the stop. Seats skipped over are the seats forced
/// to pass (R-11); they need no mark, since a seat that cannot outbid never
/// can again in the same call (the last building only grows and its own
/// numbers do not change).
#[inline(always)]
fn hand_on(free: u64, avail: u64, active: u64, last: Bid, p: Seat) -> Option<(Seat, u64, u16)> {
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
fn hand_on_with_room(
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
    /// [`play_random`] in place: the draws of [`State::random_action`] and
    /// the transitions of [`State::play_in_place`], with the call's bids,
    /// passes and every seat's building numbers kept in registers (the
    /// turn handed on by [`hand_on`]), and the opening bid of each call
    /// drawn apart from the bids and passes that follow it.
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
        // The current call: free neighborhoods, numbers in hand, seats
        // that have not passed (lane tops), the last bid, and the options of
        // the seat to act once a bid stands (where, with what).
        let mut free = open & !self.bid_mask;
        let mut avail = unbuilt;
        let mut active = LANE_TOPS;
        let mut p = self.to_act;
        let mut last = Bid::default();
        let mut nbs = 0u64;
        let mut spots = 0u32;
        let mut bs = 0u16;
        let mut opening = self.bid_count == 0;
        if !opening {
            last = self.bids[self.bid_count as usize - 1];
            for q in 0..self.players as usize {
                avail &= !(u64::from(self.bidding[q]) << (16 * q));
                if self.passed & (1 << q) != 0 {
                    active &= !(0x8000 << (16 * q));
                }
            }
            nbs = free & ADJACENT[last.neighborhood as usize];
            spots = count_sparse(nbs);
            bs = (avail >> (16 * u32::from(p))) as u16
                & HIGHER_LANES[usize::from(last.building)] as u16;
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
                    // The opening bid (no pass): action `k` of the
                    // enumeration order, by neighborhood then building.
                    let hand = (avail >> (16 * u32::from(p))) as u16;
                    let per_neighborhood = count_buildings(hand);
                    let count = open_count * per_neighborhood;
                    if count == 0 {
                        self.to_act = p;
                        break 'game;
                    }
                    let k = r.below(u64::from(count)) as u32;
                    let nb = select_with_prefix(open, open_prefix, k / per_neighborhood);
                    let b = nth_building(hand, k % per_neighborhood);
                    free = open & !(1u64 << nb);
                    avail &= !(1u64 << (16 * u32::from(p) + u32::from(b)));
                    last = Bid {
                        player: p,
                        neighborhood: nb,
                        building: b,
                    };
                    match hand_on(free, avail, active, last, p) {
                        Some((q, room, higher)) => {
                            (p, nbs, bs) = (q, room, higher);
                            spots = count_sparse(room);
                        }
                        None => break 'call,
                    }
                }
                // A bid stands: the bids next to it, then the pass. `nbs`
                // (and so `spots`) changes only with a new bid.
                loop {
                    let per_neighborhood = count_buildings(bs);
                    let bids = spots * per_neighborhood;
                    let k = r.below(u64::from(bids + 1)) as u32;
                    if k >= bids {
                        active &= !(0x8000 << (16 * u32::from(p)));
                        match hand_on_with_room(nbs, avail, active, last, p) {
                            Some((q, higher)) => (p, bs) = (q, higher),
                            None => break 'call,
                        }
                    } else {
                        let nb = select(nbs, k / per_neighborhood);
                        let b = nth_building(bs, k % per_neighborhood);
                        free &= !(1u64 << nb);
                        avail &= !(1u64 << (16 * u32::from(p) + u32::from(b)));
                        last = Bid {
                            player: p,
                            neighborhood: nb,
                            building: b,
                        };
                        match hand_on(free, avail, active, last, p) {
                            Some((q, room, higher)) => {
                                (p, nbs, bs) = (q, room, higher);
                                spots = count_sparse(room);
                            }
                            None => break 'call,
                        }
                    }
                }
            }
            // The call ends: construction, token, cards (R-13 … R-17).
            let (w, nb, b) = (last.player, last.neighborhood, last.building);
            // (`occupied` and `built` are written once at the end, from
            // `open` and `unbuilt`.)
            let bit = 1u64 << nb;
            open &= !bit;
            self.owned[w as usize] |= bit;
            self.number_at[nb as usize] = b;
            unbuilt &= !(1u64 << (16 * u32::from(w) + u32::from(b)));
            if (self.tokens[0] | self.tokens[1] | self.tokens[2]) & bit != 0 {
                self.take_token(w, nb, &mut ());
            }
            if (unbuilt >> (16 * u32::from(w))) as u16 == 0 {
                self.over = true;
                self.to_act = 0;
                break;
            }
            // R-16: the winner opens the next call, anywhere free.
            self.call += 1;
            open_count -= 1;
            open_prefix -= BYTES_AFTER[usize::from(nb & 63)];
            avail = unbuilt;
            active = LANE_TOPS;
            opening = true;
            p = w;
        }
        // Buildings stand only in play.
        self.occupied = self.in_play & !open;
        for q in 0..self.players as usize {
            self.built[q] = ALL_BUILDINGS & !((unbuilt >> (16 * q)) as u16);
        }
        *rng = r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Kind;

    /// Every position of a few seeded random games of every kind.
    fn positions() -> Vec<State> {
        let mut out = Vec::new();
        for players in 2..=4u8 {
            for &variant in Variant::ALL {
                for seed in 0..6u64 {
                    let mut s = State::new(&Config::new(players, variant, seed)).unwrap();
                    let mut rng = SplitMix64::new(seed);
                    out.push(s);
                    while let Some(a) = s.random_action(&mut rng) {
                        s = s.play(a).unwrap();
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn play_random_plays_the_games_of_random_action_and_play() {
        // From every position (new calls, calls under way, finished games)
        // and two generators each: the one-pass playout draws the same
        // actions and reaches the same end as the step-by-step loop
        // (R-8, R-11, R-12).
        for (i, start) in positions().into_iter().enumerate() {
            for seed in [i as u64, u64::MAX - i as u64] {
                let mut rng = SplitMix64::new(seed);
                let mut step = start;
                while let Some(a) = step.random_action(&mut rng) {
                    step.play_in_place(a).unwrap();
                }
                let mut fast_rng = SplitMix64::new(seed);
                let fast = play_random(start, &mut fast_rng);
                assert_eq!(fast, step, "position {i}, seed {seed}");
                assert_eq!(fast_rng.next_u64(), rng.next_u64(), "position {i}");
            }
        }
    }

    #[test]
    fn select_with_prefix_agrees_with_the_plain_definition() {
        let mut rng = SplitMix64::new(5);
        for i in 0..3000u64 {
            let full = (1u64 << 56) - 1;
            let mut mask = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64(),
                _ => rng.next_u64() & rng.next_u64(),
            } & full;
            if i % 5 == 0 {
                mask = full;
            }
            let mut prefix = byte_prefix(mask);
            // Removing bits keeps the prefix up to date.
            let bits: Vec<u8> = BitIter(mask).collect();
            for &gone in bits.iter().filter(|&&b| b % 3 == (i % 3) as u8) {
                mask &= !(1u64 << gone);
                prefix -= BYTES_AFTER[gone as usize];
            }
            assert_eq!(prefix, byte_prefix(mask));
            for (n, bit) in BitIter(mask).enumerate() {
                assert_eq!(
                    select_with_prefix(mask, prefix, n as u32),
                    bit,
                    "{mask:#x} {n}"
                );
            }
        }
    }

    #[test]
    fn count_sparse_and_select_agree_with_the_plain_definitions() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..2000 {
            let mask = rng.next_u64() & rng.next_u64() & rng.next_u64();
            assert_eq!(count_sparse(mask), mask.count_ones());
            let bits: Vec<u8> = BitIter(mask).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(select(mask, n as u32), bit, "{mask:#x} {n}");
            }
        }
    }

    #[test]
    fn nth_bit_and_count_buildings_agree_with_the_plain_definitions() {
        let mut rng = SplitMix64::new(3);
        for i in 0..2000u64 {
            let mask = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                _ => 1u64 << (i % 64),
            };
            let bits: Vec<u8> = (0..64).filter(|&b| mask & (1u64 << b) != 0).collect();
            for (n, &b) in bits.iter().enumerate() {
                assert_eq!(nth_bit(mask, n as u32), b, "{mask:#x} {n}");
            }
            assert_eq!(nth_bit(mask, bits.len() as u32), 64);
            let m16 = mask as u16;
            assert_eq!(count_buildings(m16), m16.count_ones());
            let bits16: Vec<u8> = bits.iter().copied().filter(|&b| b < 16).collect();
            for (n, &b) in bits16.iter().enumerate() {
                assert_eq!(nth_building(m16, n as u32), b, "{m16:#x} {n}");
            }
        }
    }

    #[test]
    fn the_bit_test_agrees_with_the_rule_by_rule_check() {
        // Every id of the action space, then bids that name no neighborhood
        // or no building.
        let mut actions: Vec<Action> = (0..Action::COUNT as u16)
            .map(|id| Action::from_id(id).unwrap())
            .collect();
        for nb in [55, 63, 64, 200, 255] {
            actions.push(Action::bid(nb, 3));
        }
        for b in [0, 14, 16, 255] {
            actions.push(Action::bid(12, b));
        }
        for s in positions() {
            for &a in &actions {
                assert_eq!(
                    s.is_legal(a),
                    s.explain(a).is_ok(),
                    "{a} in {}",
                    s.to_json()
                );
                assert_eq!(s.check(a), s.explain(a), "{a} in {}", s.to_json());
            }
        }
    }

    #[test]
    fn play_in_place_matches_play_and_leaves_the_state_alone_when_illegal() {
        for s in positions().into_iter().step_by(7) {
            let mut t = s;
            match s.play(Action::Pass) {
                Ok(next) => {
                    t.play_in_place(Action::Pass).unwrap();
                    assert_eq!(t, next);
                }
                Err(e) => {
                    assert_eq!(t.play_in_place(Action::Pass), Err(e));
                    assert_eq!(t, s);
                }
            }
        }
    }

    #[test]
    fn setup_without_allocation_equals_setup_through_resolve() {
        let deck = vec![
            [Kind::Park, Kind::Mall, Kind::Housing],
            [Kind::Industry, Kind::Mall, Kind::Administration],
            [Kind::Park, Kind::Industry, Kind::Housing],
            [Kind::Administration, Kind::Park, Kind::Housing],
        ];
        for players in 2..=4u8 {
            for &variant in Variant::ALL {
                for seed in [0, 1, 2, 42, 2008, u64::MAX] {
                    let mut configs = vec![Config::new(players, variant, seed)];
                    let mut c = Config::new(players, variant, seed);
                    c.metropolys_deck = Some(deck.clone());
                    configs.push(c);
                    let mut c = Config::new(players, variant, seed);
                    c.metropolys_cards = Some(deck[..players as usize].to_vec());
                    c.start_player = players - 1;
                    configs.push(c);
                    for c in configs {
                        let direct = State::new(&c).unwrap();
                        let setup = c.resolve().unwrap();
                        assert_eq!(direct, State::from_setup(&setup).unwrap(), "{c:?}");
                        assert_eq!(c.resolved().unwrap().resolve().unwrap(), setup);
                    }
                }
            }
        }
    }
}
