//! A seat's view and the public view loaded through the C ABI
//! (`mtp_game_from_json`), as a frontend receives them from the game
//! server: a game that knows only its viewer's secrets (R-21). What needs
//! the others' is an error, never a value computed from the view's erased
//! placeholders.

use metropolys::*;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Config, Kind, Variant};
use std::ffi::{c_char, CStr, CString};
use std::ptr;

fn last_error() -> String {
    // SAFETY: mtp_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(mtp_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// An owned handle, freed on drop.
struct Game(*mut MtpGame);

impl Drop for Game {
    fn drop(&mut self) {
        assert_eq!(mtp_game_free(self.0), MtpStatus::Ok);
    }
}

/// A three-player Expert game with a Metropolys deck (R-22): every seat
/// has an objective and a Metropolys card to hide.
fn deck_game(seed: u64) -> Game {
    let mut config = Config::new(3, Variant::Expert, seed);
    config.metropolys_deck = Some(vec![
        [Kind::Park, Kind::Mall, Kind::Housing],
        [Kind::Industry, Kind::Mall, Kind::Administration],
        [Kind::Park, Kind::Industry, Kind::Housing],
        [Kind::Administration, Kind::Park, Kind::Housing],
    ]);
    let c = CString::new(serde_json::to_string(&config).unwrap()).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    let st = unsafe { mtp_game_new(c.as_ptr(), &mut g) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    Game(g)
}

/// `mtp_game_from_json`: the game, or the status and message.
fn load(json: &str) -> Result<Game, (MtpStatus, String)> {
    let c = CString::new(json).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer.
    match unsafe { mtp_game_from_json(c.as_ptr(), &mut g) } {
        MtpStatus::Ok => Ok(Game(g)),
        st => {
            assert!(g.is_null());
            Err((st, last_error()))
        }
    }
}

/// The text a JSON function writes, or its status and message.
fn text_of(f: impl FnOnce(*mut *mut c_char) -> MtpStatus) -> Result<String, (MtpStatus, String)> {
    let mut s = ptr::null_mut();
    match f(&mut s) {
        MtpStatus::Ok => {
            // SAFETY: `s` came from the library and is freed once here.
            let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
            // SAFETY: as above.
            unsafe { mtp_string_free(s) };
            Ok(text)
        }
        st => {
            assert!(s.is_null());
            Err((st, last_error()))
        }
    }
}

fn view_json(g: &Game, seat: u8) -> Result<String, (MtpStatus, String)> {
    // SAFETY: a live handle and a valid out-pointer.
    text_of(|s| unsafe { mtp_game_view_json(g.0, seat, s) })
}

fn to_json(g: &Game) -> String {
    // SAFETY: a live handle and a valid out-pointer.
    text_of(|s| unsafe { mtp_game_to_json(g.0, s) }).unwrap()
}

fn public_json(g: &Game) -> String {
    // SAFETY: a live handle and a valid out-pointer.
    text_of(|s| unsafe { mtp_game_public_view_json(g.0, s) }).unwrap()
}

fn legal_ids(g: &Game) -> Vec<u16> {
    let mut buf = vec![0u16; MTP_ACTION_COUNT];
    let mut n = 0usize;
    // SAFETY: `buf` holds MTP_ACTION_COUNT ids.
    let st = unsafe { mtp_game_legal_action_ids(g.0, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(st, MtpStatus::Ok);
    buf.truncate(n);
    buf
}

fn apply_id(g: &Game, id: u16) -> Game {
    let mut next = ptr::null_mut();
    // SAFETY: valid out-pointer.
    let st = unsafe { mtp_game_apply_id(g.0, id, &mut next) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    Game(next)
}

fn is_over(g: &Game) -> bool {
    let mut b = false;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { mtp_game_is_over(g.0, &mut b) }, MtpStatus::Ok);
    b
}

fn viewer(g: &Game) -> u8 {
    let mut s = 0u8;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { mtp_game_viewer(g.0, &mut s) }, MtpStatus::Ok);
    s
}

fn knows(g: &Game, seat: u8) -> bool {
    let mut b = false;
    // SAFETY: valid out-pointer.
    let st = unsafe { mtp_game_knows_secrets(g.0, seat, &mut b) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    b
}

fn sheet(g: &Game, seat: u8) -> Result<MtpScoreSheet, (MtpStatus, String)> {
    let mut s = MtpScoreSheet::default();
    // SAFETY: valid out-pointer.
    match unsafe { mtp_game_score_sheet(g.0, seat, &mut s) } {
        MtpStatus::Ok => Ok(s),
        st => Err((st, last_error())),
    }
}

fn winners(g: &Game) -> Result<Vec<u8>, (MtpStatus, String)> {
    let mut buf = [0u8; MTP_MAX_PLAYERS];
    let mut n = 0usize;
    // SAFETY: `buf` holds MTP_MAX_PLAYERS seats.
    match unsafe { mtp_game_winners(g.0, buf.as_mut_ptr(), buf.len(), &mut n) } {
        MtpStatus::Ok => Ok(buf[..n].to_vec()),
        st => Err((st, last_error())),
    }
}

fn objectives(g: &Game, viewer: u8, seat: u8) -> Result<MtpObjectives, (MtpStatus, String)> {
    // SAFETY: MtpObjectives is plain data; all zero is a valid value.
    let mut o: MtpObjectives = unsafe { std::mem::zeroed() };
    // SAFETY: valid out-pointer.
    match unsafe { mtp_game_view_objectives(g.0, viewer, seat, &mut o) } {
        MtpStatus::Ok => Ok(o),
        st => Err((st, last_error())),
    }
}

fn svg(g: &Game) -> String {
    // SAFETY: a live handle, default options, a valid out-pointer.
    text_of(|s| unsafe { mtp_game_svg(g.0, ptr::null(), s) }).unwrap()
}

/// The error of something a view does not know (R-21).
fn unknown<T: std::fmt::Debug>(result: Result<T, (MtpStatus, String)>) {
    let (st, message) = result.expect_err("a view answered what it does not know");
    assert_eq!(st, MtpStatus::InvalidState, "{message}");
    assert!(message.contains("R-21"), "{message}");
}

/// `g` after `steps` decisions drawn from `seed`.
fn played(g: Game, seed: u64, steps: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut g = g;
    for _ in 0..steps {
        if is_over(&g) {
            break;
        }
        let ids = legal_ids(&g);
        g = apply_id(&g, ids[rng.below(ids.len() as u64) as usize]);
    }
    g
}

/// R-21: a seat's view sent by the server loads as a game that answers
/// what the seat may see exactly as the whole game does, and refuses what
/// it may not see.
#[test]
fn r21_a_seats_view_loads_and_knows_only_its_viewers_secrets() {
    let whole = played(deck_game(4), 7, 9);
    assert!(!is_over(&whole));
    for seat in 0..3u8 {
        let sent = view_json(&whole, seat).unwrap();
        let view = load(&sent).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(viewer(&view), seat);
        for p in 0..3u8 {
            assert_eq!(knows(&view, p), p == seat, "seat {p}");
        }
        assert_eq!(legal_ids(&view), legal_ids(&whole));
        assert_eq!(to_json(&view), sent, "a view saves as that view");
        assert_eq!(view_json(&view, seat).unwrap(), sent);
        assert_eq!(public_json(&view), public_json(&whole));
        assert_eq!(svg(&view), svg(&whole), "the board shows no secret");
        assert_eq!(sheet(&view, seat).unwrap(), sheet(&whole, seat).unwrap());
        assert_eq!(
            objectives(&view, seat, seat).unwrap(),
            objectives(&whole, seat, seat).unwrap()
        );
        for p in (0..3u8).filter(|&p| p != seat) {
            unknown(sheet(&view, p));
            unknown(view_json(&view, p));
            unknown(objectives(&view, p, p));
            unknown(objectives(&view, seat, p));
        }
        unknown(winners(&view));
        // SAFETY: a live handle and a valid out-pointer.
        unknown(text_of(|s| unsafe { mtp_game_scores_json(view.0, s) }));
        // A view has no history (its configuration would reveal the deal).
        // SAFETY: as above.
        let (st, _) = text_of(|s| unsafe { mtp_game_record_json(view.0, s) }).unwrap_err();
        assert_eq!(st, MtpStatus::InvalidState);
        let mut before = ptr::null_mut();
        // SAFETY: valid out-pointer.
        let st = unsafe { mtp_game_undo(view.0, &mut before) };
        assert_eq!(st, MtpStatus::InvalidState);
        assert!(before.is_null());
    }
    // A whole state still loads as a whole game.
    let loaded = load(&to_json(&whole)).unwrap();
    assert_eq!(viewer(&loaded), MTP_NO_SEAT);
    assert!((0..3).all(|p| knows(&loaded, p)));
    assert_eq!(winners(&loaded).unwrap(), winners(&whole).unwrap());
    let mut known = false;
    // SAFETY: valid out-pointer; seat 3 is not in the game.
    let st = unsafe { mtp_game_knows_secrets(loaded.0, 3, &mut known) };
    assert_eq!(st, MtpStatus::InvalidArgument);
    // SAFETY: NULL on purpose.
    unsafe {
        assert_eq!(
            mtp_game_viewer(loaded.0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_game_knows_secrets(loaded.0, 0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
    }
}

/// R-21: the public view a spectator receives loads as a game that knows
/// no seat's secrets.
#[test]
fn r21_the_public_view_loads_and_knows_no_secret() {
    let whole = played(deck_game(5), 8, 6);
    let sent = public_json(&whole);
    let public = load(&sent).unwrap();
    assert_eq!(viewer(&public), MTP_NO_SEAT);
    assert!((0..3).all(|p| !knows(&public, p)));
    assert_eq!(legal_ids(&public), legal_ids(&whole));
    assert_eq!(to_json(&public), sent);
    assert_eq!(public_json(&public), sent);
    assert_eq!(svg(&public), svg(&whole));
    for p in 0..3u8 {
        unknown(sheet(&public, p));
        unknown(view_json(&public, p));
        unknown(objectives(&public, p, p));
    }
    unknown(winners(&public));
}

/// R-21: a view played on to the end knows no more than it did: the
/// others' objectives stay hidden, so their scores and the winners stay
/// errors; the viewer's own sheet is the whole game's.
#[test]
fn r21_a_view_played_to_the_end_still_hides_the_others() {
    let whole = played(deck_game(6), 9, 4);
    let mut view = load(&view_json(&whole, 1).unwrap()).unwrap();
    let mut public = load(&public_json(&whole)).unwrap();
    let mut whole = whole;
    let mut rng = SplitMix64::new(10);
    while !is_over(&whole) {
        let ids = legal_ids(&whole);
        assert_eq!(legal_ids(&view), ids);
        assert_eq!(legal_ids(&public), ids);
        let id = ids[rng.below(ids.len() as u64) as usize];
        whole = apply_id(&whole, id);
        view = apply_id(&view, id);
        public = apply_id(&public, id);
    }
    assert!(is_over(&view) && is_over(&public));
    assert_eq!(viewer(&view), 1);
    assert_eq!(sheet(&view, 1).unwrap(), sheet(&whole, 1).unwrap());
    for p in [0u8, 2] {
        assert!(!knows(&view, p));
        unknown(sheet(&view, p));
        unknown(objectives(&view, 1, p));
    }
    unknown(winners(&view));
    unknown(winners(&public));
    let saved: serde_json::Value = serde_json::from_str(&to_json(&view)).unwrap();
    assert_eq!(saved["viewer"], 1);
    assert!(saved["objectives"][0].is_null() && saved["objectives"][2].is_null());
    assert!(saved["metropolys_cards"][0].is_null());
    assert!(!saved["objectives"][1].is_null());
    // Saved and loaded again, it is still that view.
    let again = load(&to_json(&view)).unwrap();
    assert!(!knows(&again, 0) && knows(&again, 1));
    // The view of a finished game, sent after the end, shows every seat.
    let after = load(&view_json(&whole, 1).unwrap()).unwrap();
    assert!((0..3).all(|p| knows(&after, p)));
    assert_eq!(winners(&after).unwrap(), winners(&whole).unwrap());
    assert_eq!(sheet(&after, 0).unwrap(), sheet(&whole, 0).unwrap());
    assert_eq!(
        objectives(&after, 1, 2).unwrap(),
        objectives(&whole, 1, 2).unwrap()
    );
}

/// R-21: a view that hides anything but exactly the other seats' cards is
/// refused (core's `StateError::ViewSecrets`), naming the rule.
#[test]
fn r21_a_tampered_view_is_an_invalid_state() {
    let whole = played(deck_game(7), 11, 5);
    let sent: serde_json::Value = serde_json::from_str(&view_json(&whole, 2).unwrap()).unwrap();
    let whole_state: serde_json::Value = serde_json::from_str(&to_json(&whole)).unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = sent.clone();
        f(&mut v);
        let (st, message) = load(&v.to_string()).err().expect("a tampered view loaded");
        assert_eq!(st, MtpStatus::InvalidState, "{message}");
        assert!(message.contains("R-21"), "{message}");
    };
    // The viewer's own objective nulled.
    tamper(&|v| v["objectives"][2] = serde_json::Value::Null);
    // The viewer's own objective and card nulled.
    tamper(&|v| {
        v["objectives"][2] = serde_json::Value::Null;
        v["metropolys_cards"][2] = serde_json::Value::Null;
    });
    // An opponent's objective (and card) filled in before the end.
    tamper(&|v| {
        v["objectives"][0] = whole_state["objectives"][0].clone();
        v["metropolys_cards"][0] = whole_state["metropolys_cards"][0].clone();
    });
    tamper(&|v| v["objectives"][1] = whole_state["objectives"][1].clone());
    // An opponent's Metropolys card shown without its objective.
    tamper(&|v| v["metropolys_cards"][0] = whole_state["metropolys_cards"][0].clone());
    // A viewer who is not a seat.
    tamper(&|v| v["viewer"] = 3.into());
    // The public view with one seat's cards shown is no view at all.
    let mut public: serde_json::Value = serde_json::from_str(&public_json(&whole)).unwrap();
    public["objectives"][0] = whole_state["objectives"][0].clone();
    let (st, _) = load(&public.to_string()).err().unwrap();
    assert_eq!(st, MtpStatus::InvalidState);
}

fn bot(kind: &str) -> *mut MtpBot {
    let kind = CString::new(kind).unwrap();
    let params = CString::new(r#"{"seed": 3, "iterations": 100}"#).unwrap();
    let mut b = ptr::null_mut();
    // SAFETY: valid strings and out-pointer.
    let st = unsafe { mtp_bot_new(kind.as_ptr(), params.as_ptr(), &mut b) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    b
}

/// R-21: a bot decides from the view its seat receives when that seat is
/// to act; for a seat whose cards the view does not know it refuses.
#[test]
fn r21_a_bot_chooses_a_legal_action_from_a_loaded_view() {
    let whole = played(deck_game(8), 12, 7);
    let mut to_act = 0u8;
    // SAFETY: valid out-pointer.
    assert_eq!(
        unsafe { mtp_game_to_act(whole.0, &mut to_act) },
        MtpStatus::Ok
    );
    let b = bot("ismcts");
    let view = load(&view_json(&whole, to_act).unwrap()).unwrap();
    let mut action = MtpAction::default();
    // SAFETY: live handles, valid out-pointer.
    let st = unsafe { mtp_bot_choose(b, view.0, &mut action) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    let mut id = 0u16;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { mtp_action_to_id(action, &mut id) }, MtpStatus::Ok);
    assert!(legal_ids(&whole).contains(&id), "{action:?} is not legal");
    // The view carries the public deck (R-22): a bot with the same seed
    // decides as it does in the whole game (it samples the others' cards
    // from the deck less its own in both).
    let json = view_json(&whole, to_act).unwrap();
    assert!(json.contains("\"metropolys_deck\""), "{json}");
    let from_whole = bot("ismcts");
    let mut whole_action = MtpAction::default();
    // SAFETY: live handles, valid out-pointer.
    let st = unsafe { mtp_bot_choose(from_whole, whole.0, &mut whole_action) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    assert_eq!(whole_action, action);
    assert_eq!(mtp_bot_free(from_whole), MtpStatus::Ok);
    // A deck that cannot have dealt the viewer's card is refused (R-22).
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let own = v["metropolys_cards"][to_act as usize].clone();
    for card in v["metropolys_deck"].as_array_mut().unwrap() {
        let mut a: Vec<String> = serde_json::from_value(card.clone()).unwrap();
        let mut b: Vec<String> = serde_json::from_value(own.clone()).unwrap();
        a.sort();
        b.sort();
        if a == b {
            *card = serde_json::json!(["industry", "mall", "park"]);
        }
    }
    let (st, msg) = load(&v.to_string()).err().unwrap();
    assert_eq!(st, MtpStatus::InvalidConfig, "{msg}");
    assert!(msg.contains("R-22") || msg.contains("deck"), "{msg}");
    let other = load(&view_json(&whole, (to_act + 1) % 3).unwrap()).unwrap();
    let public = load(&public_json(&whole)).unwrap();
    for g in [&other, &public] {
        // SAFETY: live handles, valid out-pointer.
        let st = unsafe { mtp_bot_choose(b, g.0, &mut action) };
        assert_eq!(st, MtpStatus::InvalidState);
        assert!(last_error().contains("R-21"), "{}", last_error());
    }
    assert_eq!(mtp_bot_free(b), MtpStatus::Ok);
}

fn perspective(g: &Game) -> MtpPerspective {
    let mut p = MtpPerspective::Whole;
    // SAFETY: valid out-pointer.
    let st = unsafe { mtp_game_perspective(g.0, &mut p) };
    assert_eq!(st, MtpStatus::Ok, "{}", last_error());
    p
}

/// A game says what it is (core's `Perspective`): whole, a seat's view
/// (its viewer then the seat) or the public view, also once loaded, and
/// the games applied from a view stay that view.
#[test]
fn r21_a_game_says_whose_it_is() {
    let whole = deck_game(7);
    assert_eq!(perspective(&whole), MtpPerspective::Whole);
    let seat = load(&view_json(&whole, 1).unwrap()).unwrap();
    assert_eq!(
        (perspective(&seat), viewer(&seat)),
        (MtpPerspective::Seat, 1)
    );
    let public = load(&public_json(&whole)).unwrap();
    assert_eq!(
        (perspective(&public), viewer(&public)),
        (MtpPerspective::Public, MTP_NO_SEAT)
    );
    assert_eq!(
        perspective(&load(&to_json(&whole)).unwrap()),
        MtpPerspective::Whole
    );
    // SAFETY: NULL on purpose.
    unsafe {
        assert_eq!(
            mtp_game_perspective(whole.0, ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let mut p = MtpPerspective::Whole;
        assert_eq!(
            mtp_game_perspective(ptr::null(), &mut p),
            MtpStatus::NullPointer
        );
    }
}

fn running(g: &Game) -> serde_json::Value {
    // SAFETY: a live handle and a valid out-pointer.
    let text = text_of(|s| unsafe { mtp_game_running_scores_json(g.0, s) }).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn places(g: &Game, seat: u8) -> Result<serde_json::Value, (MtpStatus, String)> {
    // SAFETY: a live handle and a valid out-pointer.
    text_of(|s| unsafe { mtp_game_where_cards_score_json(g.0, seat, s) })
        .map(|t| serde_json::from_str(&t).unwrap())
}

/// R-21: running scores and where cards score are core's, and a view
/// answers them for what it knows only: its own seat's cards, the others'
/// public points.
#[test]
fn r21_running_scores_and_where_cards_score_in_a_view() {
    let whole = played(deck_game(6), 3, 40);
    let all = running(&whole);
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["complete"] == true));
    for seat in 0..3u8 {
        let view = load(&view_json(&whole, seat).unwrap()).unwrap();
        let mine = running(&view);
        for p in 0..3usize {
            if p == usize::from(seat) {
                assert_eq!(mine[p], all[p]);
            } else {
                assert_eq!(mine[p]["complete"], false);
                // With the Metropolys cards, no neighborhood card (§9).
                assert_eq!(
                    mine[p]["unknown"],
                    serde_json::json!(["area", "metropolys"])
                );
            }
        }
        let own = places(&view, seat).unwrap();
        assert_eq!(own, places(&whole, seat).unwrap());
        assert_eq!(
            own.as_array().unwrap().len(),
            2,
            "area and Metropolys cards"
        );
        for p in (0..3u8).filter(|&p| p != seat) {
            unknown(places(&view, p));
        }
        let (st, _) = places(&view, 3).unwrap_err();
        assert_eq!(st, MtpStatus::InvalidArgument);
    }
    // SAFETY: a NULL out-pointer.
    let st = unsafe { mtp_game_running_scores_json(whole.0, ptr::null_mut()) };
    assert_eq!(st, MtpStatus::NullPointer);
}

/// The scoring rules by variant and module (§9), and a bad variant refused.
#[test]
fn scoring_rules_follow_the_variant() {
    let rules = |variant: u32, cards: bool| {
        // SAFETY: a valid out-pointer.
        text_of(|s| unsafe { mtp_scoring_rules_json(variant, cards, s) })
            .map(|t| serde_json::from_str::<serde_json::Value>(&t).unwrap())
    };
    let topics = |v: serde_json::Value| -> Vec<serde_json::Value> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["topic"].clone())
            .collect()
    };
    let expert = topics(rules(MtpVariant::Expert as u32, false).unwrap());
    assert!(expert.contains(&serde_json::json!("neighborhood")));
    let cards = topics(rules(MtpVariant::Expert as u32, true).unwrap());
    assert!(cards.contains(&serde_json::json!("metropolys")));
    assert!(!cards.contains(&serde_json::json!({"area": "districts"})));
    let family = topics(rules(MtpVariant::Family as u32, false).unwrap());
    assert!(!family.contains(&serde_json::json!("neighborhood")));
    let (st, message) = rules(7, false).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    assert!(message.contains("variant 7"), "{message}");
}
