//! Bot handles: `mtp_bot_new`, `mtp_bot_choose`, `mtp_bot_free`; cancel
//! handles (`mtp_cancel_new`, `mtp_cancel_trip`, ...) that stop a decision
//! of `mtp_bot_choose_cancellable` from another thread.
//!
//! A bot is a `metropolys_bots::Player` (a bot and its seeded random
//! generator). Unlike a game, a bot changes as it plays (its generator
//! advances), so it is a mutable handle. Bot handles have their own registry
//! (`registry.rs`, the same implementation as the games', with its own tag):
//! a NULL, freed, foreign or game pointer is reported as
//! `MTP_STATUS_INVALID_HANDLE` and never dereferenced, even when a new bot
//! was since allocated where a freed one was. The slot's lock is held only
//! to look a handle up, never while a bot thinks: each bot sits behind its own mutex, shared (`Arc`)
//! between its handle and a decision in progress, so freeing a bot while
//! another thread is still deciding with it is safe (the decision finishes,
//! then the bot is dropped).

use crate::handle::{with_game, MtpGame};
use crate::ptr::{out, put, text};
use crate::registry::{Registry, BOT_TAG, CANCEL_TAG};
use crate::status::{guard, guard_value, Failure, MtpStatus, Outcome};
use crate::types::MtpAction;
use metropolys_bots::{BotError, Cancel, Player};
use std::ffi::c_char;
use std::sync::{Arc, Mutex};

/// A bot: decides the action of the seat to act in a game, from that seat's
/// view only (R-21: it never sees an opponent's secret cards).
///
/// Opaque to C. Created by `mtp_bot_new`, used by `mtp_bot_choose`, released
/// by `mtp_bot_free`. A bot is mutable (its random generator advances with
/// each decision): do not use one bot from several threads at once without
/// your own locking. (Doing so anyway is memory-safe, since the calls are
/// serialized inside, but the order of the decisions, and so which random
/// numbers each one draws, is then up to the scheduler.) Different bots may
/// be used from different threads freely.
pub struct MtpBot {
    player: Arc<Mutex<Player>>,
}

/// The live bots.
static BOTS: Registry<MtpBot> = Registry::new(BOT_TAG, "bot");

/// The shared player behind a live bot handle.
fn player_of(ptr: *const MtpBot) -> Outcome<Arc<Mutex<Player>>> {
    BOTS.with(ptr, |bot| Ok(bot.player.clone()))
}

/// The status of a bot error.
pub(crate) fn failure(e: BotError) -> Failure {
    let status = match &e {
        BotError::GameOver => MtpStatus::GameOver,
        BotError::IllegalAction { .. } => MtpStatus::IllegalAction,
        BotError::InvalidJson { .. } => MtpStatus::InvalidJson,
        BotError::UnknownKind { .. } | BotError::BadParameters { .. } => MtpStatus::InvalidArgument,
        BotError::NoSuchSeat { .. } | BotError::NotToAct { .. } => MtpStatus::InvalidArgument,
        // More search threads than the system can start.
        BotError::Thread(_) => MtpStatus::InvalidArgument,
        BotError::Interrupted | BotError::Cancelled { .. } => MtpStatus::Cancelled,
        _ => MtpStatus::InvalidState,
    };
    Failure::new(status, e.to_string())
}

/// Creates a bot and writes a new handle to `*bot_out`; free it with
/// `mtp_bot_free`.
///
/// `kind` is `"random"`, `"greedy"`, `"ismcts"`, one of the difficulty
/// presets `"beginner"`, `"casual"`, `"strong"` and `"expert"`, or
/// `"ismcts-v1"` (the first release's search); `params_json` is a JSON
/// object of the kind's parameters, or NULL or an empty (or blank) string
/// for `{}` (every parameter at its default). Every kind takes `"seed"` (an unsigned 64-bit integer,
/// default 0), which seeds the bot's random generator; `"ismcts"` also
/// takes `"iterations"`, `"seconds"` and `"threads"` (docs/bots.md lists
/// every parameter). With a seed and no time budget, the decisions are
/// reproducible.
///
/// Errors: an unknown kind (or one that is not UTF-8), an unknown
/// parameter or a value of the wrong type or range, or JSON that is not an
/// object, is `MTP_STATUS_INVALID_ARGUMENT`; `params_json` that is not JSON
/// at all (or not UTF-8), or that names a parameter twice, is
/// `MTP_STATUS_INVALID_JSON`. The message names the kind or the parameter,
/// echoing at most the first 60 bytes of a value it refuses.
///
/// # Safety
///
/// `kind` must be NULL or a NUL-terminated string; `params_json` must be NULL
/// or a NUL-terminated string; `bot_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_bot_new(
    kind: *const c_char,
    params_json: *const c_char,
    bot_out: *mut *mut MtpBot,
) -> MtpStatus {
    guard(|| {
        let bot_out = out(bot_out, "bot_out")?;
        // SAFETY: per the caller.
        let kind = unsafe { text(kind, "kind") }.map_err(|f| {
            // A kind is a name, not JSON: text that is not UTF-8 is a bad
            // argument.
            if f.status == MtpStatus::InvalidJson {
                Failure::new(MtpStatus::InvalidArgument, f.message)
            } else {
                f
            }
        })?;
        let params = if params_json.is_null() {
            "{}"
        } else {
            // SAFETY: per the caller.
            unsafe { text(params_json, "params_json") }?
        };
        let player = Player::from_spec(kind, params).map_err(failure)?;
        let ptr = BOTS.register(MtpBot {
            player: Arc::new(Mutex::new(player)),
        });
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(bot_out, ptr) };
        Ok(())
    })
}

/// Writes to `*action_out` the bot's decision for the seat to act in
/// `game`. The bot sees only that seat's view, which includes the
/// game's configuration: in a game with a Metropolys deck it samples
/// the other seats' Metropolys cards from the deck minus its own (a game
/// from `mtp_game_from_json` has no configuration: from all ten cards). A
/// seat's view loaded with `mtp_game_from_json` is enough when its viewer
/// is to act; a view in which another seat is to act (the public view, or
/// another seat's turn), whose cards it does not know, is
/// `MTP_STATUS_INVALID_STATE`. The game is not changed (apply the action with `mtp_game_apply`). The decision takes as
/// long as the bot's budget (`"ismcts"`: docs/bots.md gives its speed) and
/// holds no lock that other games or bots need.
///
/// Errors: a finished game is `MTP_STATUS_GAME_OVER`; a handle that is
/// not live is `MTP_STATUS_INVALID_HANDLE`; a search whose `"threads"` the
/// system cannot start is `MTP_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
///
/// `action_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_bot_choose(
    bot: *mut MtpBot,
    game: *const MtpGame,
    action_out: *mut MtpAction,
) -> MtpStatus {
    // SAFETY: per the caller.
    guard(|| unsafe { choose(bot, game, None, action_out) })
}

/// `mtp_bot_choose` that another thread can stop: while the bot thinks,
/// `mtp_cancel_trip(cancel)` from any thread makes it stop within a few
/// milliseconds (the search checks the flag every few iterations) and
/// return `MTP_STATUS_CANCELLED`, with nothing written to `*action_out`
/// and the game unchanged (as always). A cancel handle already tripped
/// when the call starts cancels it at once, for every bot kind; a bot that
/// decides at once (`"random"`, `"greedy"`) is not stopped midway. Trip
/// and reset the handle with `mtp_cancel_trip` and `mtp_cancel_reset`:
/// one handle can serve decision after decision (a GUI's "stop thinking"
/// button).
///
/// A cancelled decision may have drawn from the bot's random generator:
/// the bot's later decisions then differ from those of a bot that was
/// never cancelled.
///
/// Errors: those of `mtp_bot_choose`; `cancel` NULL is
/// `MTP_STATUS_NULL_POINTER`, and a cancel handle that is not live (or a
/// game or bot handle passed as one) `MTP_STATUS_INVALID_HANDLE`.
///
/// # Safety
///
/// `action_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_bot_choose_cancellable(
    bot: *mut MtpBot,
    game: *const MtpGame,
    cancel: *const MtpCancel,
    action_out: *mut MtpAction,
) -> MtpStatus {
    guard(|| {
        if cancel.is_null() {
            return Err(Failure::null("cancel"));
        }
        let flag = flag_of(cancel)?;
        // SAFETY: per the caller.
        unsafe { choose(bot, game, Some(flag), action_out) }
    })
}

/// The decision of `mtp_bot_choose` and `mtp_bot_choose_cancellable`,
/// watching `cancel` when given.
///
/// # Safety
///
/// `action_out` must be NULL or valid for a write.
unsafe fn choose(
    bot: *mut MtpBot,
    game: *const MtpGame,
    cancel: Option<Cancel>,
    action_out: *mut MtpAction,
) -> Outcome<()> {
    let action_out = out(action_out, "action_out")?;
    let player = player_of(bot)?;
    // A copy of the game (cheap: its history is shared), which knows
    // the Metropolys deck when there is one, also in a view: no
    // game lock is held while the bot thinks. A view knows only its
    // viewer's cards, the public view none: a bot decides only
    // for a seat whose cards the game knows.
    let copy = with_game(game, |g| {
        if let Some(p) = g.state().to_act().filter(|&p| !g.game.knows_secrets(p)) {
            return Err(g.secrets_unknown(p, &format!("a decision for seat {p}, to act,")));
        }
        Ok(g.game.clone())
    })?;
    if cancel.as_ref().is_some_and(Cancel::is_cancelled) {
        return Err(failure(BotError::Interrupted));
    }
    let action = {
        // A panic inside a decision poisons the mutex; the player is
        // still whole (a decision only advances its generator).
        let mut p = player.lock().unwrap_or_else(|e| e.into_inner());
        // The bot watches this call's flag, or a fresh one that nobody
        // trips: never the flag of an earlier cancellable call.
        p.set_cancel(&cancel.unwrap_or_default());
        p.choose_in_game(&copy).map_err(failure)?
    };
    // SAFETY: checked non-NULL; valid per the caller.
    unsafe { put(action_out, MtpAction::from_core(action)) };
    Ok(())
}

/// Frees a bot handle. NULL is accepted and ignored (`MTP_STATUS_OK`). A
/// handle that is not live (already freed, or not from this library) is
/// reported as `MTP_STATUS_INVALID_HANDLE` without touching memory.
#[no_mangle]
pub extern "C" fn mtp_bot_free(bot: *mut MtpBot) -> MtpStatus {
    guard(|| BOTS.release(bot))
}

/// The number of bot handles currently live in this process (created and
/// not yet freed): handy for leak checks in tests.
#[no_mangle]
pub extern "C" fn mtp_live_bots() -> usize {
    guard_value(0, || BOTS.live_count())
}

/// A cancel handle: a flag that stops a decision of
/// `mtp_bot_choose_cancellable` when another thread trips it.
///
/// Opaque to C. Created by `mtp_cancel_new`, tripped by `mtp_cancel_trip`,
/// lowered again by `mtp_cancel_reset`, released by `mtp_cancel_free`.
/// Every function on it may be called from any thread at any time (not
/// from a signal handler), also while a decision watches it; freeing it
/// while a decision watches it is safe (the decision keeps watching the
/// flag, which nobody can trip any more).
pub struct MtpCancel {
    flag: Cancel,
}

/// The live cancel handles.
static CANCELS: Registry<MtpCancel> = Registry::new(CANCEL_TAG, "cancel");

/// The flag behind a live cancel handle.
pub(crate) fn flag_of(ptr: *const MtpCancel) -> Outcome<Cancel> {
    CANCELS.with(ptr, |c| Ok(c.flag.clone()))
}

/// Creates a cancel handle, not tripped, and writes it to `*cancel_out`;
/// free it with `mtp_cancel_free`.
///
/// # Safety
///
/// `cancel_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_cancel_new(cancel_out: *mut *mut MtpCancel) -> MtpStatus {
    guard(|| {
        let cancel_out = out(cancel_out, "cancel_out")?;
        let ptr = CANCELS.register(MtpCancel {
            flag: Cancel::new(),
        });
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(cancel_out, ptr) };
        Ok(())
    })
}

/// Trips the cancel handle: a decision of `mtp_bot_choose_cancellable`
/// watching it stops soon with `MTP_STATUS_CANCELLED`, and so does every
/// later one until `mtp_cancel_reset`. Tripping twice is harmless. A handle
/// that is not live is `MTP_STATUS_INVALID_HANDLE`.
#[no_mangle]
pub extern "C" fn mtp_cancel_trip(cancel: *const MtpCancel) -> MtpStatus {
    guard(|| {
        flag_of(cancel)?.cancel();
        Ok(())
    })
}

/// Lowers a tripped cancel handle again, so that the next decision
/// watching it runs (call it before that decision starts: a reset that
/// comes after a decision was cancelled does not undo the cancellation).
/// A handle that is not live is `MTP_STATUS_INVALID_HANDLE`.
#[no_mangle]
pub extern "C" fn mtp_cancel_reset(cancel: *const MtpCancel) -> MtpStatus {
    guard(|| {
        flag_of(cancel)?.reset();
        Ok(())
    })
}

/// Writes to `*tripped_out` whether the cancel handle is tripped.
///
/// # Safety
///
/// `tripped_out` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn mtp_cancel_is_tripped(
    cancel: *const MtpCancel,
    tripped_out: *mut bool,
) -> MtpStatus {
    guard(|| {
        let tripped_out = out(tripped_out, "tripped_out")?;
        let tripped = flag_of(cancel)?.is_cancelled();
        // SAFETY: checked non-NULL; valid per the caller.
        unsafe { put(tripped_out, tripped) };
        Ok(())
    })
}

/// Frees a cancel handle. NULL is accepted and ignored (`MTP_STATUS_OK`); a
/// handle that is not live is `MTP_STATUS_INVALID_HANDLE` without touching
/// memory. A decision still watching it goes on (it can no longer be
/// tripped).
#[no_mangle]
pub extern "C" fn mtp_cancel_free(cancel: *mut MtpCancel) -> MtpStatus {
    guard(|| CANCELS.release(cancel))
}

/// The number of cancel handles currently live in this process: handy for
/// leak checks in tests.
#[no_mangle]
pub extern "C" fn mtp_live_cancels() -> usize {
    guard_value(0, || CANCELS.live_count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{mtp_game_apply, mtp_game_free, mtp_game_new_simple};
    use std::ffi::CString;
    use std::ptr::null_mut;

    fn bot(kind: &str, params: Option<&str>) -> Result<*mut MtpBot, MtpStatus> {
        let kind = CString::new(kind).unwrap();
        let params = params.map(|p| CString::new(p).unwrap());
        let mut out = null_mut();
        // SAFETY: valid strings and out pointer.
        let st = unsafe {
            mtp_bot_new(
                kind.as_ptr(),
                params.as_ref().map_or(std::ptr::null(), |p| p.as_ptr()),
                &mut out,
            )
        };
        if st == MtpStatus::Ok {
            Ok(out)
        } else {
            Err(st)
        }
    }

    #[test]
    fn statuses_of_bad_kinds_and_parameters() {
        assert_eq!(bot("chess", None).unwrap_err(), MtpStatus::InvalidArgument);
        assert_eq!(
            bot("random", Some("{\"depth\": 3}")).unwrap_err(),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            bot("random", Some("{")).unwrap_err(),
            MtpStatus::InvalidJson
        );
        assert_eq!(
            bot("ismcts", Some("{\"iterations\": -1}")).unwrap_err(),
            MtpStatus::InvalidArgument
        );
        let mut out = null_mut();
        // SAFETY: NULL kind is reported, not read.
        let st = unsafe { mtp_bot_new(std::ptr::null(), std::ptr::null(), &mut out) };
        assert_eq!(st, MtpStatus::NullPointer);
        assert!(out.is_null());
    }

    /// Empty (or blank) parameters are the defaults, as NULL is, and as in
    /// the bots crate and Python; text that is not JSON is INVALID_JSON,
    /// JSON that is not an object INVALID_ARGUMENT.
    #[test]
    fn empty_parameters_are_the_defaults_and_bad_json_is_invalid_json() {
        for params in [None, Some(""), Some("  "), Some("{}")] {
            let b = bot("ismcts", params).unwrap_or_else(|st| panic!("{params:?}: {st:?}"));
            assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
        }
        for params in ["{", "nul", "{\"seed\": 1,}", "[1"] {
            assert_eq!(
                bot("greedy", Some(params)).unwrap_err(),
                MtpStatus::InvalidJson,
                "{params}"
            );
            let message =
                crate::status::last_error_bytes(|m| String::from_utf8_lossy(m).into_owned());
            assert!(message.contains("not valid JSON"), "{message}");
        }
        for params in ["[1, 2]", "3", "null", "\"x\""] {
            assert_eq!(
                bot("greedy", Some(params)).unwrap_err(),
                MtpStatus::InvalidArgument,
                "{params}"
            );
        }
    }

    fn last_error() -> String {
        crate::status::last_error_bytes(|m| String::from_utf8_lossy(m).into_owned())
    }

    /// The presets are bot kinds here as everywhere (docs/bots.md).
    #[test]
    fn the_difficulty_presets_are_kinds() {
        for kind in ["beginner", "casual", "strong", "expert", "ismcts-v1"] {
            let b = bot(kind, Some("{\"seed\": 3}")).unwrap_or_else(|st| panic!("{kind}: {st:?}"));
            assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
        }
        assert_eq!(
            bot("expert", Some("{\"iterations\": 5}")).unwrap_err(),
            MtpStatus::InvalidArgument
        );
    }

    /// A kind that is not UTF-8 is a bad argument, as the header says (it is
    /// a name, not JSON); parameters that are not UTF-8 are bad JSON.
    #[test]
    fn a_kind_that_is_not_utf8_is_an_invalid_argument() {
        let kind = CString::new(vec![b'i', 0xff, b's']).unwrap();
        let mut out = null_mut();
        // SAFETY: valid NUL-terminated strings and out pointer.
        let st = unsafe { mtp_bot_new(kind.as_ptr(), std::ptr::null(), &mut out) };
        assert_eq!(st, MtpStatus::InvalidArgument);
        assert!(out.is_null());
        assert!(last_error().contains("UTF-8"), "{}", last_error());
        let kind = CString::new("greedy").unwrap();
        let params = CString::new(vec![b'{', 0xfe, b'}']).unwrap();
        // SAFETY: as above.
        let st = unsafe { mtp_bot_new(kind.as_ptr(), params.as_ptr(), &mut out) };
        assert_eq!(st, MtpStatus::InvalidJson);
    }

    /// A parameter named twice is refused, as configurations and records
    /// refuse duplicate fields.
    #[test]
    fn duplicate_parameters_are_invalid_json() {
        assert_eq!(
            bot("ismcts", Some("{\"iterations\": 5, \"iterations\": 7}")).unwrap_err(),
            MtpStatus::InvalidJson
        );
        assert!(
            last_error().contains("duplicate parameter \"iterations\""),
            "{}",
            last_error()
        );
        assert_eq!(
            bot("greedy", Some("{\"seed\": 1, \"seed\": 1}")).unwrap_err(),
            MtpStatus::InvalidJson
        );
    }

    /// A huge bad value (64 MiB) is echoed as a bounded prefix, never
    /// whole: the last error stays small however large the input.
    #[test]
    fn huge_bad_values_give_short_messages() {
        let huge = "x".repeat(64 << 20);
        // The other places a value is echoed, with 1 MiB (quicker, as long).
        let big = &huge[..1 << 20];
        for (kind, params) in [
            ("ismcts".to_string(), format!("{{\"playout\": \"{huge}\"}}")),
            ("ismcts".to_string(), format!("{{\"{big}\": 1}}")),
            ("greedy".to_string(), format!("{{\"seed\": \"{big}\"}}")),
            (big.to_string(), "{}".to_string()),
            ("random".to_string(), format!("[\"{big}\"]")),
        ] {
            assert!(bot(&kind, Some(&params)).is_err());
            let message = last_error();
            assert!(
                message.len() < 400,
                "{} bytes: {}",
                message.len(),
                &message[..200]
            );
        }
    }

    #[test]
    fn a_seeded_bot_plays_legal_reproducible_games() {
        let play = || {
            let b = bot("greedy", Some("{\"seed\": 4}")).unwrap();
            let mut g = null_mut();
            // SAFETY: valid out pointer.
            let st = unsafe { mtp_game_new_simple(3, 1, 8, &mut g) };
            assert_eq!(st, MtpStatus::Ok);
            let mut actions = Vec::new();
            loop {
                let mut a = MtpAction::default();
                // SAFETY: live handles, valid out pointer.
                let st = unsafe { mtp_bot_choose(b, g, &mut a) };
                if st == MtpStatus::GameOver {
                    break;
                }
                assert_eq!(st, MtpStatus::Ok);
                actions.push(a);
                let mut next = null_mut();
                // SAFETY: live handle, valid out pointer.
                assert_eq!(unsafe { mtp_game_apply(g, a, &mut next) }, MtpStatus::Ok);
                assert_eq!(mtp_game_free(g), MtpStatus::Ok);
                g = next;
            }
            assert_eq!(mtp_game_free(g), MtpStatus::Ok);
            assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
            assert_eq!(mtp_bot_free(b), MtpStatus::InvalidHandle);
            actions
        };
        let first = play();
        assert!(first.len() > 20);
        assert_eq!(first, play());
    }

    fn cancel() -> *mut MtpCancel {
        let mut c = null_mut();
        // SAFETY: valid out pointer.
        assert_eq!(unsafe { mtp_cancel_new(&mut c) }, MtpStatus::Ok);
        c
    }

    fn game(players: u8) -> *mut MtpGame {
        let mut g = null_mut();
        // SAFETY: valid out pointer.
        let st = unsafe { mtp_game_new_simple(players, 1, 8, &mut g) };
        assert_eq!(st, MtpStatus::Ok);
        g
    }

    /// Another thread trips the handle while a search with an hour's budget
    /// thinks: the call returns CANCELLED soon, writing nothing; the same
    /// bot then decides again (a plain choose is never cancelled by the
    /// earlier flag), and so does a cancellable choose after a reset.
    #[test]
    fn another_thread_cancels_a_long_search() {
        let b = bot("ismcts", Some("{\"seconds\": 3600, \"seed\": 1}")).unwrap();
        let g = game(2);
        let c = cancel();
        let handle = c as usize;
        let started = std::time::Instant::now();
        let tripper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            assert_eq!(mtp_cancel_trip(handle as *const MtpCancel), MtpStatus::Ok);
        });
        let mut a = MtpAction {
            kind: 99,
            ..MtpAction::default()
        };
        // SAFETY: live handles, valid out pointer.
        let st = unsafe { mtp_bot_choose_cancellable(b, g, c, &mut a) };
        tripper.join().unwrap();
        assert_eq!(st, MtpStatus::Cancelled, "{}", last_error());
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
        assert_eq!(a.kind, 99, "nothing written");
        let mut tripped = false;
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { mtp_cancel_is_tripped(c, &mut tripped) };
        assert_eq!(st, MtpStatus::Ok);
        assert!(tripped);
        // Still tripped: the next cancellable decision stops at once.
        // SAFETY: as above.
        let st = unsafe { mtp_bot_choose_cancellable(b, g, c, &mut a) };
        assert_eq!(st, MtpStatus::Cancelled);
        let quick = bot("ismcts", Some("{\"iterations\": 50}")).unwrap();
        // SAFETY: as above.
        assert_eq!(unsafe { mtp_bot_choose(quick, g, &mut a) }, MtpStatus::Ok);
        assert_eq!(mtp_cancel_reset(c), MtpStatus::Ok);
        // SAFETY: as above.
        let st = unsafe { mtp_bot_choose_cancellable(quick, g, c, &mut a) };
        assert_eq!(st, MtpStatus::Ok);
        for h in [b, quick] {
            assert_eq!(mtp_bot_free(h), MtpStatus::Ok);
        }
        assert_eq!(mtp_cancel_free(c), MtpStatus::Ok);
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
    }

    /// A tripped handle cancels every kind before it decides; a cancelled
    /// bot that decides at once still decides after a reset.
    #[test]
    fn a_tripped_handle_cancels_every_kind_at_once() {
        let g = game(3);
        let c = cancel();
        assert_eq!(mtp_cancel_trip(c), MtpStatus::Ok);
        assert_eq!(mtp_cancel_trip(c), MtpStatus::Ok);
        for kind in ["random", "greedy", "beginner"] {
            let b = bot(kind, None).unwrap();
            let mut a = MtpAction::default();
            // SAFETY: live handles, valid out pointer.
            let st = unsafe { mtp_bot_choose_cancellable(b, g, c, &mut a) };
            assert_eq!(st, MtpStatus::Cancelled, "{kind}");
            assert!(last_error().contains("interrupted"), "{}", last_error());
            assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
        }
        assert_eq!(mtp_cancel_free(c), MtpStatus::Ok);
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
    }

    /// NULL, freed and foreign cancel handles are reported, never used.
    #[test]
    fn bad_cancel_handles_are_reported() {
        let g = game(2);
        let b = bot("greedy", None).unwrap();
        let mut a = MtpAction::default();
        // SAFETY: live handles, valid out pointer; bad cancels are checked.
        unsafe {
            assert_eq!(
                mtp_bot_choose_cancellable(b, g, std::ptr::null(), &mut a),
                MtpStatus::NullPointer
            );
            assert_eq!(
                mtp_bot_choose_cancellable(b, g, b.cast(), &mut a),
                MtpStatus::InvalidHandle
            );
            let mut out = null_mut();
            assert_eq!(mtp_cancel_new(std::ptr::null_mut()), MtpStatus::NullPointer);
            assert_eq!(mtp_cancel_new(&mut out), MtpStatus::Ok);
            assert_eq!(mtp_cancel_free(out), MtpStatus::Ok);
            assert_eq!(mtp_cancel_free(out), MtpStatus::InvalidHandle);
            assert_eq!(mtp_cancel_trip(out), MtpStatus::InvalidHandle);
            assert_eq!(mtp_cancel_reset(g.cast()), MtpStatus::InvalidHandle);
            let mut t = false;
            assert_eq!(mtp_cancel_is_tripped(out, &mut t), MtpStatus::InvalidHandle);
            assert_eq!(
                mtp_bot_choose_cancellable(b, g, out, &mut a),
                MtpStatus::InvalidHandle
            );
        }
        assert_eq!(mtp_cancel_free(std::ptr::null_mut()), MtpStatus::Ok);
        assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
    }
}
