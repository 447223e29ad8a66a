//! numpy tensors of a game (observation, legal-action mask, legal ids,
//! information state), written by `metropolys-tensor`.

use crate::errors;
use crate::ints::Int;
use metropolys_core::{Area, Kind, Seat, State};
use metropolys_tensor::{self as tensor, Reveal, TensorError, ACTION_COUNT, OBSERVATION_SIZE};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A tensor error as a Python `ValueError`.
pub fn tensor_error(e: TensorError) -> PyErr {
    errors::value_error(e.to_string())
}

/// `"own"`, `"none"` or `"all"`.
pub fn parse_reveal(reveal: &str) -> PyResult<Reveal> {
    match reveal {
        "own" => Ok(Reveal::Own),
        "none" => Ok(Reveal::None),
        "all" => Ok(Reveal::All),
        other => Err(errors::value_error(format!(
            "reveal must be 'own', 'none' or 'all', not {other:?}"
        ))),
    }
}

/// The observation of `seat` as a new float32 array, or written into `out`
/// (a contiguous float32 array of `OBSERVATION_SIZE` values), which is then
/// returned.
pub fn observation<'py>(
    py: Python<'py>,
    state: &State,
    seat: Seat,
    reveal: Reveal,
    out: Option<Bound<'py, PyArray1<f32>>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    match out {
        Some(out) => {
            {
                let mut rw = out.try_readwrite()?;
                let slice = rw.as_slice_mut()?;
                tensor::observation_into(state, seat, reveal, slice).map_err(tensor_error)?;
            }
            Ok(out)
        }
        None => {
            let mut buf = [0f32; OBSERVATION_SIZE];
            tensor::observation_into(state, seat, reveal, &mut buf).map_err(tensor_error)?;
            Ok(PyArray1::from_slice(py, &buf))
        }
    }
}

/// The legal-action mask as a bool array of `ACTION_COUNT` values.
/// The cards of one seat dealt so far in OpenSpiel's chance phase.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Dealt {
    #[serde(default)]
    neighborhood: Option<Kind>,
    #[serde(default)]
    area: Option<Area>,
}

/// `metropolys_tensor::dealing_observation_into` from a Python list of
/// `None` or `{"neighborhood": kind, "area": area}` dicts, one per seat.
pub fn dealing_observation(
    state: &State,
    seat: Seat,
    dealt: &Bound<'_, PyAny>,
    out: Bound<'_, PyArray1<f32>>,
) -> PyResult<()> {
    let dealt: Vec<Option<Dealt>> = serde_json::from_str(&crate::convert::json_text(dealt)?)
        .map_err(|e| errors::value_error(format!("dealt cards: {e}")))?;
    let dealt: Vec<(Option<Kind>, Option<Area>)> = dealt
        .into_iter()
        .map(|d| d.map_or((None, None), |d| (d.neighborhood, d.area)))
        .collect();
    let mut rw = out.try_readwrite()?;
    tensor::dealing_observation_into(state, seat, &dealt, rw.as_slice_mut()?).map_err(tensor_error)
}

pub fn action_mask<'py>(py: Python<'py>, state: &State) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let mut buf = [false; ACTION_COUNT];
    tensor::action_mask_into(state, &mut buf).map_err(tensor_error)?;
    Ok(PyArray1::from_slice(py, &buf))
}

/// The legal action ids, ascending, as an int64 array.
pub fn legal_ids<'py>(py: Python<'py>, state: &State) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let mut buf = [0i64; ACTION_COUNT];
    let n = tensor::legal_ids_into(state, &mut buf).map_err(tensor_error)?;
    Ok(PyArray1::from_slice(py, &buf[..n]))
}

/// The information-state tensor of `seat` after the decisions `history`.
pub fn information_state<'py>(
    py: Python<'py>,
    state: &State,
    seat: Seat,
    reveal: Reveal,
    history: &[u16],
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let mut buf = vec![0f32; tensor::information_state_size(state.players())];
    tensor::information_state_into(state, seat, reveal, history, &mut buf).map_err(tensor_error)?;
    Ok(PyArray1::from_vec(py, buf))
}

/// `players` as a seat count of 2 to 4: `ValueError` otherwise.
fn player_count(players: Int) -> PyResult<u8> {
    match u8::try_from(players.0) {
        Ok(p) if metropolys_core::PLAYER_COUNTS.contains(&p) => Ok(p),
        _ => Err(errors::value_error(format!(
            "R-1: a game has 2, 3 or 4 players, not {}",
            players.0
        ))),
    }
}

/// The size of the information-state tensor of a `players`-player game.
#[pyfunction]
pub fn information_state_size(players: Int) -> PyResult<usize> {
    Ok(tensor::information_state_size(player_count(players)?))
}

/// An upper bound on the decisions in one game of ``players`` players: at
/// most ``12 * players + 1`` calls, each of at most 13 bids
/// and ``players - 1`` voluntary passes.
#[pyfunction]
pub fn max_decisions(players: Int) -> PyResult<usize> {
    Ok(tensor::max_decisions(player_count(players)?))
}

/// Module constants: the observation size, version and layout.
/// One uniformly random legal action per row of ``masks`` (a ``[N,
/// ACTION_COUNT]`` bool array: a batch's ``info["action_mask"]``), drawn
/// from ``rng`` (a ``SplitMix64``, advanced in place), as an int64 array
/// of ``N`` ids; 0 for a row with no legal action. What the Gymnasium
/// wrappers' ``sample_legal`` and masked ``action_space.sample`` use.
#[pyfunction]
pub fn _sample_legal<'py>(
    py: Python<'py>,
    masks: PyReadonlyArray2<'py, bool>,
    rng: &Bound<'py, crate::rngs::SplitMix64>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let [n, width] = [masks.shape()[0], masks.shape()[1]];
    if width != ACTION_COUNT {
        return Err(errors::value_error(format!(
            "action masks have {ACTION_COUNT} columns, not {width}"
        )));
    }
    let mut out = vec![0i64; n];
    let mut rng = rng.borrow_mut();
    let result = match masks.as_slice() {
        Ok(flat) => tensor::sample_legal_into(flat, &mut rng.0, &mut out),
        Err(_) => {
            let flat: Vec<bool> = masks.as_array().iter().copied().collect();
            tensor::sample_legal_into(&flat, &mut rng.0, &mut out)
        }
    };
    result.map_err(tensor_error)?;
    Ok(PyArray1::from_vec(py, out))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("OBSERVATION_SIZE", OBSERVATION_SIZE)?;
    m.add("OBSERVATION_VERSION", tensor::OBSERVATION_VERSION)?;
    m.add("DECISION_WIDTH", tensor::DECISION_WIDTH)?;
    let pieces = PyDict::new(py);
    for (name, offset, shape) in tensor::PIECES {
        pieces.set_item(name, (offset, PyTuple::new(py, shape)?))?;
    }
    m.add("OBSERVATION_PIECES", pieces)?;
    m.add_function(wrap_pyfunction!(information_state_size, m)?)?;
    m.add_function(wrap_pyfunction!(max_decisions, m)?)?;
    // Private (for `metropolys.gym`): an attribute, not in `__all__`.
    m.setattr("_sample_legal", wrap_pyfunction!(_sample_legal, m)?)?;
    Ok(())
}
