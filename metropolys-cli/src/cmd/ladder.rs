//! `metropolys ladder`: a round robin of bots on paired deals, rated on
//! the Elo scale with intervals (all from `metropolys_bots::ladder`).

use crate::args::{bot_list, params_by_kind, VariantArg, MAX_THREADS};
use crate::failure::{run_failure, Failure, Outcome};
use crate::io::progress_bar;
use metropolys_bots::ladder::{ladder, Ladder, LadderOptions};
use metropolys_bots::RunOptions;
use metropolys_core::Variant;
use std::fmt::Write as _;

/// The bots of the ladder in docs/bots.md: with `expert` (its leaves
/// valued by the learned network), the search it replaced,
/// `ismcts:{"iterations":30000}` with random playouts.
pub const DEFAULT_BOTS: &str = concat!(
    "random,greedy,beginner,casual,",
    r#"ismcts:{"iterations":100},ismcts-v1:{"iterations":300},ismcts:{"iterations":300},"#,
    r#"strong,ismcts-v1:{"iterations":1000},ismcts:{"iterations":30000},expert"#
);

/// Options of `metropolys ladder`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every set of --players bots sits at a table; each table plays --deals deals,
each once per seat rotation, so every bot plays each deal from every seat.
The finishing orders (R-20) are rated with the Plackett-Luce model on the
Elo scale, the first bot at 0, with 95% bootstrap intervals over the deals
(docs/bots.md, \"The skill ladder\"). The ladder is reproduced exactly by its
seed, whatever the thread count, for bots with iteration budgets.

Examples:
  metropolys ladder --players 2 --deals 5 --seed 1 --threads 2
  metropolys ladder --bots 'random,greedy,ismcts:{\"iterations\":300}' --deals 20
  metropolys ladder --players 4 --bots random,greedy,beginner,casual,strong,expert --deals 5")]
pub struct Args {
    /// The bots, comma-separated (the first is rated 0): random, greedy,
    /// ismcts, ismcts-v1 or a difficulty preset (beginner, casual, strong,
    /// expert), each optionally as kind:JSON with its own parameters
    /// [default: the ladder of docs/bots.md]
    #[arg(short, long, value_name = "BOTS")]
    pub bots: Option<String>,
    /// Players at each table: 2, 3 or 4, at most the number of bots
    #[arg(short, long, value_name = "N", default_value_t = 2)]
    pub players: u8,
    /// Deals per table, each played once per seat rotation
    #[arg(short, long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub deals: u64,
    /// The variant
    #[arg(long, value_enum, value_name = "V", default_value = "expert")]
    pub variant: VariantArg,
    /// Everything random (deals, every bot's generator, the bootstrap)
    /// derives from it
    #[arg(short, long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Games played in parallel, 1 to 1024; the results do not depend on it
    #[arg(short, long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: u16,
    /// Bootstrap resamples for the intervals
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..=metropolys_bots::ladder::MAX_RESAMPLES as u64))]
    pub resamples: u64,
    /// Bot parameters by kind, a JSON object such as
    /// '{"ismcts": {"iterations": 500}}' (docs/bots.md lists them)
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,
    /// Print the table in Markdown (as docs/bots.md shows it)
    #[arg(long)]
    pub markdown: bool,
    /// No progress bar (none is drawn when standard error is not a terminal)
    #[arg(long)]
    pub no_progress: bool,
}

/// Runs the ladder and prints the ratings.
pub fn run(args: Args) -> Outcome {
    let params = params_by_kind(args.params.as_deref()).map_err(Failure::Usage)?;
    let bots = args.bots.as_deref().unwrap_or(DEFAULT_BOTS);
    let (specs, names) = bot_list(bots, &params, "bot").map_err(Failure::Usage)?;
    let factories: Vec<_> = specs.iter().map(|s| s.factory()).collect();
    let options = LadderOptions {
        players: args.players,
        deals: args.deals,
        variant: Variant::from(args.variant),
        resamples: args.resamples as usize,
        run: RunOptions {
            seed: args.seed,
            threads: usize::from(args.threads),
            cancel: None,
        },
    };
    let bar = progress_bar(
        0,
        "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})",
        !args.no_progress,
    );
    let result = ladder(&factories, &options, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
        true
    });
    bar.finish_and_clear();
    let result = result.map_err(run_failure)?;
    out!("{}", table(&options, &names, &result, args.markdown));
    Ok(())
}

/// The ratings as a table, strongest first.
fn table(options: &LadderOptions, names: &[String], l: &Ladder, markdown: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Ladder · {} games · {} players per table · {} deals per table · {} · seed {} · {} bootstrap resamples",
        l.games.len(),
        options.players,
        options.deals,
        options.variant,
        options.run.seed,
        options.resamples
    );
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| l.ratings.rating[b].total_cmp(&l.ratings.rating[a]));
    if markdown {
        let _ = writeln!(s, "\n| bot | games | rating | 95 % CI | mean total |");
        let _ = writeln!(s, "| --- | ---: | ---: | --- | ---: |");
        for i in order {
            let [lo, hi] = l.ratings.ci95[i];
            let _ = writeln!(
                s,
                "| `{}` | {} | {:.0} | {:.0} to {:.0} | {:.1} |",
                names[i], l.played[i], l.ratings.rating[i], lo, hi, l.mean_total[i]
            );
        }
        return s;
    }
    let width = names.iter().map(String::len).max().unwrap_or(3).max(3);
    let _ = writeln!(
        s,
        "{:<width$}  {:>6}  {:>7}  {:>15}  {:>10}",
        "bot", "games", "rating", "95% CI", "mean total"
    );
    for i in order {
        let [lo, hi] = l.ratings.ci95[i];
        let _ = writeln!(
            s,
            "{:<width$}  {:>6}  {:>7.0}  {:>15}  {:>10.2}",
            names[i],
            l.played[i],
            l.ratings.rating[i],
            format!("[{lo:.0}, {hi:.0}]"),
            l.mean_total[i]
        );
    }
    let _ = writeln!(
        s,
        "(Elo scale, {} at 0; Plackett-Luce on finishing orders, R-20; bootstrap intervals over deals)",
        names[0]
    );
    s
}
