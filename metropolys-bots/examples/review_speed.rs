//! What a review costs: CPU seconds per review of a 4-player Expert game
//! (played by `strong` in every seat) by each preset, on one thread (the
//! figures of docs/review.md and BENCHMARKS.md).
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example review_speed             # 3 games
//! cargo run --release -p metropolys-bots --example review_speed -- --games 1 --presets beginner
//! ```

use clap::Parser;
use metropolys_bots::review::{review, ReviewOptions};
use metropolys_bots::{BotKind, InfoSet, Player};
use metropolys_core::{Config, Game, Record, Variant};

/// The command line.
#[derive(Debug, Parser)]
#[command(about = "CPU time per review of a 4-player Expert game, by preset")]
struct Args {
    /// Games reviewed per preset.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=1000))]
    games: u64,
    /// The presets, comma-separated.
    #[arg(long, default_value = "beginner,casual,strong,expert")]
    presets: String,
}

/// This thread's CPU time in seconds (/proc/thread-self/schedstat), or
/// `None` where it is not available.
fn thread_cpu() -> Option<f64> {
    let ns: u64 = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(ns as f64 / 1e9)
}

/// A 4-player Expert game played by `strong` in every seat.
fn game(seed: u64) -> Record {
    let mut game = Game::new(Config::new(4, Variant::Expert, seed)).expect("config");
    let mut seats: Vec<Player> = (0..4u64)
        .map(|s| {
            Player::from_spec("strong", &format!("{{\"seed\": {}}}", seed * 8 + s)).expect("strong")
        })
        .collect();
    while let Some(seat) = game.state().to_act() {
        let info = InfoSet::new(game.state(), seat).expect("seat");
        game = game
            .apply(seats[seat as usize].choose(&info).expect("decision"))
            .expect("legal");
    }
    game.to_record().expect("record")
}

fn main() {
    let args = Args::parse();
    let records: Vec<Record> = (0..args.games).map(|g| game(100 + g)).collect();
    let decisions: usize = records.iter().map(|r| r.actions.len()).sum();
    println!(
        "{} games, {:.0} decisions each on average; CPU seconds per review, one thread",
        args.games,
        decisions as f64 / args.games as f64
    );
    println!("| preset | worlds | s per review | ms per decision |");
    println!("|---|---:|---:|---:|");
    for name in args.presets.split(',') {
        let preset: BotKind = name.trim().parse().expect("a preset");
        let options = ReviewOptions {
            preset,
            ..Default::default()
        };
        let start = thread_cpu();
        let wall = std::time::Instant::now();
        let mut worlds = 0;
        for r in &records {
            worlds = review(r, &options).expect("review").worlds;
        }
        let spent = match (start, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed().as_secs_f64(),
        };
        println!(
            "| `{name}` | {worlds} | {:.2} | {:.1} |",
            spent / args.games as f64,
            spent * 1000.0 / decisions as f64
        );
    }
}
