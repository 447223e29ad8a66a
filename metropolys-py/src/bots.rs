//! `metropolys.bots`: the native bots of `metropolys-bots` (`arena`, which
//! also seats Python objects, is in [`crate::arena`]).
//!
//! Thin: every decision and every statistic comes from `metropolys-bots`.

use crate::action::{self, Action};
use crate::errors;
use crate::game::Game;
use crate::ints::{Int, U64};
use metropolys_bots::{BotError, BotFactory, BotKind, BotSpec, Cancel, Player};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};
use serde_json::{json, Map, Value};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Mutex;
use std::time::Duration;

/// How often a thread waiting for native work checks for Ctrl-C.
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// A native bot: its spec (kind and parameters, without the seed), its
/// seed, and the player (bot and generator) that decides.
pub(crate) struct Native {
    spec: BotSpec,
    seed: u64,
    player: Mutex<Player>,
}

impl Native {
    fn new(kind: BotKind, params: Map<String, Value>, seed: u64) -> PyResult<Native> {
        Native::of(BotSpec::with_params(kind, params).map_err(bot_error)?, seed)
    }

    fn of(spec: BotSpec, seed: u64) -> PyResult<Native> {
        let bot = spec.build();
        Ok(Native {
            spec,
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
        // A seat's view knows only its viewer's cards, the public view
        // none: a bot decides only for a seat whose cards it knows.
        if let Some(p) = state.to_act().filter(|&p| !game.core_knows_secrets(p)) {
            return Err(errors::value_error(format!(
                "this is {}; seat {p} is to act and its cards are not known (R-21)",
                game.core_view_name()
            )));
        }
        // A copy of the game (its history is shared): it knows the
        // Metropolys deck, also when it is a seat's view.
        let copy = game.core_game().clone();
        let decide = |cancel: Option<&Cancel>| {
            // A panic inside a decision poisons the lock; the player (a bot
            // and a generator) is still whole.
            let mut p = self.player.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(c) = cancel {
                p.set_cancel(c);
            }
            p.choose_in_game(&copy)
        };
        let decided = if self.spec.kind().searches() {
            let cancel = Cancel::new();
            let watched = watch(py, &cancel, "metropolys-bot", || decide(Some(&cancel)))?;
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
    pub(crate) fn factory(&self) -> BotFactory {
        self.spec.factory()
    }

    /// The kind's name.
    fn kind(&self) -> String {
        self.spec.kind().name().to_string()
    }

    /// The constructor's keyword arguments that make this bot again.
    fn keywords<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut all = self.spec.params().clone();
        all.insert("seed".into(), json!(self.seed));
        crate::convert::to_py(py, &all)
    }

    fn repr(&self, class: &str) -> String {
        let mut parts: Vec<String> = self
            .spec
            .params()
            .iter()
            .map(|(k, v)| format!("{k}={}", py_literal(v)))
            .collect();
        parts.push(format!("seed={}", self.seed));
        format!("{class}({})", parts.join(", "))
    }
}

/// What [`watch`] saw: the work's result, or Ctrl-C (the work was
/// cancelled and has stopped).
pub(crate) enum Watched<T> {
    Done(T),
    Interrupted(PyErr),
}

/// Runs `work` on a helper thread named `name`, the GIL released, while
/// this thread waits for its result and checks for signals every
/// [`SIGNAL_POLL`] (CPython handles them on the main thread only). The
/// result is taken as soon as it is sent, not at the next poll: a short
/// decision takes its own time, not a poll's. On Ctrl-C it raises
/// `cancel` (which `work` watches), waits for `work` to stop and reports
/// the signal's exception. A helper thread that cannot start is a
/// `RuntimeError` ("cannot start a thread").
pub(crate) fn watch<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    name: &str,
    work: impl FnOnce() -> T + Send,
) -> PyResult<Watched<T>> {
    let mut interrupted: Option<PyErr> = None;
    let out = std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let worker = std::thread::Builder::new()
            .name(name.into())
            .spawn_scoped(scope, move || {
                let _ = tx.send(work());
            })
            .map_err(|e| thread_error(&e.to_string()))?;
        let mut rx = rx;
        let out = loop {
            // The receiver is not `Sync`: it goes to the GIL-free closure
            // and comes back.
            let (got, back) = py.detach(move || (rx.recv_timeout(SIGNAL_POLL), rx));
            rx = back;
            match got {
                Ok(v) => break Some(v),
                // The worker ended without a result: it panicked.
                Err(RecvTimeoutError::Disconnected) => break None,
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(e) = py.check_signals() {
                            interrupted = Some(e);
                            cancel.cancel();
                        }
                    }
                }
            }
        };
        let joined = py.detach(|| worker.join());
        match (out, joined) {
            (Some(v), Ok(())) => Ok(v),
            _ => Err(PyRuntimeError::new_err(format!(
                "{name}: its thread failed (internal error)"
            ))),
        }
    })?;
    Ok(match interrupted {
        Some(e) => Watched::Interrupted(e),
        None => Watched::Done(out),
    })
}

/// A thread that could not start: `RuntimeError`, as `simulate` raises
/// (docs/errors.md).
pub(crate) fn thread_error(reason: &str) -> PyErr {
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
pub(crate) fn bot_error(e: BotError) -> PyErr {
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
                self.0.kind()
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
        Ok(RandomBot(Native::new(BotKind::Random, Map::new(), seed.0)?))
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
        Ok(GreedyBot(Native::new(BotKind::Greedy, Map::new(), seed.0)?))
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
        Ok(IsmctsBot(Native::new(BotKind::Ismcts, params, seed.0)?))
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
        let spec = BotSpec::from_parts(&kind, &text).map_err(bot_error)?;
        Ok(SpecBot(Native::of(spec, seed.0)?))
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
        self.0.kind()
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("{:?}", self.0.kind())];
        if !self.0.spec.params().is_empty() {
            parts.push(self.0.spec.params_json());
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
            crate::convert::to_py(py, &Value::Object(self.0.spec.params().clone()))?,
        )?;
        kw.set_item("seed", self.0.seed)?;
        Ok((PyTuple::new(py, [self.0.kind()])?, kw.into_any()))
    }
}

/// The native bot behind a Python object, if it is one.
pub(crate) fn native<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a Native> {
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

/// Registers the bot classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RandomBot>()?;
    m.add_class::<GreedyBot>()?;
    m.add_class::<IsmctsBot>()?;
    m.add_class::<SpecBot>()?;
    Ok(())
}
