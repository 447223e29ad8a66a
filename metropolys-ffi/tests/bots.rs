//! The bot functions from Rust: threads, freeing during a decision, and
//! the information rule (R-21).

use metropolys::*;
use std::ffi::CString;
use std::ptr;

/// A raw handle that may cross threads (the library's handles are
/// thread-safe; the raw pointer type is not `Send` by itself).
struct Shared<T>(*mut T);
impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Shared<T> {}
// SAFETY: the library guards every handle (registries and locks); the test
// only passes the pointers to its functions.
unsafe impl<T> Send for Shared<T> {}

fn bot(kind: &str, params: &str) -> *mut MtpBot {
    let kind = CString::new(kind).unwrap();
    let params = CString::new(params).unwrap();
    let mut b = ptr::null_mut();
    // SAFETY: valid strings and out-pointer.
    let st = unsafe { mtp_bot_new(kind.as_ptr(), params.as_ptr(), &mut b) };
    assert_eq!(st, MtpStatus::Ok);
    b
}

fn game(json: &str) -> *mut MtpGame {
    let json = CString::new(json).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    let st = unsafe { mtp_game_new(json.as_ptr(), &mut g) };
    assert_eq!(st, MtpStatus::Ok);
    g
}

fn choose(b: *mut MtpBot, g: *const MtpGame) -> Result<MtpAction, MtpStatus> {
    let mut a = MtpAction::default();
    // SAFETY: valid out-pointer; the handles are checked by the library.
    match unsafe { mtp_bot_choose(b, g, &mut a) } {
        MtpStatus::Ok => Ok(a),
        st => Err(st),
    }
}

#[test]
fn bots_decide_in_parallel_and_may_be_freed_while_deciding() {
    let g = Shared(game(r#"{"players": 4, "variant": "expert", "seed": 3}"#));
    // Two bots made alike decide alike in two threads on the same game.
    let a = Shared(bot("ismcts", r#"{"iterations": 400, "seed": 5}"#));
    let b = Shared(bot("ismcts", r#"{"iterations": 400, "seed": 5}"#));
    let (ta, tb) = (
        std::thread::spawn(move || choose({ a }.0, { g }.0)),
        std::thread::spawn(move || choose({ b }.0, { g }.0)),
    );
    let (x, y) = (ta.join().unwrap().unwrap(), tb.join().unwrap().unwrap());
    assert_eq!(x, y);
    let mut legal = false;
    // SAFETY: valid out-pointer.
    assert_eq!(
        unsafe { mtp_game_is_legal(g.0, x, &mut legal) },
        MtpStatus::Ok
    );
    assert!(legal);

    // Freeing a bot while another thread decides with it is safe: the
    // decision either finishes or finds the handle gone.
    let c = Shared(bot("ismcts", r#"{"iterations": 3000, "seed": 1}"#));
    let t = std::thread::spawn(move || choose({ c }.0, { g }.0));
    assert_eq!(mtp_bot_free(c.0), MtpStatus::Ok);
    match t.join().unwrap() {
        Ok(_) | Err(MtpStatus::InvalidHandle) => {}
        Err(st) => panic!("unexpected {st:?}"),
    }
    assert_eq!(choose(c.0, g.0), Err(MtpStatus::InvalidHandle));

    assert_eq!(mtp_bot_free(a.0), MtpStatus::Ok);
    assert_eq!(mtp_bot_free(b.0), MtpStatus::Ok);
    assert_eq!(mtp_game_free(g.0), MtpStatus::Ok);
}

#[test]
fn opponents_secrets_do_not_change_a_decision_r21() {
    let config = |others: &str| {
        format!(
            r#"{{"players": 2, "variant": "expert", "seed": 12, "start_player": 1,
                "objectives": [{others}, {{"neighborhood": "mall", "area": "lakes"}}]}}"#
        )
    };
    let g1 = game(&config(r#"{"neighborhood": "park", "area": "chains"}"#));
    let g2 = game(&config(r#"{"neighborhood": "housing", "area": "bridges"}"#));
    for kind in ["random", "greedy", "ismcts"] {
        for seed in 0..3 {
            let params = format!(r#"{{"iterations": 300, "seed": {seed}}}"#);
            let params = if kind == "ismcts" {
                params
            } else {
                format!(r#"{{"seed": {seed}}}"#)
            };
            let (p, q) = (bot(kind, &params), bot(kind, &params));
            assert_eq!(choose(p, g1).unwrap(), choose(q, g2).unwrap(), "{kind}");
            assert_eq!(mtp_bot_free(p), MtpStatus::Ok);
            assert_eq!(mtp_bot_free(q), MtpStatus::Ok);
        }
    }
    assert_eq!(mtp_game_free(g1), MtpStatus::Ok);
    assert_eq!(mtp_game_free(g2), MtpStatus::Ok);
}

/// A game dealt from a Metropolys deck (R-22): `mtp_bot_choose` decides from
/// the seat's view with the game's configuration, exactly as the bots
/// crate's `Player::choose_in` (the other seats' cards sampled from the deck
/// minus the seat's own), and not as a view that ignores the deck.
#[test]
fn a_deck_games_decision_is_the_seat_views_with_the_deck_r21_r22() {
    use metropolys_bots::Player;
    use metropolys_core::{Config, Kind, State, Variant};
    let mut config = Config::new(3, Variant::Expert, 21);
    config.metropolys_deck = Some(vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Industry, Kind::Mall, Kind::Administration],
        [Kind::Park, Kind::Industry, Kind::Housing],
        [Kind::Administration, Kind::Park, Kind::Housing],
    ]);
    let mut g = game(&serde_json::to_string(&config).unwrap());
    let mut state = State::new(&config).unwrap();
    let mut differs = false;
    for step in 0..12u64 {
        let params = format!(r#"{{"iterations": 300, "seed": {step}}}"#);
        let b = bot("ismcts", &params);
        let chosen = choose(b, g).unwrap();
        assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
        let with_deck = Player::from_spec("ismcts", &params)
            .unwrap()
            .choose_in(&state, &config)
            .unwrap();
        let without = Player::from_spec("ismcts", &params)
            .unwrap()
            .choose_for(&state)
            .unwrap();
        let as_c = |a: metropolys_core::Action| match a {
            metropolys_core::Action::Bid {
                neighborhood,
                building,
            } => (MtpActionKind::Bid as u8, neighborhood, building),
            metropolys_core::Action::Pass => (MtpActionKind::Pass as u8, 0, 0),
        };
        assert_eq!(
            (chosen.kind, chosen.neighborhood, chosen.building),
            as_c(with_deck),
            "step {step}"
        );
        differs |= with_deck != without;
        let mut next = ptr::null_mut();
        // SAFETY: valid out-pointer; the handle is live.
        assert_eq!(
            unsafe { mtp_game_apply(g, chosen, &mut next) },
            MtpStatus::Ok
        );
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
        g = next;
        state = state.play(with_deck).unwrap();
    }
    assert!(differs, "the deck never changed a decision: is it used?");
    assert_eq!(mtp_game_free(g), MtpStatus::Ok);
}

/// A freed bot handle stays dead even when the next bot is allocated where
/// the freed one was: it neither drives nor frees the new bot.
#[test]
fn a_freed_bot_handle_does_not_alias_the_next_bot() {
    let g = game(r#"{"players": 3, "variant": "family", "seed": 2}"#);
    let kind = CString::new("random").unwrap();
    let new = || {
        let mut b = ptr::null_mut();
        // SAFETY: a valid string and out-pointer; NULL parameters (nothing
        // allocated between a free and the next bot).
        let st = unsafe { mtp_bot_new(kind.as_ptr(), ptr::null(), &mut b) };
        assert_eq!(st, MtpStatus::Ok);
        b
    };
    for _ in 0..50 {
        let a = new();
        assert_eq!(mtp_bot_free(a), MtpStatus::Ok);
        let b = new();
        assert_eq!(choose(a, g), Err(MtpStatus::InvalidHandle));
        assert_eq!(mtp_bot_free(a), MtpStatus::InvalidHandle);
        assert!(choose(b, g).is_ok());
        assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
    }
    assert_eq!(mtp_game_free(g), MtpStatus::Ok);
}

/// A game handle is not a bot handle, and a bot handle is not a game
/// handle: each is rejected as not live, never read as the other kind.
#[test]
fn a_handle_of_one_kind_is_rejected_as_the_other() {
    let g = game(r#"{"players": 2, "variant": "family", "seed": 2}"#);
    let b = bot("random", r#"{"seed": 1}"#);
    assert_eq!(choose(g.cast::<MtpBot>(), g), Err(MtpStatus::InvalidHandle));
    assert_eq!(
        choose(b, b.cast::<MtpGame>()),
        Err(MtpStatus::InvalidHandle)
    );
    assert_eq!(mtp_bot_free(g.cast::<MtpBot>()), MtpStatus::InvalidHandle);
    assert_eq!(mtp_game_free(b.cast::<MtpGame>()), MtpStatus::InvalidHandle);
    assert!(choose(b, g).is_ok());
    assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
    assert_eq!(mtp_game_free(g), MtpStatus::Ok);
}

/// `mtp_bot_new` with raw bytes; the status, the last error and the handle.
fn new_raw(kind: &[u8], params: &[u8]) -> (MtpStatus, String, *mut MtpBot) {
    let kind = CString::new(kind).unwrap();
    let params = CString::new(params).unwrap();
    let mut b = ptr::null_mut();
    // SAFETY: valid NUL-terminated strings and out-pointer.
    let st = unsafe { mtp_bot_new(kind.as_ptr(), params.as_ptr(), &mut b) };
    // SAFETY: mtp_last_error returns a valid NUL-terminated string.
    let message = unsafe { std::ffi::CStr::from_ptr(mtp_last_error()) }
        .to_string_lossy()
        .into_owned();
    (st, message, b)
}

#[test]
fn the_presets_are_bot_kinds() {
    let g = game(r#"{"players": 3, "variant": "expert", "seed": 4}"#);
    for kind in ["beginner", "casual", "strong", "ismcts-v1"] {
        let params = if kind == "ismcts-v1" {
            r#"{"iterations": 50}"#
        } else {
            r#"{"seed": 3}"#
        };
        let b = bot(kind, params);
        assert!(choose(b, g).is_ok(), "{kind}");
        assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
    }
    // The presets take no parameter but the seed.
    let (st, message, _) = new_raw(b"expert", br#"{"iterations": 5}"#);
    assert_eq!(st, MtpStatus::InvalidArgument, "{message}");
    assert_eq!(mtp_game_free(g), MtpStatus::Ok);
}
