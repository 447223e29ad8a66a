//! The summary benchmark: the figures of BENCHMARKS.md as one table.
//!
//! It times plain loops with `std::time::Instant` (no harness), so that its
//! numbers can be compared one to one with the C and Python benchmarks,
//! which time the same loops through the bindings. `scripts/bench` runs it and
//! merges its rows into the final table.
//!
//! ```text
//! cargo bench -p metropolys-core --bench summary -- [--quick] [--games N] [--only NAME]
//! ```
//!
//! * `--quick`: a few hundred games per row (seconds in all; figures are
//!   then only indicative).
//! * `--games N`: games per row (default 200,000 for the headline row).
//! * `--only NAME`: only the rows whose name contains NAME.
//! * `--profile`: play `--games` whole 4-player Expert games and nothing
//!   else (for `valgrind --tool=callgrind`: instructions per game), each
//!   scored as playouts score it (`State::totals`); with `--sheets`, with
//!   every seat's whole `ScoreSheet` instead; with `--steps`, the same games
//!   played step by step (`random_action`, then `play_in_place`) instead of
//!   by `play_random` (what the playout's fast path saves).
//!
//! Every row prints as `row<TAB>name<TAB>value<TAB>unit<TAB>note`, which
//! `scripts/bench` parses; everything else on stdout is commentary.

use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Config, Event, Kind, State, Variant};
use std::hint::black_box;
use std::time::Instant;

struct Opts {
    quick: bool,
    games: u64,
    only: Option<String>,
    profile: bool,
    sheets: bool,
    steps: bool,
}

fn parse() -> Opts {
    let mut o = Opts {
        quick: false,
        games: 0,
        only: None,
        profile: false,
        sheets: false,
        steps: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--games" => o.games = args.next().and_then(|s| s.parse().ok()).unwrap_or(0),
            "--only" => o.only = args.next(),
            "--profile" => o.profile = true,
            "--sheets" => o.sheets = true,
            "--steps" => o.steps = true,
            // `cargo bench` passes `--bench`; ignore what we do not know.
            _ => {}
        }
    }
    if o.games == 0 {
        o.games = if o.quick { 300 } else { 200_000 };
    }
    o
}

fn row(name: &str, value: f64, unit: &str, note: &str) {
    println!("row\t{name}\t{value:.1}\t{unit}\t{note}");
}

fn config(players: u8, variant: Variant, seed: u64, metropolys: bool) -> Config {
    let mut c = Config::new(players, variant, seed);
    if metropolys {
        c.metropolys_cards = Some(
            [
                [Kind::Park, Kind::Mall, Kind::Housing],
                [Kind::Industry, Kind::Mall, Kind::Administration],
                [Kind::Park, Kind::Industry, Kind::Housing],
                [Kind::Administration, Kind::Park, Kind::Housing],
            ][..players as usize]
                .to_vec(),
        );
    }
    c
}

/// One whole random game, setup to score sheet: what `simulate` does.
#[inline]
fn one_game(players: u8, variant: Variant, seed: u64) -> i32 {
    let s = State::new(&Config::new(players, variant, seed)).expect("valid config");
    let end = play_random(s, &mut SplitMix64::new(seed));
    end.scores().iter().map(|s| s.total).sum()
}

/// One whole random game as a playout scores it: setup, `play_random`,
/// every seat's total without the sheets' groups (`State::totals`). The
/// checksum is the same as `one_game`'s.
#[inline]
fn one_playout(players: u8, variant: Variant, seed: u64) -> i32 {
    let s = State::new(&Config::new(players, variant, seed)).expect("valid config");
    let end = play_random(s, &mut SplitMix64::new(seed));
    end.totals().totals().iter().sum()
}

/// [`one_playout`]'s game played one step at a time: `random_action` then
/// `play_in_place` (the same draws, so the same game and checksum), scored
/// by `State::totals`.
#[inline]
fn one_stepped_playout(players: u8, variant: Variant, seed: u64) -> i32 {
    let mut s = State::new(&Config::new(players, variant, seed)).expect("valid config");
    let mut rng = SplitMix64::new(seed);
    while let Some(a) = s.random_action(&mut rng) {
        s.play_in_place(a).expect("a legal action");
    }
    s.totals().totals().iter().sum()
}

/// One whole game as a binding's step loop plays it: legal action ids into
/// a buffer, one drawn with `SplitMix64::below`, `State::apply` (events in a
/// new `Vec`), then score sheets and winners. Draws the same moves as
/// [`one_game`], so it plays the very same games.
fn step_loop_game(players: u8, variant: Variant, seed: u64, ids: &mut Vec<u16>) -> (i32, u32) {
    let mut s = State::new(&Config::new(players, variant, seed)).expect("valid config");
    let mut rng = SplitMix64::new(seed);
    let mut steps = 0;
    loop {
        ids.clear();
        s.for_each_legal(|a| ids.extend(a.id()));
        if ids.is_empty() {
            break;
        }
        let id = ids[rng.below(ids.len() as u64) as usize];
        let action = Action::from_id(id).expect("a legal id");
        s = s.apply(action).expect("legal").0;
        steps += 1;
    }
    let scores = s.scores();
    let winners = metropolys_core::scoring::winners(&scores);
    (
        scores.iter().map(|s| s.total).sum::<i32>() + winners.len() as i32,
        steps,
    )
}

/// Positions by how many decisions of their game came before: the C and
/// Python benchmarks use the same split.
const PHASES: [(usize, usize); 3] = [(0, 40), (40, 80), (80, usize::MAX)];

fn phase_name(what: &str, lo: usize, hi: usize) -> String {
    if hi == usize::MAX {
        format!("{what} {lo}+")
    } else {
        format!("{what} {lo}-{}", hi - 1)
    }
}

/// The (position, action) pairs of `games` whose decision index is in
/// `lo..hi`.
fn positions_between(games: &[(State, Vec<Action>)], lo: usize, hi: usize) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    for (start, actions) in games {
        let mut s = *start;
        for (i, &a) in actions.iter().enumerate() {
            if (lo..hi).contains(&i) {
                out.push((s, a));
            }
            s = s.play(a).expect("legal");
        }
    }
    out
}

/// Seconds per iteration of `f` over `n` iterations.
fn time<F: FnMut(u64)>(n: u64, mut f: F) -> f64 {
    // Warm up caches and branch predictors on other inputs first.
    for i in 0..(n / 20).max(1) {
        f(u64::MAX - i);
    }
    let t = Instant::now();
    for i in 0..n {
        f(i);
    }
    t.elapsed().as_secs_f64() / n as f64
}

/// Finished states and the actions of their games, for the per-step rows.
fn sample_games(players: u8, variant: Variant, count: u64) -> Vec<(State, Vec<Action>)> {
    (0..count)
        .map(|seed| {
            let mut s = State::new(&Config::new(players, variant, seed)).expect("valid config");
            let start = s;
            let mut rng = SplitMix64::new(seed);
            let mut actions = Vec::new();
            while let Some(a) = s.random_action(&mut rng) {
                actions.push(a);
                s = s.play(a).expect("legal");
            }
            (start, actions)
        })
        .collect()
}

// Long: the summary's measurements one after another, in the order of its
// table.
fn main() {
    let o = parse();
    if o.profile {
        // Nothing but whole 4-player Expert games, for `valgrind --tool=callgrind`:
        // scored as playouts score them (totals), or with `--sheets` as
        // whole score sheets; with `--steps` played step by step.
        let game = if o.sheets {
            one_game
        } else if o.steps {
            one_stepped_playout
        } else {
            one_playout
        };
        let mut sink = 0i32;
        for i in 0..o.games {
            sink = sink.wrapping_add(game(4, Variant::Expert, i));
        }
        println!("{} games, checksum {sink}", o.games);
        return;
    }
    let want = |name: &str| o.only.as_ref().is_none_or(|w| name.contains(w.as_str()));
    println!(
        "metropolys summary benchmark ({} mode, {} games per game row)",
        if o.quick { "quick" } else { "full" },
        o.games
    );
    row(
        "state size",
        std::mem::size_of::<State>() as f64,
        "bytes",
        "State is Copy",
    );

    // Whole games: setup -> random playout -> score sheets, per player count
    // and variant.
    for (players, variant) in [
        (4u8, Variant::Expert),
        (3, Variant::Expert),
        (2, Variant::Expert),
        (4, Variant::Family),
        (3, Variant::Family),
        (2, Variant::Family),
    ] {
        let name = format!("game/{players}p {variant}");
        if !want(&name) {
            continue;
        }
        // The headline row gets every game; the others a quarter.
        let n = if players == 4 && variant == Variant::Expert {
            o.games
        } else {
            (o.games / 4).max(1)
        };
        let mut steps = 0u64;
        for seed in 0..n.min(2000) {
            let mut s = State::new(&Config::new(players, variant, seed)).expect("valid");
            let mut rng = SplitMix64::new(seed);
            while let Some(a) = s.random_action(&mut rng) {
                s = s.play(a).expect("legal");
                steps += 1;
            }
        }
        let avg_steps = steps as f64 / n.min(2000) as f64;
        let mut sink = 0i32;
        let per = time(n, |i| {
            sink = sink.wrapping_add(one_game(players, variant, i))
        });
        black_box(sink);
        row(
            &name,
            per * 1e9,
            "ns/game",
            &format!(
                "{:.0} games/s, {avg_steps:.1} actions/game, {:.1} ns/action",
                1.0 / per,
                per * 1e9 / avg_steps
            ),
        );
    }

    // The same games as a binding's step loop plays them (the Rust side of
    // the C and Python step-loop rows).
    for (players, variant) in [
        (4u8, Variant::Expert),
        (3, Variant::Expert),
        (2, Variant::Expert),
        (4, Variant::Family),
    ] {
        let name = format!("game/{players}p {variant} step loop");
        if !want(&name) {
            continue;
        }
        let n = (o.games / 4).max(1);
        let mut ids = Vec::with_capacity(Action::COUNT);
        let (mut sink, mut steps) = (0i32, 0u64);
        let per = time(n, |i| {
            let (c, k) = step_loop_game(players, variant, i, &mut ids);
            sink = sink.wrapping_add(c);
            steps += u64::from(k);
        });
        black_box(sink);
        row(
            &name,
            per * 1e9,
            "ns/game",
            &format!(
                "legal ids, draw, apply with events; {:.1} ns/decision",
                per * 1e9 * n as f64 / steps as f64
            ),
        );
    }

    if want("game/4p expert+metropolys") {
        let n = (o.games / 4).max(1);
        let mut sink = 0i32;
        let per = time(n, |i| {
            let s = State::new(&config(4, Variant::Expert, i, true)).expect("valid");
            let end = play_random(s, &mut SplitMix64::new(i));
            sink = sink.wrapping_add(end.scores().iter().map(|s| s.total).sum::<i32>());
        });
        black_box(sink);
        row(
            "game/4p expert+metropolys",
            per * 1e9,
            "ns/game",
            &format!("{:.0} games/s", 1.0 / per),
        );
    }

    // The parts of a 4-player Expert game.
    let n = o.games;
    if want("setup") {
        let per = time(n, |i| {
            black_box(State::new(&Config::new(4, Variant::Expert, i)).expect("valid"));
        });
        row(
            "setup 4p expert",
            per * 1e9,
            "ns",
            "Config::new + State::new",
        );
    }

    // Every position of the games of seeds 0..49 (the C benchmark uses the
    // same positions).
    let games = sample_games(4, Variant::Expert, 50);
    let total_actions: u64 = games.iter().map(|(_, a)| a.len() as u64).sum();
    let reps = (n * 128 / total_actions).max(1);
    if want("play") {
        let t = Instant::now();
        for _ in 0..reps {
            for (start, actions) in &games {
                let mut s = *start;
                for &a in actions {
                    s = black_box(s.play(a).expect("legal"));
                }
                black_box(s);
            }
        }
        let per = t.elapsed().as_secs_f64() / (reps * total_actions) as f64;
        row(
            "play (apply, no events)",
            per * 1e9,
            "ns/action",
            "checks legality, advances turn, ends calls",
        );
    }
    // The same by how far into its game the position is: a State has a
    // fixed size, so the cost should not grow with the game's length.
    if want("play, decisions") {
        for (lo, hi) in PHASES {
            let pairs = positions_between(&games, lo, hi);
            let r = (n * 32 / pairs.len() as u64).max(1);
            let t = Instant::now();
            for _ in 0..r {
                for &(s, a) in &pairs {
                    black_box(black_box(s).play(a).expect("legal"));
                }
            }
            let per = t.elapsed().as_secs_f64() / (r * pairs.len() as u64) as f64;
            row(
                &phase_name("play, decisions", lo, hi),
                per * 1e9,
                "ns/action",
                &format!("{} positions", pairs.len()),
            );
        }
    }
    if want("apply, decisions") {
        for (lo, hi) in PHASES {
            let pairs = positions_between(&games, lo, hi);
            let r = (n * 8 / pairs.len() as u64).max(1);
            let t = Instant::now();
            for _ in 0..r {
                for &(s, a) in &pairs {
                    black_box(black_box(s).apply(a).expect("legal"));
                }
            }
            let per = t.elapsed().as_secs_f64() / (r * pairs.len() as u64) as f64;
            row(
                &phase_name("apply, decisions", lo, hi),
                per * 1e9,
                "ns/action",
                "with events in a new Vec",
            );
        }
    }
    if want("apply (events, new Vec)") {
        let t = Instant::now();
        for _ in 0..reps.div_ceil(4) {
            for (start, actions) in &games {
                let mut s = *start;
                for &a in actions {
                    s = black_box(s.apply(a).expect("legal")).0;
                }
                black_box(s);
            }
        }
        let per = t.elapsed().as_secs_f64() / (reps.div_ceil(4) * total_actions) as f64;
        row(
            "apply (events, new Vec)",
            per * 1e9,
            "ns/action",
            "State::apply: the new state and its events",
        );
    }
    if want("apply_into") {
        let mut events: Vec<Event> = Vec::with_capacity(64);
        let t = Instant::now();
        for _ in 0..reps.div_ceil(4) {
            for (start, actions) in &games {
                let mut s = *start;
                for &a in actions {
                    events.clear();
                    s = black_box(s.apply_into(a, &mut events).expect("legal"));
                }
                black_box(s);
            }
        }
        let per = t.elapsed().as_secs_f64() / (reps.div_ceil(4) * total_actions) as f64;
        row(
            "apply_into (with events)",
            per * 1e9,
            "ns/action",
            "events into a reused Vec",
        );
    }
    // States met during play, for the legal-action rows.
    let states: Vec<State> = games
        .iter()
        .flat_map(|(start, actions)| {
            actions.iter().scan(*start, |s, &a| {
                let before = *s;
                *s = s.play(a).expect("legal");
                Some(before)
            })
        })
        .collect();
    let sreps = (n * 128 / states.len() as u64).max(1);
    if want("legal") {
        let mut buf = Vec::with_capacity(Action::COUNT);
        let mut count = 0usize;
        let t = Instant::now();
        for _ in 0..sreps {
            for s in &states {
                s.legal_actions_into(&mut buf);
                count += buf.len();
            }
        }
        let per = t.elapsed().as_secs_f64() / (sreps * states.len() as u64) as f64;
        let avg = count as f64 / (sreps * states.len() as u64) as f64;
        row(
            "legal_actions_into",
            per * 1e9,
            "ns/state",
            &format!("reused buffer, {avg:.1} actions on average"),
        );
        let mut ids: Vec<u16> = Vec::with_capacity(Action::COUNT);
        let mut count = 0usize;
        let t = Instant::now();
        for _ in 0..sreps {
            for s in &states {
                ids.clear();
                black_box(s).for_each_legal(|a| ids.extend(a.id()));
                count += ids.len();
            }
        }
        black_box(count);
        let per = t.elapsed().as_secs_f64() / (sreps * states.len() as u64) as f64;
        row(
            "legal_action_ids",
            per * 1e9,
            "ns/state",
            "ids into a reused buffer, as the bindings list them",
        );
        let mut total = 0usize;
        let t = Instant::now();
        for _ in 0..sreps {
            for s in &states {
                total += black_box(s).legal_action_count();
            }
        }
        black_box(total);
        let per = t.elapsed().as_secs_f64() / (sreps * states.len() as u64) as f64;
        row(
            "legal_action_count",
            per * 1e9,
            "ns/state",
            "no enumeration",
        );
    }
    if want("random_action") {
        let mut rng = SplitMix64::new(1);
        let mut sink = 0u16;
        let t = Instant::now();
        for _ in 0..sreps {
            for s in &states {
                if let Some(a) = black_box(s).random_action(&mut rng) {
                    sink = sink.wrapping_add(a.id().unwrap_or(0));
                }
            }
        }
        black_box(sink);
        let per = t.elapsed().as_secs_f64() / (sreps * states.len() as u64) as f64;
        row(
            "random_action",
            per * 1e9,
            "ns/state",
            "uniform legal action",
        );
    }
    if want("scores") {
        for (players, variant) in [(4u8, Variant::Expert), (4, Variant::Family)] {
            let finals: Vec<State> = (0..50)
                .map(|seed| {
                    let s = State::new(&Config::new(players, variant, seed)).expect("valid");
                    play_random(s, &mut SplitMix64::new(seed))
                })
                .collect();
            let r = (n / finals.len() as u64).max(1);
            let mut sink = 0i32;
            let t = Instant::now();
            for _ in 0..r {
                for s in &finals {
                    sink = sink.wrapping_add(black_box(s).scores()[0].total);
                }
            }
            black_box(sink);
            let per = t.elapsed().as_secs_f64() / (r * finals.len() as u64) as f64;
            row(
                &format!("scores {players}p {variant}"),
                per * 1e9,
                "ns/game",
                "every seat's score sheet of a finished game",
            );
        }
    }
}
