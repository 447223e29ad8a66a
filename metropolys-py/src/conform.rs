//! The Rust side of `metropolys.conformance`: an engine written in Python
//! (an object with the protocol's operations as methods) is driven through
//! metropolys-conform's generation, comparison and shrinking, the code
//! `metropolys conform` runs, instead of a second copy in Python.
//!
//! Each answer the object returns is turned into the protocol's response
//! (`{"ok": true, "legal": [...]}`) and checked by the protocol's own
//! reader, so an engine object is held to exactly what a child process is.
//! The functions are private attributes of the extension module (not in
//! its `__all__`); `metropolys/conformance.py` is their public face.

use crate::arena::python_name;
use crate::convert::{json_text, to_py};
use crate::errors::{self, Kind};
use crate::ints::U64;
use metropolys_conform::protocol::{answer_from_value, Answer, Hello, Request, PROTOCOL_VERSION};
use metropolys_conform::{any_selected, check, Engine, Options, MAX_STEPS};
use metropolys_core::Record;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString};
use serde_json::{json, Map, Value};

/// A Python object that answers protocol requests through its methods.
struct PyEngine<'py> {
    /// Makes a fresh engine for each game (`check`), or `None` when one
    /// engine plays the one game (`replay`).
    factory: Option<Bound<'py, PyAny>>,
    /// The engine of the current game.
    engine: Bound<'py, PyAny>,
    /// The exception the engine raised, re-raised once the run stops.
    raised: Option<PyErr>,
}

impl<'py> PyEngine<'py> {
    /// The response to `request`, as the protocol writes it.
    fn respond(&mut self, request: &Request) -> PyResult<Value> {
        let py = self.engine.py();
        let ok = |key: &str, value: Value| json!({"ok": true, key: value});
        Ok(match request {
            Request::Hello { .. } => hello_response(&self.engine)?,
            Request::NewGame { config } => {
                if let Some(factory) = &self.factory {
                    self.engine = factory.call0()?;
                }
                let config = to_py(py, config)?;
                verdict(
                    &self
                        .engine
                        .call_method1(intern!(py, "new_game"), (config,))?,
                )?
            }
            Request::ToAct => ok(
                "to_act",
                value(&self.engine.call_method0(intern!(py, "to_act"))?)?,
            ),
            Request::Legal => ok(
                "legal",
                value(&self.engine.call_method0(intern!(py, "legal"))?)?,
            ),
            Request::Apply { player, action } => verdict(
                &self
                    .engine
                    .call_method1(intern!(py, "apply"), (*player, *action))?,
            )?,
            Request::Scores => ok(
                "scores",
                value(&self.engine.call_method0(intern!(py, "scores"))?)?,
            ),
            Request::IsOver => {
                let over = self
                    .engine
                    .call_method0(intern!(py, "is_over"))?
                    .is_truthy()?;
                ok("over", Value::Bool(over))
            }
            Request::Winners => ok(
                "winners",
                value(&self.engine.call_method0(intern!(py, "winners"))?)?,
            ),
            Request::Quit => json!({"ok": true}),
        })
    }
}

impl Engine for PyEngine<'_> {
    fn batch(&mut self, requests: &[Request]) -> Result<Vec<Answer>, String> {
        let mut answers = Vec::with_capacity(requests.len());
        for r in requests {
            let response = self.respond(r).map_err(|e| {
                let message = e.to_string();
                self.raised.get_or_insert(e);
                message
            })?;
            let answer = answer_from_value(r, &response).map_err(|e| {
                let op = serde_json::to_string(r).unwrap_or_default();
                format!("malformed answer to {op}: {e}")
            })?;
            answers.push(answer);
        }
        Ok(answers)
    }
}

/// The response to `new_game` and `apply`: `None` accepts, a string is the
/// ruling that refuses.
fn verdict(answer: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(if answer.is_none() {
        json!({"ok": true})
    } else {
        json!({"ok": false, "error": "rejected", "rule": value(answer)?})
    })
}

/// The `hello` response of an engine object: its name (its `name`
/// attribute, else its class name) and its optional `unsupported` list.
fn hello_response(engine: &Bound<'_, PyAny>) -> PyResult<Value> {
    let unsupported = match engine.getattr_opt("unsupported")? {
        Some(u) if !u.is_none() => value(&u)?,
        _ => Value::Array(Vec::new()),
    };
    Ok(json!({
        "ok": true,
        "version": PROTOCOL_VERSION,
        "name": python_name(engine)?,
        "unsupported": unsupported,
    }))
}

/// A Python value as JSON: `None`, booleans (numpy's too), integers (any
/// object with `__index__`, numpy's too), floats, strings, mappings with
/// string keys, and other iterables as lists.
fn value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    // The common types first, by cheap type checks.
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return integer(i.as_any());
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l.iter().map(|i| value(&i)).collect();
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        return mapping(d.items().try_iter()?);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.extract()?));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(serde_json::Number::from_f64(f.value()).map_or(Value::Null, Value::Number));
    }
    // numpy's booleans and integers, other mappings and iterables.
    if let Ok(b) = obj.extract::<bool>() {
        return Ok(Value::Bool(b));
    }
    if obj.hasattr("__index__")? {
        return integer(obj);
    }
    if let Ok(m) = obj.cast::<PyMapping>() {
        return mapping(m.items()?.try_iter()?);
    }
    match obj.try_iter() {
        Ok(items) => items.map(|i| value(&i?)).collect(),
        Err(_) => Err(PyTypeError::new_err(format!(
            "an engine answered with a {}, which is not a JSON value",
            obj.get_type().name()?
        ))),
    }
}

/// An integer (or an object with `__index__`) as a JSON number.
fn integer(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    match obj.extract::<i64>() {
        Ok(i) => Ok(Value::from(i)),
        Err(_) => Ok(Value::from(obj.extract::<u64>()?)),
    }
}

/// `(key, value)` pairs as a JSON object.
fn mapping(items: Bound<'_, pyo3::types::PyIterator>) -> PyResult<Value> {
    let mut map = Map::new();
    for item in items {
        let (k, v): (String, Bound<'_, PyAny>) = item?.extract()?;
        map.insert(k, value(&v)?);
    }
    Ok(Value::Object(map))
}

/// Raises what stopped a run: the engine's own exception, or a
/// `ValueError` for an answer the protocol does not accept.
fn failure(engine: &mut PyEngine<'_>, message: String) -> PyErr {
    engine
        .raised
        .take()
        .unwrap_or_else(|| PyValueError::new_err(message))
}

/// The engine's `hello`, checked like a child process's.
fn hello(engine: &mut PyEngine<'_>) -> PyResult<Hello> {
    let request = Request::Hello {
        version: PROTOCOL_VERSION,
    };
    match engine.batch(std::slice::from_ref(&request)) {
        Ok(mut answers) => match answers.pop() {
            Some(Answer::Hello(h)) => Ok(h),
            _ => Err(PyValueError::new_err("no answer to hello")),
        },
        Err(e) => Err(failure(engine, e)),
    }
}

/// Compares the engines ``factory()`` makes (one per game) with the
/// reference engine over ``games`` random games from ``seed``, shrinking the
/// first disagreement (see ``metropolys.conformance.check``, which wraps
/// the dict returned here).
#[pyfunction]
#[pyo3(signature = (factory, games, seed, max_steps))]
fn conformance_check<'py>(
    factory: &Bound<'py, PyAny>,
    games: U64,
    seed: U64,
    max_steps: U64,
) -> PyResult<Bound<'py, PyDict>> {
    let py = factory.py();
    let games = u32::try_from(games.0)
        .map_err(|_| PyValueError::new_err(format!("games {} is above 2**32 - 1", games.0)))?;
    if max_steps.0 > u64::from(MAX_STEPS) {
        return Err(PyValueError::new_err(format!(
            "max_steps {} is above {MAX_STEPS}",
            max_steps.0
        )));
    }
    let mut engine = PyEngine {
        factory: Some(factory.clone()),
        engine: factory.call0()?,
        raised: None,
    };
    let hello = hello(&mut engine)?;
    let options = Options {
        games,
        seed: seed.0,
        max_steps: max_steps.0 as usize,
        ..Options::default()
    };
    if games > 0 && !any_selected(&options, &hello) {
        return Err(PyValueError::new_err(format!(
            "{} supports none of the configurations (unsupported: {})",
            hello.name,
            hello.unsupported.join(", ")
        )));
    }
    let report = check(&mut engine, &hello, &options, &mut |_| {});
    if let Some(e) = report.protocol_error {
        return Err(failure(&mut engine, e));
    }
    if let Some(why) = report.gave_up {
        return Err(PyValueError::new_err(format!(
            "game generation gave up: {why} (after {} agreeing game(s))",
            report.games
        )));
    }
    let result = PyDict::new(py);
    result.set_item("ok", report.shrunk.is_none())?;
    result.set_item("games", report.games)?;
    result.set_item("decisions", report.decisions)?;
    result.set_item("shrink_runs", report.shrink_runs)?;
    if let (Some(found), Some(shrunk)) = (&report.found, &report.shrunk) {
        let diagnosis = shrunk.diagnosis(&hello.name);
        let mut record = shrunk.record.clone();
        record.description = Some(format!("metropolys.conformance.check: {diagnosis}"));
        result.set_item("record", to_py(py, &record)?)?;
        result.set_item("diagnosis", diagnosis)?;
        result.set_item("found_length", found.record.actions.len())?;
        let details = PyDict::new(py);
        details.set_item("config", to_py(py, &found.record.config)?)?;
        details.set_item("found_at_decision", found.decisions)?;
        details.set_item("what", &shrunk.what)?;
        details.set_item("search_seconds", report.search_time.as_secs_f64())?;
        details.set_item("shrink_seconds", report.shrink_time.as_secs_f64())?;
        result.set_item("details", details)?;
    }
    Ok(result)
}

/// Replays a game record through ``engine`` and returns the first
/// difference from the record's ``expected`` part, or ``None`` (see
/// ``metropolys.conformance.replay``).
#[pyfunction]
fn conformance_replay(
    engine: &Bound<'_, PyAny>,
    record: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let py = engine.py();
    let record =
        Record::from_json(&json_text(record)?).map_err(|e| errors::error(py, e, Kind::Record))?;
    let mut engine = PyEngine {
        factory: None,
        engine: engine.clone(),
        raised: None,
    };
    metropolys_conform::replay(&mut engine, &record).map_err(|e| failure(&mut engine, e))
}

/// Sets the functions as private attributes of the extension module (kept
/// out of its `__all__`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.setattr(
        "_conformance_check",
        wrap_pyfunction!(conformance_check, m)?,
    )?;
    m.setattr(
        "_conformance_replay",
        wrap_pyfunction!(conformance_replay, m)?,
    )?;
    Ok(())
}
