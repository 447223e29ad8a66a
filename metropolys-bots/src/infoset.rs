//! [`InfoSet`]: what one seat may know (R-21), as the set of whole states
//! it cannot tell apart, and determinizations of it (samples of that set).

use crate::BotError;
use metropolys_core::config::{area_cards, neighborhood_cards, same_metropolys_card};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{
    Action, Area, Config, Kind, MetropolysCard, Objective, Seat, State, MAX_PLAYERS,
    METROPOLYS_CARDS,
};

/// What one seat may know (R-21): the whole board, supplies, tokens, cards
/// and bids, its own objective (and Metropolys card), and for every other
/// seat nothing secret.
///
/// A `InfoSet` is built only from a [`State`] and a seat, and its
/// constructor erases the other seats' objectives and Metropolys cards
/// ([`State::redacted`]) before keeping anything. Two states that differ
/// only in the opponents' secrets therefore give equal views, and a
/// [`Bot`](crate::Bot), which receives nothing but an information set, cannot play
/// differently in them: the information rule holds by construction.
///
/// ```
/// use metropolys_bots::InfoSet;
/// use metropolys_core::{Config, State, Variant};
/// let state = State::new(&Config::new(3, Variant::Expert, 7)).unwrap();
/// let view = InfoSet::to_act(&state).unwrap();
/// assert_eq!(view.seat(), 0);
/// assert_eq!(view.objective(), state.objective(0).unwrap());
/// assert_eq!(view.legal_actions(), state.legal_actions());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoSet {
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

impl InfoSet {
    /// The information set of `seat`.
    pub fn new(state: &State, seat: Seat) -> Result<InfoSet, BotError> {
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
        Ok(InfoSet {
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

    /// The information set of `seat` in a game set up from `config`: as
    /// [`InfoSet::new`], knowing the configuration's Metropolys deck when it
    /// has one ([`InfoSet::with_metropolys_deck`]). What front ends that
    /// keep the configuration beside the state (a `Game`, a `History`) use.
    pub fn with_config(state: &State, seat: Seat, config: &Config) -> Result<InfoSet, BotError> {
        InfoSet::with_deck(state, seat, config.metropolys_deck.as_deref())
    }

    /// The information set of `seat`, knowing the Metropolys deck when `deck` gives
    /// it and the game plays with Metropolys cards
    /// ([`InfoSet::with_metropolys_deck`]): what a `Game` knows
    /// ([`Game::metropolys_deck`](metropolys_core::Game::metropolys_deck)),
    /// also when it is a seat's view.
    pub fn with_deck(
        state: &State,
        seat: Seat,
        deck: Option<&[MetropolysCard]>,
    ) -> Result<InfoSet, BotError> {
        let view = InfoSet::new(state, seat)?;
        match deck {
            Some(deck) if state.uses_metropolys_cards() => view.with_metropolys_deck(deck),
            _ => Ok(view),
        }
    }

    /// The information set of the seat to act; [`BotError::GameOver`] once the game is
    /// over.
    pub fn to_act(state: &State) -> Result<InfoSet, BotError> {
        let seat = state.to_act().ok_or(BotError::GameOver)?;
        InfoSet::new(state, seat)
    }

    /// The same information set, knowing that the Metropolys cards were dealt from
    /// `deck` (the configuration's `metropolys_deck`, R-22): the other
    /// seats' cards are then sampled from the deck minus the seat's own
    /// card. Without a known deck each other seat's card is sampled from the
    /// ten possible cards ([`METROPOLYS_CARDS`]) independently. An error
    /// when the game has no Metropolys cards, the deck is not four cards of
    /// three different kinds, or the seat's own card is not in it.
    pub fn with_metropolys_deck(mut self, deck: &[MetropolysCard]) -> Result<InfoSet, BotError> {
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

    /// The Metropolys deck this information set knows (R-22), as given to
    /// [`InfoSet::with_metropolys_deck`]; `None` when it does not know one.
    pub fn metropolys_deck(&self) -> Option<&[MetropolysCard]> {
        self.full_deck.as_ref().map(|d| &d[..])
    }

    /// The seat whose information set this is.
    #[inline]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The position as this seat sees it: board, bids, supplies, tokens,
    /// special cards and legal actions are exact; the other seats'
    /// objectives and Metropolys cards are placeholders (so are their score
    /// sheets). [`InfoSet::determinize`] fills them with a possible deal.
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

    /// A whole state consistent with this information set (one of its
    /// members): the other seats' secrets
    /// drawn uniformly from what the seat cannot rule out.
    ///
    /// * Objectives (R-5): the area deck of the game minus the seat's own
    ///   area card is shuffled and dealt to the other seats in seat order;
    ///   in the Expert game without Metropolys cards the same for the five
    ///   neighborhood cards.
    /// * Metropolys cards (§9): with a known deck
    ///   ([`InfoSet::with_metropolys_deck`]), the deck minus the seat's own
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
                            *c = METROPOLYS_CARDS[rng.below(10) as usize];
                        }
                    }
                }
            }
            cards
        });
        self.deal(&objectives[..n], cards.as_ref().map(|c| &c[..n]))
    }
}

impl InfoSet {
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
