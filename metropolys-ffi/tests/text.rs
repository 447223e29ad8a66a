//! Words for players through the C ABI: the language tag (NULL is
//! English, an unknown tag an invalid argument), narrations of records and
//! of games, actions in words, the scoring rules without rule numbers.

use metropolys::*;
use metropolys_core::{Action, Config, Game as CoreGame, Variant};
use serde_json::Value;
use std::ffi::{c_char, CStr, CString};
use std::ptr;

fn last_error() -> String {
    // SAFETY: mtp_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(mtp_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// Runs a string-returning call: the text (freed here) or the status and
/// message.
fn text_of(f: impl FnOnce(*mut *mut c_char) -> MtpStatus) -> Result<String, (MtpStatus, String)> {
    let mut s: *mut c_char = ptr::null_mut();
    match f(&mut s) {
        MtpStatus::Ok => {
            assert!(!s.is_null());
            // SAFETY: a string from the library, freed exactly once here.
            let text = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_owned();
            // SAFETY: as above.
            unsafe { mtp_string_free(s) };
            Ok(text)
        }
        st => {
            assert!(s.is_null(), "nothing is written on failure");
            Err((st, last_error()))
        }
    }
}

/// A C string, or NULL for `None`.
fn c(tag: Option<&str>) -> Option<CString> {
    tag.map(|t| CString::new(t).unwrap())
}

fn ptr_of(c: &Option<CString>) -> *const c_char {
    c.as_ref().map_or(ptr::null(), |c| c.as_ptr())
}

/// A seeded three-player Expert game played to the end with the first
/// legal action each time: its record.
fn seeded_record() -> String {
    let mut game = CoreGame::new(Config::new(3, Variant::Expert, 11)).unwrap();
    while !game.state().is_over() {
        let a = game.state().legal_actions()[0];
        game = game.apply(a).unwrap();
    }
    serde_json::to_string(&game.to_record().unwrap()).unwrap()
}

fn narrate(record: &str, tag: Option<&str>) -> Result<Value, (MtpStatus, String)> {
    let record = CString::new(record).unwrap();
    let lang = c(tag);
    // SAFETY: valid strings (or NULL) and out-pointer.
    text_of(|s| unsafe { mtp_narrate_record_json(record.as_ptr(), ptr_of(&lang), s) })
        .map(|t| serde_json::from_str(&t).unwrap())
}

fn lines(n: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for call in n["calls"].as_array().unwrap() {
        out.push(call["title"].as_str().unwrap().to_owned());
        for l in call["lines"].as_array().unwrap() {
            out.push(l.as_str().unwrap().to_owned());
        }
    }
    for l in n["ending"].as_array().unwrap() {
        out.push(l.as_str().unwrap().to_owned());
    }
    out
}

#[test]
fn the_languages_are_the_rulebooks() {
    // SAFETY: a valid out-pointer.
    let text = text_of(|s| unsafe { mtp_languages_json(s) }).unwrap();
    let list: Value = serde_json::from_str(&text).unwrap();
    let tags: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["tag"].as_str().unwrap())
        .collect();
    assert_eq!(tags, ["en", "cs", "pl", "fr"]);
    assert_eq!(list[0]["name"], "English");
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .all(|l| !l["name"].as_str().unwrap().is_empty()));
    // SAFETY: a NULL out-pointer is refused before any write.
    let st = unsafe { mtp_languages_json(ptr::null_mut()) };
    assert_eq!(st, MtpStatus::NullPointer);
}

#[test]
fn a_record_is_told_in_every_language() {
    let record = seeded_record();
    let english = narrate(&record, None).unwrap();
    assert_eq!(narrate(&record, Some("en")).unwrap(), english);
    assert!(!english["calls"].as_array().unwrap().is_empty());
    assert_eq!(english["calls"][0]["call"], 1);
    assert_eq!(english["ending"].as_array().unwrap().len(), 2);
    for tag in ["en", "cs", "pl", "fr", "cs_CZ.UTF-8", "pl-PL"] {
        let told = narrate(&record, Some(tag)).unwrap();
        let all = lines(&told);
        assert!(all.len() > 40, "{tag}");
        assert!(
            all.iter().all(|l| !l.contains("R-") && !l.contains('§')),
            "{tag}: {all:?}"
        );
        if !tag.starts_with("en") {
            assert_ne!(lines(&english), all, "{tag} is told in English");
        }
    }
}

#[test]
fn a_bad_tag_or_record_is_refused_with_nothing_written() {
    let record = seeded_record();
    for bad in ["de", "", "C", "klingon"] {
        let (st, message) = narrate(&record, Some(bad)).unwrap_err();
        assert_eq!(st, MtpStatus::InvalidArgument, "{bad:?}");
        assert!(message.contains("en, cs, pl and fr"), "{message}");
    }
    // Not UTF-8.
    let lang = CString::new(vec![b'c', 0xc3]).unwrap();
    let rec = CString::new(record.as_str()).unwrap();
    // SAFETY: valid strings and out-pointer.
    let (st, message) =
        text_of(|s| unsafe { mtp_narrate_record_json(rec.as_ptr(), lang.as_ptr(), s) })
            .unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    assert!(message.contains("UTF-8") && message.contains("en, cs, pl and fr"));
    // SAFETY: NULL pointers are refused before any read or write.
    unsafe {
        assert_eq!(
            mtp_narrate_record_json(rec.as_ptr(), ptr::null(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
        let mut s = ptr::null_mut();
        assert_eq!(
            mtp_narrate_record_json(ptr::null(), ptr::null(), &mut s),
            MtpStatus::NullPointer
        );
        assert!(s.is_null());
    }
    let (st, _) = narrate("{", None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidJson);
    let other = record.replace("metropolys-record", "chess-record");
    let (st, _) = narrate(&other, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidRecord);
    let (st, message) = narrate(
        r#"{"format":"metropolys-record","version":1,"config":{"players":2,"variant":"family","seed":1},"actions":[{"player":0,"action":"pass"}]}"#,
        None,
    )
    .unwrap_err();
    assert_eq!(st, MtpStatus::IllegalAction, "{message}");
}

#[test]
fn a_games_history_is_told_as_its_record() {
    let record = seeded_record();
    let rec = CString::new(record.as_str()).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: a valid string and out-pointer.
    assert_eq!(
        unsafe { mtp_game_from_record(rec.as_ptr(), &mut g) },
        MtpStatus::Ok
    );
    for tag in [None, Some("cs"), Some("fr")] {
        let lang = c(tag);
        // SAFETY: a live handle, a valid string (or NULL) and out-pointer.
        let told = text_of(|s| unsafe { mtp_game_narration_json(g, ptr_of(&lang), s) }).unwrap();
        let told: Value = serde_json::from_str(&told).unwrap();
        assert_eq!(told, narrate(&record, tag).unwrap());
    }
    // A bare position has no history to tell.
    // SAFETY: a live handle and a valid out-pointer.
    let state = text_of(|s| unsafe { mtp_game_to_json(g, s) }).unwrap();
    let state = CString::new(state).unwrap();
    let mut bare = ptr::null_mut();
    // SAFETY: a valid string and out-pointer.
    assert_eq!(
        unsafe { mtp_game_from_json(state.as_ptr(), &mut bare) },
        MtpStatus::Ok
    );
    // SAFETY: a live handle and a valid out-pointer.
    let (st, message) =
        text_of(|s| unsafe { mtp_game_narration_json(bare, ptr::null(), s) }).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidState);
    assert!(message.contains("mtp_game_from_record"), "{message}");
    // SAFETY: NULL and freed handles are checked, never dereferenced.
    unsafe {
        let mut s = ptr::null_mut();
        assert_eq!(
            mtp_game_narration_json(ptr::null(), ptr::null(), &mut s),
            MtpStatus::NullPointer
        );
        assert_eq!(
            mtp_game_narration_json(g, ptr::null(), ptr::null_mut()),
            MtpStatus::NullPointer
        );
        assert_eq!(mtp_game_free(bare), MtpStatus::Ok);
        assert_eq!(
            mtp_game_narration_json(bare, ptr::null(), &mut s),
            MtpStatus::InvalidHandle
        );
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
    }
}

#[test]
fn actions_in_words() {
    let action = |a: MtpAction, variant: MtpVariant, tag: Option<&str>| {
        let lang = c(tag);
        // SAFETY: a valid string (or NULL) and out-pointer.
        text_of(|s| unsafe { mtp_action_text(a, variant as u32, ptr_of(&lang), s) })
    };
    let by_id = |id: u16, variant: u32, tag: Option<&str>| {
        let lang = c(tag);
        // SAFETY: a valid string (or NULL) and out-pointer.
        text_of(|s| unsafe { mtp_action_id_text(id, variant, ptr_of(&lang), s) })
    };
    let pass = MtpAction {
        kind: MtpActionKind::Pass as u8,
        neighborhood: 0,
        building: 0,
    };
    let bid = MtpAction {
        kind: MtpActionKind::Bid as u8,
        neighborhood: 12,
        building: 7,
    };
    assert_eq!(action(pass, MtpVariant::Family, None).unwrap(), "pass");
    let expert = action(bid, MtpVariant::Expert, None).unwrap();
    assert!(expert.contains('7') && expert.contains("12"), "{expert}");
    let family = action(bid, MtpVariant::Family, Some("en")).unwrap();
    assert_ne!(expert, family, "the size is said in the Expert game only");
    let czech = action(bid, MtpVariant::Expert, Some("cs")).unwrap();
    assert_ne!(czech, expert);
    let id = Action::bid(12, 7).id().unwrap();
    assert_eq!(
        by_id(id, MtpVariant::Expert as u32, Some("cs")).unwrap(),
        czech
    );
    assert_eq!(
        by_id(MTP_PASS_ID, MtpVariant::Family as u32, None).unwrap(),
        "pass"
    );
    // Out of range: ids, variants, kinds, bids, tags.
    let (st, _) = by_id(716, 0, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    let (st, message) = by_id(MTP_PASS_ID, 2, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    assert!(message.contains("variant 2"), "{message}");
    let odd = MtpAction { kind: 9, ..pass };
    let (st, _) = action(odd, MtpVariant::Family, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    let off = MtpAction {
        neighborhood: 55,
        ..bid
    };
    let (st, message) = action(off, MtpVariant::Family, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    assert!(message.contains("0-54"), "{message}");
    let (st, _) = action(bid, MtpVariant::Family, Some("xx")).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    // SAFETY: a NULL out-pointer is refused before any write.
    let st = unsafe { mtp_action_text(pass, 0, ptr::null(), ptr::null_mut()) };
    assert_eq!(st, MtpStatus::NullPointer);
}

#[test]
fn the_scoring_rules_in_words_follow_cores_and_hold_no_rule_number() {
    let rules = |variant: u32, cards: bool, tag: Option<&str>| {
        let lang = c(tag);
        // SAFETY: a valid string (or NULL) and out-pointer.
        text_of(|s| unsafe { mtp_scoring_rules_text_json(variant, cards, ptr_of(&lang), s) })
            .map(|t| serde_json::from_str::<Value>(&t).unwrap())
    };
    for variant in [MtpVariant::Family as u32, MtpVariant::Expert as u32] {
        for cards in [false, true] {
            // SAFETY: a valid out-pointer.
            let core = text_of(|s| unsafe { mtp_scoring_rules_json(variant, cards, s) })
                .map(|t| serde_json::from_str::<Value>(&t).unwrap())
                .unwrap();
            let english = rules(variant, cards, None).unwrap();
            for tag in [None, Some("cs"), Some("pl"), Some("fr")] {
                let ours = rules(variant, cards, tag).unwrap();
                let (ours, core) = (ours.as_array().unwrap(), core.as_array().unwrap());
                assert_eq!(ours.len(), core.len());
                for (o, c) in ours.iter().zip(core) {
                    assert_eq!((&o["topic"], &o["category"]), (&c["topic"], &c["category"]));
                    let text = o["text"].as_str().unwrap();
                    assert!(!text.contains("R-") && !text.contains('§'), "{text}");
                }
                if tag.is_some() {
                    assert_ne!(&english.as_array().unwrap()[..], ours, "{tag:?}");
                }
            }
        }
    }
    let (st, _) = rules(7, false, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    let (st, _) = rules(0, false, Some("de")).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    // SAFETY: a NULL out-pointer is refused before any write.
    let st = unsafe { mtp_scoring_rules_text_json(0, false, ptr::null(), ptr::null_mut()) };
    assert_eq!(st, MtpStatus::NullPointer);
}

#[test]
fn how_to_play_in_words() {
    let howto = |variant: u32, tag: Option<&str>| {
        let lang = c(tag);
        // SAFETY: a valid string (or NULL) and out-pointer.
        text_of(|s| unsafe { mtp_how_to_play_json(variant, ptr_of(&lang), s) })
            .map(|t| serde_json::from_str::<Vec<String>>(&t).unwrap())
    };
    let family = howto(MtpVariant::Family as u32, None).unwrap();
    let expert = howto(MtpVariant::Expert as u32, None).unwrap();
    assert_eq!(expert.len(), family.len() + 1, "the Expert sizes");
    assert_ne!(
        howto(MtpVariant::Family as u32, Some("pl")).unwrap(),
        family
    );
    let (st, _) = howto(3, None).unwrap_err();
    assert_eq!(st, MtpStatus::InvalidArgument);
    // SAFETY: a NULL out-pointer is refused before any write.
    let st = unsafe { mtp_how_to_play_json(0, ptr::null(), ptr::null_mut()) };
    assert_eq!(st, MtpStatus::NullPointer);
}
