//! Writes the seed corpus of every target from the conformance vectors:
//! records as they are, their configurations, every state their replay
//! passes through (a sample), and their actions.
//! Usage: cargo run --manifest-path fuzz/Cargo.toml --bin seeds

use metropolys_core::Record;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let vectors = root.join("../tests/conformance");
    let corpus = root.join("corpus");
    for t in ["state", "config", "record", "action", "play"] {
        std::fs::create_dir_all(corpus.join(t)).expect("corpus directory");
    }
    let mut files: Vec<_> = std::fs::read_dir(&vectors)
        .expect("tests/conformance")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut n = 0;
    let mut write = |target: &str, name: String, text: &[u8]| {
        std::fs::write(corpus.join(target).join(name), text).expect("write a seed");
        n += 1;
    };
    for f in &files {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(f).expect("read a vector");
        write("record", format!("{stem}.json"), text.as_bytes());
        let Ok(record) = Record::from_json(&text) else {
            continue;
        };
        write(
            "config",
            format!("{stem}.json"),
            serde_json::to_string(&record.config).unwrap().as_bytes(),
        );
        for (i, a) in record.actions.iter().enumerate().step_by(7).take(8) {
            write(
                "action",
                format!("{stem}-{i}.json"),
                serde_json::to_string(&a.action).unwrap().as_bytes(),
            );
        }
        if let Ok(replay) = record.accepted().replay() {
            let k = replay.states.len();
            for i in [0, k / 3, k / 2, k - 1] {
                write(
                    "state",
                    format!("{stem}-{i}.json"),
                    replay.states[i].to_json().as_bytes(),
                );
            }
        }
        let mut play = vec![record.config.players.saturating_sub(2), 7, 9];
        for a in record.actions.iter().take(40) {
            let id = a.action.id().unwrap_or(715);
            play.extend_from_slice(&id.to_le_bytes());
        }
        write("play", format!("{stem}.bin"), &play);
    }
    println!("wrote {n} seeds into {}", corpus.display());
}
