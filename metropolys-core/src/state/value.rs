//! The [`State`] struct: setup (R-1 … R-6) and every query of a position.
//! Its fields are visible to the other parts of `state` (legality,
//! transitions, the playout, snapshots, validation, secrets) and to nothing
//! else.

use crate::action::{Bid, Event};
use crate::bits::{BitIter, NeighborhoodSet};
use crate::board::{self, ADJACENT};
use crate::config::{Config, Setup, NO_CARD};
use crate::error::ConfigError;
use crate::scoring::{self, Holdings};
use crate::sheet::{ScoreSheet, Totals};
use crate::types::{
    BuildingNumber, Card, District, MetropolysCard, NeighborhoodId, Objective, Seat, Token,
    Variant, ALL_BUILDINGS, MAX_PLAYERS, NEIGHBORHOOD_COUNT,
};

/// The value of a card holder slot when nobody holds the card.
pub(super) const NO_SEAT: u8 = u8::MAX;

/// The whole state of a game: a small `Copy` value (a few hundred bytes).
///
/// ```
/// use metropolys_core::{Action, Config, State, Variant};
/// let s0 = State::new(&Config::new(2, Variant::Family, 1)).unwrap();
/// let first = s0.legal_actions()[0];
/// let (s1, events) = s0.apply(first).unwrap();
/// assert_ne!(s0, s1); // s0 is unchanged
/// assert!(!events.is_empty());
/// assert_eq!(s0.apply(Action::Pass).unwrap_err().rule(), [metropolys_core::Rule::R7]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub(super) players: u8,
    pub(super) variant: Variant,
    pub(super) metropolys: bool,
    pub(super) over: bool,
    pub(super) to_act: u8,
    pub(super) passed: u8,
    pub(super) bid_count: u8,
    pub(super) subway_card: u8,
    pub(super) archaeology_card: u8,
    pub(super) call: u16,
    pub(super) in_play: u64,
    /// Tokens still lying on the board, by [`Token::index`].
    pub(super) tokens: [u64; 3],
    /// Neighborhoods holding a constructed building.
    pub(super) occupied: u64,
    /// Neighborhoods holding a bid of the current call.
    pub(super) bid_mask: u64,
    /// Constructed neighborhoods per seat.
    pub(super) owned: [u64; MAX_PLAYERS],
    /// Constructed building numbers per seat (bit `b`).
    pub(super) built: [u16; MAX_PLAYERS],
    /// Building numbers standing as bids per seat (bit `b`).
    pub(super) bidding: [u16; MAX_PLAYERS],
    /// Tokens taken per seat, by [`Token::index`].
    pub(super) taken: [[u8; 3]; MAX_PLAYERS],
    /// The number of the building constructed on each neighborhood (0: none).
    pub(super) number_at: [u8; NEIGHBORHOOD_COUNT],
    pub(super) bids: [Bid; 13],
    pub(super) objectives: [Objective; MAX_PLAYERS],
    pub(super) cards: [MetropolysCard; MAX_PLAYERS],
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
    pub(super) fn start(
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
    /// [`State::view_snapshot`] to show a player what they may see).
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
        scoring::score(&self.holdings())
    }

    /// Every seat's total and constructed count and the winners (R-20),
    /// without the groups of the score sheets and without allocating: the
    /// fast form of [`State::scores`] for playouts.
    #[inline]
    pub fn totals(&self) -> Totals {
        scoring::totals(&self.holdings())
    }

    /// The winners (R-20), computed from the current position (by
    /// [`State::totals`], without building score sheets).
    pub fn winners(&self) -> Vec<Seat> {
        self.totals().winners()
    }

    // ----- what the other parts read --------------------------------------

    /// What scoring reads of this position (§4, §5, §9): every seat's
    /// buildings, tokens taken, special cards and secret cards.
    #[inline]
    pub fn holdings(&self) -> Holdings<'_> {
        Holdings {
            variant: self.variant,
            players: self.players,
            metropolys: self.metropolys,
            owned: &self.owned,
            number_at: &self.number_at,
            taken: &self.taken,
            subway_card: self.card_holder(Card::Subway),
            archaeology_card: self.card_holder(Card::Archaeology),
            objectives: &self.objectives,
            cards: &self.cards,
        }
    }

    /// The building numbers of `seat` it may still place (bits 1..=13).
    #[inline]
    pub(super) fn available(&self, seat: Seat) -> u16 {
        ALL_BUILDINGS & !self.built[seat as usize] & !self.bidding[seat as usize]
    }

    /// Where and with what `seat` may bid now: (neighborhoods, building bits).
    #[inline]
    pub(super) fn bid_options(&self, seat: Seat) -> (u64, u16) {
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
}
