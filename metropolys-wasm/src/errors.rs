//! Engine errors as JavaScript errors, in the words of the other bindings.
//!
//! The classes (`MetropolysError` and its subclasses, with `rule` and
//! `rules` like Python's) are defined in JavaScript (`js/errors.js`, shipped
//! beside the module as `errors.js`): the module imports the one function
//! that builds them, `errorOf`, through `engine-error.js`. Arguments out of range that are not about a rule are
//! `RangeError`s (Python's `ValueError`), arguments of the wrong type
//! `TypeError`s; docs/errors.md has the table.

use metropolys_core::{ConfigError, Error, RecordError, Rule, RuleError, Rules};
use std::fmt::Display;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(raw_module = "./engine-error.js")]
extern "C" {
    /// `new <kind>(message, rule, rules)` (`errorOf` of errors.js).
    #[wasm_bindgen(js_name = engineError)]
    fn engine_error(kind: &str, message: &str, rule: Option<String>, rules: Vec<String>)
        -> JsValue;
}

/// At most the first 60 bytes of a refused value, then `…` and its
/// length: core's excerpt, as every binding echoes.
pub use metropolys_core::echo::excerpt;

/// What every entry point returns: the value, or the error to throw.
pub type JsResult<T> = Result<T, JsValue>;

/// The error classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `IllegalActionError`.
    IllegalAction,
    /// `InvalidConfigError`.
    InvalidConfig,
    /// `InvalidStateError`.
    InvalidState,
    /// `RecordError`.
    Record,
    /// `ActionParseError`.
    ActionParse,
    /// `TypeError`: an argument of the wrong type.
    Type,
    /// `RangeError`: an argument out of range that is not about a rule
    /// (Python's `ValueError`).
    Range,
    /// `Error`: a failure that is not the caller's (Python's
    /// `RuntimeError`).
    Runtime,
}

impl Kind {
    fn class(self) -> &'static str {
        match self {
            Kind::IllegalAction => "IllegalActionError",
            Kind::InvalidConfig => "InvalidConfigError",
            Kind::InvalidState => "InvalidStateError",
            Kind::Record => "RecordError",
            Kind::ActionParse => "ActionParseError",
            Kind::Type => "TypeError",
            Kind::Range => "RangeError",
            Kind::Runtime => "Error",
        }
    }
}

/// An error of class `kind` with `message` and the rulings `rules` (for
/// the engine's classes: `rules` as `["R-7", "R-9"]`, `rule` as `"R-7/R-9"`
/// or null).
pub fn raise(kind: Kind, message: impl Display, rules: &[Rule]) -> JsValue {
    let rule = (!rules.is_empty()).then(|| Rules(rules).to_string());
    let names = rules.iter().map(|r| r.name().to_string()).collect();
    engine_error(kind.class(), &message.to_string(), rule, names)
}

/// A `TypeError`.
pub fn type_error(message: impl Display) -> JsValue {
    raise(Kind::Type, message, &[])
}

/// A `RangeError` (Python's `ValueError`).
pub fn range_error(message: impl Display) -> JsValue {
    raise(Kind::Range, message, &[])
}

/// An illegal action (R-7 … R-17).
pub fn rule_error(e: RuleError) -> JsValue {
    raise(Kind::IllegalAction, &e, e.rule())
}

/// An invalid configuration (R-1 … ).
pub fn config_error(e: ConfigError) -> JsValue {
    raise(Kind::InvalidConfig, &e, e.rule())
}

/// A record that does not replay or does not match.
pub fn record_error(e: RecordError) -> JsValue {
    raise(Kind::Record, &e, e.rule())
}

/// Any engine error, its class chosen by its variant; malformed JSON takes
/// the class `json_kind` of the loader (a configuration, a state, a
/// record), as in Python.
pub fn error(e: Error, json_kind: Kind) -> JsValue {
    let rule = e.rule();
    match e {
        Error::Rule(e) => rule_error(e),
        Error::Config(e) => config_error(e),
        Error::Record(e) => record_error(e),
        Error::InvalidState(_) => raise(Kind::InvalidState, &e, rule),
        Error::Action(_) => raise(Kind::IllegalAction, &e, rule),
        other => raise(json_kind, &other, rule),
    }
}
