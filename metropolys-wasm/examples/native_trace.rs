//! What the native engine gives, for the WebAssembly package's tests to
//! compare with (scripts/test-wasm runs it, natively): every record of a
//! folder (the conformance vectors) replayed step by step — each
//! decision's events and the position after it, the rejection of a
//! rejection record (message and rulings), the final score sheets and
//! winners, the position `verify` reaches — and the random games of
//! seeds 0 … 19 (`play_random`) for `simulate`.
//!
//! Usage: cargo run -p metropolys-wasm --example native_trace -- DIR > trace.json

use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, Game, Record, State, Variant};
use serde_json::{json, Value};
use std::path::PathBuf;

fn replay(record: &Record) -> Value {
    let mut game = Game::new(record.config.clone()).expect("a vector's configuration");
    let mut steps = Vec::new();
    let mut rejected = Value::Null;
    for (i, ra) in record.actions.iter().enumerate() {
        match game.apply_for(ra.player, ra.action) {
            Ok(next) => {
                game = next;
                steps.push(json!({
                    "events": game.last_events(),
                    "state": game.snapshot(),
                }));
            }
            Err(e) => {
                let rules: Vec<&str> = e.rule().iter().map(|r| r.name()).collect();
                rejected = json!({"index": i, "message": e.to_string(), "rules": rules});
                break;
            }
        }
    }
    let state = game.state();
    let verified = Game::from_verified_record(record).expect("every vector verifies");
    json!({
        "steps": steps,
        "rejected": rejected,
        "scores": state.scores(),
        "winners": state.winners(),
        "totals": state.totals().totals(),
        "verified": verified.snapshot(),
        "record": game.to_record().ok(),
    })
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("usage: native_trace DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("a folder of records")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut vectors = serde_json::Map::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a readable record");
        let record = Record::from_json(&text).expect("a record");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        vectors.insert(name, replay(&record));
    }
    let mut games = Vec::new();
    for (players, variant) in [
        (4, Variant::Expert),
        (2, Variant::Family),
        (3, Variant::Expert),
    ] {
        for seed in 0..20u64 {
            let start = State::new(&Config::new(players, variant, seed)).expect("a setup");
            let end = play_random(start, &mut SplitMix64::new(seed));
            games.push(json!({
                "players": players,
                "variant": variant,
                "seed": seed,
                "start_player": start.to_act(),
                "calls": end.call_number(),
                "scores": end.scores(),
                "winners": end.winners(),
            }));
        }
    }
    println!("{}", json!({"vectors": vectors, "random_games": games}));
}
