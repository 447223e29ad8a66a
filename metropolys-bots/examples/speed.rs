//! How fast the bots decide: milliseconds per decision and search
//! iterations per second on one core (CPU time, so that a busy machine
//! does not inflate them), over the positions of a few greedy
//! games (the figures of docs/bots.md); for the difficulty presets, the
//! mean and the largest CPU time of one decision.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example speed            # full
//! cargo run --release -p metropolys-bots --example speed -- --quick  # a few positions
//! cargo run --release -p metropolys-bots --example speed -- --presets  # the presets alone
//! ```

use metropolys_bots::{from_spec, Greedy, InfoSet, Player};
use metropolys_core::{Config, State, Variant};
use std::time::Instant;

/// This process's CPU time in seconds (user + system, from /proc), so that
/// other programs sharing the machine do not inflate the figures; wall
/// time where /proc is not available.
fn cpu_seconds(wall: Instant) -> f64 {
    let ticks = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = &s[s.rfind(')')? + 2..];
            let f: Vec<&str> = rest.split_whitespace().collect();
            Some(f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?)
        });
    match ticks {
        Some(t) => t / 100.0,
        None => wall.elapsed().as_secs_f64(),
    }
}

/// This thread's CPU time in nanoseconds (the first field of
/// /proc/thread-self/schedstat), `None` where it is not available.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Positions of greedy games: every `step`-th decision.
fn positions(players: u8, variant: Variant, games: u64, step: usize) -> Vec<State> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut s = State::new(&Config::new(players, variant, 100 + g)).expect("config");
        let mut p = Player::new(Box::new(Greedy::default()), g);
        let mut i = 0;
        while !s.is_over() {
            if i % step == 0 {
                out.push(s);
            }
            i += 1;
            s = s.play(p.choose_for(&s).expect("legal")).expect("legal");
        }
    }
    out
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let presets_only = std::env::args().any(|a| a == "--presets");
    let (games, step) = if quick { (1, 25) } else { (4, 5) };
    for (players, variant) in [
        (2, Variant::Expert),
        (3, Variant::Expert),
        (4, Variant::Expert),
        (4, Variant::Family),
    ] {
        let pos = positions(players, variant, games, step);
        let searches: &[(&str, &str)] = if presets_only {
            &[]
        } else {
            &[
                ("greedy", "{}"),
                ("ismcts", "{}"),
                // The default before sequential halving (docs/bots.md).
                (
                    "ismcts",
                    r#"{"root": "uct", "margin": 80, "win_weight": 0.5}"#,
                ),
                ("ismcts", r#"{"playout": "greedy"}"#),
                ("ismcts", r#"{"playout": "softmax"}"#),
            ]
        };
        for spec in searches {
            let mut bot = from_spec(spec.0, spec.1).expect("spec");
            let mut rng = metropolys_core::rng::SplitMix64::new(1);
            let wall = Instant::now();
            let start = cpu_seconds(wall);
            // The greedy bot is fast: repeat its positions for a measurable time.
            let rounds = if spec.0 == "greedy" && !quick {
                2000
            } else {
                1
            };
            for _ in 0..rounds {
                for s in &pos {
                    let view = InfoSet::to_act(s).expect("to act");
                    bot.choose(&view, &mut rng).expect("decides");
                }
            }
            let secs = cpu_seconds(wall) - start;
            let per = secs / (pos.len() * rounds) as f64;
            let iters = if spec.0 == "ismcts" {
                format!(
                    ", {:.0} iterations/s",
                    metropolys_bots::DEFAULT_ITERATIONS as f64 / per
                )
            } else {
                String::new()
            };
            println!(
                "{players}p {variant} {} {}: {} decisions, {:.1} µs/decision{iters}",
                spec.0,
                spec.1,
                pos.len() * rounds,
                per * 1e6
            );
        }
        // The presets, the search `expert` was until 2026-11-29 (random
        // playouts, 30,000 iterations) and the one it was until 2026-11-30
        // (the network at the leaves, 14,000, 18,000 or 20,000 iterations
        // by the table, the greedy order): the mean and the largest CPU
        // time of one decision.
        let before_prior = [14_000, 18_000, 20_000][usize::from(players - 2)];
        let before_prior = format!(r#"{{"iterations":{before_prior},"leaf":"value"}}"#);
        let presets = metropolys_bots::presets::PRESETS.iter().map(|k| (*k, "{}"));
        let earlier = [
            ("ismcts", r#"{"iterations":30000}"#),
            ("ismcts", before_prior.as_str()),
        ];
        for (kind, params) in presets.chain(earlier) {
            let mut bot = from_spec(kind, params).expect("a preset");
            let mut rng = metropolys_core::rng::SplitMix64::new(1);
            let (mut sum, mut max) = (0u64, 0u64);
            for s in &pos {
                let view = InfoSet::to_act(s).expect("to act");
                let before = thread_cpu_ns().unwrap_or(0);
                bot.choose(&view, &mut rng).expect("decides");
                let spent = thread_cpu_ns().unwrap_or(0).saturating_sub(before);
                sum += spent;
                max = max.max(spent);
            }
            let name = if params == "{}" {
                kind.to_string()
            } else {
                format!("{kind}:{params}")
            };
            println!(
                "{players}p {variant} {name}: {} decisions, mean {:.2} ms, largest {:.2} ms",
                pos.len(),
                sum as f64 / pos.len() as f64 / 1e6,
                max as f64 / 1e6
            );
        }
    }
}
