//! [`SeatView`]: what one seat may know (R-21), and determinizations of it.

use crate::BotError;
use metropolys_core::config::{area_cards, neighborhood_cards, same_metropolys_card};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{
    Action, Area, Config, Kind, MetropolysCard, Objective, Seat, State, MAX_PLAYERS,
};

/// The ten Metropolys cards that can exist: every set of three different
/// kinds (the order of the kinds on a card does not matter for scoring).
pub const ALL_METROPOLYS_CARDS: [MetropolysCard; 10] = {
    use Kind::*;
    [
        [Industry, Park, Housing],
        [Industry, Park, Mall],
        [Industry, Park, Administration],
        [Industry, Housing, Mall],
        [Industry, Housing, Administration],
        [Industry, Mall, Administration],
        [Park, Housing, Mall],
        [Park, Housing, Administration],
        [Park, Mall, Administration],
        [Housing, Mall, Administration],
    ]
};

/// What one seat may know (R-21): the whole board, supplies, tokens, cards
/// and bids, its own objective (and Metropolys card), and for every other
/// seat nothing secret.
///
/// A `SeatView` is built only from a [`State`] and a seat, and its
/// constructor erases the other seats' objectives and Metropolys cards
/// ([`State::redacted`]) before keeping anything. Two states that differ
/// only in the opponents' secrets therefore give equal views, and a
/// [`Bot`](crate::Bot), which receives nothing but a view, cannot play
/// differently in them: the information rule holds by construction.
///
/// ```
/// use metropolys_bots::SeatView;
/// use metropolys_core::{Config, State, Variant};
/// let state = State::new(&Config::new(3, Variant::Expert, 7)).unwrap();
/// let view = SeatView::to_act(&state).unwrap();
/// assert_eq!(view.seat(), 0);
/// assert_eq!(view.objective(), state.objective(0).unwrap());
/// assert_eq!(view.legal_actions(), state.legal_actions());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    seat: Seat,
    /// The position with the other seats' secrets erased.
    position: State,
    /// Area cards the other seats may hold: the area deck minus the seat's own.
    areas: [Area; 5],
    area_count: u8,
    /// Neighborhood cards the other seats may hold (Expert without
    /// Metropolys cards): the five kinds minus the seat's own.
    kinds: [Kind; 5],
    kind_count: u8,
    /// The Metropolys deck minus the seat's own card, when the deck is known.
    deck: Option<([MetropolysCard; 4], u8)>,
    /// The whole Metropolys deck, as given, when it is known.
    full_deck: Option<[MetropolysCard; 4]>,
}

impl SeatView {
    /// The view of `seat`.
    pub fn new(state: &State, seat: Seat) -> Result<SeatView, BotError> {
        if seat >= state.players() {
            return Err(BotError::NoSuchSeat {
                seat,
                players: state.players(),
            });
        }
        let position = state.redacted(seat);
        let own = position.objective(seat).unwrap_or(Objective {
            neighborhood: None,
            area: Area::Bridges,
        });
        let mut areas = [Area::Bridges; 5];
        let mut area_count = 0u8;
        for a in area_cards(
            position.players(),
            position.variant(),
            position.uses_metropolys_cards(),
        ) {
            if a != own.area {
                areas[area_count as usize] = a;
                area_count += 1;
            }
        }
        let mut kinds = [Kind::Industry; 5];
        let mut kind_count = 0u8;
        for &k in neighborhood_cards(position.variant(), position.uses_metropolys_cards()) {
            if Some(k) != own.neighborhood {
                kinds[kind_count as usize] = k;
                kind_count += 1;
            }
        }
        Ok(SeatView {
            seat,
            position,
            areas,
            area_count,
            kinds,
            kind_count,
            deck: None,
            full_deck: None,
        })
    }

    /// The view of `seat` in a game set up from `config`: as
    /// [`SeatView::new`], knowing the configuration's Metropolys deck when it
    /// has one ([`SeatView::with_metropolys_deck`]). What front ends that
    /// keep the configuration beside the state (a `Game`, a `History`) use.
    pub fn with_config(state: &State, seat: Seat, config: &Config) -> Result<SeatView, BotError> {
        SeatView::with_deck(state, seat, config.metropolys_deck.as_deref())
    }

    /// The view of `seat`, knowing the Metropolys deck when `deck` gives
    /// it and the game plays with Metropolys cards
    /// ([`SeatView::with_metropolys_deck`]): what a `Game` knows
    /// ([`Game::metropolys_deck`](metropolys_core::Game::metropolys_deck)),
    /// also when it is a seat's view.
    pub fn with_deck(
        state: &State,
        seat: Seat,
        deck: Option<&[MetropolysCard]>,
    ) -> Result<SeatView, BotError> {
        let view = SeatView::new(state, seat)?;
        match deck {
            Some(deck) if state.uses_metropolys_cards() => view.with_metropolys_deck(deck),
            _ => Ok(view),
        }
    }

    /// The view of the seat to act; [`BotError::GameOver`] once the game is
    /// over.
    pub fn to_act(state: &State) -> Result<SeatView, BotError> {
        let seat = state.to_act().ok_or(BotError::GameOver)?;
        SeatView::new(state, seat)
    }

    /// The same view, knowing that the Metropolys cards were dealt from
    /// `deck` (the configuration's `metropolys_deck`, R-22): the other
    /// seats' cards are then sampled from the deck minus the seat's own
    /// card. Without a known deck each other seat's card is sampled from the
    /// ten possible cards ([`ALL_METROPOLYS_CARDS`]) independently. An error
    /// when the game has no Metropolys cards, the deck is not four cards of
    /// three different kinds, or the seat's own card is not in it.
    pub fn with_metropolys_deck(mut self, deck: &[MetropolysCard]) -> Result<SeatView, BotError> {
        let bad = |m: String| Err(BotError::Deck(m));
        let Some(own) = self.position.metropolys_card(self.seat) else {
            return bad("this game plays without Metropolys cards".into());
        };
        if let Err(e) = metropolys_core::config::check_deck(deck) {
            return bad(e.to_string());
        }
        let Some(mine) = deck.iter().position(|c| same_metropolys_card(c, &own)) else {
            return bad(format!(
                "seat {} holds {}, {}, {}, which is not in the deck",
                self.seat, own[0], own[1], own[2]
            ));
        };
        let mut rest = [own; 4];
        let mut len = 0u8;
        for (i, c) in deck.iter().enumerate() {
            if i != mine {
                rest[len as usize] = *c;
                len += 1;
            }
        }
        self.deck = Some((rest, len));
        self.full_deck = <[MetropolysCard; 4]>::try_from(deck).ok();
        Ok(self)
    }

    /// The Metropolys deck this view knows (R-22), as given to
    /// [`SeatView::with_metropolys_deck`]; `None` when it does not know one.
    pub fn metropolys_deck(&self) -> Option<&[MetropolysCard]> {
        self.full_deck.as_ref().map(|d| &d[..])
    }

    /// The seat whose view this is.
    #[inline]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The position as this seat sees it: board, bids, supplies, tokens,
    /// special cards and legal actions are exact; the other seats'
    /// objectives and Metropolys cards are placeholders (so are their score
    /// sheets). [`SeatView::determinize`] fills them with a possible deal.
    #[inline]
    pub fn position(&self) -> &State {
        &self.position
    }

    /// Whether this seat is to act.
    #[inline]
    pub fn is_to_act(&self) -> bool {
        self.position.to_act() == Some(self.seat)
    }

    /// The seat's own objective.
    pub fn objective(&self) -> Objective {
        self.position.objective(self.seat).unwrap_or(Objective {
            neighborhood: None,
            area: Area::Bridges,
        })
    }

    /// The seat's own Metropolys card, when the module is in play.
    pub fn metropolys_card(&self) -> Option<MetropolysCard> {
        self.position.metropolys_card(self.seat)
    }

    /// The legal actions of the seat to act (empty when the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.position.legal_actions()
    }

    /// A whole state consistent with this view: the other seats' secrets
    /// drawn uniformly from what the seat cannot rule out.
    ///
    /// * Objectives (R-5): the area deck of the game minus the seat's own
    ///   area card is shuffled and dealt to the other seats in seat order;
    ///   in the Expert game without Metropolys cards the same for the five
    ///   neighborhood cards.
    /// * Metropolys cards (§9): with a known deck
    ///   ([`SeatView::with_metropolys_deck`]), the deck minus the seat's own
    ///   card is shuffled and dealt; otherwise (the configuration gave the
    ///   cards per seat, which may repeat) each other seat's card is drawn
    ///   independently among the ten possible cards.
    ///
    /// The seat's own secrets and the whole public position are kept. Once
    /// the game is over nothing is hidden and the position is returned.
    pub fn determinize(&self, rng: &mut SplitMix64) -> State {
        let p = &self.position;
        if p.is_over() {
            return *p;
        }
        let n = p.players() as usize;
        let own = self.objective();
        let mut areas = self.areas;
        let areas = &mut areas[..self.area_count as usize];
        rng.shuffle(areas);
        let mut kinds = self.kinds;
        let kinds = &mut kinds[..self.kind_count as usize];
        rng.shuffle(kinds);
        let mut objectives = [own; MAX_PLAYERS];
        let mut next = 0;
        for (s, o) in objectives.iter_mut().enumerate().take(n) {
            if s != self.seat as usize {
                *o = Objective {
                    neighborhood: kinds.get(next).copied(),
                    area: areas[next],
                };
                next += 1;
            }
        }
        let cards = self.metropolys_card().map(|own_card| {
            let mut cards = [own_card; MAX_PLAYERS];
            match self.deck {
                Some((mut rest, len)) => {
                    let rest = &mut rest[..len as usize];
                    rng.shuffle(rest);
                    let mut next = 0;
                    for (s, c) in cards.iter_mut().enumerate().take(n) {
                        if s != self.seat as usize {
                            *c = rest[next];
                            next += 1;
                        }
                    }
                }
                None => {
                    for (s, c) in cards.iter_mut().enumerate().take(n) {
                        if s != self.seat as usize {
                            *c = ALL_METROPOLYS_CARDS[rng.below(10) as usize];
                        }
                    }
                }
            }
            cards
        });
        self.deal(&objectives[..n], cards.as_ref().map(|c| &c[..n]))
    }
}

impl SeatView {
    /// The area cards the other seats may hold.
    pub(crate) fn hidden_areas(&self) -> &[Area] {
        &self.areas[..self.area_count as usize]
    }

    /// The neighborhood cards the other seats may hold (empty when the game
    /// has none).
    pub(crate) fn hidden_kinds(&self) -> &[Kind] {
        &self.kinds[..self.kind_count as usize]
    }

    /// The Metropolys deck minus the seat's own card, when it is known.
    pub(crate) fn deck_rest(&self) -> Option<&[MetropolysCard]> {
        self.deck.as_ref().map(|(rest, len)| &rest[..*len as usize])
    }

    /// The position with every seat's objective and Metropolys card as
    /// given (the seat's own must be its own): a determinization.
    pub(crate) fn deal(&self, objectives: &[Objective], cards: Option<&[MetropolysCard]>) -> State {
        let dealt = self.position.with_secrets(objectives, cards);
        debug_assert!(dealt.is_ok(), "{dealt:?}");
        dealt.unwrap_or(self.position)
    }
}
