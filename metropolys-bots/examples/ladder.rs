//! The rated skill ladder of docs/bots.md: a round robin of bots on paired
//! deals, rated with the Plackett–Luce model on the Elo scale
//! ([`metropolys_bots::ladder`]), printed as a Markdown table.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example ladder -- \
//!     --players 2 --deals 5 --seed 1 --threads 2
//! cargo run --release -p metropolys-bots --example ladder -- \
//!     --bots 'random,greedy,ismcts:{"iterations":300}' --deals 10
//! ```
//!
//! `--bots` lists the bots, each `kind` or `kind:{json params}` (default:
//! the ladder of docs/bots.md); the first one is the anchor, rated 0.

use metropolys_bots::ladder::{ladder, LadderOptions};
use metropolys_bots::{parse_specs, spec_factories};
use metropolys_core::Variant;
use std::io::Write;
use std::time::Instant;

/// The ladder of docs/bots.md.
const LADDER: &str = concat!(
    "random,greedy,beginner,casual,",
    r#"ismcts:{"iterations":100},ismcts-v1:{"iterations":300},ismcts:{"iterations":300},"#,
    r#"strong,ismcts-v1:{"iterations":1000},expert"#
);

fn main() {
    let mut bots = LADDER.to_string();
    let mut options = LadderOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--bots" => bots = value(),
            "--players" => options.players = value().parse().expect("--players 2|3|4"),
            "--deals" => options.deals = value().parse().expect("--deals N"),
            "--variant" => options.variant = value().parse::<Variant>().expect("--variant"),
            "--seed" => options.run.seed = value().parse().expect("--seed N"),
            "--threads" => options.run.threads = value().parse().expect("--threads N"),
            "--resamples" => options.resamples = value().parse().expect("--resamples N"),
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
    let start = Instant::now();
    let result = ladder(&factories, &options, &|done, total| {
        if done.is_multiple_of(10) || done == total {
            eprint!("\r{done}/{total} games");
            let _ = std::io::stderr().flush();
        }
        true
    });
    eprintln!();
    let l = match result {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!(
        "{} games, {} players per table, {} deals per table, {}, seed {}, {} bootstrap resamples, {:.0} s",
        l.games.len(),
        options.players,
        options.deals,
        options.variant,
        options.run.seed,
        options.resamples,
        start.elapsed().as_secs_f64()
    );
    println!("| bot | games | rating | 95 % CI | mean total |");
    println!("| --- | ---: | ---: | --- | ---: |");
    let mut order: Vec<usize> = (0..specs.len()).collect();
    order.sort_by(|&a, &b| l.ratings.rating[b].total_cmp(&l.ratings.rating[a]));
    for i in order {
        let (kind, params) = &specs[i];
        let spec = if params == "{}" {
            kind.clone()
        } else {
            format!("{kind}:{params}")
        };
        let [lo, hi] = l.ratings.ci95[i];
        println!(
            "| `{spec}` | {} | {:.0} | {:.0} to {:.0} | {:.1} |",
            l.played[i], l.ratings.rating[i], lo, hi, l.mean_total[i]
        );
    }
}
