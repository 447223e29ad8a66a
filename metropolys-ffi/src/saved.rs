//! Saved games: a game loaded from the JSON of a state or a view, or
//! replayed from its record, and a game written as JSON (its position, a
//! seat's view, the public view) or as its record.

use crate::game::{emit, json, json_query, no_history, seat_of};
use crate::handle::MtpGame;
use crate::ptr::{out, text};
use crate::status::{guard, MtpStatus};
use metropolys_core::{Game, Record};
use std::ffi::c_char;

/// Loads a game from JSON and writes a new handle to `*game_out`: a whole
/// state (as written by `mtp_game_to_json`), a seat's view (as
/// `mtp_game_view_json` writes it and the game server sends it: `viewer`
/// set, the other seats' objectives and Metropolys cards null until the
/// end), or the public view (`mtp_game_public_view_json`: `viewer` null,
/// every seat's cards null until the end). A loaded view is a game that
/// knows only its viewer's secrets (R-21; core's `Game::from_json`): it
/// lists legal actions, draws, applies actions and asks bots as any game,
/// but what needs the secrets it does not know (another seat's score sheet
/// or objectives, the winners, another seat's view) is
/// `MTP_STATUS_INVALID_STATE`, never a made-up value, even once played on
/// to the end. `mtp_game_viewer` and `mtp_game_knows_secrets` say which
/// view it is. The loaded game has no events and no history (so
/// `mtp_game_record_json` and `mtp_game_undo` fail on it): to save and
/// restore a game with its history, use its record (`mtp_game_record_json`,
/// `mtp_game_from_record`). Malformed JSON is `MTP_STATUS_INVALID_JSON`; a
/// state no legal game can reach, or a view that hides anything but
/// exactly the other seats' cards (its viewer's own objectives null, an
/// opponent's shown before the end), is `MTP_STATUS_INVALID_STATE` (the
/// message names the rule; `MTP_STATUS_INVALID_CONFIG` when the setup part
/// is invalid, such as a `metropolys_deck` that cannot have dealt the
/// cards shown, R-22). A `metropolys_deck` given is kept: bots deciding in
/// the loaded game sample the others' Metropolys cards from it.
///
/// # Safety
///
/// `state_json` must be NULL or a NUL-terminated string; `game_out` must be
/// NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_from_json(
    state_json: *const c_char,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        // SAFETY: per the caller.
        let text = unsafe { text(state_json, "state_json") }?;
        let game = MtpGame {
            game: Game::from_json(text)?,
        };
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, game) };
        Ok(())
    })
}

/// Replays a game record (JSON, format "metropolys-record") and writes to
/// `*game_out` a new handle to the game it reaches, with the events of its
/// last action and its history: it restores a game saved with
/// `mtp_game_record_json`, whose record, events and undo
/// (`mtp_game_undo`) go on as before saving. The record's `expected` part is NOT checked
/// (use `mtp_record_verify`). Errors: `MTP_STATUS_INVALID_JSON`,
/// `MTP_STATUS_INVALID_RECORD` (format/version), `MTP_STATUS_INVALID_CONFIG`,
/// `MTP_STATUS_ILLEGAL_ACTION` / `MTP_STATUS_GAME_OVER` (the message names
/// the action and the rule).
///
/// # Safety
///
/// `record_json` must be NULL or a NUL-terminated string; `game_out` must be
/// NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_from_record(
    record_json: *const c_char,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        // SAFETY: per the caller.
        let text = unsafe { text(record_json, "record_json") }?;
        let record = Record::from_json(text)?;
        let game = MtpGame {
            game: Game::from_record(&record)?,
        };
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, game) };
        Ok(())
    })
}

/// Replays a game record and checks its `expected` part (game over, totals,
/// winners, score sheets). `MTP_STATUS_OK` when it replays and matches;
/// `MTP_STATUS_RECORD_MISMATCH` when it replays but differs (the message says
/// what); otherwise the errors of `mtp_game_from_record`. When `game_out` is
/// not NULL and the record verifies, a new handle to the game reached is
/// written there (for a rejection record, whose `expected.error` names its
/// rejected last action, the game before that action); pass NULL to only
/// verify.
///
/// # Safety
///
/// `record_json` must be NULL or a NUL-terminated string; `game_out` must be
/// NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_record_verify(
    record_json: *const c_char,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        // SAFETY: per the caller.
        let text = unsafe { text(record_json, "record_json") }?;
        let record = Record::from_json(text)?;
        let game = MtpGame {
            game: Game::from_verified_record(&record)?,
        };
        if !game_out.is_null() {
            // SAFETY: checked non-NULL; valid per the caller.
            unsafe { emit(game_out, game) };
        }
        Ok(())
    })
}

/// Writes what `seat` may see (R-21: opponents' objectives are null until the
/// game ends) as JSON to `*json_out` (core's `Game::view`); it loads back
/// with `mtp_game_from_json` as that seat's view. Free it with
/// `mtp_string_free`. A seat not in the game is
/// `MTP_STATUS_INVALID_ARGUMENT`. A view gives only its own viewer's view:
/// another seat's (whose objectives it does not know), or any seat's of the
/// public view, is `MTP_STATUS_INVALID_STATE`. When the game deals its
/// Metropolys cards from a deck, the view names it (`metropolys_deck`: it
/// is public, R-22), so a bot deciding in the loaded view samples the
/// others' cards from the deck less the viewer's own.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_view_json(
    game: *const MtpGame,
    seat: u8,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        json_query(game, json_out, |g| {
            let seat = seat_of(g, seat)?;
            match g.game.view(seat) {
                Some(view) => json(&view.snapshot()),
                None => Err(g.secrets_unknown(seat, &format!("seat {seat}'s view"))),
            }
        })
    }
}

/// Writes what a spectator, who holds no seat, may see (R-21: every seat's
/// objectives and Metropolys card are null until the game ends, then all
/// are shown) as JSON to `*json_out` (core's `Game::public_view`); its
/// `viewer` is null. Free it with `mtp_string_free`. It loads back with
/// `mtp_game_from_json` as the public view: a game that knows no seat's
/// secrets. A view's public view shows no seat's cards even once
/// the game is over unless the view knows them all.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_public_view_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { json_query(game, json_out, |g| json(&g.game.public_view().snapshot())) }
}

/// Writes the position as JSON to `*json_out` (core's `Game::to_json`): the
/// whole state (nothing hidden), or for a view that view (the secrets it
/// does not know null, R-21); it loads back with `mtp_game_from_json` as a
/// position without history (a view as that view). Free it with
/// `mtp_string_free`. To save a game, save its record instead
/// (`mtp_game_record_json`): it restores with its history.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_to_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { json_query(game, json_out, |g| json(&g.game.snapshot())) }
}

/// Writes the game record (configuration, decisions so far, and `expected`
/// filled in from the current position) as JSON to `*json_out`; it replays
/// with `mtp_game_from_record` and `mtp_record_verify`. Free it with
/// `mtp_string_free`. This is how to save a game: `mtp_game_from_record`
/// restores it with its whole history, so its record, its events and
/// `mtp_game_undo` go on working. A game loaded from a bare state or a view
/// has no history: `MTP_STATUS_INVALID_STATE` (the message says what to
/// use).
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_record_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        json_query(game, json_out, |g| {
            json(&g.game.to_record().map_err(no_history)?)
        })
    }
}
