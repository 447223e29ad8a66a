//! Game handles: a game is registered in the game registry
//! (`registry.rs`), whose handles are tagged slot numbers with generations,
//! so a NULL, freed, foreign or bot handle passed as a game is
//! `MTP_STATUS_INVALID_HANDLE` and never dereferenced.

use crate::registry::{Registry, GAME_TAG};
use crate::status::{Failure, MtpStatus, Outcome};
use metropolys_core::{Config, Game, Seat, State};

/// An immutable game: core's `Game` (a position, the events of the
/// transition that led to it, and, unless loaded from a bare state, the
/// decisions since setup). Every successor, history and record is core's.
///
/// Opaque to C. Created by `mtp_game_new`, `mtp_game_new_simple`,
/// `mtp_game_clone`, `mtp_game_apply`, `mtp_game_apply_id`,
/// `mtp_game_apply_for`, `mtp_game_from_json`, `mtp_game_from_record` and
/// `mtp_record_verify`; released by `mtp_game_free`.
#[derive(Debug, Clone)]
pub struct MtpGame {
    pub(crate) game: Game,
}

impl MtpGame {
    /// A new game from a configuration; its events are the opening
    /// `call_started`.
    pub(crate) fn new(config: Config) -> Outcome<MtpGame> {
        let game =
            Game::new(config).map_err(|e| Failure::new(MtpStatus::InvalidConfig, e.to_string()))?;
        Ok(MtpGame { game })
    }

    /// The current position. In a view (`mtp_game_from_json` of a seat's
    /// view or of the public view) the seats' secrets it does not know are
    /// erased placeholders: read objectives, Metropolys cards, scores and
    /// winners through `game` (core's `Game::objective`, `scores`,
    /// `winners`, which answer `None` for them), never from here.
    pub(crate) fn state(&self) -> &State {
        self.game.state()
    }

    /// Which game this is, for messages (core's `Perspective`): `seat 2's
    /// view`, `the public view`, or `the whole game`.
    pub(crate) fn view_name(&self) -> String {
        self.game.perspective().to_string()
    }

    /// `MTP_STATUS_INVALID_STATE`: `what` needs `seat`'s objectives and
    /// Metropolys card, which this view does not know.
    pub(crate) fn secrets_unknown(&self, seat: Seat, what: &str) -> Failure {
        Failure::new(
            MtpStatus::InvalidState,
            format!(
                "{what} needs seat {seat}'s objectives, which {} does not know (R-21: a \
                 seat's view knows only its own until the game ends, the public view none; \
                 a view played on to the end still does not know them)",
                self.view_name()
            ),
        )
    }
}

/// The live games.
static GAMES: Registry<MtpGame> = Registry::new(GAME_TAG, "game");

/// Moves `game` to the heap and registers it: the new handle.
pub(crate) fn register(game: MtpGame) -> *mut MtpGame {
    GAMES.register(game)
}

/// Runs `f` on the game behind `ptr` if it is a live handle. Must not be
/// nested on the same handle (its slot's read lock is held while `f` runs).
pub(crate) fn with_game<T>(
    ptr: *const MtpGame,
    f: impl FnOnce(&MtpGame) -> Outcome<T>,
) -> Outcome<T> {
    GAMES.with(ptr, f)
}

/// Frees the game behind `ptr`: `Ok` for NULL, `InvalidHandle` when it is
/// not live (e.g. freed twice).
pub(crate) fn release(ptr: *mut MtpGame) -> Outcome {
    GAMES.release(ptr)
}

/// The number of live game handles (for tests and leak checks).
pub(crate) fn live_count() -> usize {
    GAMES.live_count()
}
