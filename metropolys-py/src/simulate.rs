//! `metropolys.simulate`: many random games in Rust, without the GIL.

use crate::convert::keyword_config;
use crate::ints::{Int, U64};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{play_random, Config, ConfigError, ScoreSheet, State};
use numpy::PyArray1;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The per-seat columns, in order (`{name}_{seat}`); `SCORE_CATEGORIES` in
/// Python.
pub const CATEGORIES: [&str; 11] = ScoreSheet::CATEGORIES;

/// "No card" in the objective and Metropolys-card codes of [`Outcome`].
const NONE: u8 = u8::MAX;

/// One finished game, reduced at once to plain numbers so that a large
/// batch holds no score-sheet allocations.
#[derive(Clone, Copy)]
pub(crate) struct Outcome {
    calls: u16,
    /// The seat that opened the first call.
    start_player: u8,
    /// Bit `p`: seat `p` is among the winners.
    winners: u8,
    /// Per seat, the values of [`CATEGORIES`].
    categories: [[i16; CATEGORIES.len()]; metropolys_core::MAX_PLAYERS],
    /// Per seat, the objective: the index in `Kind::ALL` of the Expert
    /// neighborhood card ([`NONE`] without one) and in `Area::ALL` of the
    /// area card.
    objectives: [[u8; 2]; metropolys_core::MAX_PLAYERS],
    /// Per seat, the Metropolys card as indices in `Kind::ALL` ([`NONE`]
    /// without the module).
    metropolys: [[u8; 3]; metropolys_core::MAX_PLAYERS],
}

impl Outcome {
    /// The outcome of the game that went from `start` to `end`.
    pub(crate) fn of(start: &State, end: &State) -> Outcome {
        let scores = end.scores();
        let mut out = Outcome {
            calls: end.call_number(),
            start_player: start.to_act().unwrap_or(0),
            winners: 0,
            categories: [[0; CATEGORIES.len()]; metropolys_core::MAX_PLAYERS],
            objectives: [[NONE; 2]; metropolys_core::MAX_PLAYERS],
            metropolys: [[NONE; 3]; metropolys_core::MAX_PLAYERS],
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
        for seat in 0..start.players() {
            let s = usize::from(seat);
            if let Some(o) = start.objective(seat) {
                out.objectives[s] = [
                    o.neighborhood.map_or(NONE, |k| k.index() as u8),
                    o.area.index() as u8,
                ];
            }
            if let Some(card) = start.metropolys_card(seat) {
                for (code, kind) in out.metropolys[s].iter_mut().zip(card) {
                    *code = kind.index() as u8;
                }
            }
        }
        out
    }
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
    Ok(Outcome::of(&start, &end))
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
pub(crate) struct Columns {
    players: usize,
    calls: Vec<u16>,
    start_player: Vec<u8>,
    winners: Vec<u8>,
    /// `[category][seat]`, flattened.
    categories: Vec<Vec<i16>>,
    /// `[seat]`: the objectives' codes.
    objectives: Vec<Vec<[u8; 2]>>,
    /// `[seat]`: the Metropolys cards' codes.
    metropolys: Vec<Vec<[u8; 3]>>,
}

impl Columns {
    pub(crate) fn new(players: usize) -> Columns {
        Columns {
            players,
            calls: Vec::new(),
            start_player: Vec::new(),
            winners: Vec::new(),
            categories: vec![Vec::new(); players * CATEGORIES.len()],
            objectives: vec![Vec::new(); players],
            metropolys: vec![Vec::new(); players],
        }
    }

    fn len(&self) -> u64 {
        self.calls.len() as u64
    }

    pub(crate) fn push(&mut self, outcomes: &[Outcome]) -> PyResult<()> {
        let (k, players) = (outcomes.len(), self.players);
        let oom = |_| PyMemoryError::new_err("out of memory for the result columns");
        self.calls.try_reserve(k).map_err(oom)?;
        self.start_player.try_reserve(k).map_err(oom)?;
        self.winners.try_reserve(k).map_err(oom)?;
        for c in &mut self.categories {
            c.try_reserve(k).map_err(oom)?;
        }
        for c in &mut self.objectives {
            c.try_reserve(k).map_err(oom)?;
        }
        for c in &mut self.metropolys {
            c.try_reserve(k).map_err(oom)?;
        }
        for o in outcomes {
            self.calls.push(o.calls);
            self.start_player.push(o.start_player);
            self.winners.push(o.winners);
            for (i, col) in self.categories.iter_mut().enumerate() {
                let (cat, seat) = (i / players, i % players);
                col.push(o.categories[seat][cat]);
            }
            for (seat, col) in self.objectives.iter_mut().enumerate() {
                col.push(o.objectives[seat]);
            }
            for (seat, col) in self.metropolys.iter_mut().enumerate() {
                col.push(o.metropolys[seat]);
            }
        }
        Ok(())
    }
}

/// What a game's setup deals, which decides the setup columns: the Expert
/// neighborhood cards (Expert without the Metropolys cards, §9) and the
/// Metropolys cards.
#[derive(Clone, Copy)]
pub(crate) struct Dealt {
    pub(crate) neighborhood_cards: bool,
    pub(crate) metropolys_cards: bool,
}

impl Dealt {
    /// What the games of `config` deal (every game of a batch alike).
    pub(crate) fn of(first: &State) -> Dealt {
        let metropolys_cards = first.uses_metropolys_cards();
        Dealt {
            neighborhood_cards: first.variant() == metropolys_core::Variant::Expert
                && !metropolys_cards,
            metropolys_cards,
        }
    }
}

/// Who sat where in arena games: per seat, the index of its bot in the bot
/// list, and the bots' names.
pub(crate) struct Seating {
    pub(crate) seats: Vec<Vec<u8>>,
    pub(crate) names: Vec<String>,
}

/// The result columns as a `dict` of numpy arrays (or a `pyarrow.Table`
/// when `arrow` is the pyarrow module), in the documented order: `game`
/// (from `first`), `seed` (`seeds`), the arena's seating when given, the
/// setup (`start_player`, objectives, Metropolys cards), `calls`,
/// `winners`, `win_{p}` and the score categories.
// Long: one column after another, in the documented order.
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    cols: Columns,
    first: u64,
    seeds: Vec<u64>,
    dealt: Dealt,
    seating: Option<Seating>,
    arrow: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let Columns {
        players: p,
        calls,
        start_player,
        winners,
        categories,
        objectives,
        metropolys,
    } = cols;
    let count = calls.len() as u64;
    let out = PyDict::new(py);
    out.set_item(
        "game",
        PyArray1::from_vec(py, (0..count).map(|i| first + i).collect()),
    )?;
    out.set_item("seed", PyArray1::from_vec(py, seeds))?;
    if let Some(Seating { seats, names }) = seating {
        let names: Vec<Bound<'py, PyString>> = names.iter().map(|n| PyString::new(py, n)).collect();
        for (seat, col) in seats.iter().enumerate() {
            let named = object_column(
                py,
                col.iter()
                    .map(|&b| names[usize::from(b)].clone().into_any()),
            )?;
            out.set_item(format!("bot_{seat}"), PyArray1::from_vec(py, col.clone()))?;
            out.set_item(format!("bot_name_{seat}"), named)?;
        }
    }
    out.set_item("start_player", PyArray1::from_vec(py, start_player))?;
    let kinds: Vec<Bound<'py, PyString>> = metropolys_core::Kind::ALL
        .iter()
        .map(|k| PyString::intern(py, k.name()))
        .collect();
    let areas: Vec<Bound<'py, PyString>> = metropolys_core::Area::ALL
        .iter()
        .map(|a| PyString::intern(py, a.name()))
        .collect();
    if dealt.neighborhood_cards {
        for (seat, col) in objectives.iter().enumerate() {
            let names = col.iter().map(|o| match kinds.get(usize::from(o[0])) {
                Some(k) => k.clone().into_any(),
                None => py.None().into_bound(py),
            });
            out.set_item(
                format!("objective_neighborhood_{seat}"),
                object_column(py, names)?,
            )?;
        }
    }
    for (seat, col) in objectives.iter().enumerate() {
        let names = col
            .iter()
            .map(|o| areas[usize::from(o[1])].clone().into_any());
        out.set_item(format!("objective_area_{seat}"), object_column(py, names)?)?;
    }
    // The columns of several values per game (a Metropolys card's kinds,
    // the winners): a list of its own per row in the numpy form (mutating
    // one row's list changes no other); in the arrow form, the list as
    // JSON text (`["park","mall","housing"]`, `[0,2]`), so that every
    // column of a table is a scalar: Parquet and CSV files read back with
    // plain pandas and Dask (as text, never taken for a number), and every
    // column can be grouped by.
    if dealt.metropolys_cards {
        for (seat, col) in metropolys.iter().enumerate() {
            let mut cards = Vec::new();
            cards
                .try_reserve(col.len())
                .map_err(|_| PyMemoryError::new_err("out of memory for the result columns"))?;
            for card in col {
                let names = card.iter().filter_map(|&k| kinds.get(usize::from(k)));
                cards.push(if arrow.is_some() {
                    let text: Vec<String> = names.map(|n| n.to_string()).collect();
                    PyString::new(py, &serde_json::json!(text).to_string()).into_any()
                } else {
                    PyList::new(py, names)?.into_any()
                });
            }
            out.set_item(format!("metropolys_card_{seat}"), object_column(py, cards)?)?;
        }
    }
    out.set_item("calls", PyArray1::from_vec(py, calls))?;
    let mut lists = Vec::new();
    lists
        .try_reserve(winners.len())
        .map_err(|_| PyMemoryError::new_err("out of memory for the winners column"))?;
    for &w in &winners {
        let seats = (0..p as u8).filter(|&s| w & (1 << s) != 0);
        lists.push(if arrow.is_some() {
            let seats: Vec<u8> = seats.collect();
            PyString::new(py, &serde_json::json!(seats).to_string()).into_any()
        } else {
            PyList::new(py, seats)?.into_any()
        });
    }
    out.set_item("winners", object_column(py, lists)?)?;
    for seat in 0..p {
        out.set_item(
            format!("win_{seat}"),
            PyArray1::from_vec(py, winners.iter().map(|w| w & (1 << seat) != 0).collect()),
        )?;
    }
    // A victory shared by k seats is 1/k of a win for each of them,
    // as the arena counts it.
    for seat in 0..p {
        let share = |w: &u8| {
            if w & (1 << seat) == 0 {
                0.0
            } else {
                1.0 / f64::from(w.count_ones())
            }
        };
        out.set_item(
            format!("win_share_{seat}"),
            PyArray1::from_vec(py, winners.iter().map(share).collect()),
        )?;
    }
    for (i, col) in categories.into_iter().enumerate() {
        let (name, seat) = (CATEGORIES[i / p], i % p);
        out.set_item(format!("{name}_{seat}"), PyArray1::from_vec(py, col))?;
    }
    match arrow {
        Some(pa) => arrow_table(&pa, &out),
        None => Ok(out.into_any()),
    }
}

/// The columns as a `pyarrow.Table` with explicit types (so that a table of
/// no games has them too): numeric columns keep their numpy types, text
/// (names, and the winners and Metropolys cards as text) is `string`.
fn arrow_table<'py>(
    pa: &Bound<'py, PyAny>,
    out: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    let fields = PyList::empty(out.py());
    for (name, column) in out.iter() {
        let kind: String = column.getattr("dtype")?.getattr("kind")?.extract()?;
        let ty = if kind == "O" {
            pa.call_method0("string")?
        } else {
            pa.call_method1("from_numpy_dtype", (column.getattr("dtype")?,))?
        };
        fields.append(pa.call_method1("field", (name, ty))?)?;
    }
    let kwargs = PyDict::new(out.py());
    kwargs.set_item("schema", pa.call_method1("schema", (fields,))?)?;
    pa.call_method("table", (out,), Some(&kwargs))
}

/// A numpy array of dtype object.
fn object_column<'py>(
    py: Python<'py>,
    values: impl IntoIterator<Item = Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<Py<PyAny>>>> {
    let mut objects: Vec<Py<PyAny>> = Vec::new();
    for v in values {
        objects
            .try_reserve(1)
            .map_err(|_| PyMemoryError::new_err("out of memory for the result columns"))?;
        objects.push(v.unbind());
    }
    Ok(PyArray1::from_vec(py, objects))
}

/// `pyarrow`, for `format="arrow"`, or a helpful `ImportError` naming what
/// to install (`what` is the function asked).
pub(crate) fn pyarrow<'py>(py: Python<'py>, what: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("pyarrow").map(|m| m.into_any()).map_err(|e| {
        let err = pyo3::exceptions::PyImportError::new_err(format!(
            "{what}(format=\"arrow\") needs pyarrow: pip install pyarrow (or \"metropolys[arrow]\"), or use format=\"numpy\""
        ));
        err.set_cause(py, Some(e));
        err
    })
}

/// `format` checked: `Some(pyarrow)` for `"arrow"`, `None` for `"numpy"`.
pub(crate) fn output_format<'py>(
    py: Python<'py>,
    what: &str,
    format: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    match format.to_ascii_lowercase().as_str() {
        "numpy" => Ok(None),
        "arrow" => pyarrow(py, what).map(Some),
        _ => Err(PyValueError::new_err(format!(
            "format must be \"numpy\" or \"arrow\" (in any case), not {}",
            crate::names::echo(format)
        ))),
    }
}

/// Plays the batch: `threads` workers take chunks in turn; the calling
/// thread collects them in order and, between chunks, checks for signals
/// (Ctrl-C raises `KeyboardInterrupt` within a chunk's time) and updates
/// the progress bar. Failing to start a thread, a worker's panic, a seed
/// whose setup is invalid: each stops the batch and is a normal exception.
// Long: the batch's loop with its signal checks and progress bar between
// chunks, which share the channel and the columns being filled.
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
            Ok(v) => cols.push(&v).map_err(Stop::Python),
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
                        "simulate: cannot start a thread ({t} of {threads}): {e}"
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
/// so any game can be replayed step by step from Python. The rows are games
/// ``first`` to ``first + n - 1``: a batch split into ranges (on the workers
/// of a cluster, say) gives the same rows as the batch played at once.
/// ``threads`` splits the games over that many threads (0: one per CPU);
/// results do not depend on it.
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
/// Columns: ``game`` (i, uint64), ``seed`` (uint64), ``start_player``
/// (uint8), per seat p ``objective_neighborhood_{p}`` (str, Expert without
/// Metropolys cards), ``objective_area_{p}`` (str) and
/// ``metropolys_card_{p}`` (list of three kinds, with Metropolys cards),
/// ``calls`` (uint16), ``winners`` (object: list of seats), ``win_{p}``
/// (bool: seat p is among the winners), ``win_share_{p}`` (float64: 1/k
/// of a win for each of k seats sharing a victory, R-20, else 0) and, per
/// seat p, ``{category}_{p}`` (int16) for ``trendy``, ``subway``, ``subway_card``,
/// ``archaeology``, ``archaeology_card``, ``area``, ``neighborhood``,
/// ``highest_building``, ``metropolys``, ``total`` and ``constructed``.
/// In the arrow form every column is a scalar: ``winners`` and the
/// Metropolys cards are JSON text (``"[0,2]"``,
/// ``'["park","mall","housing"]'``), so that Parquet and CSV files of it
/// read back with plain pandas and Dask. ``metropolys.per_seat`` turns the per-seat
/// columns into one row per seat.
/// See https://github.com/metropolys/metropolys/blob/main/docs/python.md.
#[pyfunction]
#[pyo3(
    signature = (n, seed=U64(0), players=Int(4), variant="expert", threads=Int(1), config=None, *, format="numpy", progress=false, first=U64(0)),
    text_signature = "(n, seed=0, players=4, variant='expert', threads=1, config=None, *, format='numpy', progress=False, first=0)"
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
    first: U64,
) -> PyResult<Bound<'py, PyAny>> {
    let (n, seed, first) = (n.0, seed.0, first.0);
    let arrow = output_format(py, "simulate", format)?;
    if n > 0 && first.checked_add(n - 1).is_none() {
        return Err(PyValueError::new_err(format!(
            "games {first} to {first} + {n} - 1 go past game 2**64 - 1, the last there is"
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
    let dealt = Dealt::of(&State::new(&config).map_err(|e| crate::errors::config_error(py, e))?);
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
    // Game `first + j` is seeded `seed + first + j`.
    let start = seed.wrapping_add(first);
    let result = run(py, &config, start, n, threads, bar.as_ref());
    if let Some(bar) = &bar {
        bar.call_method0("close")?;
    }
    let cols = match result {
        Ok(c) => c,
        Err(Stop::Python(e)) => return Err(e),
        Err(Stop::Config(j, s, e)) => {
            return Err(crate::errors::raise(
                py,
                crate::errors::Kind::InvalidConfig,
                format!("game {} (seed {s}): {e}", first + j),
                e.rule(),
            ))
        }
    };
    let seeds = (0..cols.len()).map(|j| start.wrapping_add(j)).collect();
    to_python(py, cols, first, seeds, dealt, None, arrow)
}
