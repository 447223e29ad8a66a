//! `metropolys arena`: many games between bots rotated over the seats, and
//! the table of their results (all from `metropolys_bots::arena`).

use crate::args::{bot_list, params_by_kind, VariantArg, MAX_THREADS};
use crate::failure::{run_failure, Failure, Outcome};
use crate::io::progress_bar;
use metropolys_bots::{arena, ArenaOptions, ArenaRow, RunOptions};
use metropolys_core::Variant;
use std::fmt::Write as _;

/// Options of `metropolys arena`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Bots are rotated over the seats from one game to the next, so that over any
N consecutive games (N players) every bot plays every seat once on the same
deal. Each row: games, wins (a shared victory counts as a fraction, R-20),
win rate with its 95% Wilson interval, and the mean final total.

A bot given as kind:JSON uses those parameters; the others use --params
(parameters by kind) or the defaults. Rows are named as the bots are given.

Examples:
  metropolys arena --bots ismcts,greedy,random,random --games 400 --threads 2
  metropolys arena --bots 'ismcts:{\"reward\":\"win\"},ismcts' --games 100
  metropolys arena --bots 'ismcts,ismcts-v1' --sprt 0,20 --games 2000")]
pub struct Args {
    /// One bot per seat, comma-separated: random, greedy, ismcts,
    /// ismcts-v1 or a difficulty preset (beginner, casual, strong, expert),
    /// each optionally with its own parameters as `kind:JSON`, such as
    /// 'ismcts:{"iterations":500},ismcts'
    #[arg(short, long, value_name = "BOTS", required = true)]
    pub bots: Vec<String>,
    /// Games to play; a multiple of the player count gives every bot every
    /// seat equally often
    #[arg(short, long, value_name = "N", default_value_t = 100)]
    pub games: u64,
    /// Games played in parallel, 1 to 1024 (as Python's arena); the results
    /// do not depend on it
    #[arg(short, long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: u16,
    /// 2, 3 or 4; must equal the number of bots [default: the number of bots]
    #[arg(short, long, value_name = "N")]
    pub players: Option<u8>,
    /// The variant
    #[arg(long, value_enum, value_name = "V", default_value = "expert")]
    pub variant: VariantArg,
    /// Everything random (deals, every bot's generator) derives from it
    #[arg(short, long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Bot parameters by kind, a JSON object such as
    /// '{"ismcts": {"iterations": 500}}' (docs/bots.md lists them)
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,
    /// No progress bar (none is drawn when standard error is not a terminal)
    #[arg(long)]
    pub no_progress: bool,
    /// A sequential test of the first bot against the second (2 bots):
    /// play pairs of games (one deal, seats swapped) until the first is
    /// shown ELO1 stronger or at most ELO0 stronger (alpha and beta default
    /// to 0.05); --games is then the most games played
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        allow_hyphen_values = true
    )]
    pub sprt: Option<String>,
}

/// Runs the arena and prints the table.
pub fn run(args: Args) -> Outcome {
    let params = params_by_kind(args.params.as_deref()).map_err(Failure::Usage)?;
    let (specs, names) = bot_list(&args.bots.join(","), &params, "seat").map_err(Failure::Usage)?;
    let factories: Vec<_> = specs.iter().map(|s| s.factory()).collect();
    if !u8::try_from(names.len()).is_ok_and(|n| metropolys_core::PLAYER_COUNTS.contains(&n)) {
        return Err(Failure::Usage(format!(
            "arena --bots takes one bot per seat, 2 to 4 of them (R-1), not {}",
            names.len()
        )));
    }
    let players = args.players.unwrap_or(names.len() as u8);
    if usize::from(players) != names.len() {
        return Err(Failure::Usage(format!(
            "--players {players} but {} bots: give one bot per seat",
            names.len()
        )));
    }
    let variant = Variant::from(args.variant);
    let options = ArenaOptions {
        games: args.games,
        players,
        variant,
        run: RunOptions {
            seed: args.seed,
            threads: usize::from(args.threads),
            cancel: None,
        },
        ..ArenaOptions::default()
    };
    if let Some(test) = &args.sprt {
        let test: metropolys_bots::sprt::Sprt = test
            .parse()
            .map_err(|e| Failure::Usage(format!("--sprt: {e}")))?;
        let bar = progress_bar(
            args.games,
            "{bar:40} {pos}/{len} games (at most)  {elapsed_precise}",
            !args.no_progress,
        );
        let report = metropolys_bots::sprt::sprt_match(&factories, &options, &test, &|r| {
            bar.set_position(2 * r.counts.pairs());
            true
        });
        bar.finish_and_clear();
        let report = report.map_err(run_failure)?;
        out!(
            "SPRT · {} vs {} · {} · seed {} · H0: {} Elo, H1: {} Elo, alpha {}, beta {}\n{}\n",
            names[0],
            names[1],
            options.variant,
            options.run.seed,
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            report.to_string().trim_end()
        );
        return Ok(());
    }
    let bar = progress_bar(
        args.games,
        "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})",
        !args.no_progress,
    );
    let rows = arena(&factories, &options, &|done, _| {
        bar.set_position(done);
        true
    });
    bar.finish_and_clear();
    let rows = rows.map_err(run_failure)?;
    let rows: Vec<ArenaRow> = rows
        .into_iter()
        .zip(names)
        .map(|(row, bot)| ArenaRow { bot, ..row })
        .collect();
    out!("{}", table(&options, &rows));
    Ok(())
}

/// The results as a table, one row per bot in the order given.
fn table(options: &ArenaOptions, rows: &[ArenaRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Arena · {} games · {} players · {} · seed {} · bots rotated over the seats",
        options.games, options.players, options.variant, options.run.seed
    );
    let width = rows.iter().map(|r| r.bot.len()).max().unwrap_or(3).max(3);
    let _ = writeln!(
        s,
        "{:<width$}  {:>6}  {:>8}  {:>8}  {:>15}  {:>10}",
        "bot", "games", "wins", "win rate", "95% CI", "mean total"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{:<width$}  {:>6}  {:>8.2}  {:>7.1}%  {:>15}  {:>10.2}",
            r.bot,
            r.games,
            r.wins,
            100.0 * r.win_rate,
            format!("[{:.1}, {:.1}]%", 100.0 * r.ci95[0], 100.0 * r.ci95[1]),
            r.mean_total
        );
    }
    let _ = writeln!(
        s,
        "(a shared victory counts as a fraction of a win, R-20; the interval is Wilson's)"
    );
    s
}
