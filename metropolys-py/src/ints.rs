//! Integer arguments from Python, one rule for every entry point: a `bool`
//! is not an integer and anything that is not an integer (an `int` or an
//! object with `__index__`, such as a numpy integer) is a `TypeError`.
//! Integers of any size are accepted here; whether they are in range is for
//! each entry point to say with its documented error class (an integer
//! beyond 64 bits is out of every range, never an `OverflowError`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// An integer argument, saturated to the `i64` range (so an integer beyond
/// it fails every range check of the entry point that takes it).
#[derive(Clone, Copy, Debug)]
pub struct Int(pub i64);

fn integer<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyInt>> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a bool is not an integer here; give an int",
        ));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return Ok(i.clone());
    }
    if obj.hasattr("__index__")? {
        let i = obj.call_method0("__index__")?;
        return i.cast_into::<PyInt>().map_err(PyErr::from);
    }
    Err(PyTypeError::new_err(format!(
        "an integer is expected, not {}",
        obj.get_type().name()?
    )))
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let i = integer(&obj)?;
        if let Ok(v) = i.extract::<i64>() {
            return Ok(Int(v));
        }
        let negative = i.lt(0)?;
        Ok(Int(if negative { i64::MIN } else { i64::MAX }))
    }
}

/// A seed (or a count): an integer of 0 … 2**64 - 1; out of that range is a
/// `ValueError`.
#[derive(Clone, Copy, Debug)]
pub struct U64(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for U64 {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let i = integer(&obj)?;
        i.extract::<u64>().map(U64).map_err(|_| {
            PyValueError::new_err(format!(
                "{} is out of range: seeds and counts are integers of 0 to 2**64 - 1",
                i.repr()
                    .map_or_else(|_| "the integer".into(), |r| r.to_string())
            ))
        })
    }
}
