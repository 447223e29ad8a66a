//! What a game knows and whose it is: the current position, seats given
//! from Python, and the R-21 checks of what a view may answer (helpers of
//! the `Game` methods in `mod.rs`), and the core game and a seat's view for
//! the bots (`bots.rs`).

use super::Game;
use crate::errors;
use metropolys_core::{Action as CoreAction, Game as CoreGame, MetropolysCard, Seat, State};
use pyo3::prelude::*;

impl Game {
    /// The current position.
    pub(crate) fn state(&self) -> &State {
        self.0.state()
    }

    pub(crate) fn seat(&self, player: i64) -> PyResult<Seat> {
        match u8::try_from(player) {
            Ok(p) if p < self.state().players() => Ok(p),
            _ => Err(errors::value_error(format!(
                "seat {player} is not in this {}-player game (seats 0-{})",
                self.state().players(),
                self.state().players() - 1
            ))),
        }
    }

    /// A game at `state` alone, without history or events (as
    /// `Game.from_json` makes it).
    pub fn from_state(state: State) -> Game {
        Game(CoreGame::from_state(state))
    }

    /// `player`, or the seat to act when `None`.
    pub(crate) fn seat_or_to_act(&self, player: Option<crate::ints::Int>) -> PyResult<Seat> {
        match (player, self.state().to_act()) {
            (Some(p), _) => self.seat(p.0),
            (None, Some(seat)) => Ok(seat),
            (None, None) => Err(errors::value_error(
                "the game is over (R-17): nobody is to act; name the player".into(),
            )),
        }
    }

    pub(crate) fn neighborhood(id: i64) -> PyResult<u8> {
        crate::board::id(id)
    }

    pub(crate) fn apply_core(&self, py: Python<'_>, action: CoreAction) -> PyResult<Game> {
        self.0
            .apply(action)
            .map(Game)
            .map_err(|e| errors::rule_error(py, e))
    }

    /// Raises ``ValueError`` unless this game knows the secrets of
    /// every seat in `seats` (a seat's view knows only its viewer's until
    /// the end, the public view none).
    pub(crate) fn require_secrets(
        &self,
        seats: impl IntoIterator<Item = Seat>,
        what: &str,
    ) -> PyResult<()> {
        match seats.into_iter().find(|&p| !self.0.knows_secrets(p)) {
            None => Ok(()),
            Some(p) => Err(errors::value_error(format!(
                "{what} needs seat {p}'s objectives, which {} does not know (R-21)",
                self.view_name()
            ))),
        }
    }

    /// Which game this is, for messages (core's ``Perspective``): ``seat
    /// 2's view``, ``the public view`` or ``the whole game``.
    pub(crate) fn view_name(&self) -> String {
        self.0.perspective().to_string()
    }

    /// Raises ``ValueError`` unless this game knows every seat's
    /// secrets, naming `what` needs them and ``known_scores``.
    pub(crate) fn require_all_secrets(&self, what: &str) -> PyResult<()> {
        self.require_secrets(0..self.state().players(), what)
            .map_err(|e| {
                errors::value_error(format!("{e}; known_scores() has the sheets it knows"))
            })
    }

    /// The seats whose secrets an observation of `seat` with `reveal` shows.
    pub(crate) fn revealed(&self, seat: Seat, reveal: metropolys_tensor::Reveal) -> Vec<Seat> {
        let all = (0..self.state().players()).collect();
        if self.state().is_over() {
            return all;
        }
        match reveal {
            metropolys_tensor::Reveal::Own => vec![seat],
            metropolys_tensor::Reveal::None => vec![],
            metropolys_tensor::Reveal::All => all,
        }
    }
}

/// For the bots (`bots.rs`): the core position and configuration of a game.
impl Game {
    /// The core state.
    pub(crate) fn core_state(&self) -> &State {
        self.state()
    }

    /// The core game (whole, or a seat's view): it knows the Metropolys
    /// deck when there is one.
    pub(crate) fn core_game(&self) -> &CoreGame {
        &self.0
    }

    /// Whether this game knows `seat`'s objectives and Metropolys card (a
    /// seat's view knows its viewer's, the public view none, until the end).
    pub(crate) fn core_knows_secrets(&self, seat: Seat) -> bool {
        self.0.knows_secrets(seat)
    }

    /// Which view this game is, for messages: `seat 2's view` or `the
    /// public view`.
    pub(crate) fn core_view_name(&self) -> String {
        self.view_name()
    }

    /// What `seat` may know of `state`, as a game knowing the
    /// Metropolys deck the bot's view knows: what a Python bot
    /// receives.
    pub(crate) fn seat_view(
        state: State,
        seat: Seat,
        deck: Option<[MetropolysCard; 4]>,
    ) -> PyResult<Game> {
        let view = CoreGame::from_state(state)
            .view(seat)
            .ok_or_else(|| errors::value_error(format!("no seat {seat}")))?;
        match deck {
            Some(d) => view
                .with_metropolys_deck(&d)
                .map(Game)
                .map_err(|e| errors::value_error(e.to_string())),
            None => Ok(Game(view)),
        }
    }
}
