//! `metropolys.bots` and `metropolys.arena`: the native bots of
//! `metropolys-bots`, and the arena, which also seats Python objects that
//! have a `choose(game)` method.
//!
//! Thin: every decision and every statistic comes from `metropolys-bots`.

use crate::action::{self, Action};
use crate::errors;
use crate::game::Game;
use crate::ints::{Int, U64};
use crate::simulate::MAX_THREADS;
use metropolys_bots::{
    arena as run_arena, arena_games, excerpt, from_spec, searches, split_specs, ArenaGame,
    ArenaOptions, ArenaRow, ArenaTally, Bot, BotError, BotFactory, Cancel, Player, SeatView,
};
use metropolys_core::rng::SplitMix64;
use metropolys_core::{Action as CoreAction, State, Variant};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use serde_json::{json, Map, Value};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

/// How often a thread waiting for native work checks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// A native bot: its kind, its parameters (without the seed), its seed, and
/// the player (bot and generator) that decides.
struct Native {
    kind: String,
    params: Map<String, Value>,
    seed: u64,
    player: Mutex<Player>,
}

impl Native {
    fn new(kind: &str, params: Map<String, Value>, seed: u64) -> PyResult<Native> {
        let text = Value::Object(params.clone()).to_string();
        let bot = from_spec(kind, &text).map_err(bot_error)?;
        Ok(Native {
            kind: kind.to_string(),
            params,
            seed,
            player: Mutex::new(Player::new(bot, seed)),
        })
    }

    /// The decision for the seat to act in `game`, the GIL released while
    /// the bot thinks. A bot that searches thinks on a helper thread while
    /// this one watches for Ctrl-C (CPython runs signal handlers on the
    /// main thread only): `KeyboardInterrupt` within a fraction of a
    /// second, the game unchanged.
    fn choose(&self, py: Python<'_>, game: &Game) -> PyResult<Py<Action>> {
        let state = *game.core_state();
        // The configuration (it may give the Metropolys deck, R-22) is part
        // of the seat's view; a game from `Game.from_json` has none.
        let config = game.core_config().cloned();
        let decide = |cancel: Option<&Cancel>| {
            // A panic inside a decision poisons the lock; the player (a bot
            // and a generator) is still whole.
            let mut p = self.player.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(c) = cancel {
                p.set_cancel(c);
            }
            match &config {
                Some(config) => p.choose_in(&state, config),
                None => p.choose_for(&state),
            }
        };
        let decided = if searches(&self.kind) {
            let cancel = Cancel::new();
            let watched = watch(py, &cancel, || decide(Some(&cancel)))?;
            match watched {
                Watched::Done(d) => d,
                Watched::Interrupted(e) => return Err(e),
            }
        } else {
            py.detach(|| decide(None))
        };
        let a = decided.map_err(|e| match e {
            BotError::GameOver => errors::rule_error(py, metropolys_core::RuleError::GameOver),
            other => bot_error(other),
        })?;
        action::object(py, a)
    }

    /// A factory of fresh bots of the same kind and parameters, for the
    /// arena (which seeds each bot's generator itself).
    fn factory(&self) -> BotFactory {
        let kind = self.kind.clone();
        let text = Value::Object(self.params.clone()).to_string();
        // The spec was checked when the Python object was made (`new`).
        Box::new(move || {
            from_spec(&kind, &text).expect("a native bot's spec is checked when the bot is made")
        })
    }

    /// The constructor's keyword arguments that make this bot again.
    fn keywords<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut all = self.params.clone();
        all.insert("seed".into(), json!(self.seed));
        crate::convert::to_py(py, &all)
    }

    fn repr(&self, class: &str) -> String {
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={}", py_literal(v)))
            .collect();
        parts.push(format!("seed={}", self.seed));
        format!("{class}({})", parts.join(", "))
    }
}

/// What [`watch`] saw: the work's result, or Ctrl-C (the work was
/// cancelled and has stopped).
enum Watched<T> {
    Done(T),
    Interrupted(PyErr),
}

/// Runs `work` on a helper thread, the GIL released, while this thread
/// checks for signals every [`SIGNAL_POLL`]; on Ctrl-C it raises `cancel`
/// (which `work` watches), waits for `work` to stop and reports the
/// signal's exception. A helper thread that cannot start is a
/// `RuntimeError`.
fn watch<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<Watched<T>> {
    let mut interrupted: Option<PyErr> = None;
    let out = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("metropolys-bot".into())
            .spawn_scoped(scope, work)
            .map_err(|e| thread_error(&e.to_string()))?;
        while !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if interrupted.is_none() {
                if let Err(e) = py.check_signals() {
                    interrupted = Some(e);
                    cancel.cancel();
                }
            }
        }
        py.detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("a bot's thread failed (internal error)"))
    })?;
    Ok(match interrupted {
        Some(e) => Watched::Interrupted(e),
        None => Watched::Done(out),
    })
}

/// A thread that could not start: `RuntimeError`, as `simulate` raises
/// (docs/errors.md).
fn thread_error(reason: &str) -> PyErr {
    PyRuntimeError::new_err(BotError::Thread(reason.to_string()).to_string())
}

/// A number argument (a seconds budget, a UCT constant): an `int` or a
/// `float` (or an object with `__float__`); a `bool` is not a number here
/// (`TypeError`), as a bool is not an integer (docs/errors.md).
struct Number(f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Number {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "a bool is not a number here; give an int or a float",
            ));
        }
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("a number is expected, not str"));
        }
        obj.extract::<f64>().map(Number)
    }
}

fn py_literal(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

/// A bot error as a Python exception: bad parameters are `ValueError`.
fn bot_error(e: BotError) -> PyErr {
    match e {
        BotError::Thread(_) => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The `#[pymethods]` block of a native bot class: the `#[new]` item given
/// as tokens, then `choose` (with its docstring, given as a literal),
/// `name` and `__repr__`, which are the same for every kind.
macro_rules! bot_methods {
    ($class:ident, $kind:literal, choose_doc = $choose_doc:literal, $($new:tt)*) => {
        #[pymethods]
        impl $class {
            $($new)*

            #[doc = $choose_doc]
            fn choose(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<Py<Action>> {
                self.0.choose(py, &game)
            }

            #[doc = concat!("The bot's kind: ``\"", $kind, "\"``.")]
            #[getter]
            fn name(&self) -> String {
                self.0.kind.clone()
            }

            fn __repr__(&self) -> String {
                self.0.repr(stringify!($class))
            }

            /// Pickling (to send a bot to another process, such as a Dask
            /// worker): the constructor's keyword arguments.
            fn __getnewargs_ex__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyAny>)> {
                Ok((PyTuple::empty(py), self.0.keywords(py)?))
            }
        }
    };
}

/// Uniformly random legal actions. ``seed`` seeds the bot's own generator
/// (SplitMix64): the same seed gives the same decisions.
#[pyclass(frozen, module = "metropolys", name = "RandomBot")]
pub struct RandomBot(Native);

bot_methods!(
    RandomBot,
    "random",
    choose_doc = "The action this bot plays for the seat to act in ``game``, decided\nfrom that seat's view only (R-21). Raises ``IllegalActionError``\n(rule ``R-17``) when the game is over.",
    #[new]
    #[pyo3(signature = (seed=U64(0)), text_signature = "(seed=0)")]
    fn new(seed: U64) -> PyResult<RandomBot> {
        Ok(RandomBot(Native::new("random", Map::new(), seed.0)?))
    }
);

/// A one-ply evaluation of every legal action (immediate points, tokens and
/// cards, progress on its own objectives, the cost of the building spent;
/// see https://github.com/metropolys/metropolys/blob/main/docs/bots.md). ``seed``
/// breaks ties.
#[pyclass(frozen, module = "metropolys", name = "GreedyBot")]
pub struct GreedyBot(Native);

bot_methods!(
    GreedyBot,
    "greedy",
    choose_doc = "The action this bot plays for the seat to act in ``game``, decided\nfrom that seat's view only (R-21). Raises ``IllegalActionError``\n(rule ``R-17``) when the game is over.",
    #[new]
    #[pyo3(signature = (seed=U64(0)), text_signature = "(seed=0)")]
    fn new(seed: U64) -> PyResult<GreedyBot> {
        Ok(GreedyBot(Native::new("greedy", Map::new(), seed.0)?))
    }
);

/// Information-set Monte Carlo tree search (see
/// https://github.com/metropolys/metropolys/blob/main/docs/bots.md). Each
/// iteration deals the opponents' secret cards at random among those the
/// seat cannot rule out, so the bot never uses what its seat may not see
///
///
/// Budget: ``iterations`` per decision (the default budget of
/// https://github.com/metropolys/metropolys/blob/main/docs/bots.md when neither is
/// given) and/or ``seconds`` of wall time (the
/// search stops at the first reached). With an iteration budget and no
/// time budget, the same ``seed`` gives the same decisions. ``threads`` searches in parallel
/// (root parallelism). ``exploration`` (UCT constant), ``playout``
/// (``"random"`` or ``"greedy"``) and ``reward`` (``"win"`` or
/// ``"score"``) tune the search. Raises ``ValueError`` for a parameter out
/// of range.
#[pyclass(frozen, module = "metropolys", name = "IsmctsBot")]
pub struct IsmctsBot(Native);

bot_methods!(
    IsmctsBot,
    "ismcts",
    choose_doc = "The action this bot plays for the seat to act in ``game``, decided\nfrom that seat's view only (R-21), with the GIL released while it\nsearches. Raises ``IllegalActionError`` (rule ``R-17``) when the game\nis over.",
    #[new]
    #[pyo3(
        signature = (iterations=None, seconds=None, seed=U64(0), threads=Int(1), *, exploration=None, playout=None, reward=None),
        text_signature = "(iterations=None, seconds=None, seed=0, threads=1, *, exploration=None, playout=None, reward=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        iterations: Option<Int>,
        seconds: Option<Number>,
        seed: U64,
        threads: Int,
        exploration: Option<Number>,
        playout: Option<String>,
        reward: Option<String>,
    ) -> PyResult<IsmctsBot> {
        let mut params = Map::new();
        if let Some(Int(i)) = iterations {
            params.insert("iterations".into(), json!(i));
        }
        if let Some(Number(s)) = seconds {
            if !s.is_finite() {
                return Err(PyValueError::new_err(format!(
                    "bad parameters for the ismcts bot: seconds must be a finite number, not {s}"
                )));
            }
            params.insert("seconds".into(), json!(s));
        }
        if threads.0 != 1 {
            params.insert("threads".into(), json!(threads.0));
        }
        if let Some(Number(c)) = exploration {
            if !c.is_finite() {
                return Err(PyValueError::new_err(format!(
                    "bad parameters for the ismcts bot: exploration must be a finite number, not {c}"
                )));
            }
            params.insert("exploration".into(), json!(c));
        }
        if let Some(p) = playout {
            params.insert("playout".into(), json!(p));
        }
        if let Some(r) = reward {
            params.insert("reward".into(), json!(r));
        }
        Ok(IsmctsBot(Native::new("ismcts", params, seed.0)?))
    }
);

/// Any bot of the bots crate by its spec: a kind (``"random"``,
/// ``"greedy"``, ``"ismcts"``, the difficulty presets ``"beginner"``,
/// ``"casual"``, ``"strong"``, ``"expert"``, or ``"ismcts-v1"``) and its
/// parameters (a dict, a JSON object as text, or ``None`` for the
/// defaults), as the command line's ``--bots`` and C's ``mtp_bot_new`` take
/// them (https://github.com/metropolys/metropolys/blob/main/docs/bots.md
/// lists every kind and parameter). ``seed`` seeds the
/// bot's own generator. Raises ``ValueError`` naming what is wrong.
#[pyclass(frozen, module = "metropolys", name = "SpecBot")]
pub struct SpecBot(Native);

#[pymethods]
impl SpecBot {
    #[new]
    #[pyo3(signature = (kind, params=None, seed=U64(0)), text_signature = "(kind, params=None, seed=0)")]
    fn new(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        params: Option<&Bound<'_, PyAny>>,
        seed: U64,
    ) -> PyResult<SpecBot> {
        let kind: String = kind.extract().map_err(|_| {
            PyTypeError::new_err("kind must be a str such as \"expert\" or \"ismcts\"")
        })?;
        let text = match params {
            None => String::new(),
            Some(p) if p.is_none() => String::new(),
            Some(p) if p.is_instance_of::<PyString>() => p.extract::<String>()?,
            Some(p) if p.is_instance_of::<PyDict>() => {
                py.import("json")?.call_method1("dumps", (p,))?.extract()?
            }
            Some(p) => {
                return Err(PyTypeError::new_err(format!(
                    "params must be a dict, a JSON object as str, or None, not {}",
                    p.get_type().name()?
                )))
            }
        };
        // Checked (unknown kinds, duplicate keys, ranges) before it is kept.
        from_spec(&kind, &text).map_err(bot_error)?;
        let params = match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        };
        Ok(SpecBot(Native::new(&kind, params, seed.0)?))
    }

    /// The action this bot plays for the seat to act in ``game``, decided
    /// from that seat's view only, with the GIL released while it
    /// thinks (a bot that searches stops on Ctrl-C with
    /// ``KeyboardInterrupt``). Raises ``IllegalActionError`` (rule
    /// ``R-17``) when the game is over.
    fn choose(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<Py<Action>> {
        self.0.choose(py, &game)
    }

    /// The bot's kind, as given.
    #[getter]
    fn name(&self) -> String {
        self.0.kind.clone()
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("{:?}", self.0.kind)];
        if !self.0.params.is_empty() {
            parts.push(Value::Object(self.0.params.clone()).to_string());
        }
        parts.push(format!("seed={}", self.0.seed));
        format!("SpecBot({})", parts.join(", "))
    }

    /// Pickling (to send a bot to another process, such as a Dask
    /// worker): the kind, then the parameters and the seed.
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyAny>)> {
        let kw = PyDict::new(py);
        kw.set_item(
            "params",
            crate::convert::to_py(py, &Value::Object(self.0.params.clone()))?,
        )?;
        kw.set_item("seed", self.0.seed)?;
        Ok((PyTuple::new(py, [self.0.kind.clone()])?, kw.into_any()))
    }
}

/// The native bot behind a Python object, if it is one.
fn native<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a Native> {
    if let Ok(b) = obj.cast::<RandomBot>() {
        return Some(&b.get().0);
    }
    if let Ok(b) = obj.cast::<GreedyBot>() {
        return Some(&b.get().0);
    }
    if let Ok(b) = obj.cast::<IsmctsBot>() {
        return Some(&b.get().0);
    }
    if let Ok(b) = obj.cast::<SpecBot>() {
        return Some(&b.get().0);
    }
    None
}

/// A Python bot's decision asked of the thread that runs `arena` (the
/// main thread, where Python code can be interrupted by Ctrl-C): which
/// object decides, the position of its seat's view, and where the answer
/// goes.
struct Request {
    bot: usize,
    position: State,
    reply: mpsc::SyncSender<Result<CoreAction, BotError>>,
}

/// A Python object with a `choose(game)` method, seated in the arena. Its
/// decisions are made on the thread that called `arena`: the game threads
/// send it a [`Request`] and wait for the answer. It is handed a `Game` of
/// its seat's view: the position with the other seats' secret cards
/// replaced by placeholders.
struct PythonBot {
    name: String,
    bot: usize,
    requests: mpsc::Sender<Request>,
}

impl Bot for PythonBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut SplitMix64) -> Result<CoreAction, BotError> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.requests
            .send(Request {
                bot: self.bot,
                position: *view.position(),
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
/// bot is handed a ``Game`` of its seat's view: the other seats' secret
/// cards are placeholders, so use ``game.view(game.to_act)`` to see what
/// is known. ``players`` defaults to ``len(bots)`` and must equal it.
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
/// player, objectives, Metropolys cards, calls, winners, ``win_{p}``, the
/// score categories). ``first`` plays games ``first`` to
/// ``first + games - 1`` of the run: game ``g`` is the same game whatever
/// range it is played in, so ranges played apart (on a cluster) give the
/// rows of the run played at once.
#[pyfunction]
#[pyo3(
    signature = (bots, games, players=None, variant="expert", seed=U64(0), threads=Int(1), *, metropolys_deck=None, per_game=false, format="numpy", first=U64(0)),
    text_signature = "(bots, games, players=None, variant='expert', seed=0, threads=1, *, metropolys_deck=None, per_game=False, format='numpy', first=0)"
)]
#[allow(clippy::too_many_arguments)]
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
            let parts = split_specs(&spec);
            let [(kind, own)] = parts.as_slice() else {
                return Err(PyValueError::new_err(format!(
                    "arena: {:?} is not one bot spec (kind or kind:JSON)",
                    excerpt(&spec)
                )));
            };
            let text = own.unwrap_or("").to_string();
            from_spec(kind, &text).map_err(bot_error)?;
            let kind = kind.to_string();
            factories.push(Box::new(move || {
                from_spec(&kind, &text).expect("a bot spec checked when the arena started")
            }));
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
            Some("R-1"),
        )
    })?;
    let variant: Variant = crate::names::parse(variant)
        .map_err(|e| errors::raise(py, errors::Kind::InvalidConfig, e, None))?;
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
                    Some("R-22"),
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
        seed,
        threads,
        cancel: Some(cancel.clone()),
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
                    let game = Game::from_state(request.position);
                    match object
                        .call_method1("choose", (game,))
                        .and_then(|a| action::extract_valid(&a))
                    {
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
    let mut config = metropolys_core::Config::new(options.players, options.variant, options.seed);
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

/// The rows of ``arena`` from exact sums over games (the cluster's
/// ``arena`` adds its parts' sums and asks for the rows here, so they are
/// those of a run played at once): ``games``, per bot the wins in twelfths
/// of a game and the sum of final totals.
#[pyfunction]
#[pyo3(name = "_arena_rows")]
pub fn arena_rows(
    py: Python<'_>,
    names: Vec<String>,
    games: u64,
    twelfths: Vec<u64>,
    totals: Vec<i64>,
) -> PyResult<Bound<'_, PyAny>> {
    if names.is_empty()
        || names.len() > 4
        || twelfths.len() != names.len()
        || totals.len() != names.len()
    {
        return Err(PyValueError::new_err(
            "_arena_rows: one name, twelfths and totals entry per bot (1 to 4)",
        ));
    }
    let mut tally = ArenaTally {
        games,
        ..ArenaTally::default()
    };
    tally.twelfths[..names.len()].copy_from_slice(&twelfths);
    tally.totals[..names.len()].copy_from_slice(&totals);
    row_dicts(py, tally.rows(&names))
}

/// Registers the bot classes and `arena`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RandomBot>()?;
    m.add_class::<GreedyBot>()?;
    m.add_class::<IsmctsBot>()?;
    m.add_class::<SpecBot>()?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    // Private (for `metropolys.dask`): an attribute, not in `__all__`.
    m.setattr("_arena_rows", wrap_pyfunction!(arena_rows, m)?)?;
    Ok(())
}
