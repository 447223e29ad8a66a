//! State JSON loader: anything accepted is reachable.
#![no_main]
use libfuzzer_sys::fuzz_target;
use metropolys_core::State;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(s) = State::from_json(text) {
        common::check_state(&s);
    }
});
