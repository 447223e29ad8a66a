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

use metropolys_bots::{from_spec, Bot, SeatView};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Config, Seat, State, Variant};
use std::collections::HashMap;
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
fn ismcts(view: &SeatView, sims: u32, c: f64, rng: &mut SplitMix64) -> Action {
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

struct Args {
    opponent: String,
    sims: u32,
    games: u64,
    seed: u64,
    ours: String,
    kind: String,
    threads: usize,
}

fn parse() -> Args {
    let mut a = Args {
        opponent: "mcts".into(),
        sims: 300,
        games: 100,
        seed: 1000,
        ours: "{}".into(),
        kind: "ismcts".into(),
        threads: 2,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i + 1 < v.len() {
        let x = v[i + 1].clone();
        match v[i].as_str() {
            "--opponent" => a.opponent = x,
            "--simulations" => a.sims = x.parse().expect("--simulations N"),
            "--games" => a.games = x.parse().expect("--games N"),
            "--seed" => a.seed = x.parse().expect("--seed N"),
            "--ours" => a.ours = x,
            "--kind" => a.kind = x,
            "--threads" => a.threads = x.parse().expect("--threads N"),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    a
}

/// Our result in game `g` (1, ½ for a shared win, 0), our bot in seat `g % 2`.
fn game(a: &Args, g: u64) -> f64 {
    let seed = a.seed + g;
    let ours_seat = (g % 2) as Seat;
    let mut s = State::new(&Config::new(2, Variant::Expert, seed)).expect("config");
    let mut bot: Box<dyn Bot> = from_spec(&a.kind, &a.ours).expect("our bot");
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7);
    while let Some(p) = s.to_act() {
        let view = SeatView::new(&s, p).expect("view");
        let action = if p == ours_seat {
            bot.choose(&view, &mut rng).expect("decides")
        } else if s.legal_action_count() == 1 {
            legal(&s)[0]
        } else if a.opponent == "mcts" {
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
    let a = parse();
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..a.threads.max(1) {
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
    let n = r.len() as f64;
    let p = r.iter().sum::<f64>() / n;
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    println!(
        "{} {} vs {} {}: {:.1} % of {} ({:.1}–{:.1})",
        a.kind,
        a.ours,
        a.opponent,
        a.sims,
        100.0 * p,
        r.len(),
        100.0 * (centre - half),
        100.0 * (centre + half)
    );
}
