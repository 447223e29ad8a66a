//! Engine errors as Python exceptions.
//!
//! The exception classes are defined in Python (`metropolys/_errors.py`) so
//! that they can subclass both `MetropolysError` and `ValueError` and carry a
//! `rule` attribute; they are imported once and raised from here.

use metropolys_core::{ConfigError, Error, RecordError, Rule, RuleError, Rules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes of the package.
#[derive(Clone, Copy)]
pub enum Kind {
    /// `IllegalActionError`.
    IllegalAction,
    /// `InvalidConfigError`.
    InvalidConfig,
    /// `InvalidStateError`.
    InvalidState,
    /// `RecordError`.
    Record,
}

static CLASSES: [PyOnceLock<Py<PyType>>; 4] = [
    PyOnceLock::new(),
    PyOnceLock::new(),
    PyOnceLock::new(),
    PyOnceLock::new(),
];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::IllegalAction => "IllegalActionError",
            Kind::InvalidConfig => "InvalidConfigError",
            Kind::InvalidState => "InvalidStateError",
            Kind::Record => "RecordError",
        }
    }
}

/// An exception of class `kind` with `message`, the `rules` attribute (the
/// rulings, a tuple of `"R-9"` strings) and the `rule` attribute (the same
/// joined by `/` for display, or `None` when there is none).
pub fn raise(py: Python<'_>, kind: Kind, message: String, rules: &[Rule]) -> PyErr {
    let rule = (!rules.is_empty()).then(|| Rules(rules).to_string());
    let names: Vec<&'static str> = rules.iter().map(|r| r.name()).collect();
    match CLASSES[kind as usize].import(py, "metropolys._errors", kind.name()) {
        Ok(ty) => PyErr::from_type(ty.clone(), (message, rule, names)),
        Err(e) => e,
    }
}

/// An illegal action (R-7 … R-17).
pub fn rule_error(py: Python<'_>, e: RuleError) -> PyErr {
    raise(py, Kind::IllegalAction, e.to_string(), e.rule())
}

/// An invalid configuration (R-1 … ).
pub fn config_error(py: Python<'_>, e: ConfigError) -> PyErr {
    raise(py, Kind::InvalidConfig, e.to_string(), e.rule())
}

/// A record that does not replay or does not match.
pub fn record_error(py: Python<'_>, e: RecordError) -> PyErr {
    let rule = e.rule();
    raise(py, Kind::Record, e.to_string(), rule)
}

/// Any engine error, with the class chosen by its variant; malformed JSON
/// takes the class `json_kind` of the context (a configuration, a state or a
/// record).
pub fn error(py: Python<'_>, e: Error, json_kind: Kind) -> PyErr {
    let rule = e.rule();
    match e {
        Error::Rule(e) => rule_error(py, e),
        Error::Config(e) => config_error(py, e),
        Error::Record(e) => record_error(py, e),
        Error::InvalidState(_) => raise(py, Kind::InvalidState, e.to_string(), rule),
        other => raise(py, json_kind, other.to_string(), rule),
    }
}

/// A plain `ValueError` for arguments out of range that are not about a rule
/// (a seat or neighborhood id that does not exist).
pub fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}
