//! The learned knowledge as the bots use it: a search whose leaves the
//! network values, whose deals the learned belief weighs and whose moves
//! the learned prior orders plays legal,
//! reproducible games, and its decisions are pinned in
//! `tests/learned/game.json`, which the WebAssembly package's Node test
//! (metropolys-wasm/tests/bots.test.mjs) replays: the same decisions
//! natively and in wasm. `METROPOLYS_BLESS=1 cargo test -p
//! metropolys-bots --test learned` rewrites the file after a new network
//! or new belief or prior weights.
// The network in the program (without it, see learned.rs's own tests).
#![cfg(feature = "builtin-network")]

use metropolys_bots::learned::ValueNet;
use metropolys_bots::Player;
use metropolys_core::{Action, Config, State, Variant};
use serde_json::{json, Value};
use std::path::PathBuf;

const SPEC: &str =
    r#"{"iterations":200,"seed":5,"leaf":"value","belief":"learned","prior":"learned"}"#;

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

/// The game of `params` in every seat (as [`play`]).
fn play_with(params: &str) -> Vec<u16> {
    let mut state = State::new(&Config::new(3, Variant::Expert, 8)).unwrap();
    let mut bot = Player::from_spec("ismcts", params).unwrap();
    let mut ids = Vec::new();
    while !state.is_over() {
        let a = bot.choose_for(&state).unwrap();
        ids.push(a.id().unwrap_or(Action::PASS_ID));
        state = state.play(a).unwrap();
    }
    ids
}

#[test]
fn the_value_leaf_the_belief_and_the_prior_change_the_search() {
    let pinned = play();
    // The same seed with playouts at the leaves: another game (the leaf
    // setting is read).
    let playout =
        r#"{"iterations":200,"seed":5,"leaf":"playout","belief":"learned","prior":"learned"}"#;
    assert_ne!(play_with(playout), pinned);
    // With uniform deals: another game (the belief is read).
    let uniform = r#"{"iterations":200,"seed":5,"leaf":"value","prior":"learned"}"#;
    assert_ne!(play_with(uniform), pinned);
    // With the greedy order: another game (the prior is read).
    let greedy =
        r#"{"iterations":200,"seed":5,"leaf":"value","belief":"learned","prior":"greedy"}"#;
    assert_ne!(play_with(greedy), pinned);
    assert_eq!(
        play_with(greedy),
        play_with(r#"{"iterations":200,"seed":5,"leaf":"value","belief":"learned"}"#),
        "the greedy order is the default"
    );
    assert!(Player::from_spec("ismcts", r#"{"leaf":"oracle"}"#).is_err());
    assert!(Player::from_spec("ismcts", r#"{"prior":"oracle"}"#).is_err());
    assert!(Player::from_spec("ismcts", r#"{"prior":1}"#).is_err());
    assert!(Player::from_spec("ismcts-v1", r#"{"leaf":"value"}"#).is_err());
    assert!(Player::from_spec("ismcts-v1", r#"{"prior":"learned"}"#).is_err());
}
