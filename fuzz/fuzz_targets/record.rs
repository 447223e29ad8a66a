//! Record JSON loader: replay and verify never panic; a replayed record's
//! states are all valid.
#![no_main]
use libfuzzer_sys::fuzz_target;
use metropolys_core::Record;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let _ = record.verify();
    if let Ok(replay) = record.replay() {
        for s in &replay.states {
            s.validate().expect("every replayed state is valid");
        }
        common::check_state(replay.final_state());
        let back = Record::from_json(&record.to_json_pretty()).expect("round-trips");
        assert_eq!(back, record);
    }
});
