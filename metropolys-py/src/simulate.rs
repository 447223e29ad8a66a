//! `metropolys.simulate`: many random games in Rust, without the GIL.

use crate::convert::keyword_config;
use crate::ints::{Int, U64};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, ConfigError, ScoreSheet, State};
use numpy::PyArray1;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The per-seat columns, in order (`{name}_{seat}`); `SCORE_CATEGORIES` in
/// Python.
pub const CATEGORIES: [&str; 11] = ScoreSheet::CATEGORIES;

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

/// Games per chunk: the unit of work of a thread, and how often the batch
/// checks for Ctrl-C and reports progress (a chunk takes tens of
/// milliseconds).
const CHUNK: u64 = 1024;

/// The most threads `simulate` and `arena` accept.
pub const MAX_THREADS: i64 = 1024;

/// Game `i` of a batch: configuration seed `seed + i`, moves drawn from
/// `SplitMix64::new(seed + i)` (wrapping). A seed whose drawn setup does
/// not fit the configuration (say, a 3-player layout given explicitly while
/// the district out of play is drawn) is an error naming the seed.
fn play_one(base: &Config, seed: u64) -> Result<Outcome, (u64, ConfigError)> {
    let mut config = base.clone();
    config.seed = seed;
    let start = State::new(&config).map_err(|e| (seed, e))?;
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
        for (value, v) in out.categories[seat].iter_mut().zip(sheet.values()) {
            // Every category of a game fits easily (totals stay below 200).
            *value = v as i16;
        }
    }
    Ok(out)
}

/// One chunk's games, `lo..hi` of the batch.
type ChunkResult = Result<Vec<Outcome>, (u64, ConfigError)>;

fn play_chunk(base: &Config, seed: u64, lo: u64, hi: u64) -> ChunkResult {
    (lo..hi)
        .map(|i| play_one(base, seed.wrapping_add(i)))
        .collect()
}

/// Why a batch stopped early.
enum Stop {
    Python(PyErr),
    Config(u64, u64, ConfigError),
}

/// The columns, grown chunk by chunk as games finish (so memory follows the
/// work done; each growth is checked and a failure is a `MemoryError`).
#[derive(Default)]
struct Columns {
    calls: Vec<u16>,
    winners: Vec<u8>,
    categories: Vec<Vec<i16>>,
}

impl Columns {
    fn new(players: usize) -> Columns {
        Columns {
            categories: vec![Vec::new(); players * CATEGORIES.len()],
            ..Columns::default()
        }
    }

    fn len(&self) -> u64 {
        self.calls.len() as u64
    }

    fn push(&mut self, outcomes: &[Outcome], players: usize) -> PyResult<()> {
        let k = outcomes.len();
        let oom = |_| PyMemoryError::new_err("simulate: out of memory for the result columns");
        self.calls.try_reserve(k).map_err(oom)?;
        self.winners.try_reserve(k).map_err(oom)?;
        for c in &mut self.categories {
            c.try_reserve(k).map_err(oom)?;
        }
        for o in outcomes {
            self.calls.push(o.calls);
            self.winners.push(o.winners);
            for (i, col) in self.categories.iter_mut().enumerate() {
                let (cat, seat) = (i / players, i % players);
                col.push(o.categories[seat][cat]);
            }
        }
        Ok(())
    }
}

/// Plays the batch: `threads` workers take chunks in turn; the calling
/// thread collects them in order and, between chunks, checks for signals
/// (Ctrl-C raises `KeyboardInterrupt` within a chunk's time) and updates
/// the progress bar. Failing to start a thread, a worker's panic, a seed
/// whose setup is invalid: each stops the batch and is a normal exception.
fn run(
    py: Python<'_>,
    base: &Config,
    seed: u64,
    n: u64,
    threads: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> Result<Columns, Stop> {
    let players = base.players as usize;
    let mut cols = Columns::new(players);
    let chunks = n.div_ceil(CHUNK);
    let bounds = |c: u64| (c * CHUNK, ((c + 1) * CHUNK).min(n));
    let tick = |done: u64| -> Result<(), Stop> {
        py.check_signals().map_err(Stop::Python)?;
        if let Some(bar) = progress {
            bar.call_method1("update", (done,)).map_err(Stop::Python)?;
        }
        Ok(())
    };
    let accept = |cols: &mut Columns, chunk: u64, r: ChunkResult| -> Result<(), Stop> {
        match r {
            Ok(v) => cols.push(&v, players).map_err(Stop::Python),
            Err((s, e)) => {
                let _ = chunk;
                Err(Stop::Config(s.wrapping_sub(seed), s, e))
            }
        }
    };
    let threads = (threads as u64).clamp(1, chunks.max(1)) as usize;
    if threads == 1 {
        for c in 0..chunks {
            let (lo, hi) = bounds(c);
            let r = py.detach(|| play_chunk(base, seed, lo, hi));
            accept(&mut cols, c, r)?;
            tick(hi - lo)?;
        }
        return Ok(cols);
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, std::thread::Result<ChunkResult>)>();
    // Waited on with the GIL released, which needs a `Sync` receiver.
    let rx = std::sync::Mutex::new(rx);
    std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(threads);
        let mut outcome: Result<(), Stop> = Ok(());
        for t in 0..threads {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            let worker = move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let c = next.fetch_add(1, Ordering::Relaxed);
                if c >= chunks {
                    return;
                }
                let (lo, hi) = bounds(c);
                let r = std::panic::catch_unwind(|| play_chunk(base, seed, lo, hi));
                let failed = !matches!(r, Ok(Ok(_)));
                if tx.send((c, r)).is_err() || failed {
                    return;
                }
            };
            match std::thread::Builder::new()
                .name(format!("metropolys-simulate-{t}"))
                .spawn_scoped(scope, worker)
            {
                Ok(h) => handles.push(h),
                Err(e) => {
                    outcome = Err(Stop::Python(PyRuntimeError::new_err(format!(
                        "simulate: cannot start thread {t} of {threads}: {e}"
                    ))));
                    break;
                }
            }
        }
        drop(tx);
        if outcome.is_ok() {
            // Chunks arrive in any order; they are appended in order.
            let mut pending = std::collections::BTreeMap::new();
            let mut want = 0u64;
            while want < chunks {
                let got = py.detach(|| match rx.lock() {
                    Ok(rx) => rx.recv_timeout(Duration::from_millis(50)),
                    Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
                });
                match got {
                    Ok((c, Ok(r))) => {
                        pending.insert(c, r);
                    }
                    Ok((_, Err(panic))) => {
                        let what = panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "unknown panic".into());
                        outcome = Err(Stop::Python(PyRuntimeError::new_err(format!(
                            "simulate: a worker thread failed (internal error): {what}"
                        ))));
                        break;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        if !pending.contains_key(&want) {
                            outcome = Err(Stop::Python(PyRuntimeError::new_err(
                                "simulate: the worker threads stopped early (internal error)",
                            )));
                            break;
                        }
                    }
                }
                let mut done = 0;
                while let Some(r) = pending.remove(&want) {
                    if let Err(e) = accept(&mut cols, want, r) {
                        outcome = Err(e);
                        break;
                    }
                    let (lo, hi) = bounds(want);
                    done += hi - lo;
                    want += 1;
                }
                if outcome.is_err() {
                    break;
                }
                if let Err(e) = tick(done) {
                    outcome = Err(e);
                    break;
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        // Workers finish at most their current chunk; the channel's
        // receiver stays alive until they have.
        py.detach(|| {
            for h in handles {
                let _ = h.join();
            }
        });
        drop(rx);
        outcome
    })?;
    Ok(cols)
}

/// Plays ``n`` games of uniformly random legal actions in Rust, with the
/// GIL released, and returns the results as columns, one row per game:
/// a ``dict`` of numpy arrays (``format="numpy"``, the default; loads into
/// ``pandas.DataFrame`` without copying) or a ``pyarrow.Table``
/// (``format="arrow"``, needs pyarrow).
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
/// game and the rest is drawn per game. Every game's setup is validated: a
/// seed whose drawn parts do not fit the explicit ones raises
/// ``InvalidConfigError`` naming the seed and the game.
///
/// Ctrl-C stops the batch within a fraction of a second
/// (``KeyboardInterrupt``). ``progress=True`` shows a tqdm bar (``tqdm``
/// must be installed: ``ImportError`` otherwise).
///
/// Columns: ``game`` (i, uint64), ``seed`` (uint64), ``calls`` (uint16),
/// ``winners`` (object: list of seats), ``win_{p}`` (bool: seat p is among
/// the winners) and, per seat p, ``{category}_{p}`` (int16) for ``trendy``,
/// ``subway``, ``subway_card``, ``archaeology``, ``archaeology_card``,
/// ``area``, ``neighborhood``, ``highest_building``, ``metropolys``,
/// ``total`` and ``constructed``.
#[pyfunction]
#[pyo3(
    signature = (n, seed=U64(0), players=Int(4), variant="expert", threads=Int(1), config=None, *, format="numpy", progress=false),
    text_signature = "(n, seed=0, players=4, variant='expert', threads=1, config=None, *, format='numpy', progress=False)"
)]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    n: U64,
    seed: U64,
    players: Int,
    variant: &str,
    threads: Int,
    config: Option<&Bound<'py, PyAny>>,
    format: &str,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (n, seed) = (n.0, seed.0);
    if format != "numpy" && format != "arrow" {
        return Err(PyValueError::new_err(format!(
            "format must be \"numpy\" or \"arrow\", not {format:?}"
        )));
    }
    let threads = match threads.0 {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t if (1..=MAX_THREADS).contains(&t) => t as usize,
        t => {
            return Err(PyValueError::new_err(format!(
                "threads must be 0 (one per CPU) to {MAX_THREADS}, not {t}"
            )))
        }
    };
    let config = match config {
        None => keyword_config(py, players.0, variant, seed, 0)?,
        Some(given) => {
            let text = crate::convert::json_text(given)?;
            let mut c = Config::from_json(&text)
                .map_err(|e| crate::errors::error(py, e, crate::errors::Kind::InvalidConfig))?;
            c.seed = seed;
            c
        }
    };
    State::new(&config).map_err(|e| crate::errors::config_error(py, e))?;
    let arrow = if format == "arrow" {
        Some(py.import("pyarrow")?)
    } else {
        None
    };
    let bar = if progress {
        let tqdm = py.import("tqdm.auto").map_err(|_| {
            pyo3::exceptions::PyImportError::new_err(
                "simulate(progress=True) needs tqdm: pip install tqdm",
            )
        })?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("total", n)?;
        kwargs.set_item("unit", "game")?;
        Some(tqdm.getattr("tqdm")?.call((), Some(&kwargs))?)
    } else {
        None
    };
    let result = run(py, &config, seed, n, threads, bar.as_ref());
    if let Some(bar) = &bar {
        bar.call_method0("close")?;
    }
    let cols = match result {
        Ok(c) => c,
        Err(Stop::Python(e)) => return Err(e),
        Err(Stop::Config(game, s, e)) => {
            return Err(crate::errors::raise(
                py,
                crate::errors::Kind::InvalidConfig,
                format!("game {game} (seed {s}): {e}"),
                e.rule(),
            ))
        }
    };

    let p = config.players as usize;
    let count = cols.len();
    let out = PyDict::new(py);
    out.set_item("game", PyArray1::from_vec(py, (0..count).collect()))?;
    out.set_item(
        "seed",
        PyArray1::from_vec(py, (0..count).map(|i| seed.wrapping_add(i)).collect()),
    )?;
    let Columns {
        calls,
        winners,
        categories,
    } = cols;
    out.set_item("calls", PyArray1::from_vec(py, calls))?;
    // A list of its own per row: mutating one row's list changes no other.
    let mut objects: Vec<Py<PyAny>> = Vec::new();
    objects
        .try_reserve(winners.len())
        .map_err(|_| PyMemoryError::new_err("simulate: out of memory for the winners column"))?;
    for &w in &winners {
        let l = PyList::new(py, (0..p as u8).filter(|&s| w & (1 << s) != 0))?;
        objects.push(l.into_any().unbind());
    }
    out.set_item("winners", PyArray1::from_vec(py, objects))?;
    for seat in 0..p {
        out.set_item(
            format!("win_{seat}"),
            PyArray1::from_vec(py, winners.iter().map(|w| w & (1 << seat) != 0).collect()),
        )?;
    }
    for (i, col) in categories.into_iter().enumerate() {
        let (name, seat) = (CATEGORIES[i / p], i % p);
        out.set_item(format!("{name}_{seat}"), PyArray1::from_vec(py, col))?;
    }
    match arrow {
        Some(pa) => pa.call_method1("table", (out,)),
        None => Ok(out.into_any()),
    }
}
