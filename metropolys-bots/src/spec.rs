//! Bots from a kind name and a JSON object of parameters.

use crate::{Bot, BotError, Greedy, Ismcts, Playout, Random, Reward};
use serde_json::{Map, Value};

/// The bot kinds [`from_spec`] knows.
pub const KINDS: [&str; 3] = ["random", "greedy", "ismcts"];

/// A bot from its kind and a JSON object of parameters (`"{}"` or `""` for
/// the defaults).
///
/// | kind | parameters |
/// | --- | --- |
/// | `random` | none |
/// | `greedy` | `cost_per_number` (number 0–10), `building_value` (number −50–50) |
/// | `ismcts` | `iterations` (integer 1–100,000,000), `seconds` (number, above 0, at most 3600), `threads` (integer 1–256), `exploration` (number 0–100), `playout` (`"random"` or `"greedy"`), `reward` (`"win"` or `"score"`) |
///
/// See [`Ismcts`] for the meaning and defaults. Unknown kinds, parameters
/// that are not a JSON object, unknown parameter names and values of the
/// wrong type or range are errors naming what is wrong.
///
/// ```
/// use metropolys_bots::{from_spec, BotError};
/// assert_eq!(from_spec("ismcts", r#"{"iterations": 200, "threads": 2}"#).unwrap().name(), "ismcts");
/// assert!(matches!(from_spec("minimax", "{}"), Err(BotError::UnknownKind { .. })));
/// let e = from_spec("ismcts", r#"{"iteration": 5}"#).unwrap_err();
/// assert!(e.to_string().contains("unknown parameter \"iteration\""), "{e}");
/// ```
pub fn from_spec(kind: &str, params: &str) -> Result<Box<dyn Bot>, BotError> {
    build(kind, &parse(kind, params)?)
}

/// The parameters as a JSON object.
fn parse(kind: &str, params: &str) -> Result<Map<String, Value>, BotError> {
    if !KINDS.contains(&kind) {
        return Err(BotError::UnknownKind {
            kind: kind.to_string(),
        });
    }
    let bad = |reason: String| BotError::BadParameters {
        kind: kind.to_string(),
        reason,
    };
    if params.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(params) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(other) => Err(bad(format!(
            "parameters must be a JSON object, not {}",
            type_name(&other)
        ))),
        Err(e) => Err(bad(format!("parameters are not valid JSON: {e}"))),
    }
}

/// Takes `"seed"` out of the parameters (for [`crate::Player`]).
pub(crate) fn split_seed(kind: &str, params: &str) -> Result<(Map<String, Value>, u64), BotError> {
    let mut m = parse(kind, params)?;
    let seed = match m.remove("seed") {
        None => 0,
        Some(v) => v.as_u64().ok_or_else(|| BotError::BadParameters {
            kind: kind.to_string(),
            reason: format!("seed must be an integer from 0 to 2^64-1, not {v}"),
        })?,
    };
    Ok((m, seed))
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Builds a bot of a known kind from parsed parameters.
pub(crate) fn build(kind: &str, params: &Map<String, Value>) -> Result<Box<dyn Bot>, BotError> {
    let bad = |reason: String| BotError::BadParameters {
        kind: kind.to_string(),
        reason,
    };
    let known: &[&str] = match kind {
        "ismcts" => &[
            "iterations",
            "seconds",
            "threads",
            "exploration",
            "playout",
            "reward",
        ],
        "greedy" => &["cost_per_number", "building_value"],
        "random" => &[],
        _ => {
            return Err(BotError::UnknownKind {
                kind: kind.to_string(),
            })
        }
    };
    for name in params.keys() {
        if !known.contains(&name.as_str()) {
            return Err(bad(format!(
                "unknown parameter {name:?}; expected {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        }
    }
    let int = |name: &str, lo: u64, hi: u64| -> Result<Option<u64>, BotError> {
        match params.get(name) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(x) if (lo..=hi).contains(&x) => Ok(Some(x)),
                _ => Err(bad(format!(
                    "{name} must be an integer from {lo} to {hi}, not {v}"
                ))),
            },
        }
    };
    let num = |name: &str, lo: f64, hi: f64, open_lo: bool| -> Result<Option<f64>, BotError> {
        match params.get(name) {
            None => Ok(None),
            Some(v) => match v.as_f64() {
                Some(x) if x.is_finite() && x <= hi && (x > lo || (!open_lo && x == lo)) => {
                    Ok(Some(x))
                }
                _ => Err(bad(format!(
                    "{name} must be a number {} {lo} and at most {hi}, not {v}",
                    if open_lo { "above" } else { "from" }
                ))),
            },
        }
    };
    let choice = |name: &str, options: &[&str]| -> Result<Option<String>, BotError> {
        match params.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if options.contains(&s.as_str()) => Ok(Some(s.clone())),
            Some(v) => Err(bad(format!(
                "{name} must be one of {}, not {v}",
                options
                    .iter()
                    .map(|o| format!("\"{o}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    };
    Ok(match kind {
        "random" => Box::new(Random),
        "greedy" => {
            let mut g = Greedy::default();
            if let Some(c) = num("cost_per_number", 0.0, 10.0, false)? {
                g.cost_per_number = c as f32;
            }
            if let Some(c) = num("building_value", -50.0, 50.0, false)? {
                g.building_value = c as f32;
            }
            Box::new(g)
        }
        _ => {
            let mut b = Ismcts::default();
            let iterations = int("iterations", 1, 100_000_000)?;
            let seconds = num("seconds", 0.0, 3600.0, true)?;
            if seconds.is_some() {
                b.iterations = None;
            }
            if iterations.is_some() {
                b.iterations = iterations;
            }
            b.seconds = seconds;
            if let Some(t) = int("threads", 1, 256)? {
                b.threads = t as usize;
            }
            if let Some(c) = num("exploration", 0.0, 100.0, false)? {
                b.exploration = c;
            }
            if let Some(p) = choice("playout", &["random", "greedy"])? {
                b.playout = if p == "random" {
                    Playout::Random
                } else {
                    Playout::Greedy
                };
            }
            if let Some(r) = choice("reward", &["win", "score"])? {
                b.reward = if r == "win" {
                    Reward::Win
                } else {
                    Reward::Score
                };
            }
            Box::new(b)
        }
    })
}
