//! Conversions between serde values and Python objects, and from Python
//! arguments to core values (configurations, records).
//!
//! Rust values go to Python through their JSON form and `json.loads`, so
//! Python sees exactly the JSON shapes of core (same keys, same order).

use crate::errors::{self, Kind as ErrKind};
use metropolys_core::{Config, Record, Rule, Variant};
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

fn parse_variant(py: Python<'_>, variant: &str) -> PyResult<Variant> {
    crate::names::parse::<Variant>(variant)
        .map_err(|e| errors::raise(py, ErrKind::InvalidConfig, e, &[]))
}

fn parse_players(py: Python<'_>, players: i64) -> PyResult<u8> {
    u8::try_from(players).map_err(|_| {
        errors::raise(
            py,
            ErrKind::InvalidConfig,
            format!("R-1: a game has 2, 3 or 4 players, not {players}"),
            &[Rule::R1],
        )
    })
}

/// A configuration from keyword arguments (the constructor and `simulate`).
pub fn keyword_config(
    py: Python<'_>,
    players: i64,
    variant: &str,
    seed: u64,
    start_player: i64,
) -> PyResult<Config> {
    let mut config = Config::new(
        parse_players(py, players)?,
        parse_variant(py, variant)?,
        seed,
    );
    config.start_player = u8::try_from(start_player).map_err(|_| {
        errors::raise(
            py,
            ErrKind::InvalidConfig,
            format!("R-1: start player {start_player} is not a seat of a {players}-player game"),
            &[Rule::R1],
        )
    })?;
    Ok(config)
}

pub fn parse_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Record> {
    let text = json_text(record)?;
    Record::from_json(&text).map_err(|e| errors::error(py, e, ErrKind::Record))
}
