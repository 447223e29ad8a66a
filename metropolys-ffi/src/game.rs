//! Game handles: creation, queries, transitions, events and scores.

use crate::handle::{register, release, with_game, MtpGame};
use crate::ptr::{fill, out, put, put_string, text};
use crate::status::{guard, Failure, MtpStatus, Outcome};
use crate::types::{variant_from, MtpAction, MtpEvent, MtpPerspective, MtpScoreSheet, MTP_NO_SEAT};
use metropolys_core::{Action, Config, HistoryError, Perspective, Seat};
use std::ffi::c_char;

/// Registers `game` and writes the new handle.
///
/// # Safety
///
/// `game_out` must be non-NULL and valid for a write.
pub(crate) unsafe fn emit(game_out: *mut *mut MtpGame, game: MtpGame) {
    let handle = register(game);
    // SAFETY: forwarded from the caller.
    unsafe { put(game_out, handle) };
}

/// Why a game loaded from a bare state or a view has no record and no undo,
/// and what saves a game with its history.
/// `MTP_STATUS_INVALID_STATE` for a game without the history asked for
/// (core's reason; when it has none, how to keep it).
pub(crate) fn no_history(e: HistoryError) -> Failure {
    let message = match e {
        HistoryError::NoDecision => e.to_string(),
        e => format!(
            "{e}; to save a game with its history, save its record \
             (mtp_game_record_json) and restore it with mtp_game_from_record"
        ),
    };
    Failure::new(MtpStatus::InvalidState, message)
}

pub(crate) fn json<T: serde::Serialize + ?Sized>(value: &T) -> Outcome<String> {
    serde_json::to_string(value)
        .map_err(|e| Failure::new(MtpStatus::Panic, format!("cannot serialize: {e}")))
}

pub(crate) fn seat_of(game: &MtpGame, seat: u8) -> Outcome<Seat> {
    if seat < game.state().players() {
        Ok(seat)
    } else {
        Err(Failure::invalid(format!(
            "seat {seat} is not in this {}-player game (seats are 0-{})",
            game.state().players(),
            game.state().players() - 1
        )))
    }
}

/// The successor of `game` after `action` by the seat to act (core's
/// [`Game::apply`]).
fn successor(game: &MtpGame, action: Action) -> Outcome<MtpGame> {
    Ok(MtpGame {
        game: game.game.apply(action)?,
    })
}

// ----- creation and release ----------------------------------------------

/// Creates a game from a configuration in JSON (e.g.
/// `{"players": 3, "variant": "expert", "seed": 42}`; see docs/c-api.md and
/// the core's `Config`) and writes a new handle to `*game_out`; free it with
/// `mtp_game_free`. Malformed JSON or unknown fields are
/// `MTP_STATUS_INVALID_JSON`; a setup the rules forbid is
/// `MTP_STATUS_INVALID_CONFIG`.
///
/// # Safety
///
/// `config_json` must be NULL or a NUL-terminated string; `game_out` must be
/// NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_new(
    config_json: *const c_char,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        // SAFETY: per the caller.
        let text = unsafe { text(config_json, "config_json") }?;
        let config = Config::from_json(text)?;
        let game = MtpGame::new(config)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, game) };
        Ok(())
    })
}

/// Creates a game of `players` (2–4) in `variant` (`MTP_VARIANT_FAMILY` or
/// `MTP_VARIANT_EXPERT`) with everything drawn from `seed`, start player 0,
/// no Metropolys cards; writes a new handle to `*game_out`. A bad player
/// count is `MTP_STATUS_INVALID_CONFIG`; a bad variant
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_new_simple(
    players: u8,
    variant: u32,
    seed: u64,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let variant = variant_from(variant)?;
        let game = MtpGame::new(Config::new(players, variant, seed))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, game) };
        Ok(())
    })
}

/// Writes to `*game_out` a new handle to a copy of `game` (same position,
/// events and history). Both must be freed.
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_clone(
    game: *const MtpGame,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let copy = with_game(game, |g| Ok(g.clone()))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, copy) };
        Ok(())
    })
}

/// Frees a game handle. NULL is accepted and ignored (`MTP_STATUS_OK`). A
/// handle that is not live (already freed, or not from this library) is
/// detected and reported as `MTP_STATUS_INVALID_HANDLE` without touching
/// memory. Handles derived from this one (by apply or clone) stay valid.
#[no_mangle]
pub extern "C" fn mtp_game_free(game: *mut MtpGame) -> MtpStatus {
    guard(|| release(game))
}

// ----- queries -----------------------------------------------------------

/// Runs `f` on a live game and writes its result through `value_out`.
///
/// # Safety
///
/// `value_out` must be NULL or valid for a write.
unsafe fn query<T>(
    game: *const MtpGame,
    value_out: *mut T,
    what: &str,
    f: impl FnOnce(&MtpGame) -> Outcome<T>,
) -> MtpStatus {
    guard(|| {
        let value_out = out(value_out, what)?;
        let value = with_game(game, f)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(value_out, value) };
        Ok(())
    })
}

/// Writes the number of players (2–4) to `*players_out`.
///
/// # Safety
///
/// `players_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_players(game: *const MtpGame, players_out: *mut u8) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, players_out, "players_out", |g| {
            Ok(g.state().players())
        })
    }
}

/// Writes the variant (`MTP_VARIANT_FAMILY` or `MTP_VARIANT_EXPERT`) to
/// `*variant_out`.
///
/// # Safety
///
/// `variant_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_variant(
    game: *const MtpGame,
    variant_out: *mut u32,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, variant_out, "variant_out", |g| {
            Ok(match g.state().variant() {
                metropolys_core::Variant::Family => crate::types::MtpVariant::Family as u32,
                metropolys_core::Variant::Expert => crate::types::MtpVariant::Expert as u32,
            })
        })
    }
}

/// Writes the seat to act to `*seat_out`, or `MTP_NO_SEAT` once the game is
/// over.
///
/// # Safety
///
/// `seat_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_to_act(game: *const MtpGame, seat_out: *mut u8) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, seat_out, "seat_out", |g| {
            Ok(g.state().to_act().unwrap_or(MTP_NO_SEAT))
        })
    }
}

/// Writes whether the game is over to `*over_out`.
///
/// # Safety
///
/// `over_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_is_over(game: *const MtpGame, over_out: *mut bool) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { query(game, over_out, "over_out", |g| Ok(g.state().is_over())) }
}

/// Writes the seat whose view this game is (a seat's view loaded with
/// `mtp_game_from_json`, and the games applied from it) to `*seat_out`, or
/// `MTP_NO_SEAT` for a whole game and for the public view (tell them apart
/// with `mtp_game_perspective`). A view knows only what its seat may see
///
///
/// # Safety
///
/// `seat_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_viewer(game: *const MtpGame, seat_out: *mut u8) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, seat_out, "seat_out", |g| {
            Ok(g.game.viewer().unwrap_or(MTP_NO_SEAT))
        })
    }
}

/// Writes whose game this is to `*perspective_out` (core's
/// `Game::perspective`): `MTP_PERSPECTIVE_WHOLE`, `MTP_PERSPECTIVE_SEAT`
/// (a seat's view: its seat is `mtp_game_viewer`'s) or
/// `MTP_PERSPECTIVE_PUBLIC` (the public view, what a spectator may know,
///
///
/// # Safety
///
/// `perspective_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_perspective(
    game: *const MtpGame,
    perspective_out: *mut MtpPerspective,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, perspective_out, "perspective_out", |g| {
            Ok(match g.game.perspective() {
                Perspective::Whole => MtpPerspective::Whole,
                Perspective::Seat(_) => MtpPerspective::Seat,
                Perspective::Public => MtpPerspective::Public,
            })
        })
    }
}

/// Writes whether this game knows `seat`'s objectives and Metropolys card
/// to `*known_out`: always in a whole game; in a seat's view only the
/// viewer's own until the game ends, then every seat's; in the
/// public view none until the end. A view played on to the end still does
/// not know what it did not know. What needs a secret the game does not
/// know (`mtp_game_score_sheet`, `mtp_game_winners`, ...) is
/// `MTP_STATUS_INVALID_STATE`. A seat not in the game is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `known_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_knows_secrets(
    game: *const MtpGame,
    seat: u8,
    known_out: *mut bool,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, known_out, "known_out", |g| {
            Ok(g.game.knows_secrets(seat_of(g, seat)?))
        })
    }
}

/// Writes the current call number (from 1; at the end, the calls played) to
/// `*call_out`.
///
/// # Safety
///
/// `call_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_call_number(
    game: *const MtpGame,
    call_out: *mut u16,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { query(game, call_out, "call_out", |g| Ok(g.state().call_number())) }
}

/// Writes the number of legal actions of the seat to act (0 once the game is
/// over) to `*count_out`, without listing them.
///
/// # Safety
///
/// `count_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_legal_action_count(
    game: *const MtpGame,
    count_out: *mut usize,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, count_out, "count_out", |g| {
            Ok(g.state().legal_action_count())
        })
    }
}

/// Lists the legal actions of the seat to act (bids by increasing
/// neighborhood then building, then the pass if allowed) into `buf`, which
/// holds `cap` actions. Buffer protocol: `*count_out` always receives the
/// number of legal actions; if it exceeds `cap`, nothing is written to `buf`
/// and the status is `MTP_STATUS_BUFFER_TOO_SMALL`. `buf` may be NULL when
/// `cap` is 0. `MTP_ACTION_COUNT` entries always suffice. A finished game has
/// no legal actions (count 0, `MTP_STATUS_OK`).
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_legal_actions(
    game: *const MtpGame,
    buf: *mut MtpAction,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    guard(|| {
        out(count_out, "count_out")?;
        let actions = with_game(game, |g| {
            let mut v = Vec::with_capacity(g.state().legal_action_count());
            g.state()
                .for_each_legal(|a| v.push(MtpAction::from_core(a)));
            Ok(v)
        })?;
        // SAFETY: forwarded from the caller.
        unsafe { fill(&actions, buf, cap, count_out, "legal actions") }
    })
}

/// Like `mtp_game_legal_actions`, listing the actions' integer ids (see
/// `mtp_action_to_id`) in the same order.
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_legal_action_ids(
    game: *const MtpGame,
    buf: *mut u16,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    guard(|| {
        out(count_out, "count_out")?;
        let ids = with_game(game, |g| {
            let mut v = Vec::with_capacity(g.state().legal_action_count());
            // Legal actions always name a real neighborhood and building.
            g.state()
                .for_each_legal(|a| v.push(a.id().unwrap_or(Action::PASS_ID)));
            Ok(v)
        })?;
        // SAFETY: forwarded from the caller.
        unsafe { fill(&ids, buf, cap, count_out, "legal action ids") }
    })
}

/// Writes whether `action` is legal for the seat to act to `*legal_out`
/// (false once the game is over). An unknown action kind is
/// `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `legal_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_is_legal(
    game: *const MtpGame,
    action: MtpAction,
    legal_out: *mut bool,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, legal_out, "legal_out", |g| {
            Ok(g.state().is_legal(action.to_core()?))
        })
    }
}

/// Checks `action` for the seat to act: `MTP_STATUS_OK` when legal;
/// otherwise `MTP_STATUS_ILLEGAL_ACTION` or `MTP_STATUS_GAME_OVER` with the
/// reason, naming the rule, in `mtp_last_error()`.
#[no_mangle]
pub extern "C" fn mtp_game_check(game: *const MtpGame, action: MtpAction) -> MtpStatus {
    guard(|| with_game(game, |g| Ok(g.state().check(action.to_core()?)?)))
}

/// Applies `action` for the seat to act and writes a NEW handle to the
/// resulting game to `*game_out`; `game` itself is unchanged and stays
/// valid (free both). Forced passes and the end of a call are applied
/// too; the new game's events say what happened. Errors:
/// `MTP_STATUS_ILLEGAL_ACTION` (the message names the rule),
/// `MTP_STATUS_GAME_OVER`, `MTP_STATUS_INVALID_ARGUMENT` (unknown kind).
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_apply(
    game: *const MtpGame,
    action: MtpAction,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let next = with_game(game, |g| successor(g, action.to_core()?))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, next) };
        Ok(())
    })
}

/// Like `mtp_game_apply`, with the action given by its integer id (0–715);
/// other ids are `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_apply_id(
    game: *const MtpGame,
    action_id: u16,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let action = Action::from_id(action_id)?;
        let next = with_game(game, |g| successor(g, action))?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, next) };
        Ok(())
    })
}

/// Like `mtp_game_apply`, but first checks that `seat` is the seat to act
/// for servers that receive actions from several players. Another
/// seat is `MTP_STATUS_ILLEGAL_ACTION`.
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_apply_for(
    game: *const MtpGame,
    seat: u8,
    action: MtpAction,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let next = with_game(game, |g| {
            Ok(MtpGame {
                game: g.game.apply_for(seat, action.to_core()?)?,
            })
        })?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, next) };
        Ok(())
    })
}

/// Writes to `*game_out` a new handle to the game before this game's last
/// decision: the position right after the decision before it (or the
/// opening position), with that transition's events and the history
/// without the last decision (core's `Game::undo`). Keeping the handles of
/// earlier games is the cheap way to undo; this one also works in a game
/// restored from its record with `mtp_game_from_record`, whose earlier
/// games no handle holds. A game without a decision to undo (a new game)
/// or without a history (loaded with `mtp_game_from_json`, a state or a
/// view) is `MTP_STATUS_INVALID_STATE`.
///
/// # Safety
///
/// `game_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_undo(
    game: *const MtpGame,
    game_out: *mut *mut MtpGame,
) -> MtpStatus {
    guard(|| {
        let game_out = out(game_out, "game_out")?;
        let before = with_game(game, |g| {
            let game = g.game.undo().map_err(no_history)?;
            Ok(MtpGame { game })
        })?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { emit(game_out, before) };
        Ok(())
    })
}

/// Lists the events of the transition that produced this game, in order,
/// into `buf` (capacity `cap`), with the buffer protocol of
/// `mtp_game_legal_actions`. A new game's events are its opening
/// `MTP_EVENT_TYPE_CALL_STARTED`; a game loaded from a state has none. The
/// `MTP_EVENT_TYPE_GAME_ENDED` event carries no scores: read them with
/// `mtp_game_score_sheet` and `mtp_game_winners`.
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_events(
    game: *const MtpGame,
    buf: *mut MtpEvent,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    guard(|| {
        out(count_out, "count_out")?;
        let events = with_game(game, |g| {
            Ok(g.game
                .last_events()
                .iter()
                .map(MtpEvent::from_core)
                .collect::<Vec<_>>())
        })?;
        // SAFETY: forwarded from the caller.
        unsafe { fill(&events, buf, cap, count_out, "events") }
    })
}

/// Writes the events of the transition that produced this game as a JSON
/// array (objects tagged by "type"; `game_ended` includes scores and winners)
/// to `*json_out`. Free it with `mtp_string_free`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_events_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { json_query(game, json_out, |g| json(g.game.last_events())) }
}

/// Writes the score sheet of `seat` for the position as it stands (final once
/// the game is over) to `*sheet_out`. A seat not in the game is
/// `MTP_STATUS_INVALID_ARGUMENT`; in a view, a seat whose objectives it
/// does not know (another seat's, R-21) is `MTP_STATUS_INVALID_STATE`.
///
/// # Safety
///
/// `sheet_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_score_sheet(
    game: *const MtpGame,
    seat: u8,
    sheet_out: *mut MtpScoreSheet,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        query(game, sheet_out, "sheet_out", |g| {
            let seat = seat_of(g, seat)?;
            match g.game.scores().swap_remove(seat as usize) {
                Some(sheet) => Ok(MtpScoreSheet::from_core(&sheet)),
                None => Err(g.secrets_unknown(seat, &format!("seat {seat}'s score sheet"))),
            }
        })
    }
}

/// Writes every seat's score sheet, with the groups of buildings that scored
/// (`area_groups`, `highest_building_districts`, `metropolys_groups`), as a
/// JSON array to `*json_out`. Free it with `mtp_string_free`. A view that
/// does not know every seat's objectives is
/// `MTP_STATUS_INVALID_STATE` (its viewer's own sheet:
/// `mtp_game_score_sheet`).
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_scores_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        json_query(game, json_out, |g| {
            let sheets = g.game.scores();
            match sheets.iter().position(Option::is_none) {
                Some(p) => Err(g.secrets_unknown(p as Seat, "every seat's score sheet")),
                None => json(&sheets),
            }
        })
    }
}

/// Writes every seat's score as the position stands, as far as the game
/// knows it (R-21; core's `Game::running_scores`), as a JSON array to
/// `*json_out`, one object per seat: `player`, `categories` (in sheet
/// order, each `category`, `label` and `value`, `null` when it depends on a
/// card the game does not know), `unknown` (those categories' names),
/// `known_total`, `complete` (`known_total` is the seat's total) and
/// `constructed`. A whole game knows every category, a seat's view the
/// others' public ones and all of its own, the public view the public
/// ones; hidden cards are never read. Free it with `mtp_string_free`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_running_scores_json(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe { json_query(game, json_out, |g| json(&g.game.running_scores())) }
}

/// Writes where each secret card of `seat` scores (core's
/// `Game::where_cards_score`; area card, Expert neighborhood card,
/// Metropolys card) as a JSON array to `*json_out`, one object per card:
/// `card` (`{"area": ...}`, `{"neighborhood": ...}` or `{"metropolys":
/// [...]}`), `label`, `text` (what it scores, with its points and ruling)
/// and `neighborhoods` (the ids in play where a building can count for it).
/// A view that does not know that seat's cards is
/// `MTP_STATUS_INVALID_STATE`; a seat not in the game
/// `MTP_STATUS_INVALID_ARGUMENT`. Free it with `mtp_string_free`.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_where_cards_score_json(
    game: *const MtpGame,
    seat: u8,
    json_out: *mut *mut c_char,
) -> MtpStatus {
    // SAFETY: forwarded from the caller.
    unsafe {
        json_query(game, json_out, |g| {
            let seat = seat_of(g, seat)?;
            match g.game.where_cards_score(seat) {
                Some(places) => json(&places),
                None => Err(g.secrets_unknown(seat, &format!("where seat {seat}'s cards score"))),
            }
        })
    }
}

/// Lists the winning seats (R-20; several when they share the victory) of the
/// position as it stands into `buf` (capacity `cap`), with the buffer
/// protocol of `mtp_game_legal_actions`. `MTP_MAX_PLAYERS` entries always
/// suffice. The winners need every seat's objectives: a view that does not
/// know them all (R-21: a seat's view before the end, the public view, or
/// either played on to the end) is `MTP_STATUS_INVALID_STATE`.
///
/// # Safety
///
/// `buf` must be NULL or valid for `cap` writes; `count_out` NULL or valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_game_winners(
    game: *const MtpGame,
    buf: *mut u8,
    cap: usize,
    count_out: *mut usize,
) -> MtpStatus {
    guard(|| {
        out(count_out, "count_out")?;
        let winners = with_game(game, |g| {
            g.game.winners().ok_or_else(|| {
                let players = g.state().players();
                let p = (0..players).find(|&p| !g.game.knows_secrets(p));
                g.secrets_unknown(p.unwrap_or(0), "the winners (R-20)")
            })
        })?;
        // SAFETY: forwarded from the caller.
        unsafe { fill(&winners, buf, cap, count_out, "winners") }
    })
}

/// Runs `f` on a live game and hands its JSON text to C.
///
/// # Safety
///
/// `json_out` must be NULL or valid for a write.
pub(crate) unsafe fn json_query(
    game: *const MtpGame,
    json_out: *mut *mut c_char,
    f: impl FnOnce(&MtpGame) -> Outcome<String>,
) -> MtpStatus {
    guard(|| {
        let json_out = out(json_out, "json_out")?;
        let text = with_game(game, f)?;
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put_string(json_out, text) };
        Ok(())
    })
}
