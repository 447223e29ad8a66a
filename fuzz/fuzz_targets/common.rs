// Shared by the targets: what every accepted state must satisfy.

use metropolys_core::{rng::SplitMix64, State};

/// Every documented invariant holds, the JSON round-trips, and playing to
/// the end (random legal actions, a fixed seed) never fails or loops.
pub fn check_state(s: &State) {
    s.validate()
        .expect("an accepted state satisfies every invariant");
    let back = State::from_json(&s.to_json()).expect("re-serialising round-trips");
    assert_eq!(&back, s);
    let mut rng = SplitMix64::new(0x5EED);
    let mut state = *s;
    let mut steps = 0;
    while let Some(a) = state.random_action(&mut rng) {
        state = state.play(a).expect("random_action draws legal actions");
        steps += 1;
        assert!(steps < 4000, "a game never ends");
    }
    assert!(state.is_over());
    state.validate().expect("the final state is valid");
}
