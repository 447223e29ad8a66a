//! Configuration JSON loader: an accepted configuration sets up a valid
//! state, and resolving it is stable.
#![no_main]
use libfuzzer_sys::fuzz_target;
use metropolys_core::{Config, State};

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(config) = Config::from_json(text) else {
        return;
    };
    match State::new(&config) {
        Ok(s) => {
            common::check_state(&s);
            let setup = config.resolve().expect("State::new accepted it");
            assert_eq!(
                State::from_setup(&setup).expect("a resolved setup is valid"),
                s
            );
            let again = Config::from_json(&serde_json::to_string(&config).unwrap()).unwrap();
            assert_eq!(again, config);
        }
        Err(_) => assert!(config.resolve().is_err()),
    }
});
