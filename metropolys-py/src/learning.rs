//! `metropolys.learning`'s engine side: the self-play generator
//! (`metropolys_tensor::selfplay`), run with the GIL released and Ctrl-C
//! honoured, and the bots' fixed-point value network
//! (`metropolys_bots::learned`): rounding a trainer's float layers into its
//! file, reading a file, evaluating feature rows with it.

use crate::bots::{bot_error, watch, Watched};
use crate::errors;
use crate::ints::{Int, U64};
use metropolys_bots::learned::{FloatLayer, ValueNet, BELIEF_FEATURES, INPUTS};
use metropolys_bots::prior::PRIOR_FEATURES;
use metropolys_bots::{BotSpec, Cancel};
use metropolys_core::Variant;
use metropolys_tensor::selfplay::{
    belief_selfplay as run_belief_selfplay, prior_selfplay as run_prior_selfplay,
    selfplay as run_selfplay, ExampleRows, SelfPlayError, SelfPlayOptions,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

fn model_error(e: metropolys_bots::learned::ModelError) -> PyErr {
    errors::value_error(format!("value network: {e}"))
}

/// The options of a run, checked, with the run's cancel flag.
struct Options {
    run: SelfPlayOptions,
    cancel: Cancel,
}

impl std::ops::Deref for Options {
    type Target = SelfPlayOptions;
    fn deref(&self) -> &SelfPlayOptions {
        &self.run
    }
}

#[allow(clippy::too_many_arguments)]
fn options(
    games: U64,
    teacher: &str,
    params: &str,
    players: Vec<u8>,
    variant: &str,
    seed: U64,
    threads: Option<Int>,
    stride: u32,
    playouts: u32,
) -> PyResult<Options> {
    if stride == 0 || stride > 1000 || playouts > 100_000 {
        return Err(errors::value_error(format!(
            "selfplay: stride must be from 1 to 1000 and playouts at most 100000, not {stride} and {playouts}"
        )));
    }
    let teacher = BotSpec::from_parts(teacher, params).map_err(bot_error)?;
    let variant: Variant = variant
        .parse()
        .map_err(|e: metropolys_core::ParseNameError| errors::value_error(e.to_string()))?;
    let threads = match threads {
        None => 0,
        Some(t) => match usize::try_from(t.0) {
            Ok(t @ 1..=256) => t,
            _ => {
                return Err(errors::value_error(format!(
                    "selfplay: threads must be from 1 to 256, not {}",
                    t.0
                )))
            }
        },
    };
    Ok(Options {
        run: SelfPlayOptions {
            games: games.0,
            players,
            variant,
            teacher,
            seed: seed.0,
            threads,
            stride,
            playouts,
        },
        cancel: Cancel::new(),
    })
}

/// Runs `f` with the GIL released and Ctrl-C honoured (raising `cancel`,
/// the flag `f` reads).
fn watched<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    f: impl FnOnce() -> Result<T, SelfPlayError> + Send,
) -> PyResult<T> {
    let done = match watch(py, cancel, "metropolys-selfplay", f)? {
        Watched::Done(d) => d,
        Watched::Interrupted(e) => return Err(e),
    };
    done.map_err(|e| match e {
        SelfPlayError::Bot(b) => bot_error(b),
        other => errors::value_error(format!("selfplay: {other}")),
    })
}

/// Plays `games` games of `teacher` against itself; a dict of numpy
/// arrays: `features` (rows × 932 float32), `values` (rows × 4
/// float32), `game` (uint32), `players` (uint8), `decision` (uint16).
#[pyfunction]
#[pyo3(
    signature = (games, *, teacher="strong", params="", players=vec![2, 3, 4], variant="expert", seed=U64(0), threads=None, stride=1, playouts=0),
    text_signature = "(games, *, teacher='strong', params='', players=(2, 3, 4), variant='expert', seed=0, threads=None, stride=1, playouts=0)"
)]
#[allow(clippy::too_many_arguments)]
fn selfplay<'py>(
    py: Python<'py>,
    games: U64,
    teacher: &str,
    params: &str,
    players: Vec<u8>,
    variant: &str,
    seed: U64,
    threads: Option<Int>,
    stride: u32,
    playouts: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(
        games, teacher, params, players, variant, seed, threads, stride, playouts,
    )?;
    let s = watched(py, &options.cancel, || {
        run_selfplay(&options, Some(&options.cancel), &|_| {})
    })?;
    let rows = s.len();
    let out = PyDict::new(py);
    out.set_item(
        "features",
        PyArray1::from_vec(py, s.features).reshape([rows, INPUTS])?,
    )?;
    out.set_item(
        "values",
        PyArray1::from_vec(py, s.values).reshape([rows, metropolys_core::MAX_PLAYERS])?,
    )?;
    out.set_item(
        "outcomes",
        PyArray1::from_vec(py, s.outcomes).reshape([rows, metropolys_core::MAX_PLAYERS])?,
    )?;
    out.set_item("game", PyArray1::from_vec(py, s.game))?;
    out.set_item("players", PyArray1::from_vec(py, s.players))?;
    out.set_item("decision", PyArray1::from_vec(py, s.decision))?;
    Ok(out)
}

/// Plays `games` games of `teacher` against itself; the learned belief's
/// examples as a dict of numpy arrays, one row per card an opponent's card
/// may be: `features` (rows × 3 float64), `example`, `game` (uint32),
/// `kind` (uint8: 0 area, 1 neighborhood, 2 Metropolys card),
/// `candidate`, `players` (uint8), `truth` (bool), `decision` (uint16).
#[pyfunction]
#[pyo3(
    signature = (games, *, teacher="strong", params="", players=vec![2, 3, 4], variant="expert", seed=U64(0), threads=None, stride=1),
    text_signature = "(games, *, teacher='strong', params='', players=(2, 3, 4), variant='expert', seed=0, threads=None, stride=1)"
)]
#[allow(clippy::too_many_arguments)]
fn belief_selfplay<'py>(
    py: Python<'py>,
    games: U64,
    teacher: &str,
    params: &str,
    players: Vec<u8>,
    variant: &str,
    seed: U64,
    threads: Option<Int>,
    stride: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(
        games, teacher, params, players, variant, seed, threads, stride, 0,
    )?;
    let s = watched(py, &options.cancel, || {
        run_belief_selfplay(&options, Some(&options.cancel), &|_| {})
    })?;
    let rows = s.len();
    let out = PyDict::new(py);
    out.set_item(
        "features",
        PyArray1::from_vec(py, s.features).reshape([rows, BELIEF_FEATURES])?,
    )?;
    out.set_item("kind", PyArray1::from_vec(py, s.kind))?;
    out.set_item("candidate", PyArray1::from_vec(py, s.candidate))?;
    out.set_item("truth", PyArray1::from_vec(py, s.truth))?;
    set_keys(&out, s.keys)?;
    Ok(out)
}

/// Plays `games` games of `teacher` (a search) against itself; the
/// learned prior's examples as a dict of numpy arrays, one row per legal
/// action of each decision kept: `features` (rows × 16 float32),
/// `example`, `game` (uint32), `action` (uint16: the action id), `visits`
/// (uint32), `chosen` (bool), `players` (uint8), `decision` (uint16).
#[pyfunction]
#[pyo3(
    signature = (games, *, teacher="strong", params="", players=vec![2, 3, 4], variant="expert", seed=U64(0), threads=None, stride=1),
    text_signature = "(games, *, teacher='strong', params='', players=(2, 3, 4), variant='expert', seed=0, threads=None, stride=1)"
)]
#[allow(clippy::too_many_arguments)]
fn prior_selfplay<'py>(
    py: Python<'py>,
    games: U64,
    teacher: &str,
    params: &str,
    players: Vec<u8>,
    variant: &str,
    seed: U64,
    threads: Option<Int>,
    stride: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options(
        games, teacher, params, players, variant, seed, threads, stride, 0,
    )?;
    let s = watched(py, &options.cancel, || {
        run_prior_selfplay(&options, Some(&options.cancel), &|_| {})
    })?;
    let rows = s.len();
    let out = PyDict::new(py);
    out.set_item(
        "features",
        PyArray1::from_vec(py, s.features).reshape([rows, PRIOR_FEATURES])?,
    )?;
    out.set_item("action", PyArray1::from_vec(py, s.action))?;
    out.set_item("visits", PyArray1::from_vec(py, s.visits))?;
    out.set_item("chosen", PyArray1::from_vec(py, s.chosen))?;
    set_keys(&out, s.keys)?;
    Ok(out)
}

/// The columns every example's rows carry, as numpy arrays in `out`:
/// `example`, `game` (uint32), `players` (uint8), `decision` (uint16).
fn set_keys(out: &Bound<'_, PyDict>, keys: ExampleRows) -> PyResult<()> {
    let py = out.py();
    out.set_item("example", PyArray1::from_vec(py, keys.example))?;
    out.set_item("game", PyArray1::from_vec(py, keys.game))?;
    out.set_item("players", PyArray1::from_vec(py, keys.players))?;
    out.set_item("decision", PyArray1::from_vec(py, keys.decision))?;
    Ok(())
}

/// Rounds float layers `[(weights, biases), ...]` (weights input-major,
/// `inputs × outputs`, as scikit-learn's `coefs_`) into the bots' network
/// file; returns its bytes.
#[pyfunction]
fn quantize_value_net<'py>(
    py: Python<'py>,
    layers: Vec<(PyReadonlyArray2<'py, f32>, Vec<f32>)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut float = Vec::with_capacity(layers.len());
    for (w, b) in &layers {
        let shape = w.shape();
        float.push(FloatLayer {
            inputs: shape[0],
            outputs: shape[1],
            weights: w.as_array().iter().copied().collect(),
            biases: b.clone(),
        });
    }
    let net = ValueNet::quantize(&float).map_err(model_error)?;
    Ok(PyBytes::new(py, &net.to_bytes()))
}

/// The values of feature rows (rows × 932 float32) under the network file
/// `model` (None: the one shipped), rows × 4 float64, as the bots compute
/// them.
#[pyfunction]
#[pyo3(signature = (features, model=None))]
fn evaluate_value_net<'py>(
    py: Python<'py>,
    features: PyReadonlyArray2<'py, f32>,
    model: Option<&[u8]>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let owned;
    let net = match model {
        Some(bytes) => {
            owned = ValueNet::from_bytes(bytes).map_err(model_error)?;
            &owned
        }
        None => ValueNet::builtin(),
    };
    if features.shape()[1] != INPUTS {
        return Err(errors::value_error(format!(
            "features must have {INPUTS} columns, not {}",
            features.shape()[1]
        )));
    }
    let view = features.as_array();
    let mut out = Vec::with_capacity(view.nrows() * 4);
    let mut row = [0f32; INPUTS];
    for r in view.rows() {
        for (x, v) in row.iter_mut().zip(r.iter()) {
            *x = *v;
        }
        out.extend_from_slice(&net.evaluate_features(&row));
    }
    PyArray1::from_vec(py, out).reshape([view.nrows(), 4])
}

/// The shipped network's hash (hex) and layer sizes.
#[pyfunction]
#[pyo3(signature = (model=None))]
fn value_net_info(model: Option<&[u8]>) -> PyResult<(String, Vec<(usize, usize)>)> {
    let net = match model {
        Some(bytes) => ValueNet::from_bytes(bytes).map_err(model_error)?,
        None => ValueNet::builtin().clone(),
    };
    Ok((format!("{:016x}", net.hash()), net.shape()))
}

/// Adds the functions to the extension module, private (not in its
/// `__all__`): `metropolys.learning` is their API.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.setattr("_selfplay", wrap_pyfunction!(selfplay, m)?)?;
    m.setattr("_belief_selfplay", wrap_pyfunction!(belief_selfplay, m)?)?;
    m.setattr("_prior_selfplay", wrap_pyfunction!(prior_selfplay, m)?)?;
    m.setattr(
        "_quantize_value_net",
        wrap_pyfunction!(quantize_value_net, m)?,
    )?;
    m.setattr(
        "_evaluate_value_net",
        wrap_pyfunction!(evaluate_value_net, m)?,
    )?;
    m.setattr("_value_net_info", wrap_pyfunction!(value_net_info, m)?)?;
    // The features' counts, for the recipes (private: set, not in `__all__`).
    m.setattr("_PRIOR_FEATURES", PRIOR_FEATURES)?;
    m.setattr("_BELIEF_FEATURES", BELIEF_FEATURES)?;
    m.setattr("_VALUE_INPUTS", INPUTS)?;
    Ok(())
}
