//! Hostile input through the C ABI (issue 12): positional JSON, unreachable
//! states and malformed bids in records get their statuses.

use metropolys::*;
use metropolys_core::{Action, Config, State, Variant};
use std::ffi::{CStr, CString};
use std::ptr;

fn last_error() -> String {
    // SAFETY: mtp_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(mtp_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fn load(
    f: unsafe extern "C" fn(*const std::ffi::c_char, *mut *mut MtpGame) -> MtpStatus,
    text: &str,
) -> MtpStatus {
    let c = CString::new(text).unwrap();
    let mut g = ptr::null_mut();
    // SAFETY: valid string and out-pointer; the handle is freed at once.
    let st = unsafe { f(c.as_ptr(), &mut g) };
    if st == MtpStatus::Ok {
        assert_eq!(mtp_game_free(g), MtpStatus::Ok);
    } else {
        assert!(g.is_null());
    }
    st
}

#[test]
fn positional_configurations_are_invalid_json() {
    assert_eq!(load(mtp_game_new, "[2]"), MtpStatus::InvalidJson);
    assert_eq!(
        load(mtp_game_new, r#"[3, "expert", 7]"#),
        MtpStatus::InvalidJson
    );
    assert_eq!(load(mtp_game_new, r#"{"players": 2}"#), MtpStatus::Ok);
}

#[test]
fn unreachable_states_are_invalid_states_naming_the_invariant() {
    let s = State::new(&Config::new(3, Variant::Family, 4)).unwrap();
    let s = s.play(s.legal_actions()[0]).unwrap();
    let mut snap = s.snapshot();
    let later = (s.to_act().unwrap() + 1) % 3;
    snap.passed[later as usize] = true;
    let text = serde_json::to_string(&snap).unwrap();
    assert_eq!(load(mtp_game_from_json, &text), MtpStatus::InvalidState);
    assert!(last_error().contains("I10"), "{}", last_error());
    assert_eq!(load(mtp_game_from_json, &s.to_json()), MtpStatus::Ok);
}

#[test]
fn malformed_bids_in_records_are_never_passes() {
    let base = r#"{"format": "metropolys-record", "version": 1, "config": {"players": 2}, "actions": [ACTION]}"#;
    for bad in [
        r#"{"player": 0, "action": {"bid": [60, 0]}}"#,
        r#"{"player": 0, "action": {"bid": {"neighborhood": 300, "building": 3}}}"#,
        r#"{"player": 0, "action": {"bid": {"neighborhood": 3}}}"#,
        r#"[0, "pass"]"#,
    ] {
        let text = base.replace("ACTION", bad);
        assert_eq!(
            load(mtp_game_from_record, &text),
            MtpStatus::InvalidJson,
            "{bad}"
        );
    }
    // A byte that names no neighborhood parses and is then illegal (R-7/R-9).
    let text = base.replace(
        "ACTION",
        r#"{"player": 0, "action": {"bid": {"neighborhood": 99, "building": 3}}}"#,
    );
    assert_eq!(load(mtp_game_from_record, &text), MtpStatus::IllegalAction);
    let _ = Action::Pass;
}

/// Messages speak to the C programmer: no Rust paths (`Action::from_id`)
/// and no Rust types (`struct Snapshot`, `u8`) in the words of an error.
#[test]
fn messages_name_no_rust_items() {
    let mut a = MtpAction::default();
    // SAFETY: a valid out-pointer.
    assert_eq!(
        unsafe { mtp_action_from_id(716, &mut a) },
        MtpStatus::InvalidArgument
    );
    let mut messages = vec![last_error()];
    assert!(messages[0].starts_with("§8: there is no action id 716"));
    for (f, text) in [
        (mtp_game_new as unsafe extern "C" fn(_, _) -> _, "3"),
        (mtp_game_new, r#"{"players": "two"}"#),
        (mtp_game_from_json, "[1]"),
        (mtp_game_from_json, "true"),
        (
            mtp_game_from_record,
            r#"{"format": "metropolys-record", "version": 1, "config": 3, "actions": []}"#,
        ),
    ] {
        assert_eq!(load(f, text), MtpStatus::InvalidJson, "{text}");
        messages.push(last_error());
    }
    for m in &messages {
        for rust in ["::", "struct ", "u8", "u16", "Snapshot", "Config"] {
            assert!(!m.contains(rust), "{m}");
        }
    }
}
