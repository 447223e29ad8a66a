//! The learned knowledge as the bots use it: a search whose leaves the
//! network values and whose deals the learned belief weighs plays legal,
//! reproducible games, and its decisions are pinned in
//! `tests/learned/game.json`, which the WebAssembly package's Node test
//! (metropolys-wasm/tests/bots.test.mjs) replays: the same decisions
//! natively and in wasm. `METROPOLYS_BLESS=1 cargo test -p
//! metropolys-bots --test learned` rewrites the file after a new network
//! or new belief weights.

use metropolys_bots::learned::ValueNet;
use metropolys_bots::Player;
use metropolys_core::{Action, Config, State, Variant};
use serde_json::{json, Value};
use std::path::PathBuf;

const SPEC: &str = r#"{"iterations":200,"seed":5,"leaf":"value","belief":"learned"}"#;

fn pinned() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/learned/game.json")
}

/// The game `Player::from_spec("ismcts", SPEC)` plays in every seat of a
/// 3-player Expert game with seed 8: its action ids.
fn play() -> Vec<u16> {
    let mut state = State::new(&Config::new(3, Variant::Expert, 8)).unwrap();
    let mut bot = Player::from_spec("ismcts", SPEC).unwrap();
    let mut ids = Vec::new();
    while !state.is_over() {
        let a = bot.choose_for(&state).unwrap();
        assert!(state.is_legal(a), "{a:?}");
        ids.push(a.id().unwrap_or(Action::PASS_ID));
        state = state.play(a).unwrap();
    }
    ids
}

#[test]
fn a_learned_search_plays_the_pinned_game() {
    let ids = play();
    assert!(ids.len() > 30);
    let fresh = json!({
        "network": format!("{:016x}", ValueNet::builtin().hash()),
        "game": {"players": 3, "variant": "expert", "seed": 8},
        "bot": {"kind": "ismcts", "params": serde_json::from_str::<Value>(SPEC).unwrap()},
        "actions": ids,
    });
    let path = pinned();
    if std::env::var_os("METROPOLYS_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, serde_json::to_string_pretty(&fresh).unwrap() + "\n").unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path).expect("tests/learned/game.json (bless to write it)");
    let want: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        want["network"], fresh["network"],
        "a new network: rewrite the pinned game with METROPOLYS_BLESS=1"
    );
    assert_eq!(want, fresh);
    // Reproducible within one process too.
    assert_eq!(play(), ids);
}

#[test]
fn the_value_leaf_and_the_belief_change_the_search() {
    // The same seed with playouts at the leaves: another game (the leaf
    // setting is read).
    let mut state = State::new(&Config::new(3, Variant::Expert, 8)).unwrap();
    let mut playout =
        Player::from_spec("ismcts", r#"{"iterations":200,"seed":5,"leaf":"playout"}"#).unwrap();
    let mut ids = Vec::new();
    while !state.is_over() {
        let a = playout.choose_for(&state).unwrap();
        ids.push(a.id().unwrap_or(Action::PASS_ID));
        state = state.play(a).unwrap();
    }
    assert_ne!(ids, play());
    // And with uniform deals: another game (the belief is read).
    let mut state = State::new(&Config::new(3, Variant::Expert, 8)).unwrap();
    let mut uniform =
        Player::from_spec("ismcts", r#"{"iterations":200,"seed":5,"leaf":"value"}"#).unwrap();
    let mut ids = Vec::new();
    while !state.is_over() {
        let a = uniform.choose_for(&state).unwrap();
        ids.push(a.id().unwrap_or(Action::PASS_ID));
        state = state.play(a).unwrap();
    }
    assert_ne!(ids, play());
    assert!(Player::from_spec("ismcts", r#"{"leaf":"oracle"}"#).is_err());
    assert!(Player::from_spec("ismcts-v1", r#"{"leaf":"value"}"#).is_err());
}
