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
/// See [`Ismcts`] for the meaning and defaults. Unknown kinds
/// ([`BotError::UnknownKind`]), text that is not JSON
/// ([`BotError::InvalidJson`]), JSON that is not an object, unknown
/// parameter names and values of the wrong type or range
/// ([`BotError::BadParameters`]) are errors naming what is wrong.
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

/// A comma-separated list of bot specs, one per seat, each `kind` or
/// `kind:{JSON parameters}` (for example
/// `ismcts:{"iterations":1500,"playout":"greedy"},greedy`), as the command
/// line's `arena --bots` takes it: split on the commas outside braces,
/// brackets and strings, each spec checked with [`from_spec`]. Returns the
/// `(kind, parameters)` pairs (`"{}"` where none are given).
///
/// ```
/// use metropolys_bots::parse_specs;
/// let specs = parse_specs(r#"ismcts:{"iterations":500,"threads":2},random"#).unwrap();
/// assert_eq!(specs[0], ("ismcts".to_string(), r#"{"iterations":500,"threads":2}"#.to_string()));
/// assert_eq!(specs[1], ("random".to_string(), "{}".to_string()));
/// assert!(parse_specs("greedy,chess").is_err());
/// assert!(parse_specs(r#"ismcts:{"iterations":5"#).is_err());
/// ```
pub fn parse_specs(list: &str) -> Result<Vec<(String, String)>, BotError> {
    split_specs(list)
        .into_iter()
        .map(|(kind, params)| {
            let params = params.filter(|p| !p.is_empty()).unwrap_or("{}");
            from_spec(kind, params)?;
            Ok((kind.to_string(), params.to_string()))
        })
        .collect()
}

/// [`parse_specs`]' split without the check: each spec's kind and, when it
/// is written `kind:JSON`, its parameters (trimmed). A caller that has other
/// parameters for the bare kinds (the command line's `--params`) checks
/// each spec itself with [`from_spec`].
///
/// ```
/// use metropolys_bots::split_specs;
/// assert_eq!(
///     split_specs(r#"ismcts:{"iterations":500,"threads":2}, greedy"#),
///     vec![("ismcts", Some(r#"{"iterations":500,"threads":2}"#)), ("greedy", None)]
/// );
/// ```
pub fn split_specs(list: &str) -> Vec<(&str, Option<&str>)> {
    let mut parts = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut start) = (0i32, false, false, 0);
    for (i, ch) in list.char_indices() {
        if in_string {
            match ch {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts
        .into_iter()
        .map(|part| match part.split_once(':') {
            Some((kind, params)) => (kind.trim(), Some(params.trim())),
            None => (part.trim(), None),
        })
        .collect()
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
        Err(e) => Err(BotError::InvalidJson {
            kind: kind.to_string(),
            reason: e.to_string(),
        }),
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
