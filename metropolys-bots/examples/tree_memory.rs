//! The memory one decision takes: the growth of this process's peak
//! resident set (VmHWM) over one decision of a bot spec at the first
//! decision of a 4-player Expert game (the most legal actions), beside
//! the tree's cap. One process per spec, so that peaks do not mix
//! (docs/bots.md, "Memory").
//!
//! ```sh
//! for b in casual strong expert ismcts 'ismcts:{"seconds":5}' 'expert:{"tree_edges":1000000}'; do
//!     cargo run --release -p metropolys-bots --example tree_memory -- "$b"
//! done
//! ```

use metropolys_bots::{BotSpec, InfoSet, Player};
use metropolys_core::{Config, State, Variant};
use std::time::Instant;

/// This process's peak resident set in KiB (Linux).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let spec = std::env::args().nth(1).unwrap_or_else(|| "expert".into());
    let bot: BotSpec = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
    let mut player = Player::new(bot.build(), 1);
    let state = State::new(&Config::new(4, Variant::Expert, 7)).unwrap();
    let view = InfoSet::to_act(&state).unwrap();
    let before = peak_kib();
    let t = Instant::now();
    player.choose(&view).unwrap();
    let secs = t.elapsed().as_secs_f64();
    let grown = peak_kib().saturating_sub(before);
    println!(
        "{spec}\t{:.1} MiB peak growth\t{secs:.2} s\t{} legal actions",
        grown as f64 / 1024.0,
        state.legal_action_count()
    );
}
