//! The C ABI called from Rust: every function, its success and error paths.

use metropolys::*;
use metropolys_core::{Action, Config, Event, State, Variant};
use std::ffi::{c_char, CStr, CString};
use std::ptr;

fn last_error() -> String {
    // SAFETY: mtp_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(mtp_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// Takes ownership of a string returned by the library.
fn take(s: *mut c_char) -> String {
    assert!(!s.is_null());
    // SAFETY: `s` came from the library and is freed exactly once here.
    let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
    // SAFETY: as above.
    unsafe { mtp_string_free(s) };
    text
}

/// An owned handle, freed on drop.
struct Game(*mut MtpGame);

impl Drop for Game {
    fn drop(&mut self) {
        assert_eq!(mtp_game_free(self.0), MtpStatus::Ok);
    }
}

fn new_game(players: u8, variant: MtpVariant, seed: u64) -> Game {
    let mut g = ptr::null_mut();
    // SAFETY: valid out-pointer.
    let st = unsafe { mtp_game_new_simple(players, variant as u32, seed, &mut g) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    Game(g)
}

fn from_json(config: &str) -> Result<Game, MtpStatus> {
    let c = CString::new(config).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    match unsafe { mtp_game_new(c.as_ptr(), &mut g) } {
        MtpStatus::Ok => Ok(Game(g)),
        st => {
            assert!(g.is_null());
            Err(st)
        }
    }
}

fn legal(g: &Game) -> Vec<MtpAction> {
    let mut n = 0usize;
    // SAFETY: valid out-pointer; NULL buffer with capacity 0.
    let st = unsafe { mtp_game_legal_actions(g.0, ptr::null_mut(), 0, &mut n) };
    assert!(st == MtpStatus::Ok || st == MtpStatus::BufferTooSmall);
    let mut buf = vec![MtpAction::default(); n];
    let mut n2 = 0usize;
    // SAFETY: `buf` holds `n` actions.
    let st = unsafe { mtp_game_legal_actions(g.0, buf.as_mut_ptr(), n, &mut n2) };
    assert_eq!(st, MtpStatus::Ok);
    assert_eq!(n, n2);
    buf
}

fn apply(g: &Game, a: MtpAction) -> Result<Game, MtpStatus> {
    let mut next = ptr::null_mut();
    // SAFETY: valid out-pointer.
    match unsafe { mtp_game_apply(g.0, a, &mut next) } {
        MtpStatus::Ok => Ok(Game(next)),
        st => {
            assert!(next.is_null());
            Err(st)
        }
    }
}

fn events(g: &Game) -> Vec<MtpEvent> {
    let mut n = 0usize;
    // SAFETY: valid out-pointer.
    unsafe { mtp_game_events(g.0, ptr::null_mut(), 0, &mut n) };
    let mut buf = Vec::with_capacity(n);
    let mut n2 = 0usize;
    // SAFETY: `buf` has room for `n` events; we set the length after the
    // library wrote them.
    let st = unsafe { mtp_game_events(g.0, buf.as_mut_ptr(), n, &mut n2) };
    assert_eq!(st, MtpStatus::Ok);
    // SAFETY: the library wrote `n2 == n` events.
    unsafe { buf.set_len(n2) };
    buf
}

fn to_act(g: &Game) -> u8 {
    let mut s = 0u8;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { mtp_game_to_act(g.0, &mut s) }, MtpStatus::Ok);
    s
}

fn is_over(g: &Game) -> bool {
    let mut b = false;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { mtp_game_is_over(g.0, &mut b) }, MtpStatus::Ok);
    b
}

fn json_of(
    g: &Game,
    f: unsafe extern "C" fn(*const MtpGame, *mut *mut c_char) -> MtpStatus,
) -> String {
    let mut s = ptr::null_mut();
    // SAFETY: valid out-pointer.
    let st = unsafe { f(g.0, &mut s) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    take(s)
}

fn bid(neighborhood: u8, building: u8) -> MtpAction {
    MtpAction {
        kind: MtpActionKind::Bid as u8,
        neighborhood,
        building,
    }
}

fn pass() -> MtpAction {
    MtpAction {
        kind: MtpActionKind::Pass as u8,
        neighborhood: 0,
        building: 0,
    }
}

/// Plays a whole game choosing the `k`-th legal action by a simple
/// generator; returns the final handle.
fn play_out(mut g: Game, seed: u64) -> Game {
    let mut rng = metropolys_core::rng::SplitMix64::new(seed);
    while !is_over(&g) {
        let acts = legal(&g);
        assert!(!acts.is_empty(), "R-11: a seat asked to act can bid");
        let a = acts[rng.below(acts.len() as u64) as usize];
        g = apply(&g, a).unwrap();
    }
    g
}

#[test]
fn a_new_game_matches_the_core() {
    let g = new_game(3, MtpVariant::Expert, 42);
    let core = State::new(&Config::new(3, Variant::Expert, 42)).unwrap();
    let mut players = 0u8;
    let mut variant = 9u32;
    let mut call = 0u16;
    let mut count = 0usize;
    // SAFETY: valid out-pointers.
    unsafe {
        assert_eq!(mtp_game_players(g.0, &mut players), MtpStatus::Ok);
        assert_eq!(mtp_game_variant(g.0, &mut variant), MtpStatus::Ok);
        assert_eq!(mtp_game_call_number(g.0, &mut call), MtpStatus::Ok);
        assert_eq!(mtp_game_legal_action_count(g.0, &mut count), MtpStatus::Ok);
    }
    assert_eq!(players, 3);
    assert_eq!(variant, MtpVariant::Expert as u32);
    assert_eq!(call, 1);
    assert_eq!(count, core.legal_action_count());
    assert_eq!(to_act(&g), 0);
    assert!(!is_over(&g));
    let acts: Vec<Action> = legal(&g)
        .iter()
        .map(|a| match a.kind {
            0 => Action::bid(a.neighborhood, a.building),
            _ => Action::Pass,
        })
        .collect();
    assert_eq!(acts, core.legal_actions());
    assert_eq!(json_of(&g, mtp_game_to_json), core.to_json());
    let ev = events(&g);
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].tag, MtpEventType::CallStarted);
    assert_eq!((ev[0].call, ev[0].player), (1, 0));
}

#[test]
fn config_json_creates_games_and_reports_bad_configs() {
    let g =
        from_json(r#"{"players": 2, "variant": "family", "seed": 7, "start_player": 1}"#).unwrap();
    assert_eq!(to_act(&g), 1);
    assert_eq!(
        from_json(r#"{"players": 5}"#).err(),
        Some(MtpStatus::InvalidConfig)
    );
    assert!(last_error().contains("R-1"), "{}", last_error());
    assert_eq!(
        from_json(r#"{"players": 2, "colour": "red"}"#).err(),
        Some(MtpStatus::InvalidJson)
    );
    assert_eq!(from_json("{not json").err(), Some(MtpStatus::InvalidJson));
    assert!(!last_error().is_empty());
    let mut g2 = ptr::null_mut();
    // SAFETY: NULL arguments are the point of the test.
    unsafe {
        assert_eq!(mtp_game_new(ptr::null(), &mut g2), MtpStatus::NullPointer);
        let c = CString::new("{}").unwrap();
        assert_eq!(
            mtp_game_new(c.as_ptr(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
        // Invalid UTF-8.
        let bad = [0xffu8, 0xfe, 0];
        assert_eq!(
            mtp_game_new(bad.as_ptr().cast(), &mut g2),
            MtpStatus::InvalidJson
        );
        assert_eq!(
            mtp_game_new_simple(2, 7, 0, &mut g2),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_game_new_simple(1, 0, 0, &mut g2),
            MtpStatus::InvalidConfig
        );
        assert_eq!(
            mtp_game_new_simple(2, 0, 0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
    }
    assert!(g2.is_null());
}

#[test]
fn applying_returns_a_new_handle_and_leaves_the_old_one_valid() {
    let g0 = new_game(2, MtpVariant::Family, 1);
    let before = json_of(&g0, mtp_game_to_json);
    let a = legal(&g0)[0];
    let g1 = apply(&g0, a).unwrap();
    assert_eq!(json_of(&g0, mtp_game_to_json), before);
    assert_ne!(json_of(&g1, mtp_game_to_json), before);
    let ev = events(&g1);
    assert_eq!(ev[0].tag, MtpEventType::BidPlaced);
    assert_eq!(
        (ev[0].neighborhood, ev[0].building),
        (a.neighborhood, a.building)
    );
    // The same move again from g0 gives an equal game.
    let g1b = apply(&g0, a).unwrap();
    assert_eq!(
        json_of(&g1, mtp_game_to_json),
        json_of(&g1b, mtp_game_to_json)
    );
    // Free the parent first: the child stays usable.
    drop(g0);
    assert_eq!(to_act(&g1), 1);
}

#[test]
fn illegal_actions_are_errors_naming_the_rule() {
    let g = new_game(4, MtpVariant::Family, 1);
    // The opening player cannot pass (R-7).
    assert_eq!(apply(&g, pass()).err(), Some(MtpStatus::IllegalAction));
    assert!(last_error().contains("R-7"), "{}", last_error());
    assert_eq!(mtp_game_check(g.0, pass()), MtpStatus::IllegalAction);
    let mut legal_flag = true;
    // SAFETY: valid out-pointer.
    unsafe {
        assert_eq!(
            mtp_game_is_legal(g.0, pass(), &mut legal_flag),
            MtpStatus::Ok
        );
    }
    assert!(!legal_flag);
    // No neighborhood 60, no building 14.
    assert_eq!(apply(&g, bid(60, 1)).err(), Some(MtpStatus::IllegalAction));
    assert_eq!(apply(&g, bid(0, 14)).err(), Some(MtpStatus::IllegalAction));
    // An unknown action kind.
    let weird = MtpAction {
        kind: 9,
        neighborhood: 0,
        building: 1,
    };
    assert_eq!(apply(&g, weird).err(), Some(MtpStatus::InvalidArgument));
    assert_eq!(mtp_game_check(g.0, weird), MtpStatus::InvalidArgument);
    // A legal action checks fine and clears the last error.
    let a = legal(&g)[0];
    assert_eq!(mtp_game_check(g.0, a), MtpStatus::Ok);
    assert_eq!(last_error(), "");
    // Outbids must be adjacent and higher (R-9).
    let g1 = apply(&g, bid(0, 5)).unwrap();
    assert_eq!(apply(&g1, bid(0, 6)).err(), Some(MtpStatus::IllegalAction));
    assert_eq!(apply(&g1, bid(19, 4)).err(), Some(MtpStatus::IllegalAction));
    assert!(last_error().contains("R-9"), "{}", last_error());
}

#[test]
fn apply_by_id_and_for_a_seat() {
    let g = new_game(2, MtpVariant::Family, 2);
    let mut ids = vec![0u16; MTP_ACTION_COUNT];
    let mut n = 0usize;
    // SAFETY: `ids` holds MTP_ACTION_COUNT entries.
    let st = unsafe { mtp_game_legal_action_ids(g.0, ids.as_mut_ptr(), ids.len(), &mut n) };
    assert_eq!(st, MtpStatus::Ok);
    let acts = legal(&g);
    assert_eq!(n, acts.len());
    for (id, a) in ids.iter().zip(&acts) {
        let mut back = MtpAction::default();
        let mut id2 = 0u16;
        // SAFETY: valid out-pointers.
        unsafe {
            assert_eq!(mtp_action_from_id(*id, &mut back), MtpStatus::Ok);
            assert_eq!(mtp_action_to_id(*a, &mut id2), MtpStatus::Ok);
        }
        assert_eq!(back, *a);
        assert_eq!(id2, *id);
    }
    let mut next = ptr::null_mut();
    // SAFETY: valid out-pointers.
    unsafe {
        assert_eq!(
            mtp_game_apply_id(g.0, 716, &mut next),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_game_apply_id(g.0, MTP_PASS_ID, &mut next),
            MtpStatus::IllegalAction
        );
        assert_eq!(
            mtp_game_apply_id(g.0, ids[0], ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert!(next.is_null());
        assert_eq!(mtp_game_apply_id(g.0, ids[0], &mut next), MtpStatus::Ok);
        let by_id = Game(next);
        let by_struct = apply(&g, acts[0]).unwrap();
        assert_eq!(
            json_of(&by_id, mtp_game_to_json),
            json_of(&by_struct, mtp_game_to_json)
        );
        let mut other = ptr::null_mut();
        assert_eq!(
            mtp_game_apply_for(g.0, 1, acts[0], &mut other),
            MtpStatus::IllegalAction
        );
        assert!(last_error().contains("R-8"), "{}", last_error());
        assert_eq!(
            mtp_game_apply_for(g.0, 0, acts[0], &mut other),
            MtpStatus::Ok
        );
        drop(Game(other));
        let mut id = 0u16;
        assert_eq!(
            mtp_action_to_id(bid(55, 1), &mut id),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_action_to_id(bid(0, 0), &mut id),
            MtpStatus::InvalidArgument
        );
        assert_eq!(mtp_action_to_id(pass(), &mut id), MtpStatus::Ok);
        assert_eq!(id, MTP_PASS_ID);
        assert_eq!(
            mtp_action_to_id(pass(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let mut a = MtpAction::default();
        assert_eq!(mtp_action_from_id(716, &mut a), MtpStatus::InvalidArgument);
        assert_eq!(
            mtp_action_from_id(0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
    }
}

#[test]
fn the_buffer_protocol_reports_the_required_count() {
    let g = new_game(4, MtpVariant::Expert, 3);
    let want = legal(&g).len();
    assert!(want > 2);
    let mut buf = [MtpAction::default(); 2];
    let mut n = 0usize;
    // SAFETY: `buf` holds 2 actions.
    let st = unsafe { mtp_game_legal_actions(g.0, buf.as_mut_ptr(), 2, &mut n) };
    assert_eq!(st, MtpStatus::BufferTooSmall);
    assert_eq!(n, want);
    assert_eq!(buf, [MtpAction::default(); 2], "nothing written");
    // SAFETY: NULL arguments are the point of the test.
    unsafe {
        assert_eq!(
            mtp_game_legal_actions(g.0, ptr::null_mut(), 5, &mut n),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_game_legal_actions(g.0, buf.as_mut_ptr(), 2, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let mut ids = [0u16; 1];
        assert_eq!(
            mtp_game_legal_action_ids(g.0, ids.as_mut_ptr(), 1, &mut n),
            MtpStatus::BufferTooSmall
        );
        assert_eq!(n, want);
        let mut ev = [MtpEvent {
            tag: MtpEventType::GameEnded,
            player: 0,
            neighborhood: 0,
            building: 0,
            forced: false,
            token: MtpToken::None,
            card: MtpCard::None,
            from_player: 0,
            call: 0,
        }; 1];
        assert_eq!(
            mtp_game_events(g.0, ev.as_mut_ptr(), 0, &mut n),
            MtpStatus::BufferTooSmall
        );
        assert_eq!(n, 1);
        let mut w = [0u8; 4];
        assert_eq!(
            mtp_game_winners(g.0, w.as_mut_ptr(), 0, &mut n),
            MtpStatus::BufferTooSmall
        );
        assert_eq!(
            mtp_game_winners(g.0, w.as_mut_ptr(), 4, &mut n),
            MtpStatus::Ok
        );
        assert!((1..=4).contains(&n));
    }
}

#[test]
fn a_whole_game_ends_with_scores_winners_and_a_record() {
    let g = play_out(new_game(3, MtpVariant::Expert, 5), 11);
    assert!(is_over(&g));
    assert_eq!(to_act(&g), MTP_NO_SEAT);
    assert_eq!(legal(&g).len(), 0);
    let ev = events(&g);
    assert_eq!(ev.last().unwrap().tag, MtpEventType::GameEnded);
    // The finished game refuses actions.
    assert_eq!(apply(&g, bid(0, 1)).err(), Some(MtpStatus::GameOver));
    assert!(last_error().contains("R-17"), "{}", last_error());
    assert_eq!(mtp_game_check(g.0, pass()), MtpStatus::GameOver);
    let mut next = ptr::null_mut();
    // SAFETY: valid out-pointer.
    unsafe {
        assert_eq!(mtp_game_apply_id(g.0, 0, &mut next), MtpStatus::GameOver);
    }
    // Score sheets agree with the JSON and the GameEnded event of the core.
    let scores_json: serde_json::Value =
        serde_json::from_str(&json_of(&g, mtp_game_scores_json)).unwrap();
    let events_json: serde_json::Value =
        serde_json::from_str(&json_of(&g, mtp_game_events_json)).unwrap();
    let ended = events_json.as_array().unwrap().last().unwrap();
    assert_eq!(ended["type"], "game_ended");
    assert_eq!(ended["scores"], scores_json);
    for seat in 0..3u8 {
        let mut sheet = MtpScoreSheet::default();
        // SAFETY: valid out-pointer.
        let st = unsafe { mtp_game_score_sheet(g.0, seat, &mut sheet) };
        assert_eq!(st, MtpStatus::Ok);
        let j = &scores_json[seat as usize];
        assert_eq!(sheet.player, seat);
        assert_eq!(sheet.total as i64, j["total"].as_i64().unwrap());
        assert_eq!(sheet.area as i64, j["area"].as_i64().unwrap());
        assert_eq!(
            sheet.highest_building as i64,
            j["highest_building"].as_i64().unwrap()
        );
        assert_eq!(sheet.constructed as i64, j["constructed"].as_i64().unwrap());
        let sum = sheet.trendy
            + sheet.subway
            + sheet.subway_card
            + sheet.archaeology
            + sheet.archaeology_card
            + sheet.area
            + sheet.neighborhood
            + sheet.highest_building
            + sheet.metropolys;
        assert_eq!(sum, sheet.total);
    }
    let mut sheet = MtpScoreSheet::default();
    // SAFETY: valid out-pointer / NULL on purpose.
    unsafe {
        assert_eq!(
            mtp_game_score_sheet(g.0, 3, &mut sheet),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_game_score_sheet(g.0, 0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
    }
    let mut w = [0u8; MTP_MAX_PLAYERS];
    let mut n = 0;
    // SAFETY: `w` holds MTP_MAX_PLAYERS seats.
    unsafe { mtp_game_winners(g.0, w.as_mut_ptr(), w.len(), &mut n) };
    let winners: Vec<u64> = ended["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        w[..n].iter().map(|&s| s as u64).collect::<Vec<_>>(),
        winners
    );

    // The record replays to the same game, and verifies.
    let record = json_of(&g, mtp_game_record_json);
    let c = CString::new(record.clone()).unwrap();
    let mut replayed = ptr::null_mut();
    // SAFETY: valid string and out-pointers.
    unsafe {
        assert_eq!(
            mtp_game_from_record(c.as_ptr(), &mut replayed),
            MtpStatus::Ok
        );
        let replayed = Game(replayed);
        assert_eq!(
            json_of(&replayed, mtp_game_to_json),
            json_of(&g, mtp_game_to_json)
        );
        assert_eq!(events(&replayed), events(&g));
        assert_eq!(
            mtp_record_verify(c.as_ptr(), ptr::null_mut()),
            MtpStatus::Ok
        );
        let mut verified = ptr::null_mut();
        assert_eq!(mtp_record_verify(c.as_ptr(), &mut verified), MtpStatus::Ok);
        let verified = Game(verified);
        assert!(is_over(&verified));
    }
    // A record whose expectations differ is a mismatch.
    let mut r: serde_json::Value = serde_json::from_str(&record).unwrap();
    let t0 = r["expected"]["totals"][0].as_i64().unwrap();
    r["expected"]["totals"][0] = serde_json::json!(t0 + 1);
    let c = CString::new(r.to_string()).unwrap();
    // SAFETY: valid string.
    unsafe {
        assert_eq!(
            mtp_record_verify(c.as_ptr(), ptr::null_mut()),
            MtpStatus::RecordMismatch
        );
    }
    assert!(last_error().contains("totals"), "{}", last_error());
}

#[test]
fn record_errors_have_their_own_codes() {
    let cases = [
        ("{", MtpStatus::InvalidJson),
        (
            r#"{"format":"other","version":1,"config":{"players":2},"actions":[]}"#,
            MtpStatus::InvalidRecord,
        ),
        (
            r#"{"format":"metropolys-record","version":9,"config":{"players":2},"actions":[]}"#,
            MtpStatus::InvalidRecord,
        ),
        (
            r#"{"format":"metropolys-record","version":1,"config":{"players":9},"actions":[]}"#,
            MtpStatus::InvalidConfig,
        ),
        (
            r#"{"format":"metropolys-record","version":1,"config":{"players":2},"actions":[{"player":0,"action":"pass"}]}"#,
            MtpStatus::IllegalAction,
        ),
    ];
    for (text, want) in cases {
        let c = CString::new(text).unwrap();
        let mut g = ptr::null_mut();
        // SAFETY: valid string and out-pointer.
        unsafe {
            assert_eq!(mtp_game_from_record(c.as_ptr(), &mut g), want, "{text}");
            assert_eq!(mtp_record_verify(c.as_ptr(), &mut g), want, "{text}");
        }
        assert!(g.is_null());
    }
    // An empty record reaches the opening position with its opening event.
    let c = CString::new(
        r#"{"format":"metropolys-record","version":1,"config":{"players":2,"seed":4},"actions":[]}"#,
    )
    .unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer; NULL on purpose.
    unsafe {
        assert_eq!(mtp_game_from_record(c.as_ptr(), &mut g), MtpStatus::Ok);
        assert_eq!(
            mtp_game_from_record(ptr::null(), &mut g),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_game_from_record(c.as_ptr(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_record_verify(ptr::null(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
    }
    let g = Game(g);
    assert_eq!(events(&g)[0].tag, MtpEventType::CallStarted);
}

/// R-21: the public view is core's (`Game::public_view`): no seat's
/// objectives until the end, then the whole state.
#[test]
fn the_public_view_is_cores_and_hides_every_objective() {
    let g0 = new_game(4, MtpVariant::Expert, 9);
    let g = apply(&g0, legal(&g0)[3]).unwrap();
    let public = json_of(&g, mtp_game_public_view_json);
    let whole = State::from_json(&json_of(&g, mtp_game_to_json)).unwrap();
    let core = metropolys_core::Game::from_state(whole).public_view();
    assert_eq!(public, core.to_json());
    let v: serde_json::Value = serde_json::from_str(&public).unwrap();
    assert!(v["viewer"].is_null());
    assert_eq!(v["objectives"], serde_json::json!([null, null, null, null]));
    for p in 0..4 {
        let theirs = serde_json::to_string(&whole.objective(p).unwrap()).unwrap();
        assert!(!public.contains(&theirs), "seat {p}'s objective leaks");
    }
    let end = play_out(g, 3);
    assert_eq!(
        json_of(&end, mtp_game_public_view_json),
        json_of(&end, mtp_game_to_json)
    );
    let mut s = ptr::null_mut();
    // SAFETY: NULL on purpose.
    unsafe {
        assert_eq!(
            mtp_game_public_view_json(end.0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_game_public_view_json(ptr::null(), &mut s),
            MtpStatus::NullPointer
        );
    }
    assert!(s.is_null());
}

#[test]
fn state_json_round_trips_and_views_hide_objectives() {
    let g0 = new_game(4, MtpVariant::Expert, 9);
    let g = apply(&g0, legal(&g0)[3]).unwrap();
    let text = json_of(&g, mtp_game_to_json);
    let c = CString::new(text.clone()).unwrap();
    let mut loaded = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    unsafe { assert_eq!(mtp_game_from_json(c.as_ptr(), &mut loaded), MtpStatus::Ok) };
    let loaded = Game(loaded);
    assert_eq!(json_of(&loaded, mtp_game_to_json), text);
    assert!(events(&loaded).is_empty());
    // No history: no record.
    let mut s = ptr::null_mut();
    // SAFETY: valid out-pointer.
    unsafe {
        assert_eq!(
            mtp_game_record_json(loaded.0, &mut s),
            MtpStatus::InvalidState
        );
    }
    assert!(s.is_null());
    // A view hides the opponents' objectives (R-21) and loads back as that
    // view (tests/views.rs checks what it answers).
    let mut v = ptr::null_mut();
    // SAFETY: valid out-pointer.
    unsafe { assert_eq!(mtp_game_view_json(g.0, 1, &mut v), MtpStatus::Ok) };
    let view = take(v);
    let vj: serde_json::Value = serde_json::from_str(&view).unwrap();
    assert_eq!(vj["viewer"], 1);
    assert!(vj["objectives"][0].is_null());
    assert!(!vj["objectives"][1].is_null());
    let c = CString::new(view.clone()).unwrap();
    let mut seen = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    unsafe { assert_eq!(mtp_game_from_json(c.as_ptr(), &mut seen), MtpStatus::Ok) };
    assert_eq!(json_of(&Game(seen), mtp_game_to_json), view);
    let mut bad = ptr::null_mut();
    // SAFETY: valid strings and out-pointers; NULL on purpose.
    unsafe {
        assert_eq!(
            mtp_game_view_json(g.0, 4, &mut v),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_game_view_json(g.0, 0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let c = CString::new("[1, 2").unwrap();
        assert_eq!(
            mtp_game_from_json(c.as_ptr(), &mut bad),
            MtpStatus::InvalidJson
        );
        assert_eq!(
            mtp_game_from_json(ptr::null(), &mut bad),
            MtpStatus::NullPointer
        );
    }
    assert!(bad.is_null());
}

#[test]
fn handles_that_are_not_live_are_detected() {
    assert_eq!(mtp_game_free(ptr::null_mut()), MtpStatus::Ok);
    let g = new_game(2, MtpVariant::Family, 1);
    let raw = g.0;
    std::mem::forget(g);
    assert_eq!(mtp_game_free(raw), MtpStatus::Ok);
    assert_eq!(mtp_game_free(raw), MtpStatus::InvalidHandle);
    assert!(last_error().contains("not live"));
    let mut s = 0u8;
    // SAFETY: `raw` is not dereferenced by the library (it is not live).
    unsafe {
        assert_eq!(mtp_game_to_act(raw, &mut s), MtpStatus::InvalidHandle);
        assert_eq!(mtp_game_to_act(ptr::null(), &mut s), MtpStatus::NullPointer);
    }
    // A pointer that never was a handle.
    let mut local = 0u64;
    let fake = (&mut local as *mut u64).cast::<MtpGame>();
    assert_eq!(mtp_game_free(fake), MtpStatus::InvalidHandle);
    assert_eq!(local, 0);
}

#[test]
fn clones_are_independent_handles() {
    let g = new_game(2, MtpVariant::Expert, 8);
    let mut c = ptr::null_mut();
    // SAFETY: valid out-pointer / NULL on purpose.
    unsafe {
        assert_eq!(mtp_game_clone(g.0, &mut c), MtpStatus::Ok);
        assert_eq!(mtp_game_clone(g.0, ptr::null_mut()), MtpStatus::NullPointer);
        let mut x = ptr::null_mut();
        assert_eq!(mtp_game_clone(ptr::null(), &mut x), MtpStatus::NullPointer);
    }
    let c = Game(c);
    assert_ne!(c.0, g.0);
    let text = json_of(&g, mtp_game_to_json);
    drop(g);
    assert_eq!(json_of(&c, mtp_game_to_json), text);
}

#[test]
fn events_as_structs_match_the_core_events() {
    let mut g = new_game(4, MtpVariant::Family, 21);
    let mut core = State::new(&Config::new(4, Variant::Family, 21)).unwrap();
    let mut rng = metropolys_core::rng::SplitMix64::new(3);
    let mut saw_constructed = false;
    while !core.is_over() {
        let a = core.random_action(&mut rng).unwrap();
        let (next, ev) = core.apply(a).unwrap();
        g = apply(&g, MtpAction::from_core_for_tests(a)).unwrap();
        let mine = events(&g);
        assert_eq!(mine.len(), ev.len());
        for (m, e) in mine.iter().zip(&ev) {
            match e {
                Event::Constructed {
                    player,
                    neighborhood,
                    building,
                    call,
                } => {
                    saw_constructed = true;
                    assert_eq!(m.tag, MtpEventType::Constructed);
                    assert_eq!(
                        (m.player, m.neighborhood, m.building, m.call),
                        (*player, *neighborhood, *building, *call)
                    );
                }
                Event::Passed { player, forced } => {
                    assert_eq!(m.tag, MtpEventType::Passed);
                    assert_eq!((m.player, m.forced), (*player, *forced));
                }
                Event::TokenTaken { token, .. } => {
                    assert_eq!(m.tag, MtpEventType::TokenTaken);
                    assert_eq!(m.token as u8, token.index() as u8 + 1);
                }
                Event::CardTaken { card, from, .. } => {
                    assert_eq!(m.tag, MtpEventType::CardTaken);
                    assert_eq!(m.card as u8, card.index() as u8 + 1);
                    assert_eq!(m.from_player, from.unwrap_or(MTP_NO_SEAT));
                }
                Event::GameEnded { .. } => assert_eq!(m.tag, MtpEventType::GameEnded),
                Event::CallStarted { call, player } => {
                    assert_eq!(m.tag, MtpEventType::CallStarted);
                    assert_eq!((m.call, m.player), (*call, *player));
                }
                Event::BidPlaced { .. } => assert_eq!(m.tag, MtpEventType::BidPlaced),
                Event::BidReturned { .. } => assert_eq!(m.tag, MtpEventType::BidReturned),
            }
        }
        core = next;
    }
    assert!(saw_constructed);
    assert!(is_over(&g));
}

/// Converts a core action for these tests.
trait FromCore {
    fn from_core_for_tests(a: Action) -> MtpAction;
}

impl FromCore for MtpAction {
    fn from_core_for_tests(a: Action) -> MtpAction {
        match a {
            Action::Bid {
                neighborhood,
                building,
            } => bid(neighborhood, building),
            Action::Pass => pass(),
        }
    }
}

#[test]
fn board_queries() {
    let mut d = MtpDistrict::West;
    let mut k = MtpKind::Park;
    let mut mask = 0u64;
    let mut adj = false;
    // SAFETY: valid out-pointers / NULL on purpose.
    unsafe {
        assert_eq!(mtp_neighborhood_district(0, &mut d), MtpStatus::Ok);
        assert_eq!(d, MtpDistrict::Center);
        assert_eq!(mtp_neighborhood_district(54, &mut d), MtpStatus::Ok);
        assert_eq!(d, MtpDistrict::West);
        assert_eq!(
            mtp_neighborhood_district(55, &mut d),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_neighborhood_district(0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(mtp_neighborhood_kind(11, &mut k), MtpStatus::Ok);
        assert_eq!(k, MtpKind::Industry);
        assert_eq!(
            mtp_neighborhood_kind(200, &mut k),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_neighborhood_kind(0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(mtp_neighborhood_neighbors(11, &mut mask), MtpStatus::Ok);
        assert_eq!(mask, 1 << 10, "11 is a blind alley next to 10");
        assert_eq!(
            mtp_neighborhood_neighbors(55, &mut mask),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_neighborhood_neighbors(0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(mtp_neighborhoods_adjacent(0, 19, &mut adj), MtpStatus::Ok);
        assert!(adj, "a bridge");
        assert_eq!(mtp_neighborhoods_adjacent(0, 1, &mut adj), MtpStatus::Ok);
        assert!(!adj);
        assert_eq!(
            mtp_neighborhoods_adjacent(0, 99, &mut adj),
            MtpStatus::InvalidArgument
        );
        assert_eq!(
            mtp_neighborhoods_adjacent(0, 1, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let mut s = ptr::null_mut();
        assert_eq!(mtp_board_json(&mut s), MtpStatus::Ok);
        let board: serde_json::Value = serde_json::from_str(&take(s)).unwrap();
        assert_eq!(board["neighborhoods"].as_array().unwrap().len(), 55);
        assert_eq!(board["bridges"].as_array().unwrap().len(), 21);
        assert_eq!(mtp_board_json(ptr::null_mut()), MtpStatus::NullPointer);
    }
}

#[test]
fn last_error_copy_truncates_like_snprintf() {
    assert_eq!(from_json("{").err(), Some(MtpStatus::InvalidJson));
    let full = last_error();
    assert!(full.len() > 8);
    let mut buf = [0x55u8; 8];
    // SAFETY: `buf` holds 8 bytes.
    let n = unsafe { mtp_last_error_copy(buf.as_mut_ptr().cast(), buf.len()) };
    assert_eq!(n, full.len());
    assert_eq!(&buf[..7], &full.as_bytes()[..7]);
    assert_eq!(buf[7], 0);
    // SAFETY: NULL with capacity 0 is allowed.
    assert_eq!(
        unsafe { mtp_last_error_copy(ptr::null_mut(), 0) },
        full.len()
    );
    // Copying does not clear the message.
    assert_eq!(last_error(), full);
    // SAFETY: NULL is ignored.
    unsafe { mtp_string_free(ptr::null_mut()) };
}

#[test]
fn handles_can_be_shared_between_threads() {
    let g = new_game(4, MtpVariant::Expert, 77);
    let addr = g.0 as usize;
    let text = json_of(&g, mtp_game_to_json);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                let g = addr as *const MtpGame;
                let mut out = Vec::new();
                for _ in 0..50 {
                    let mut s = ptr::null_mut();
                    // SAFETY: valid out-pointer; the handle outlives the threads.
                    assert_eq!(unsafe { mtp_game_to_json(g, &mut s) }, MtpStatus::Ok);
                    out.push(take(s));
                    let mut c = ptr::null_mut();
                    // SAFETY: valid out-pointer.
                    assert_eq!(unsafe { mtp_game_clone(g, &mut c) }, MtpStatus::Ok);
                    assert_eq!(mtp_game_free(c), MtpStatus::Ok);
                }
                out
            })
        })
        .collect();
    for t in threads {
        for s in t.join().unwrap() {
            assert_eq!(s, text);
        }
    }
}

#[test]
fn version_strings() {
    // SAFETY: static strings.
    let v = unsafe { CStr::from_ptr(mtp_version()) }.to_str().unwrap();
    assert_eq!(v, env!("CARGO_PKG_VERSION"));
    assert_eq!(mtp_abi_version(), MTP_ABI_VERSION);
    // SAFETY: static string.
    let name = unsafe { CStr::from_ptr(mtp_status_name(MtpStatus::GameOver as i32)) };
    assert_eq!(name.to_str().unwrap(), "MTP_STATUS_GAME_OVER");
}
