//! Plays bots against each other and prints one row per bot: the command
//! behind the strength table of docs/bots.md.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example arena -- \
//!     --bots greedy,random --games 400 --variant expert --seed 1 --threads 2
//! ```
//!
//! `--bots` lists one bot per seat, each `kind` or `kind:{json params}`
//! (for example `ismcts:{"iterations":500}`); `--players` defaults to their
//! number.

use metropolys_bots::{arena, parse_specs, spec_factories, ArenaOptions};
use metropolys_core::Variant;
use std::io::Write;
use std::time::Instant;

fn main() {
    let mut bots = String::from("greedy,random");
    let mut options = ArenaOptions::default();
    let mut players = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--bots" => bots = value(),
            "--games" => options.games = value().parse().expect("--games N"),
            "--players" => players = Some(value().parse().expect("--players 2|3|4")),
            "--variant" => options.variant = value().parse::<Variant>().expect("--variant"),
            "--seed" => options.run.seed = value().parse().expect("--seed N"),
            "--threads" => options.run.threads = value().parse().expect("--threads N"),
            other => {
                eprintln!("unknown argument {other:?}");
                std::process::exit(2);
            }
        }
    }
    let specs = parse_specs(&bots).unwrap_or_else(|e| {
        eprintln!("--bots: {e}");
        std::process::exit(2);
    });
    let factories = spec_factories(&specs);
    options.players = players.unwrap_or(factories.len() as u8);
    let start = Instant::now();
    let rows = arena(&factories, &options, &|done, total| {
        if done.is_multiple_of(10) || done == total {
            eprint!("\r{done}/{total} games");
            let _ = std::io::stderr().flush();
        }
        true
    });
    eprintln!();
    match rows {
        Ok(rows) => {
            println!(
                "{} games, {} players, {}, seed {}, {:.1} s",
                options.games,
                options.players,
                options.variant,
                options.run.seed,
                start.elapsed().as_secs_f64()
            );
            println!("| bot | games | wins | win rate | 95% CI | mean total |");
            println!("| --- | ---: | ---: | ---: | --- | ---: |");
            for ((kind, params), r) in specs.iter().zip(&rows) {
                let spec = if params == "{}" {
                    kind.clone()
                } else {
                    format!("{kind}:{params}")
                };
                println!(
                    "| {spec} | {} | {:.1} | {:.3} | {:.3}–{:.3} | {:.1} |",
                    r.games, r.wins, r.win_rate, r.ci95[0], r.ci95[1], r.mean_total
                );
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
