//! The secrets of a state (R-5, R-21): erasing what a seat may not see, and
//! putting chosen secrets in their place (for search over what the opponents
//! may hold).

use super::value::State;
use crate::config::{self, NO_CARD, NO_OBJECTIVE};
use crate::error::ConfigError;
use crate::types::{MetropolysCard, Objective, Seat, MAX_PLAYERS};

impl State {
    /// The same position with every secret `seat` may not see (R-21) replaced
    /// by a fixed placeholder: the other seats' objectives and Metropolys
    /// cards. Two states that differ only in those secrets give equal
    /// results, so whatever is computed from the result cannot depend on
    /// them. Once the game is over nothing is secret and the state is
    /// returned unchanged. For a seat not in the game every secret is erased.
    ///
    /// The result is a position for the board, the bids, the supplies and
    /// the legal actions; the other seats' objectives, cards and score
    /// sheets in it are placeholders, not a deal. [`State::with_secrets`]
    /// puts a deal back.
    ///
    /// ```
    /// use metropolys_core::{Config, State, Variant};
    /// let a = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
    /// let mut config = Config::new(3, Variant::Expert, 1);
    /// let mut deal = a.objectives();
    /// deal.swap(1, 2); // seats 1 and 2 hold each other's cards
    /// config.objectives = Some(deal);
    /// let b = State::new(&config).unwrap();
    /// assert_ne!(a, b);
    /// assert_eq!(a.redacted(0), b.redacted(0)); // seat 0 cannot tell them apart
    /// assert_ne!(a.redacted(1), b.redacted(1));
    /// ```
    pub fn redacted(&self, seat: Seat) -> State {
        let hidden = (0..MAX_PLAYERS)
            .filter(|&p| !self.shows_secrets(Some(seat), p as Seat))
            .fold(0u8, |m, p| m | 1 << p);
        self.erased(hidden)
    }

    /// The same position with the objectives and Metropolys cards of the
    /// seats in `hidden` (bit per seat) replaced by the placeholders of
    /// [`State::redacted`].
    pub(crate) fn erased(&self, hidden: u8) -> State {
        let mut s = *self;
        for p in (0..MAX_PLAYERS).filter(|&p| hidden & (1 << p) != 0) {
            s.objectives[p] = NO_OBJECTIVE;
            s.cards[p] = NO_CARD;
        }
        s
    }

    /// Whether `viewer` may see the objectives and Metropolys card of
    /// `seat` (R-21): a seat sees its own, and every card is shown once the
    /// game is over. `None` is the whole state, which shows everything.
    /// The one place this rule is written: views, redaction and the tensors
    /// ask it.
    ///
    /// ```
    /// use metropolys_core::{Config, State, Variant};
    /// let s = State::new(&Config::new(3, Variant::Expert, 1)).unwrap();
    /// assert!(s.shows_secrets(Some(1), 1));
    /// assert!(!s.shows_secrets(Some(1), 2));
    /// assert!(s.shows_secrets(None, 2));
    /// ```
    #[inline]
    pub fn shows_secrets(&self, viewer: Option<Seat>, seat: Seat) -> bool {
        match viewer {
            None => true,
            Some(v) => self.over || v == seat,
        }
    }

    /// Every seat's objective, in seat order (secret: see [`Game::view`](crate::Game::view)).
    pub fn objectives(&self) -> Vec<Objective> {
        self.objectives[..self.players as usize].to_vec()
    }

    /// The same position with these objectives and Metropolys cards, one per
    /// seat, checked like a configuration's explicit deal (R-5, §9, R-22):
    /// areas and kinds from this game's decks, no card dealt twice, cards of
    /// three different kinds. `cards` must be given exactly when the
    /// Metropolys module is in play. On error nothing is built.
    ///
    /// ```
    /// use metropolys_core::{Area, Config, Objective, State, Variant};
    /// let s = State::new(&Config::new(2, Variant::Family, 3)).unwrap();
    /// let deal = [Objective { neighborhood: None, area: Area::Lakes },
    ///             Objective { neighborhood: None, area: Area::Bridges }];
    /// let t = s.with_secrets(&deal, None).unwrap();
    /// assert_eq!(t.objective(1), Some(deal[1]));
    /// // Border is not in the 2-player Family deck (R-5).
    /// let bad = [deal[0], Objective { neighborhood: None, area: Area::Border }];
    /// assert_eq!(s.with_secrets(&bad, None).unwrap_err().rule(), [metropolys_core::Rule::R5]);
    /// ```
    pub fn with_secrets(
        &self,
        objectives: &[Objective],
        cards: Option<&[MetropolysCard]>,
    ) -> Result<State, ConfigError> {
        let n = self.players;
        config::validate_objectives(n, self.variant, self.metropolys, objectives)?;
        let mut s = *self;
        s.objectives[..objectives.len()].copy_from_slice(objectives);
        match (self.metropolys, cards) {
            (true, Some(c)) => {
                if c.len() != n as usize {
                    return Err(ConfigError::MetropolysCards(format!(
                        "one Metropolys card per seat: {} cards for {n} players",
                        c.len()
                    )));
                }
                config::validate_cards(c)?;
                s.cards[..c.len()].copy_from_slice(c);
            }
            (true, None) => {
                return Err(ConfigError::MetropolysCards(
                    "this game plays with Metropolys cards: give one per seat".into(),
                ))
            }
            (false, Some(_)) => {
                return Err(ConfigError::MetropolysCards(
                    "this game plays without Metropolys cards".into(),
                ))
            }
            (false, None) => {}
        }
        Ok(s)
    }
}
