//! Action sequences applied to a loaded state: the first bytes pick a
//! conformance-like position (a configuration and a prefix of random play),
//! the rest are action ids (two bytes each). Every apply either fails and
//! leaves the state unchanged, or gives a valid state.
#![no_main]
use libfuzzer_sys::fuzz_target;
use metropolys_core::{rng::SplitMix64, Action, Config, State, Variant};

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let players = 2 + data[0] % 3;
    let variant = if data[1] & 1 == 0 {
        Variant::Family
    } else {
        Variant::Expert
    };
    let Ok(mut s) = State::new(&Config::new(players, variant, u64::from(data[2]))) else {
        return;
    };
    let mut rng = SplitMix64::new(u64::from(data[1]));
    for _ in 0..(data[1] >> 1) {
        match s.random_action(&mut rng) {
            Some(a) => s = s.play(a).unwrap(),
            None => break,
        }
    }
    // Reload it, as a client would.
    let mut s = State::from_json(&s.to_json()).expect("a reached state loads");
    for pair in data[3..].chunks_exact(2) {
        let id = u16::from_le_bytes([pair[0], pair[1]]);
        let action = match Action::from_id(id % 1024) {
            Ok(a) => a,
            Err(_) => Action::bid(pair[0], pair[1]),
        };
        let before = s;
        match s.apply(action) {
            Ok((next, _)) => {
                next.validate().expect("a legal action gives a valid state");
                s = next;
            }
            Err(_) => assert_eq!(s, before),
        }
    }
    common::check_state(&s);
});
