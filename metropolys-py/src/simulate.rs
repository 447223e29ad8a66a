//! `metropolys.simulate`: many random games in Rust, without the GIL.

use crate::game::keyword_config;
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, ScoreSheet, State};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The per-seat columns, in order (`{name}_{seat}`); `SCORE_CATEGORIES` in
/// Python.
pub const CATEGORIES: [&str; 11] = [
    "trendy",
    "subway",
    "subway_card",
    "archaeology",
    "archaeology_card",
    "area",
    "neighborhood",
    "highest_building",
    "metropolys",
    "total",
    "constructed",
];

fn category(s: &ScoreSheet, i: usize) -> i32 {
    match i {
        0 => s.trendy,
        1 => s.subway,
        2 => s.subway_card,
        3 => s.archaeology,
        4 => s.archaeology_card,
        5 => s.area,
        6 => s.neighborhood,
        7 => s.highest_building,
        8 => s.metropolys,
        9 => s.total,
        _ => s.constructed as i32,
    }
}

/// One finished game, reduced at once to plain numbers so that a large
/// batch holds no score-sheet allocations.
#[derive(Clone, Copy, Default)]
struct Outcome {
    calls: u16,
    /// Bit `p`: seat `p` is among the winners.
    winners: u8,
    /// Per seat, the values of [`CATEGORIES`].
    categories: [[i16; CATEGORIES.len()]; metropolys_core::MAX_PLAYERS],
}

/// Game `i` of a batch: configuration seed `seed + i`, moves drawn from
/// `SplitMix64::new(seed + i)` (wrapping).
fn play_one(base: &Config, seed: u64) -> Outcome {
    let mut config = base.clone();
    config.seed = seed;
    // The configuration was validated once with the batch's first seed; a
    // seed only draws the setup, so every seed gives a valid setup.
    let Ok(start) = State::new(&config) else {
        return Outcome::default();
    };
    let end = play_random(start, &mut SplitMix64::new(seed));
    let scores = end.scores();
    let mut out = Outcome {
        calls: end.call_number(),
        ..Outcome::default()
    };
    for w in metropolys_core::scoring::winners(&scores) {
        out.winners |= 1 << w;
    }
    for (seat, sheet) in scores.iter().enumerate() {
        for (i, value) in out.categories[seat].iter_mut().enumerate() {
            // Every category of a game fits easily (totals stay below 200).
            *value = category(sheet, i) as i16;
        }
    }
    out
}

fn run(base: &Config, seed: u64, n: u64, threads: usize) -> Vec<Outcome> {
    let seeds = |range: std::ops::Range<u64>| {
        let mut out = Vec::with_capacity((range.end - range.start) as usize);
        out.extend(range.map(|i| play_one(base, seed.wrapping_add(i))));
        out
    };
    let threads = threads.clamp(1, n.max(1) as usize);
    if threads == 1 {
        return seeds(0..n);
    }
    let chunk = n.div_ceil(threads as u64);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let lo = (t * chunk).min(n);
                let hi = ((t + 1) * chunk).min(n);
                scope.spawn(move || seeds(lo..hi))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// Plays ``n`` games of uniformly random legal actions in Rust, with the
/// GIL released, and returns column lists (a dict of equal-length lists,
/// one row per game) that load straight into ``pandas.DataFrame``.
///
/// Game ``i`` is ``Game(players, variant, seed=seed + i)`` played with
/// ``random_action(rng)`` from ``rng = SplitMix64(seed + i)`` until the end,
/// so any game can be replayed step by step from Python. ``threads`` splits
/// the games over that many threads (0: one per CPU); results do not depend
/// on it.
///
/// ``config`` (a core configuration, ``dict`` or JSON ``str``) replaces
/// ``players`` and ``variant``: every game uses it with its ``seed`` set to
/// ``seed + i``, so the parts it gives explicitly (a token layout, an
/// objective deal, Metropolys cards, the start player) are the same in every
/// game and the rest is drawn per game.
///
/// Columns: ``game`` (i), ``seed``, ``calls`` (calls played), ``winners``
/// (list of seats), ``win_{p}`` (bool: seat p is among the winners) and, per
/// seat p, ``{category}_{p}`` for ``trendy``, ``subway``, ``subway_card``,
/// ``archaeology``, ``archaeology_card``, ``area``, ``neighborhood``,
/// ``highest_building``, ``metropolys``, ``total`` and ``constructed``.
#[pyfunction]
#[pyo3(signature = (n, seed=0, players=4, variant="expert", threads=1, config=None))]
pub fn simulate<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    players: i64,
    variant: &str,
    threads: usize,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let config = match config {
        None => keyword_config(py, players, variant, seed, 0)?,
        Some(given) => {
            let text = crate::convert::json_text(given)?;
            let mut c = Config::from_json(&text)
                .map_err(|e| crate::errors::error(py, e, crate::errors::Kind::InvalidConfig))?;
            c.seed = seed;
            c
        }
    };
    State::new(&config).map_err(|e| crate::errors::config_error(py, e))?;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let outcomes = py.detach(|| run(&config, seed, n, threads));

    let p = config.players as usize;
    let out = PyDict::new(py);
    let count = outcomes.len();
    out.set_item("game", (0..count as u64).collect::<Vec<_>>())?;
    out.set_item(
        "seed",
        (0..count as u64)
            .map(|i| seed.wrapping_add(i))
            .collect::<Vec<_>>(),
    )?;
    out.set_item(
        "calls",
        outcomes.iter().map(|o| o.calls).collect::<Vec<_>>(),
    )?;
    let winners = PyList::empty(py);
    for o in &outcomes {
        winners.append(crate::game::ints(
            (0..p as u8).filter(|&w| o.winners & (1 << w) != 0),
        ))?;
    }
    out.set_item("winners", winners)?;
    for seat in 0..p {
        out.set_item(
            format!("win_{seat}"),
            outcomes
                .iter()
                .map(|o| o.winners & (1 << seat) != 0)
                .collect::<Vec<_>>(),
        )?;
    }
    for (i, name) in CATEGORIES.iter().enumerate() {
        for seat in 0..p {
            out.set_item(
                format!("{name}_{seat}"),
                outcomes
                    .iter()
                    .map(|o| o.categories[seat][i])
                    .collect::<Vec<_>>(),
            )?;
        }
    }
    Ok(out)
}
