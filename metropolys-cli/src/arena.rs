//! `metropolys arena`: many games between bots rotated over the seats, and
//! the table of their results (all from `metropolys_bots::arena`).

use crate::common::{Failure, Outcome};
use crate::play::VariantArg;
use metropolys_bots::{
    arena, from_spec, split_specs, ArenaOptions, ArenaRow, BotError, BotFactory, KINDS,
};
use metropolys_core::Variant;
use serde_json::{Map, Value};
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
  metropolys arena --bots 'ismcts:{\"reward\":\"score\"},ismcts' --games 100")]
pub struct Args {
    /// One bot per seat, comma-separated: random, greedy or ismcts, each
    /// optionally with its own parameters as `kind:JSON`, such as
    /// 'ismcts:{"iterations":500},ismcts'
    #[arg(short, long, value_name = "BOTS", required = true)]
    pub bots: Vec<String>,
    /// Games to play; a multiple of the player count gives every bot every
    /// seat equally often
    #[arg(short, long, value_name = "N", default_value_t = 100)]
    pub games: u64,
    /// Games played in parallel; the results do not depend on it
    #[arg(short, long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
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
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<String>,
}

/// `metropolys arena`: runs [`run`] and prints the table.
pub fn run_cli(args: Args) -> Outcome {
    let a = ArenaArgs {
        bots: args
            .bots
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(","),
        games: args.games,
        players: args.players,
        variant: args.variant.into(),
        seed: args.seed,
        threads: args.threads,
        params: args.params,
        progress: !args.no_progress,
        sprt: args.sprt,
    };
    match run(&a) {
        Ok(table) => {
            out!("{table}");
            Ok(())
        }
        Err(ArenaError::Usage(m)) => Err(Failure::Usage(m)),
        Err(ArenaError::Failed(m)) => Err(Failure::Invalid(m)),
    }
}

/// What `metropolys arena` was asked.
#[derive(Debug, Clone)]
pub struct ArenaArgs {
    /// One bot per seat, comma-separated, each `kind` or `kind:JSON`
    /// (`ismcts:{"iterations":500},greedy,random,random`; see
    /// [`metropolys_bots::parse_specs`]).
    pub bots: String,
    /// The number of games.
    pub games: u64,
    /// The player count; must equal the number of bots when given.
    pub players: Option<u8>,
    /// Family or Expert.
    pub variant: Variant,
    /// Everything random derives from it.
    pub seed: u64,
    /// Games played in parallel.
    pub threads: usize,
    /// Parameters per bot kind: a JSON object such as
    /// `{"ismcts": {"iterations": 500}}`.
    pub params: Option<String>,
    /// Draw a progress bar on standard error (when it is a terminal).
    pub progress: bool,
    /// A sequential test (`ELO0,ELO1[,ALPHA,BETA]`) instead of a fixed
    /// number of games ([`metropolys_bots::sprt`]).
    pub sprt: Option<String>,
}

/// Why the arena could not run: a usage error (exit 2) or a failure while
/// playing (exit 1).
#[derive(Debug)]
pub enum ArenaError {
    /// Bad arguments: unknown bot, bad parameters, bad player count.
    Usage(String),
    /// A bot failed while playing.
    Failed(String),
}

/// Parameters per kind from `--params`: every key a kind, every value an
/// object of that kind's parameters (checked here by building one bot).
pub fn params_by_kind(params: Option<&str>) -> Result<Map<String, Value>, String> {
    let Some(text) = params else {
        return Ok(Map::new());
    };
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("--params is not JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err(format!(
            "--params is a JSON object keyed by bot kind, such as {{\"ismcts\": {{\"iterations\": 500}}}}, not {text}"
        ));
    };
    for (kind, p) in &map {
        if !KINDS.contains(&kind.as_str()) {
            return Err(format!(
                "--params: unknown bot kind {kind:?}; expected one of: {}",
                KINDS.join(", ")
            ));
        }
        from_spec(kind, &p.to_string()).map_err(|e| format!("--params: {e}"))?;
    }
    Ok(map)
}

/// A bot of `kind` with its parameters from `--params`, checked.
pub fn spec(kind: &str, params: &Map<String, Value>) -> Result<String, String> {
    let text = params
        .get(kind)
        .map_or_else(|| "{}".to_string(), Value::to_string);
    match from_spec(kind, &text) {
        Ok(_) => Ok(text),
        Err(e @ BotError::UnknownKind { .. }) => Err(e.to_string()),
        Err(e) => Err(format!("--params: {e}")),
    }
}

/// The parameters of a bot given as `kind` (those of `--params` for its
/// kind, or the defaults) or `kind:JSON` (its own), checked.
pub fn bot_params(
    kind: &str,
    own: Option<&str>,
    params: &Map<String, Value>,
) -> Result<String, String> {
    match own {
        Some(own) => match from_spec(kind, own) {
            Ok(_) => Ok(own.to_string()),
            Err(e) => Err(e.to_string()),
        },
        None => spec(kind, params),
    }
}

/// Runs the arena and returns the table to print.
pub fn run(args: &ArenaArgs) -> Result<String, ArenaError> {
    let params = params_by_kind(args.params.as_deref()).map_err(ArenaError::Usage)?;
    // Split first (commas inside a bot's JSON are not separators), then
    // check each bot with its own parameters or those of --params.
    let seats = split_specs(&args.bots);
    let mut factories: Vec<BotFactory> = Vec::new();
    let mut names = Vec::new();
    for &(kind, own) in &seats {
        let text = bot_params(kind, own, &params)
            .map_err(|e| ArenaError::Usage(format!("--bots: {e}")))?;
        names.push(match own {
            Some(own) => format!("{kind}:{own}"),
            None => kind.to_string(),
        });
        let kind = kind.to_string();
        factories.push(Box::new(move || {
            // Checked above: the same kind and parameters build (never a
            // different bot in its place).
            from_spec(&kind, &text).expect("a bot spec checked by bot_params")
        }));
    }
    if seats.len() < 2 || seats.len() > 4 {
        return Err(ArenaError::Usage(format!(
            "arena --bots takes one bot per seat, 2 to 4 of them (R-1), not {}",
            seats.len()
        )));
    }
    let players = args.players.unwrap_or(seats.len() as u8);
    if usize::from(players) != seats.len() {
        return Err(ArenaError::Usage(format!(
            "--players {players} but {} bots: give one bot per seat",
            seats.len()
        )));
    }
    let options = ArenaOptions {
        games: args.games,
        players,
        variant: args.variant,
        seed: args.seed,
        threads: args.threads,
        ..ArenaOptions::default()
    };
    if let Some(test) = &args.sprt {
        let test: metropolys_bots::sprt::Sprt = test
            .parse()
            .map_err(|e| ArenaError::Usage(format!("--sprt: {e}")))?;
        let bar = progress_bar(args.progress, args.games);
        let report = metropolys_bots::sprt::sprt_match(&factories, &options, &test, &|r| {
            if let Some(b) = &bar {
                b.set_position(2 * r.counts.pairs());
            }
            true
        });
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        let report = report.map_err(|e| match e {
            BotError::Arena(_) | BotError::Config(_) => ArenaError::Usage(e.to_string()),
            other => ArenaError::Failed(other.to_string()),
        })?;
        return Ok(format!(
            "SPRT · {} vs {} · {} · seed {} · H0: {} Elo, H1: {} Elo, alpha {}, beta {}\n{report}\n",
            names[0], names[1], args.variant, args.seed, test.elo0, test.elo1, test.alpha, test.beta
        ));
    }
    let bar = progress_bar(args.progress, args.games);
    let rows = arena(&factories, &options, &|done, _| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
        true
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let rows = rows.map_err(|e| match e {
        BotError::Arena(_) | BotError::Config(_) => ArenaError::Usage(e.to_string()),
        other => ArenaError::Failed(other.to_string()),
    })?;
    let rows: Vec<ArenaRow> = rows
        .into_iter()
        .zip(names)
        .map(|(row, bot)| ArenaRow { bot, ..row })
        .collect();
    Ok(table(args, players, &rows))
}

/// A progress bar on standard error, or `None` when it is not wanted;
/// indicatif draws nothing when standard error is not a terminal.
fn progress_bar(wanted: bool, games: u64) -> Option<indicatif::ProgressBar> {
    if !wanted {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(games),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

/// The results as a table, one row per bot in the order given.
pub fn table(args: &ArenaArgs, players: u8, rows: &[ArenaRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Arena · {} games · {players} players · {} · seed {} · bots rotated over the seats",
        args.games, args.variant, args.seed
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
