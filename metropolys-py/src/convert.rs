//! Conversions between serde values and Python objects.
//!
//! Rust values go to Python through their JSON form and `json.loads`, so
//! Python sees exactly the JSON shapes of core (same keys, same order).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use serde::Serialize;

static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `value` as the Python object `json.loads` gives for its JSON.
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    json_to_py(py, &text)
}

/// `json.loads(text)`.
pub fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    LOADS.import(py, "json", "loads")?.call1((text,))
}

/// A JSON text from a Python `str` (taken as JSON) or any other object
/// (`json.dumps`).
pub fn json_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s.extract();
    }
    DUMPS
        .import(obj.py(), "json", "dumps")?
        .call1((obj,))?
        .extract()
}
