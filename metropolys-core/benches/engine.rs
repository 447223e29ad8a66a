//! Statistical benchmarks of the engine, with divan (medians, spreads,
//! throughput per benchmark).
//!
//! ```text
//! cargo bench -p metropolys-core --bench engine              # everything
//! cargo bench -p metropolys-core --bench engine -- game      # a filter
//! cargo bench -p metropolys-core --bench engine -- --sample-count 5 --sample-size 1   # quick
//! ```
//!
//! Inputs (states, actions) come from seeded random games, so every run
//! measures the same positions. BENCHMARKS.md explains each benchmark.

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Action, Config, Event, Kind, State, Variant};
use std::cell::Cell;

fn main() {
    divan::main();
}

/// A player count and variant.
#[derive(Clone, Copy, Debug)]
enum Case {
    P2Family,
    P3Family,
    P4Family,
    P2Expert,
    P3Expert,
    P4Expert,
    /// 4 players, Expert rules with the Metropolys cards (§9).
    P4Metropolys,
}

const CASES: [Case; 7] = [
    Case::P2Family,
    Case::P3Family,
    Case::P4Family,
    Case::P2Expert,
    Case::P3Expert,
    Case::P4Expert,
    Case::P4Metropolys,
];

impl Case {
    fn config(self, seed: u64) -> Config {
        let (players, variant) = match self {
            Case::P2Family => (2, Variant::Family),
            Case::P3Family => (3, Variant::Family),
            Case::P4Family => (4, Variant::Family),
            Case::P2Expert => (2, Variant::Expert),
            Case::P3Expert => (3, Variant::Expert),
            Case::P4Expert | Case::P4Metropolys => (4, Variant::Expert),
        };
        let mut c = Config::new(players, variant, seed);
        if let Case::P4Metropolys = self {
            c.metropolys_cards = Some(vec![
                [Kind::Park, Kind::Mall, Kind::Housing],
                [Kind::Industry, Kind::Mall, Kind::Administration],
                [Kind::Park, Kind::Industry, Kind::Housing],
                [Kind::Administration, Kind::Park, Kind::Housing],
            ]);
        }
        c
    }
}

/// Cycles through `items`, one per call (a benchmark input generator).
fn cycle<T: Copy>(items: &[T]) -> impl Fn() -> T + '_ {
    let next = Cell::new(0usize);
    move || {
        let i = next.get();
        next.set(if i + 1 == items.len() { 0 } else { i + 1 });
        items[i]
    }
}

/// Every (state, action) pair of `games` seeded random 4-player Expert games.
fn steps(games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut s = State::new(&Case::P4Expert.config(seed)).expect("valid config");
        let mut rng = SplitMix64::new(seed);
        while let Some(a) = s.random_action(&mut rng) {
            out.push((s, a));
            s = s.play(a).expect("legal");
        }
    }
    out
}

/// Finished games of a case.
fn finished(case: Case, games: u64) -> Vec<State> {
    (0..games)
        .map(|seed| {
            let s = State::new(&case.config(seed)).expect("valid config");
            play_random(s, &mut SplitMix64::new(seed))
        })
        .collect()
}

/// A whole random game: setup, uniformly random legal actions to the end,
/// every seat's score sheet. One iteration is one game.
#[divan::bench(args = CASES)]
fn game(bencher: Bencher, case: Case) {
    let seed = Cell::new(0u64);
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        let i = seed.get();
        seed.set(i + 1);
        let s = State::new(&case.config(i)).expect("valid config");
        let end = play_random(s, &mut SplitMix64::new(i));
        end.scores()
    });
}

/// Setup alone: `State::new(&Config::new(..))`, drawing the districts out of
/// play, the tokens and the objectives from the seed.
#[divan::bench(args = CASES)]
fn setup(bencher: Bencher, case: Case) {
    let seed = Cell::new(0u64);
    bencher.bench_local(|| {
        let i = seed.get();
        seed.set(i + 1);
        State::new(&case.config(i))
    });
}

/// The random playout alone, from a prepared starting state.
#[divan::bench(args = CASES)]
fn playout(bencher: Bencher, case: Case) {
    let starts: Vec<State> = (0..64)
        .map(|seed| State::new(&case.config(seed)).expect("valid config"))
        .collect();
    let next = cycle(&starts);
    let seed = Cell::new(0u64);
    bencher.with_inputs(next).bench_local_values(|s| {
        let i = seed.get();
        seed.set(i + 1);
        play_random(s, &mut SplitMix64::new(i))
    });
}

/// Applying one action (`State::play`: legality check, the bid or pass, the
/// turn passing on, forced passes, and when a call ends the construction,
/// tokens and cards). Inputs: every step of 50 random 4-player Expert games.
#[divan::bench]
fn play(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, a)| s.play(a));
}

/// [`State::play_in_place`]: the same work without returning a copy.
#[divan::bench]
fn play_in_place(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_refs(|(s, a)| s.play_in_place(*a));
}

/// `State::apply`: the same, plus the events in a new `Vec`.
#[divan::bench]
fn apply_with_events(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, a)| s.apply(a));
}

/// `State::apply_into`: events appended to a reused buffer.
#[divan::bench]
fn apply_into(bencher: Bencher) {
    let pool = steps(50);
    let mut events: Vec<Event> = Vec::with_capacity(64);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, a)| {
            events.clear();
            s.apply_into(a, &mut events).map(|_| events.len())
        });
}

/// Checking one action's legality (`State::is_legal`).
#[divan::bench]
fn is_legal(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, a)| s.is_legal(a));
}

/// Legal actions written into a reused buffer (no allocation).
#[divan::bench]
fn legal_actions_into(bencher: Bencher) {
    let pool = steps(50);
    let mut buf = Vec::with_capacity(Action::COUNT);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, _)| {
            s.legal_actions_into(&mut buf);
            buf.len()
        });
}

/// Legal actions as a new `Vec` (one allocation).
#[divan::bench]
fn legal_actions(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, _)| s.legal_actions());
}

/// Legal action ids written into a reused buffer, as the bindings do.
#[divan::bench]
fn legal_action_ids(bencher: Bencher) {
    let pool = steps(50);
    let mut ids: Vec<u16> = Vec::with_capacity(Action::COUNT);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, _)| {
            ids.clear();
            s.for_each_legal(|a| ids.extend(a.id()));
            ids.len()
        });
}

/// Counting the legal actions without enumerating them.
#[divan::bench]
fn legal_action_count(bencher: Bencher) {
    let pool = steps(50);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, _)| s.legal_action_count());
}

/// Drawing a uniformly random legal action.
#[divan::bench]
fn random_action(bencher: Bencher) {
    let pool = steps(50);
    let mut rng = SplitMix64::new(1);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_values(|(s, _)| s.random_action(&mut rng));
}

/// Every seat's score sheet of a finished game (Expert: exact area maxima,
/// R-19; highest-building tokens, R-18).
#[divan::bench(args = CASES)]
fn scores(bencher: Bencher, case: Case) {
    let pool = finished(case, 64);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_refs(|s| black_box(&*s).scores());
}

/// The winners of a finished game (scores, then R-20).
#[divan::bench]
fn winners(bencher: Bencher) {
    let pool = finished(Case::P4Expert, 64);
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_refs(|s| black_box(&*s).winners());
}

/// A state to JSON and back (the stable snapshot shape).
#[divan::bench]
fn json_round_trip(bencher: Bencher) {
    let pool: Vec<State> = steps(4).into_iter().map(|(s, _)| s).collect();
    bencher
        .with_inputs(cycle(&pool))
        .bench_local_refs(|s| State::from_json(&s.to_json()));
}
