//! `arena`: games between native and Python bots, rotated over the seats
//! (`metropolys_bots::arena`), with Python bots deciding on the calling
//! thread so that Ctrl-C reaches them.

use crate::action;
use crate::bots::{bot_error, native, thread_error, SIGNAL_POLL};
use crate::errors;
use crate::game::Game;
use crate::ints::{Int, U64};
use crate::simulate::MAX_THREADS;
use metropolys_bots::{
    arena as run_arena, arena_games, excerpt, split_list, ArenaGame, ArenaOptions, ArenaRow,
    ArenaTally, Bot, BotError, BotFactory, BotSpec, Cancel, InfoSet, RunOptions,
};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action as CoreAction, MetropolysCard, Rule, Seat, State, Variant};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::mpsc;
use std::sync::Mutex;

/// A Python bot's decision asked of the thread that runs `arena` (the
/// main thread, where Python code can be interrupted by Ctrl-C): which
/// object decides, the position of its seat's view, and where the answer
/// goes.
struct Request {
    bot: usize,
    position: State,
    seat: Seat,
    /// The Metropolys deck the seat's view knows.
    deck: Option<[MetropolysCard; 4]>,
    reply: mpsc::SyncSender<Result<CoreAction, BotError>>,
}

/// A Python object with a `choose(game)` method, seated in the arena. Its
/// decisions are made on the thread that called `arena`: the game threads
/// send it a [`Request`] and wait for the answer. It is handed its seat's
/// view as a `Game` (`viewer` set; the other seats' secret cards unknown,
///
struct PythonBot {
    name: String,
    bot: usize,
    requests: mpsc::Sender<Request>,
}

impl Bot for PythonBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &InfoSet, _rng: &mut SplitMix64) -> Result<CoreAction, BotError> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.requests
            .send(Request {
                bot: self.bot,
                position: *view.position(),
                seat: view.seat(),
                deck: view
                    .metropolys_deck()
                    .and_then(|d| <[MetropolysCard; 4]>::try_from(d).ok()),
                reply,
            })
            .map_err(|_| BotError::Interrupted)?;
        answer.recv().unwrap_or(Err(BotError::Interrupted))
    }
}

/// A Python bot's name: its ``name`` attribute if it is a string, else its
/// class name.
pub(crate) fn python_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(n) = obj.getattr("name") {
        if let Ok(s) = n.extract::<String>() {
            return Ok(s);
        }
    }
    Ok(obj.get_type().name()?.to_string())
}

/// Plays ``games`` games between ``bots``, one bot per seat, rotated over
/// the seats from one game to the next (every bot plays every seat equally
/// often when ``games`` is a multiple of the player count; each rotation
/// shares one deal), and returns one dict per bot, in the order given:
/// ``{"bot", "games", "wins", "win_rate", "ci95": [lo, hi], "mean_total"}``.
/// A victory shared by ``k`` seats counts ``1/k`` of a win;
/// ``ci95`` is the Wilson 95 % interval of the win rate.
///
/// ``bots`` holds native bots (``RandomBot``, ``GreedyBot``, ``IsmctsBot``,
/// ``SpecBot``), bot specs as the command line writes them (``"expert"``,
/// ``'ismcts:{"iterations": 500}'``) and/or Python objects with a
/// ``choose(game) -> Action`` method (and optionally a ``name``). A Python
/// bot is handed its seat's view as a ``Game`` (``game.viewer`` is its
/// seat): the other seats' objectives and Metropolys cards are ``None``
/// until the end, and it pickles and round-trips through
/// ``to_json``. ``players`` defaults to ``len(bots)`` and must equal it.
/// ``metropolys_deck`` (four Metropolys cards, each a list of three
/// neighborhood kinds) deals the Metropolys cards from that deck.
///
/// Everything random (deals and every bot's generator) derives from
/// ``seed``; a native bot's own ``seed`` is not used here. ``threads`` (1 to 1024)
/// plays games in parallel with the GIL released; the results do not
/// depend on it (for bots with iteration budgets). Python bots decide on
/// the calling thread, one decision at a time, while native bots in other
/// games keep playing. An exception raised by a Python bot stops the run
/// and is re-raised; Ctrl-C stops it with ``KeyboardInterrupt`` within a
/// fraction of a second, also inside a slow or blocked Python bot or a
/// long search. A thread that cannot start raises ``RuntimeError``.
///
/// ``per_game=True`` returns one row per game instead, as columns in the
/// form of ``simulate`` (``format="numpy"``: a dict of numpy arrays;
/// ``"arrow"``: a ``pyarrow.Table``): ``game``, ``seed`` (the game's
/// configuration seed), per seat ``bot_{p}`` (the index of its bot in
/// ``bots``) and ``bot_name_{p}``, then ``simulate``'s columns (start
/// player, objectives, Metropolys cards, calls, winners, ``win_{p}``,
/// ``win_share_{p}``, the score categories). ``first`` plays games ``first`` to
/// ``first + games - 1`` of the run: game ``g`` is the same game whatever
/// range it is played in, so ranges played apart (on a cluster) give the
/// rows of the run played at once.
#[pyfunction]
#[pyo3(
    signature = (bots, games, players=None, variant="expert", seed=U64(0), threads=Int(1), *, metropolys_deck=None, per_game=false, format="numpy", first=U64(0)),
    text_signature = "(bots, games, players=None, variant='expert', seed=0, threads=1, *, metropolys_deck=None, per_game=False, format='numpy', first=0)"
)]
#[allow(clippy::too_many_arguments)]
// Long: each of the Python arguments is checked in turn, in signature order,
// before the one run; the checks share the run's locals.
pub fn arena<'py>(
    py: Python<'py>,
    bots: &Bound<'py, PyAny>,
    games: U64,
    players: Option<Int>,
    variant: &str,
    seed: U64,
    threads: Int,
    metropolys_deck: Option<&Bound<'py, PyAny>>,
    per_game: bool,
    format: &str,
    first: U64,
) -> PyResult<Bound<'py, PyAny>> {
    let (games, seed, first) = (games.0, seed.0, first.0);
    let arrow = crate::simulate::output_format(py, "arena", format)?;
    let threads = match threads.0 {
        t if (1..=MAX_THREADS).contains(&t) => t as usize,
        t => {
            return Err(PyValueError::new_err(format!(
                "arena: threads must be 1 to {MAX_THREADS}, not {t}"
            )))
        }
    };
    let raised: Mutex<Option<PyErr>> = Mutex::new(None);
    let (requests, decisions) = mpsc::channel::<Request>();
    let mut objects: Vec<Py<PyAny>> = Vec::new();
    let mut factories: Vec<BotFactory> = Vec::new();
    for obj in bots.try_iter()? {
        let obj = obj?;
        if let Some(n) = native(&obj) {
            factories.push(n.factory());
        } else if obj.is_instance_of::<PyString>() {
            let spec: String = obj.extract()?;
            let [one] = split_list(&spec)[..] else {
                return Err(PyValueError::new_err(format!(
                    "arena: {:?} is not one bot spec (kind or kind:JSON)",
                    excerpt(&spec)
                )));
            };
            let spec: BotSpec = one.parse().map_err(bot_error)?;
            factories.push(spec.factory());
        } else if obj.hasattr("choose")? {
            let name = python_name(&obj)?;
            let bot = objects.len();
            objects.push(obj.unbind());
            let requests = requests.clone();
            factories.push(Box::new(move || {
                Box::new(PythonBot {
                    name: name.clone(),
                    bot,
                    requests: requests.clone(),
                })
            }));
        } else {
            return Err(PyTypeError::new_err(format!(
                "arena: {} is not a bot: give RandomBot, GreedyBot, IsmctsBot, SpecBot, a bot spec such as \"expert\", or an object with a choose(game) method",
                excerpt(&obj.repr()?.to_string())
            )));
        }
    }
    drop(requests);
    // Only this thread receives; the lock makes the receiver shareable with
    // the GIL-free wait.
    let decisions = Mutex::new(decisions);
    let players = match players {
        None => factories.len() as i64,
        Some(Int(p)) => p,
    };
    let players = u8::try_from(players).map_err(|_| {
        errors::raise(
            py,
            errors::Kind::InvalidConfig,
            format!("R-1: a game has 2, 3 or 4 players, not {players}"),
            &[Rule::R1],
        )
    })?;
    let variant: Variant = crate::names::parse(variant)
        .map_err(|e| errors::raise(py, errors::Kind::InvalidConfig, e, &[]))?;
    let metropolys_deck = match metropolys_deck {
        None => None,
        Some(d) if d.is_none() => None,
        Some(d) => Some(
            serde_json::from_str::<Vec<metropolys_core::MetropolysCard>>(
                &crate::convert::json_text(d)?,
            )
            .map_err(|e| {
                errors::raise(
                    py,
                    errors::Kind::InvalidConfig,
                    format!(
                        "R-22: metropolys_deck must be four cards of three neighborhood kinds: {e}"
                    ),
                    &[Rule::R22],
                )
            })?,
        ),
    };
    let cancel = Cancel::new();
    let options = ArenaOptions {
        games,
        players,
        variant,
        metropolys_deck,
        run: RunOptions {
            seed,
            threads,
            cancel: Some(cancel.clone()),
        },
    };
    let names: Vec<String> = factories.iter().map(|f| f().name().to_string()).collect();
    if per_game && games == 0 {
        return empty_game_columns(py, &options, names, arrow);
    }
    let per_game_or_range = per_game || first != 0;
    // CPython runs signal handlers on the main thread only, and a Python
    // bot blocked in a call (time.sleep, a lock, input) is interrupted only
    // there: so the games run on a helper thread, and this thread answers
    // the Python bots' requests and, between them, checks for signals. On
    // Ctrl-C or a bot's exception it raises the cancel flag, which the
    // games (between decisions) and the searches (every few iterations)
    // watch, and answers the requests still coming with "interrupted".
    let mut interrupted: Option<PyErr> = None;
    let progress = |_done: u64, _total: u64| -> bool { !cancel.is_cancelled() };
    let result = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("metropolys-arena".into())
            .spawn_scoped(scope, || {
                if per_game_or_range {
                    arena_games(&factories, &options, first, &progress).map(Played::Games)
                } else {
                    run_arena(&factories, &options, &progress).map(Played::Rows)
                }
            })
            .map_err(|e| thread_error(&e.to_string()))?;
        loop {
            let next = py.detach(|| {
                decisions
                    .lock()
                    .map_err(|_| mpsc::RecvTimeoutError::Disconnected)
                    .and_then(|d| d.recv_timeout(SIGNAL_POLL))
            });
            if let Ok(request) = next {
                let answer = if cancel.is_cancelled() {
                    Err(BotError::Interrupted)
                } else {
                    let object = objects[request.bot].bind(py);
                    let chosen = Game::seat_view(request.position, request.seat, request.deck)
                        .and_then(|game| object.call_method1("choose", (game,)))
                        .and_then(|a| action::extract_valid(&a));
                    match chosen {
                        Ok(a) => Ok(a),
                        Err(e) => {
                            let reason = e.to_string();
                            if let Ok(mut slot) = raised.lock() {
                                slot.get_or_insert(e);
                            }
                            cancel.cancel();
                            Err(BotError::Failed {
                                bot: python_name(object).unwrap_or_default(),
                                reason,
                            })
                        }
                    }
                };
                let _ = request.reply.send(answer);
            }
            if worker.is_finished() {
                break;
            }
            if interrupted.is_none() {
                if let Err(e) = py.check_signals() {
                    interrupted = Some(e);
                    cancel.cancel();
                }
            }
        }
        py.detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("arena: its thread failed (internal error)"))
    })?;
    if let Some(err) = raised.lock().ok().and_then(|mut s| s.take()) {
        return Err(err);
    }
    if let Some(err) = interrupted {
        return Err(err);
    }
    let played = match result {
        Ok(played) => played,
        Err(e) => {
            return Err(match e {
                BotError::Config(c) => errors::config_error(py, c),
                BotError::Cancelled { .. } => PyKeyboardInterrupt::new_err(e.to_string()),
                other => bot_error(other),
            });
        }
    };
    let rows = match played {
        Played::Rows(rows) => rows,
        Played::Games(played) if per_game => {
            return game_columns(py, &played, names, arrow);
        }
        Played::Games(played) => {
            let mut tally = ArenaTally::default();
            for g in &played {
                tally.add(g);
            }
            tally.rows(&names)
        }
    };
    row_dicts(py, rows)
}

/// What an arena run gives: the rows per bot, or the games one by one.
enum Played {
    Rows(Vec<ArenaRow>),
    Games(Vec<ArenaGame>),
}

/// The rows as the list of dicts `arena` returns.
fn row_dicts(py: Python<'_>, rows: Vec<ArenaRow>) -> PyResult<Bound<'_, PyAny>> {
    let out = PyList::empty(py);
    for r in rows {
        let d = PyDict::new(py);
        d.set_item("bot", r.bot)?;
        d.set_item("games", r.games)?;
        d.set_item("wins", r.wins)?;
        d.set_item("win_rate", r.win_rate)?;
        d.set_item("ci95", vec![r.ci95[0], r.ci95[1]])?;
        d.set_item("mean_total", r.mean_total)?;
        out.append(d)?;
    }
    Ok(out.into_any())
}

/// One row per game, in `simulate`'s columnar form, with the seating.
fn game_columns<'py>(
    py: Python<'py>,
    played: &[ArenaGame],
    names: Vec<String>,
    arrow: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (Some(head), players) = (played.first(), names.len()) else {
        return Err(PyRuntimeError::new_err(
            "arena: no game was played (internal error)",
        ));
    };
    let mut cols = crate::simulate::Columns::new(players);
    let outcomes: Vec<crate::simulate::Outcome> = played
        .iter()
        .map(|g| crate::simulate::Outcome::of(&g.start, &g.end))
        .collect();
    cols.push(&outcomes)?;
    let seats = (0..players)
        .map(|s| played.iter().map(|g| g.seats[s] as u8).collect())
        .collect();
    crate::simulate::to_python(
        py,
        cols,
        head.game,
        played.iter().map(|g| g.config.seed).collect(),
        crate::simulate::Dealt::of(&head.start),
        Some(crate::simulate::Seating { seats, names }),
        arrow,
    )
}

/// The columns of no games (their names and types): the options are
/// checked as a run would check them.
fn empty_game_columns<'py>(
    py: Python<'py>,
    options: &ArenaOptions,
    names: Vec<String>,
    arrow: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if names.len() != usize::from(options.players) {
        return Err(PyValueError::new_err(format!(
            "arena: {} bots for {} players: give one bot per seat",
            names.len(),
            options.players
        )));
    }
    let mut config =
        metropolys_core::Config::new(options.players, options.variant, options.run.seed);
    config.metropolys_deck = options.metropolys_deck.clone();
    let start = metropolys_core::State::new(&config).map_err(|e| errors::config_error(py, e))?;
    let players = names.len();
    crate::simulate::to_python(
        py,
        crate::simulate::Columns::new(players),
        0,
        Vec::new(),
        crate::simulate::Dealt::of(&start),
        Some(crate::simulate::Seating {
            seats: vec![Vec::new(); players],
            names,
        }),
        arrow,
    )
}

/// Exact sums over arena games as ``(games, twelfths, totals)``, one
/// entry per bot: the Python form of the bots crate's `ArenaTally`.
type TallyTuple = (u64, Vec<u64>, Vec<i64>);

fn tally_tuple(tally: &ArenaTally, bots: usize) -> TallyTuple {
    (
        tally.games,
        tally.twelfths[..bots].to_vec(),
        tally.totals[..bots].to_vec(),
    )
}

/// The exact sums (``(games, twelfths, totals)``, one entry per bot) of
/// the games of ``arena(..., per_game=True, format="numpy")``'s columns,
/// added by the bots crate's `ArenaTally` (a victory shared by ``k`` seats
/// is ``12 // k`` twelfths, R-20): what each task of the cluster's
/// ``arena`` returns.
#[pyfunction]
#[pyo3(name = "_arena_tally")]
pub fn arena_tally(columns: &Bound<'_, PyDict>) -> PyResult<TallyTuple> {
    let column = |name: String| -> PyResult<Bound<'_, PyAny>> {
        columns
            .get_item(&name)?
            .ok_or_else(|| PyValueError::new_err(format!("_arena_tally: no column {name}")))
    };
    let winners: Vec<Vec<Seat>> = column("winners".into())?.extract()?;
    let mut seats_columns: Vec<Vec<usize>> = Vec::new();
    let mut total_columns: Vec<Vec<i32>> = Vec::new();
    while let Some(c) = columns.get_item(format!("bot_{}", seats_columns.len()))? {
        seats_columns.push(c.extract()?);
        total_columns.push(column(format!("total_{}", total_columns.len()))?.extract()?);
    }
    let n = seats_columns.len();
    let mut tally = ArenaTally::default();
    for (g, won) in winners.iter().enumerate() {
        let cell = |c: &Vec<usize>| c.get(g).copied();
        let seats: Option<Vec<usize>> = seats_columns.iter().map(cell).collect();
        let totals: Option<Vec<i32>> = total_columns.iter().map(|c| c.get(g).copied()).collect();
        let (Some(seats), Some(totals)) = (seats, totals) else {
            return Err(PyValueError::new_err(
                "_arena_tally: columns of different lengths",
            ));
        };
        tally
            .add_result(&seats, &totals, won)
            .map_err(|e| PyValueError::new_err(format!("_arena_tally: game {g}: {e}")))?;
    }
    Ok(tally_tuple(&tally, n))
}

/// The rows of ``arena`` from the exact sums of parts of a run (each
/// ``(games, twelfths, totals)`` as ``_arena_tally`` gives them), merged
/// by `ArenaTally`: the cluster's ``arena`` asks for its rows here, so
/// they are those of a run played at once.
#[pyfunction]
#[pyo3(name = "_arena_rows")]
pub fn arena_rows(
    py: Python<'_>,
    names: Vec<String>,
    parts: Vec<TallyTuple>,
) -> PyResult<Bound<'_, PyAny>> {
    let n = names.len();
    let mut tally = ArenaTally::default();
    for (games, twelfths, totals) in parts {
        if n == 0 || n > 4 || twelfths.len() != n || totals.len() != n {
            return Err(PyValueError::new_err(
                "_arena_rows: one name, twelfths and totals entry per bot (1 to 4)",
            ));
        }
        let mut part = ArenaTally {
            games,
            ..ArenaTally::default()
        };
        part.twelfths[..n].copy_from_slice(&twelfths);
        part.totals[..n].copy_from_slice(&totals);
        tally.merge(&part);
    }
    row_dicts(py, tally.rows(&names))
}

/// The 95 % Wilson score interval ``(low, high)`` of a win rate of
/// ``wins`` (a float: a shared first place counts as a fraction, R-20) in
/// ``games`` games, as ``arena`` reports it in ``ci95``; ``None`` for no
/// game, or for wins that are not finite or outside ``0..=games``.
#[pyfunction]
fn wilson_interval(wins: f64, games: U64) -> Option<(f64, f64)> {
    metropolys_bots::wilson_interval(wins, games.0).map(|[lo, hi]| (lo, hi))
}

/// Registers `arena`, `wilson_interval` and the private `_arena_rows` and
/// `_arena_tally`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_function(wrap_pyfunction!(wilson_interval, m)?)?;
    // Private (for `metropolys.dask`): attributes, not in `__all__`.
    m.setattr("_arena_rows", wrap_pyfunction!(arena_rows, m)?)?;
    m.setattr("_arena_tally", wrap_pyfunction!(arena_tally, m)?)?;
    Ok(())
}
