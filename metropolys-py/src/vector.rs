//! `metropolys.VectorEnv`: a batch of games stepped in one call, writing
//! into preallocated numpy arrays (the engine is
//! `metropolys_tensor::vector`; conventions in docs/rl.md).

use crate::bots::{watch, Watched};
use crate::convert::keyword_config;
use crate::errors::{self, Kind as ErrKind};
use crate::ints::{Int, U64};
use metropolys_tensor::vector::{self as core_vector, Opponents, Outputs, VectorError};
use metropolys_tensor::{ACTION_COUNT, OBSERVATION_SIZE};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// ``N`` games of Metropolys stepped together in one call.
///
/// ``VectorEnv(num_envs, players=4, variant="expert", seed=0, threads=1,
/// opponents=None)``. ``opponents=None``: you act for every seat (the
/// observation is the seat to act's); ``opponents="random"``: you play seat
/// 0 of every game and the other seats make uniformly random moves inside
/// the step; ``opponents="greedy"`` (any native bot kind) or ``(kind,
/// params_dict)``, e.g. ``("ismcts", {"iterations": 200})``: a native bot
/// moves them, deciding from its seat's view only. ``reset()`` and ``step()`` return the env's own arrays, which
/// the next call overwrites (copy what you keep). See
/// https://github.com/metropolys/metropolys/blob/main/docs/rl.md.
#[pyclass(module = "metropolys", name = "VectorEnv")]
pub struct VectorEnv {
    inner: core_vector::VectorEnv,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    to_act: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    seeds: Py<PyArray1<u64>>,
}

fn vector_error(py: Python<'_>, e: VectorError) -> PyErr {
    match &e {
        VectorError::Illegal { .. } => {
            errors::raise(py, ErrKind::IllegalAction, e.to_string(), e.rule())
        }
        VectorError::Config(c) => errors::config_error(py, c.clone()),
        // As simulate and arena: a thread that cannot start is a RuntimeError.
        VectorError::Thread(_) => PyRuntimeError::new_err(e.to_string()),
        VectorError::Interrupted => PyKeyboardInterrupt::new_err(e.to_string()),
        _ => errors::value_error(e.to_string()),
    }
}

/// `None`, a kind, or `(kind, params dict)`; the dict goes to the bot as
/// JSON (`json.dumps`).
fn parse_opponents(py: Python<'_>, opponents: Option<&Bound<'_, PyAny>>) -> PyResult<Opponents> {
    let Some(o) = opponents.filter(|o| !o.is_none()) else {
        return Ok(Opponents::None);
    };
    let (kind, params): (String, String) = if let Ok(kind) = o.extract::<String>() {
        (kind, String::new())
    } else if let Ok((kind, params)) = o.extract::<(String, Bound<'_, PyDict>)>() {
        let json: String = py
            .import("json")?
            .call_method1("dumps", (params,))?
            .extract()?;
        (kind, json)
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "opponents must be None, a bot kind ({}) or a (kind, params dict) pair, not {}",
            metropolys_bots::KINDS
                .iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", "),
            metropolys_bots::excerpt(&o.repr()?.to_string())
        )));
    };
    if kind == "random" && params.is_empty() {
        return Ok(Opponents::Random);
    }
    Opponents::bot(&kind, &params).map_err(|e| errors::value_error(format!("opponents: {e}")))
}

/// `(observations, rewards, terminated, truncated, info)`.
type StepResult<'py> = PyResult<(
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyDict>,
)>;

impl VectorEnv {
    /// Runs `f` on the core env and the output buffers with the GIL
    /// released, then returns `(obs, rewards, terminated, truncated, info)`.
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        f: impl FnOnce(&mut core_vector::VectorEnv, Outputs<'_>) -> Result<(), VectorError> + Send,
    ) -> StepResult<'py> {
        let obs = self.observations.bind(py).clone();
        let masks = self.masks.bind(py).clone();
        let to_act = self.to_act.bind(py).clone();
        let rewards = self.rewards.bind(py).clone();
        let terminated = self.terminated.bind(py).clone();
        let truncated = self.truncated.bind(py).clone();
        let seeds = self.seeds.bind(py).clone();
        {
            let mut o = obs.try_readwrite()?;
            let mut m = masks.try_readwrite()?;
            let mut t = to_act.try_readwrite()?;
            let mut r = rewards.try_readwrite()?;
            let mut te = terminated.try_readwrite()?;
            let mut tr = truncated.try_readwrite()?;
            let mut s = seeds.try_readwrite()?;
            let out = Outputs {
                observations: o.as_slice_mut()?,
                masks: m.as_slice_mut()?,
                to_act: t.as_slice_mut()?,
                rewards: r.as_slice_mut()?,
                terminated: te.as_slice_mut()?,
                truncated: tr.as_slice_mut()?,
                seeds: s.as_slice_mut()?,
            };
            let inner = &mut self.inner;
            if inner.opponents().search() {
                // Opponents that search may think for seconds: the step runs
                // on a helper thread while this one checks for Ctrl-C
                // (CPython handles signals on the main thread only) and, on
                // it, raises the env's cancel flag; the interrupted step
                // restores every game (and the buffers) and the signal's
                // exception is raised.
                let cancel = inner.cancel_flag();
                let result =
                    match watch(py, &cancel, "metropolys-vector-step", move || f(inner, out))? {
                        Watched::Done(result) => result,
                        Watched::Interrupted(e) => return Err(e),
                    };
                result.map_err(|e| vector_error(py, e))?;
            } else {
                py.detach(move || f(inner, out))
                    .map_err(|e| vector_error(py, e))?;
            }
        }
        let info = PyDict::new(py);
        info.set_item("action_mask", &masks)?;
        info.set_item("to_act", &to_act)?;
        info.set_item("seed", &seeds)?;
        Ok((obs, rewards, terminated, truncated, info))
    }
}

/// The error of an action id no action has (R-8's id space, §8).
fn no_such_action(py: Python<'_>, env: usize, shown: &str) -> PyErr {
    errors::raise(
        py,
        ErrKind::IllegalAction,
        format!(
            "env {env}: action {shown} is illegal: there is no action id {shown}; ids are 0-{}",
            ACTION_COUNT - 1
        ),
        &[metropolys_core::Rule::Section8],
    )
}

/// Actions as int64 ids, copied out of the argument (so that any array,
/// the env's own `info["to_act"]` included, can be passed back: nothing
/// stays borrowed while the step writes its buffers): any integer array or
/// sequence of ints; an integer beyond int64 (numpy gives such a list dtype
/// object, or uint64) is an ``IllegalActionError`` naming it; floats, bools
/// and other types are refused with ``TypeError``.
fn actions_vec(py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (actions,))?;
    let ndim: usize = arr.getattr("ndim")?.extract()?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind == "O" && ndim == 1 {
        // Python ints too large for int64 (or a mix with other objects).
        let items: Vec<Bound<'_, PyAny>> = arr.call_method0("tolist")?.extract()?;
        return items
            .iter()
            .enumerate()
            .map(|(env, item)| {
                let Int(v) = item.extract::<Int>().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "actions must be integer action ids, not {}",
                        item.get_type()
                            .name()
                            .map_or_else(|_| "?".into(), |n| n.to_string())
                    ))
                })?;
                // `Int` saturates: the saturated value is no id, and the
                // error names the integer given.
                match item.extract::<i64>() {
                    Ok(_) => Ok(v),
                    Err(_) => Err(no_such_action(py, env, &item.repr()?.to_string())),
                }
            })
            .collect();
    }
    if kind != "i" && kind != "u" {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "actions must be integer action ids, not an array of dtype {}",
            arr.getattr("dtype")?.str()?
        )));
    }
    if ndim != 1 {
        return Err(errors::value_error(format!(
            "actions must be a 1-D array of num_envs ids, not {ndim}-D"
        )));
    }
    if kind == "u" {
        // Casting to int64 would wrap an id of 2^63 or more to a negative
        // one, and the error would name a different action.
        let unsigned = arr
            .call_method1("astype", ("uint64",))?
            .extract::<PyReadonlyArray1<'_, u64>>()?;
        let too_big = unsigned
            .as_array()
            .iter()
            .enumerate()
            .find(|&(_, &v)| i64::try_from(v).is_err())
            .map(|(env, &v)| (env, v));
        if let Some((env, v)) = too_big {
            return Err(no_such_action(py, env, &v.to_string()));
        }
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    Ok(arr
        .extract::<PyReadonlyArray1<'_, i64>>()?
        .as_array()
        .to_vec())
}

/// `reset`'s seed: one integer for the batch, or one per env (`None`
/// entries: the batch's seed).
enum Seeds {
    One(Option<u64>),
    Each(Vec<Option<u64>>),
}

fn parse_seeds(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Seeds> {
    let Some(seed) = seed.filter(|s| !s.is_none()) else {
        return Ok(Seeds::One(None));
    };
    let sequence = !seed.is_instance_of::<pyo3::types::PyString>()
        && !seed.is_instance_of::<pyo3::types::PyBytes>()
        && !seed.is_instance_of::<PyDict>();
    let items = match seed.try_iter() {
        Ok(items) if sequence => items,
        // One seed: an int (a bool, a float, a str are TypeErrors; out of
        // range a ValueError).
        _ => return seed.extract::<U64>().map(|U64(s)| Seeds::One(Some(s))),
    };
    items
        .map(|s| {
            let s = s?;
            if s.is_none() {
                Ok(None)
            } else {
                s.extract::<U64>().map(|U64(v)| Some(v))
            }
        })
        .collect::<PyResult<_>>()
        .map(Seeds::Each)
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(
        signature = (num_envs, players=Int(4), variant="expert", seed=U64(0), threads=Int(1), opponents=None),
        text_signature = "(num_envs, players=4, variant='expert', seed=0, threads=1, opponents=None)"
    )]
    fn new(
        py: Python<'_>,
        num_envs: Int,
        players: Int,
        variant: &str,
        seed: U64,
        threads: Int,
        opponents: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // One integer rule for every entry point (bool is no int; a negative
        // or huge size is a ValueError, never OverflowError): docs/errors.md.
        let size = |name: &str, v: Int| {
            usize::try_from(v.0).map_err(|_| {
                PyValueError::new_err(format!("{name} must be at least 1, not {}", v.0))
            })
        };
        let (num_envs, seed, threads) = (
            size("num_envs", num_envs)?,
            seed.0,
            size("threads", threads)?,
        );
        let config = keyword_config(py, players.0, variant, seed, 0)?;
        let opponents = parse_opponents(py, opponents)?;
        let inner = core_vector::VectorEnv::new(
            num_envs,
            config.players,
            config.variant,
            seed,
            threads,
            opponents,
        )
        .map_err(|e| vector_error(py, e))?;
        let p = inner.players() as usize;
        Ok(VectorEnv {
            observations: PyArray2::zeros(py, [num_envs, OBSERVATION_SIZE], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, ACTION_COUNT], false).unbind(),
            to_act: PyArray1::zeros(py, num_envs, false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, p], false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
            seeds: PyArray1::zeros(py, num_envs, false).unbind(),
            inner,
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.num_envs()
    }

    /// The player count.
    #[getter]
    fn players(&self) -> u8 {
        self.inner.players()
    }

    /// ``"family"`` or ``"expert"``.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().name()
    }

    /// ``None`` or the opponents' bot kind (``"random"``, ``"greedy"``,
    /// ``"ismcts"``).
    #[getter]
    fn opponents(&self) -> Option<String> {
        match self.inner.opponents() {
            Opponents::None => None,
            Opponents::Random => Some("random".into()),
            Opponents::Bot(spec) => Some(spec.kind().name().to_string()),
        }
    }

    /// The number of threads a step uses.
    #[getter]
    fn threads(&self) -> usize {
        self.inner.threads()
    }

    /// The seat you play in single-agent mode (``opponents`` not ``None``): 0.
    #[classattr]
    #[allow(non_snake_case)]
    fn LEARNER_SEAT() -> u8 {
        core_vector::LEARNER_SEAT
    }

    /// Starts every game afresh (from ``seed``, or the seed given at
    /// creation) and returns ``(observations [N, OBSERVATION_SIZE] float32,
    /// info)`` with ``info["action_mask"]`` ``[N, 716]`` bool,
    /// ``info["to_act"]`` ``[N]`` int64 and ``info["seed"]`` ``[N]`` uint64
    /// (each game is ``Game(players, variant, seed=info["seed"][i])``).
    /// ``seed`` may also be a sequence of at most ``N`` ints (or ``None``),
    /// as the Gymnasium vector API passes: env ``i`` then starts as if the
    /// batch were reset with ``seed[i]`` (``None`` or a missing entry: the
    /// batch's seed), so ``[s] * N`` is ``s``.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyDict>)> {
        let (obs, _, _, _, info) = match parse_seeds(seed)? {
            Seeds::One(seed) => self.run(py, move |env, out| env.reset(seed, out))?,
            Seeds::Each(seeds) => self.run(py, move |env, out| env.reset_each(&seeds, out))?,
        };
        Ok((obs, info))
    }

    /// Applies ``actions[i]`` (an action id) in game ``i`` for every ``i``
    /// and returns ``(observations, rewards [N, players] float32, terminated
    /// [N] bool, truncated [N] bool, info)``. A game that ended at the
    /// previous step starts a new one instead and ignores its action
    /// (Gymnasium's next-step autoreset). Raises ``IllegalActionError`` (a
    /// ``ValueError``) naming the first env whose action is illegal and the
    /// ruling; then no game has changed.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> StepResult<'py> {
        let ids = actions_vec(py, actions)?;
        if ids.len() != self.inner.num_envs() {
            return Err(errors::value_error(format!(
                "actions holds {} ids; this VectorEnv has {} games",
                ids.len(),
                self.inner.num_envs()
            )));
        }
        self.run(py, move |env, out| env.step(&ids, out))
    }

    /// A ``metropolys.Game`` equal to game ``i``'s current position (without
    /// history; the whole game, not a seat's view). Raises ``ValueError``
    /// before ``reset()``, like ``step``: no game has started yet.
    fn game(&self, i: Int) -> PyResult<crate::game::Game> {
        if !self.inner.started() {
            return Err(errors::value_error(
                "call reset() before game(): no game has started yet".into(),
            ));
        }
        let i = i.0;
        usize::try_from(i)
            .ok()
            .and_then(|i| self.inner.state(i))
            .map(|s| crate::game::Game::from_state(*s))
            .ok_or_else(|| {
                errors::value_error(format!(
                    "env {i} is not in this VectorEnv of {} games",
                    self.inner.num_envs()
                ))
            })
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv(num_envs={}, players={}, variant={:?}, threads={}, opponents={})",
            self.inner.num_envs(),
            self.inner.players(),
            self.inner.variant().name(),
            self.inner.threads(),
            match self.inner.opponents() {
                Opponents::None => "None".to_string(),
                Opponents::Random => "'random'".to_string(),
                Opponents::Bot(spec) if spec.params().is_empty() => format!("'{}'", spec.kind()),
                Opponents::Bot(spec) => format!("('{}', {})", spec.kind(), spec.params_json()),
            }
        )
    }
}
