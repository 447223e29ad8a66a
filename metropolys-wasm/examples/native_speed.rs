//! The native side of the package's CPU-time comparison (BENCHMARKS.md,
//! "WebAssembly"): the work of `simulate` and of the JavaScript step loop,
//! natively, for `/usr/bin/time` to measure (CPU time is steadier than wall
//! time on a shared machine).
//!
//! Usage: cargo run --release -p metropolys-wasm --example native_speed -- games|steps N

use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Config, Game, State, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let n: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let mut sink = 0i64;
    match what.as_str() {
        // simulate(n, {categories: false}): setup, play_random, totals.
        "games" => {
            for i in 0..n {
                let s = State::new(&Config::new(4, Variant::Expert, i)).expect("a setup");
                let end = play_random(s, &mut SplitMix64::new(i));
                sink += i64::from(end.totals().totals().iter().sum::<i32>());
            }
        }
        // The JavaScript fast path's loop: a Game (with its history), legal
        // ids into one buffer, a draw, apply; then score sheets and winners.
        "steps" => {
            let mut ids = Vec::with_capacity(Action::COUNT);
            for i in 0..n {
                let mut g = Game::new(Config::new(4, Variant::Expert, i)).expect("a setup");
                let mut rng = SplitMix64::new(i);
                loop {
                    ids.clear();
                    g.state().for_each_legal(|a| ids.extend(a.id()));
                    if ids.is_empty() {
                        break;
                    }
                    let a =
                        Action::from_id(ids[rng.below(ids.len() as u64) as usize]).expect("an id");
                    g = g.apply(a).expect("a legal action");
                }
                sink += g.state().scores().len() as i64 + g.state().winners().len() as i64;
            }
        }
        _ => eprintln!("usage: native_speed games|steps N"),
    }
    println!("{sink}");
}
