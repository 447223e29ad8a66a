//! How each seat stands, as far as a [`Game`] knows it (R-21): where a
//! seat's secret cards score ([`Game::where_cards_score`]) and every
//! seat's running score ([`Game::running_scores`]). A view knows its own
//! seat's cards, the public view none, until the game ends; what depends
//! on a card the game does not know is left unknown, never computed from
//! the erased placeholders of a view.

use crate::bits::NeighborhoodSet;
use crate::explain::{card_label, card_text, categories};
use crate::game::Game;
use crate::scoring::{score_known, where_scores};
use crate::sheet::{Basis, ScoreSheet};
use crate::types::{Seat, SecretCard};
use serde::Serialize;

/// Where one secret card of a seat scores: the card, its label, what it
/// scores in words ([`crate::explain`]) and the neighborhoods in play where
/// a building can count for it ([`where_scores`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct CardPlaces {
    /// The card.
    pub card: SecretCard,
    /// Its label: `"Bridges card"`, `"Park neighborhood card"`, …
    pub label: String,
    /// What it scores, in one line, with its points and ruling.
    pub text: String,
    /// The neighborhoods in play where a building can count for it.
    #[cfg_attr(feature = "typescript", tsify(type = "NeighborhoodId[]"))]
    pub neighborhoods: NeighborhoodSet,
}

/// One category of a running score: its name (of
/// [`ScoreSheet::CATEGORIES`]), its label, and its value as the position
/// stands, `None` when it depends on a card the game does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct CategoryValue {
    /// The category's name: `"trendy"`, `"area"`, …
    pub category: &'static str,
    /// Its label: `"Trendy tokens"`, `"Area card"`, …
    pub label: &'static str,
    /// Its points as the position stands, or `None` when unknown (R-21).
    pub value: Option<i32>,
}

/// One seat's score as the position stands, as far as the game knows it:
/// each category of points (tokens, special cards and highest buildings
/// are public; the area, neighborhood and Metropolys cards are known for
/// the seats whose cards the game knows, R-21), their known sum, and
/// whether that sum is the seat's whole total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct RunningScore {
    /// The seat.
    pub player: Seat,
    /// Every category of points, in sheet order (the categories of
    /// [`ScoreSheet::CATEGORY_INFO`] that are points).
    pub categories: Vec<CategoryValue>,
    /// The names of the categories whose value is unknown, in sheet order.
    pub unknown: Vec<&'static str>,
    /// The sum of the known categories.
    pub known_total: i32,
    /// Whether every category is known: then `known_total` is the seat's
    /// total.
    pub complete: bool,
    /// The buildings the seat has constructed (public; R-20's tie-break).
    pub constructed: u8,
}

impl Game {
    /// The secret cards of `seat` this game knows (R-21): its area card,
    /// its Expert neighborhood card, its Metropolys card. `None` for a
    /// seat not in the game or whose cards the game does not know.
    pub fn secret_cards(&self, seat: Seat) -> Option<Vec<SecretCard>> {
        self.knows_secrets(seat)
            .then(|| SecretCard::of(self.objective(seat), self.metropolys_card(seat)))
    }

    /// Where each secret card of `seat` scores (see [`CardPlaces`]), in
    /// the order of [`Game::secret_cards`]; `None` for a seat not in the
    /// game or whose cards the game does not know (R-21).
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Variant};
    /// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    /// let view = game.view(1).unwrap();
    /// let places = view.where_cards_score(1).unwrap();
    /// assert_eq!(places.len(), 2); // the area card and the neighborhood card
    /// assert!(places.iter().all(|p| !p.neighborhoods.is_empty()));
    /// assert!(view.where_cards_score(0).is_none()); // seat 0's cards are hidden
    /// ```
    pub fn where_cards_score(&self, seat: Seat) -> Option<Vec<CardPlaces>> {
        let state = self.state();
        let cards = self.secret_cards(seat)?;
        Some(
            cards
                .into_iter()
                .map(|card| CardPlaces {
                    card,
                    label: card_label(card),
                    text: card_text(state.variant(), card),
                    neighborhoods: where_scores(state.variant(), card, state.in_play()),
                })
                .collect(),
        )
    }

    /// Every seat's score as the position stands, as far as this game
    /// knows it (see [`RunningScore`]): a whole game knows every category;
    /// a seat's view the others' public categories and its own secret
    /// ones; the public view the public ones; and once the game is over a
    /// view that was given every card knows them all. The cards of a seat
    /// the game does not know are never read.
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Variant};
    /// let game = Game::new(Config::new(3, Variant::Expert, 5)).unwrap();
    /// let view = game.view(1).unwrap();
    /// let scores = view.running_scores();
    /// assert!(scores[1].complete && !scores[0].complete);
    /// assert_eq!(scores[0].unknown, ["area", "neighborhood"]); // no Metropolys cards
    /// assert_eq!(scores[0].known_total, 0);
    /// assert!(game.running_scores().iter().all(|s| s.complete));
    /// ```
    pub fn running_scores(&self) -> Vec<RunningScore> {
        let known = (0..self.state().players())
            .filter(|&p| self.knows_secrets(p))
            .fold(0u8, |m, p| m | 1 << p);
        let state = self.state();
        // The categories of the cards this game deals (an Expert
        // neighborhood card, a Metropolys card): the others are 0 for
        // every seat, and known.
        let dealt: Vec<&str> = categories(state.variant(), state.uses_metropolys_cards())
            .iter()
            .map(|c| c.name)
            .collect();
        score_known(&state.holdings(), known)
            .iter()
            .map(|sheet| running_score(sheet, self.knows_secrets(sheet.player), &dealt))
            .collect()
    }
}

/// The running score of a sheet scored with its secret cards when
/// `secrets`, else without them: then the categories of the cards dealt
/// (`dealt`) are unknown.
fn running_score(sheet: &ScoreSheet, secrets: bool, dealt: &[&str]) -> RunningScore {
    let values = sheet.values();
    let categories: Vec<CategoryValue> = ScoreSheet::CATEGORY_INFO
        .iter()
        .zip(values)
        .filter(|(info, _)| info.is_points())
        .map(|(info, value)| CategoryValue {
            category: info.name,
            label: info.label,
            value: (secrets || info.basis != Basis::Secret || !dealt.contains(&info.name))
                .then_some(value),
        })
        .collect();
    RunningScore {
        player: sheet.player,
        unknown: categories
            .iter()
            .filter(|c| c.value.is_none())
            .map(|c| c.category)
            .collect(),
        known_total: categories.iter().filter_map(|c| c.value).sum(),
        complete: categories.iter().all(|c| c.value.is_some()),
        categories,
        constructed: sheet.constructed,
    }
}
