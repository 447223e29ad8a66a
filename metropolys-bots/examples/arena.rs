//! Plays bots against each other with the library's arena and prints one
//! row per bot: the arena as a Rust program uses it. The command line's
//! `metropolys arena` (docs/cli.md) is the same function with options.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example arena
//! ```

use metropolys_bots::{arena, ArenaOptions, BotSpec, RunOptions};

fn main() {
    // One bot per seat, as `metropolys arena --bots` writes them.
    let specs = BotSpec::parse_list(r#"greedy,ismcts:{"iterations":300}"#).expect("known kinds");
    let bots: Vec<_> = specs.iter().map(BotSpec::factory).collect();
    let options = ArenaOptions {
        games: 40,
        players: 2,
        run: RunOptions {
            seed: 1,
            threads: 2,
            cancel: None,
        },
        ..ArenaOptions::default()
    };
    let rows = arena(&bots, &options, &|_, _| true).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    });
    println!("| bot | games | wins | win rate | 95% CI | mean total |");
    println!("| --- | ---: | ---: | ---: | --- | ---: |");
    for r in &rows {
        println!(
            "| {} | {} | {:.1} | {:.3} | {:.3}–{:.3} | {:.1} |",
            r.bot, r.games, r.wins, r.win_rate, r.ci95[0], r.ci95[1], r.mean_total
        );
    }
}
