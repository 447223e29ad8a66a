//! How honest the review's win chances are: self-play games of a preset,
//! each reviewed, and every estimated win chance set against what happened
//! (did that seat win?), in bins: a reliability table per player count and
//! reading, with the Brier score (docs/review.md and BENCHMARKS.md show
//! its figures).
//!
//! Two readings, as in the review: **known** (the acting seat's chance
//! after its own decision, from what it knew) and **revealed** (every
//! seat's chance at every position, with every card face up).
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example calibration -- --games 400 --players 2
//! cargo run --release -p metropolys-bots --example calibration -- --games 4 --players 4 --json
//! ```

use clap::Parser;
use metropolys_bots::review::{review, temper_with, ReviewOptions};
use metropolys_bots::{BotKind, InfoSet, Player};
use metropolys_core::{Config, Game, Variant};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The command line.
#[derive(Debug, Parser)]
#[command(about = "Calibration of the review's win chances on self-play games")]
struct Args {
    /// Games played and reviewed.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Players per game.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// The preset that plays every seat.
    #[arg(long, default_value = "strong")]
    play: String,
    /// Worlds per estimate of the review.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    worlds: u32,
    /// Bins of predicted chance.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=100))]
    bins: u32,
    /// Games played at once.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    threads: usize,
    /// The first game's seed (game `g` is dealt from `seed + g`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Writes the tables as JSON rather than Markdown.
    #[arg(long)]
    json: bool,
    /// Fits the calibration's exponent on the raw playout frequencies
    /// (`review::SHARPNESS`) and shows the tables with it.
    #[arg(long)]
    fit: bool,
}

/// Per bin: predictions, their sum, and the wins observed.
#[derive(Debug, Clone, Default)]
struct Bins {
    n: Vec<u64>,
    predicted: Vec<f64>,
    observed: Vec<f64>,
    brier: f64,
}

impl Bins {
    fn new(bins: u32) -> Bins {
        Bins {
            n: vec![0; bins as usize],
            predicted: vec![0.0; bins as usize],
            observed: vec![0.0; bins as usize],
            brier: 0.0,
        }
    }

    fn add(&mut self, p: f64, won: f64) {
        let k = ((p * self.n.len() as f64) as usize).min(self.n.len() - 1);
        self.n[k] += 1;
        self.predicted[k] += p;
        self.observed[k] += won;
        self.brier += (p - won) * (p - won);
    }

    fn total(&self) -> u64 {
        self.n.iter().sum()
    }

    /// (bin's lower edge, predictions, mean predicted, observed frequency).
    fn rows(&self) -> Vec<(f64, u64, f64, f64)> {
        let width = 1.0 / self.n.len() as f64;
        (0..self.n.len())
            .filter(|&k| self.n[k] > 0)
            .map(|k| {
                let n = self.n[k] as f64;
                (
                    k as f64 * width,
                    self.n[k],
                    self.predicted[k] / n,
                    self.observed[k] / n,
                )
            })
            .collect()
    }

    /// The mean gap between predicted and observed, weighted by count
    /// (the expected calibration error).
    fn ece(&self) -> f64 {
        let total = self.total().max(1) as f64;
        self.rows()
            .iter()
            .map(|&(_, n, p, o)| n as f64 / total * (p - o).abs())
            .sum()
    }
}

/// One game's predictions: the known reading's (every seat's chances after
/// a decision, and the seat that decided), the revealed reading's (every
/// seat's chances at every position but the last), and the outcome (each
/// seat's share of the victory, R-20).
#[derive(Debug, Clone, Default)]
struct Game1 {
    known: Vec<(Vec<f64>, usize)>,
    revealed: Vec<Vec<f64>>,
    outcome: Vec<f64>,
}

/// One game played by `preset` in every seat and reviewed.
fn one_game(args: &Args, preset: BotKind, g: u64) -> Game1 {
    let seed = args.seed + g;
    let mut game = Game::new(Config::new(args.players, Variant::Expert, seed)).expect("config");
    let mut seats: Vec<Player> = (0..args.players)
        .map(|s| {
            Player::from_spec(
                preset.name(),
                &format!("{{\"seed\": {}}}", seed * 8 + u64::from(s)),
            )
            .expect("preset")
        })
        .collect();
    while let Some(seat) = game.state().to_act() {
        let info = InfoSet::new(game.state(), seat).expect("seat");
        let a = seats[seat as usize].choose(&info).expect("decision");
        game = game.apply(a).expect("legal");
    }
    let winners = game.winners().expect("over");
    let outcome = (0..args.players)
        .map(|p| {
            if winners.contains(&p) {
                1.0 / winners.len() as f64
            } else {
                0.0
            }
        })
        .collect();
    let options = ReviewOptions {
        preset: BotKind::Beginner,
        worlds: Some(args.worlds),
        seed,
        raw: args.fit,
        ..Default::default()
    };
    let r = review(&game.to_record().expect("record"), &options).expect("review");
    let mut graph = r.win_chances();
    // The finished position is certain: left out.
    graph.pop();
    Game1 {
        known: r
            .decisions
            .iter()
            .map(|d| (d.known.played.win.clone(), usize::from(d.seat)))
            .collect(),
        revealed: graph,
        outcome,
    }
}

fn run(args: &Args) -> Vec<Game1> {
    let preset: BotKind = args.play.parse().expect("a preset");
    let next = AtomicU64::new(0);
    let games = Mutex::new(vec![Game1::default(); args.games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                let one = one_game(args, preset, g);
                games.lock().expect("lock")[g as usize] = one;
            });
        }
    });
    games.into_inner().expect("lock")
}

/// The tables of the games' predictions, each win-chance vector passed
/// through `map` first.
fn tables(games: &[Game1], bins: u32, map: &dyn Fn(&[f64]) -> Vec<f64>) -> (Bins, Bins) {
    let mut known = Bins::new(bins);
    let mut revealed = Bins::new(bins);
    for g in games {
        for (w, s) in &g.known {
            known.add(map(w)[*s], g.outcome[*s]);
        }
        for w in &g.revealed {
            for (p, x) in map(w).iter().enumerate() {
                revealed.add(*x, g.outcome[p]);
            }
        }
    }
    (known, revealed)
}

/// The exponent of [`temper_with`] (0.20 to 1.50, by 0.01) with the least
/// Brier score over the revealed predictions of raw frequencies.
fn fit(games: &[Game1]) -> f64 {
    let brier = |a: f64| {
        let (_, r) = tables(games, 10, &|w| temper_with(w, a));
        r.brier
    };
    (20..=150)
        .map(|k| f64::from(k) / 100.0)
        .min_by(|a, b| brier(*a).total_cmp(&brier(*b)))
        .unwrap_or(1.0)
}

fn main() {
    let args = Args::parse();
    let games = run(&args);
    let fitted = args.fit.then(|| fit(&games));
    let (known, revealed) = match fitted {
        Some(a) => tables(&games, args.bins, &|w| temper_with(w, a)),
        None => tables(&games, args.bins, &|w| w.to_vec()),
    };
    if args.json {
        let table = |b: &Bins| {
            serde_json::json!({
                "predictions": b.total(),
                "brier": b.brier / b.total().max(1) as f64,
                "ece": b.ece(),
                "bins": b.rows().iter().map(|&(lo, n, p, o)| serde_json::json!({
                    "from": lo, "n": n, "predicted": p, "observed": o
                })).collect::<Vec<_>>(),
            })
        };
        let out = serde_json::json!({
            "games": args.games, "players": args.players, "play": args.play,
            "worlds": args.worlds, "fitted_sharpness": fitted,
            "known": table(&known), "revealed": table(&revealed),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("json"));
        return;
    }
    println!(
        "{} games, {} players, Expert, played by `{}`; {} worlds per estimate",
        args.games, args.players, args.play, args.worlds
    );
    if let Some(a) = fitted {
        println!("fitted sharpness (the exponent of `temper`): {a:.2}, the tables below use it");
    }
    for (name, b) in [("known", &known), ("revealed", &revealed)] {
        println!(
            "\n{name}: {} predictions, Brier {:.4}, calibration error {:.3}\n",
            b.total(),
            b.brier / b.total().max(1) as f64,
            b.ece()
        );
        println!("| predicted | n | mean predicted | observed |");
        println!("|---|---:|---:|---:|");
        let width = 1.0 / args.bins as f64;
        for (lo, n, p, o) in b.rows() {
            println!(
                "| {:.0}–{:.0} % | {n} | {:.3} | {:.3} |",
                lo * 100.0,
                (lo + width) * 100.0,
                p,
                o
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny run: every prediction lands in a bin and the observed
    /// frequencies are frequencies.
    #[test]
    fn a_small_run_fills_the_tables() {
        let args = Args::parse_from([
            "calibration",
            "--games",
            "2",
            "--players",
            "3",
            "--play",
            "beginner",
            "--worlds",
            "8",
            "--threads",
            "2",
        ]);
        let games = run(&args);
        let (known, revealed) = tables(&games, args.bins, &|w| w.to_vec());
        assert!(known.total() > 50);
        // Three seats at every position but the last.
        assert_eq!(revealed.total() % 3, 0);
        for (_, n, p, o) in revealed.rows().into_iter().chain(known.rows()) {
            assert!(n > 0 && (0.0..=1.0).contains(&p) && (0.0..=1.0).contains(&o));
        }
        assert!(known.ece() <= 1.0);
        let a = fit(&games);
        assert!((0.2..=1.5).contains(&a));
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        for line in ["--games 0", "--players 5", "--bins 1", "--worlds 0"] {
            let argv = std::iter::once("calibration").chain(line.split_whitespace());
            assert!(Args::try_parse_from(argv).is_err(), "{line}");
        }
    }
}
