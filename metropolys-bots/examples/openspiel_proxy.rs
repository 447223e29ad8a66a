//! Fast stand-ins for OpenSpiel's two search bots, to measure our search
//! per simulation in minutes instead of hours (`examples/python/vs_openspiel.py`
//! plays the real ones, about 100 times slower).
//!
//! * `mcts`: OpenSpiel's `MCTSBot` (`solve=False`) as `vs_openspiel.py` sets
//!   it up: UCT with `c = 2` over returns of ±1 on the **true state** (it
//!   sees the opponents' cards), every child created, in a shuffled order,
//!   when a node is first passed through, one uniformly random rollout per
//!   simulation, the most visited root action played (ties: the larger
//!   total reward).
//! * `ismcts`: OpenSpiel's `ISMCTSBot`: one uniformly re-dealt state per
//!   simulation, nodes keyed by the information state of the seat to act
//!   (the public history and that seat's own cards), one child added per
//!   visit in a random order until all are, UCT with `c = 2` over ±1
//!   returns and ties drawn at random, one random rollout, the most visited
//!   root action played (ties drawn).
//!
//! Neither is a `Bot`: the first reads the whole state, which no bot may
//! (R-21). They exist only to play against.
//!
//! ```sh
//! cargo run --release -p metropolys-bots --example openspiel_proxy -- \
//!     --opponent mcts --simulations 300 --games 400 --seed 1000 \
//!     --ours '{"iterations": 300}'
//! ```
//!
//! prints one line: our bot's kind and parameters, the stand-in and its
//! simulations, our win rate (a shared victory counts ½, R-20), the games
//! played and the 95 % Wilson interval. `--help` lists the options and
//! their defaults; a bad one (zero games, simulations or threads, an
//! unknown stand-in, parameters `from_spec` refuses) is a usage error.

use clap::builder::RangedU64ValueParser;
use clap::error::ErrorKind;
use clap::{value_parser, CommandFactory, Parser, ValueEnum};
use metropolys_bots::{from_spec, wilson_interval, Bot, InfoSet, MAX_THREADS};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Config, Seat, State, Variant};
use std::collections::HashMap;
use std::ffi::OsString;
use std::hash::{DefaultHasher, Hash, Hasher};

/// ±1 for each seat of a finished game (every winner 1), as the OpenSpiel
/// adapter's `returns()`.
fn returns(end: &State) -> [f64; 2] {
    let w = end.totals().winner_bits();
    [0, 1].map(|p| if w & (1 << p) != 0 { 1.0 } else { -1.0 })
}

fn rollout(s: State, rng: &mut SplitMix64) -> [f64; 2] {
    returns(&play_random(s, rng))
}

fn legal(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    s.for_each_legal(|a| v.push(a));
    v
}

fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

struct MNode {
    action: Action,
    player: Seat,
    visits: u32,
    total: f64,
    children: Option<Vec<usize>>,
}

/// OpenSpiel's `MCTSBot` on the true state.
fn mcts(state: &State, sims: u32, c: f64, rng: &mut SplitMix64) -> Action {
    let mut nodes = vec![MNode {
        action: Action::Pass,
        player: 0,
        visits: 0,
        total: 0.0,
        children: None,
    }];
    for _ in 0..sims {
        let mut s = *state;
        let mut path = vec![0usize];
        let mut cur = 0usize;
        while !s.is_over() && nodes[cur].visits > 0 {
            if nodes[cur].children.is_none() {
                let p = s.to_act().expect("to act");
                let mut acts = legal(&s);
                shuffle(&mut acts, rng);
                let mut kids = Vec::with_capacity(acts.len());
                for a in acts {
                    kids.push(nodes.len());
                    nodes.push(MNode {
                        action: a,
                        player: p,
                        visits: 0,
                        total: 0.0,
                        children: None,
                    });
                }
                nodes[cur].children = Some(kids);
            }
            let parent = f64::from(nodes[cur].visits);
            let kids = nodes[cur].children.as_ref().expect("expanded");
            let mut best = kids[0];
            let mut best_v = f64::NEG_INFINITY;
            for &k in kids {
                let n = &nodes[k];
                let v = if n.visits == 0 {
                    f64::INFINITY
                } else {
                    n.total / f64::from(n.visits) + c * (parent.ln() / f64::from(n.visits)).sqrt()
                };
                if v > best_v {
                    best_v = v;
                    best = k;
                }
            }
            s.play_in_place(nodes[best].action).expect("legal");
            cur = best;
            path.push(cur);
        }
        let r = if s.is_over() {
            returns(&s)
        } else {
            rollout(s, rng)
        };
        for &i in path.iter().rev() {
            let n = &mut nodes[i];
            n.total += r[n.player as usize];
            n.visits += 1;
        }
    }
    let kids = nodes[0].children.as_ref().expect("searched");
    let mut best = kids[0];
    for &k in kids {
        let (a, b) = (&nodes[k], &nodes[best]);
        if (a.visits, a.total) > (b.visits, b.total) {
            best = k;
        }
    }
    nodes[best].action
}

#[derive(Default)]
struct INode {
    expanded: bool,
    total_visits: u32,
    /// (action, visits, return sum)
    children: Vec<(Action, u32, f64)>,
}

/// The information state of the seat to act: the history (a running hash
/// of the actions from the root) and that seat's own cards.
fn key(history: u64, s: &State) -> u64 {
    let mut h = DefaultHasher::new();
    history.hash(&mut h);
    if let Some(p) = s.to_act() {
        p.hash(&mut h);
        s.objective(p).hash(&mut h);
        s.metropolys_card(p).hash(&mut h);
    }
    h.finish()
}

fn extend(history: u64, a: Action) -> u64 {
    let mut h = DefaultHasher::new();
    history.hash(&mut h);
    a.hash(&mut h);
    h.finish()
}

/// OpenSpiel's `ISMCTSBot` over uniform re-deals.
fn ismcts(view: &InfoSet, sims: u32, c: f64, rng: &mut SplitMix64) -> Action {
    let mut nodes: HashMap<u64, INode> = HashMap::new();
    let uniform = |rng: &mut SplitMix64, n: usize| (rng.next_u64() % n as u64) as usize;
    for _ in 0..sims {
        let mut s = view.determinize(rng);
        let mut history = 0u64;
        // The edges taken: (node key, child index, seat).
        let mut path: Vec<(u64, usize, Seat)> = Vec::new();
        let r = loop {
            if s.is_over() {
                break returns(&s);
            }
            let p = s.to_act().expect("to act");
            let k = key(history, &s);
            let node = nodes.entry(k).or_default();
            if !node.expanded {
                node.expanded = true;
                break rollout(s, rng);
            }
            let acts = legal(&s);
            let idx = if node.children.len() < acts.len() {
                let mut order = acts.clone();
                shuffle(&mut order, rng);
                let a = *order
                    .iter()
                    .find(|a| !node.children.iter().any(|x| x.0 == **a))
                    .expect("an action not yet tried");
                node.children.push((a, 0, 0.0));
                node.children.len() - 1
            } else {
                let tv = f64::from(node.total_visits);
                let vals: Vec<f64> = node
                    .children
                    .iter()
                    .map(|&(_, n, sum)| {
                        let n = f64::from(n);
                        sum / n + c * (tv.ln() / n).sqrt()
                    })
                    .collect();
                let top = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let cands: Vec<usize> = (0..vals.len()).filter(|&i| vals[i] > top - 1e-6).collect();
                cands[uniform(rng, cands.len())]
            };
            node.total_visits += 1;
            node.children[idx].1 += 1;
            let a = node.children[idx].0;
            path.push((k, idx, p));
            s.play_in_place(a).expect("legal");
            history = extend(history, a);
        };
        for (k, idx, p) in path {
            nodes.get_mut(&k).expect("node").children[idx].2 += r[p as usize];
        }
    }
    let root = &nodes[&key(0, view.position())];
    let top = root.children.iter().map(|x| x.1).max().expect("searched");
    let cands: Vec<Action> = root
        .children
        .iter()
        .filter(|x| x.1 == top)
        .map(|x| x.0)
        .collect();
    cands[uniform(rng, cands.len())]
}

/// The stand-in to play against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Opponent {
    /// OpenSpiel's `MCTSBot` on the true state.
    Mcts,
    /// OpenSpiel's `ISMCTSBot` over uniform re-deals.
    Ismcts,
}

impl Opponent {
    fn name(self) -> &'static str {
        match self {
            Opponent::Mcts => "mcts",
            Opponent::Ismcts => "ismcts",
        }
    }
}

/// Our search against a Rust stand-in for one of OpenSpiel's search bots,
/// 2 players, Expert, seats alternated, game `g` seeded `seed + g`.
#[derive(Debug, Parser)]
#[command(name = "openspiel_proxy", args_override_self = true)]
struct Args {
    /// The stand-in to play against.
    #[arg(long, value_enum, default_value_t = Opponent::Mcts)]
    opponent: Opponent,
    /// The stand-in's simulations per decision.
    #[arg(long = "simulations", value_name = "N", default_value_t = 300,
          value_parser = value_parser!(u32).range(1..))]
    sims: u32,
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = value_parser!(u64).range(1..))]
    games: u64,
    /// The first game's seed.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    seed: u64,
    /// Our bot's parameters, a JSON object (as `from_spec` takes them).
    #[arg(long, value_name = "JSON", default_value = "{}")]
    ours: String,
    /// Our bot's kind.
    #[arg(long, default_value = "ismcts")]
    kind: String,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    threads: usize,
}

/// The arguments (the program's name first), our bot's kind and
/// parameters checked by building it once; an error for clap to print.
fn parse<I, T>(args: I) -> Result<Args, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let a = Args::try_parse_from(args)?;
    if let Err(e) = from_spec(&a.kind, &a.ours) {
        return Err(
            Args::command().error(ErrorKind::ValueValidation, format!("--kind/--ours: {e}"))
        );
    }
    Ok(a)
}

/// Our result in game `g` (1, ½ for a shared win, 0), our bot in seat `g % 2`.
fn game(a: &Args, g: u64) -> f64 {
    let seed = a.seed.wrapping_add(g);
    let ours_seat = (g % 2) as Seat;
    let mut s = State::new(&Config::new(2, Variant::Expert, seed)).expect("config");
    // `parse` built this bot once already.
    let mut bot: Box<dyn Bot> = from_spec(&a.kind, &a.ours).expect("our bot");
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7);
    while let Some(p) = s.to_act() {
        let view = InfoSet::new(&s, p).expect("view");
        let action = if p == ours_seat {
            bot.choose(&view, &mut rng).expect("decides")
        } else if s.legal_action_count() == 1 {
            legal(&s)[0]
        } else if a.opponent == Opponent::Mcts {
            mcts(&s, a.sims, 2.0, &mut rng)
        } else {
            ismcts(&view, a.sims, 2.0, &mut rng)
        };
        s.play_in_place(action).expect("legal");
    }
    let w = s.totals().winner_bits();
    if w & (1 << ours_seat) == 0 {
        0.0
    } else if w.count_ones() > 1 {
        0.5
    } else {
        1.0
    }
}

fn main() {
    let a = parse(std::env::args_os()).unwrap_or_else(|e| e.exit());
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..a.threads {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= a.games {
                    break;
                }
                let r = game(&a, g);
                results.lock().expect("lock").push(r);
            });
        }
    });
    let r = results.into_inner().expect("lock");
    let wins: f64 = r.iter().sum();
    // At least one game was played (`parse`), each worth 0 to 1.
    let [lo, hi] = wilson_interval(wins, r.len() as u64).expect("games played");
    println!(
        "{} {} vs {} {}: {:.1} % of {} ({:.1}–{:.1})",
        a.kind,
        a.ours,
        a.opponent.name(),
        a.sims,
        100.0 * wins / r.len() as f64,
        r.len(),
        100.0 * lo,
        100.0 * hi
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arguments of a command line split at spaces.
    fn parse_line(line: &str) -> Result<Args, clap::Error> {
        parse(std::iter::once("openspiel_proxy").chain(line.split_whitespace()))
    }

    #[test]
    fn defaults_are_those_of_the_measurements() {
        let a = parse_line("").unwrap();
        assert_eq!(
            (a.opponent, a.sims, a.games, a.seed),
            (Opponent::Mcts, 300, 100, 1000)
        );
        assert_eq!(
            (a.ours.as_str(), a.kind.as_str(), a.threads),
            ("{}", "ismcts", 2)
        );
        let a = parse_line(
            r#"--opponent ismcts --simulations 50 --games 20 --seed 7 --ours {"iterations":50} --threads 1"#,
        )
        .unwrap();
        assert_eq!(
            (a.opponent, a.sims, a.games, a.seed),
            (Opponent::Ismcts, 50, 20, 7)
        );
        assert_eq!(
            (a.ours.as_str(), a.kind.as_str(), a.threads),
            (r#"{"iterations":50}"#, "ismcts", 1)
        );
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        for line in [
            "--simulations 0",
            "--games 0",
            "--threads 0",
            "--threads 100000",
            "--games -3",
            "--seed x",
            "--opponent alphazero",
            r#"--ours {"iterations":0}"#,
            "--ours not-json",
            r#"--kind greedy --ours {"iterations":50}"#,
            "--kind nobody",
            "--frobnicate 1",
            "--games",
        ] {
            let e = parse_line(line).expect_err(line);
            assert_eq!((e.exit_code(), e.use_stderr()), (2, true), "{line}");
        }
    }

    #[test]
    fn a_bad_spec_is_named_on_one_line() {
        let e = parse_line(r#"--ours {"iterations":"many"}"#)
            .unwrap_err()
            .to_string();
        let first = e.lines().next().unwrap();
        assert!(
            first.starts_with("error: --kind/--ours: bad parameters for the ismcts bot"),
            "{e}"
        );
        assert!(first.contains("iterations"), "{e}");
    }
}
