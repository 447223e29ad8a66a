//! Action JSON parser: an accepted action round-trips; nothing else parses.
#![no_main]
use libfuzzer_sys::fuzz_target;
use metropolys_core::Action;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(a) = Action::from_json(text) {
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(Action::from_json(&json).unwrap(), a);
        if let Some(id) = a.id() {
            assert_eq!(Action::from_id(id).unwrap(), a);
        }
    }
});
