//! A small rated ladder with the library: a round robin of bots on paired
//! deals, rated on the Elo scale with bootstrap intervals
//! ([`metropolys_bots::ladder`]). The ladders of docs/bots.md are run by
//! the command line's `metropolys ladder`, the same function with options.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example ladder
//! ```

use metropolys_bots::ladder::{ladder, LadderOptions};
use metropolys_bots::{BotSpec, RunOptions};

fn main() {
    // The first bot is the anchor, rated 0.
    let specs = BotSpec::parse_list(r#"random,beginner,greedy,ismcts:{"iterations":100}"#)
        .expect("known kinds");
    let bots: Vec<_> = specs.iter().map(BotSpec::factory).collect();
    let options = LadderOptions {
        players: 2,
        deals: 5,
        run: RunOptions {
            seed: 1,
            threads: 2,
            cancel: None,
        },
        ..LadderOptions::default()
    };
    let l = ladder(&bots, &options, &|_, _| true).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    });
    println!("{} games", l.games.len());
    println!("| bot | games | rating | 95 % CI | mean total |");
    println!("| --- | ---: | ---: | --- | ---: |");
    for (i, spec) in specs.iter().enumerate() {
        let [lo, hi] = l.ratings.ci95[i];
        println!(
            "| `{spec}` | {} | {:.0} | {:.0} to {:.0} | {:.1} |",
            l.played[i], l.ratings.rating[i], lo, hi, l.mean_total[i]
        );
    }
}
