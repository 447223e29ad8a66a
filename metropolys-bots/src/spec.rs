//! Bots from a kind name and a JSON object of parameters.

use crate::arena::BotFactory;
use crate::echo::{excerpt, ECHO};
pub use crate::kinds::KINDS;
use crate::{Bot, BotError, Greedy, Ismcts, Playout, Random, Reward, Root};
use serde::de::{Deserialize, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Whether bots of `kind` search: `ismcts`, `ismcts-v1`, `casual`,
/// `strong` and `expert` think for as long as their budget says (and watch
/// a [`crate::Cancel`] flag); `random`, `greedy` and `beginner` decide in
/// microseconds. Front ends that can be interrupted watch for Ctrl-C only
/// around bots that search.
///
/// ```
/// assert!(metropolys_bots::searches("expert"));
/// assert!(!metropolys_bots::searches("greedy"));
/// ```
pub fn searches(kind: &str) -> bool {
    matches!(
        kind,
        "ismcts" | "ismcts-v1" | "casual" | "strong" | "expert"
    )
}

/// The parameters of `ismcts-v1`: those the first search took.
const V1_PARAMETERS: [&str; 6] = [
    "iterations",
    "seconds",
    "threads",
    "exploration",
    "playout",
    "reward",
];

/// A bot from its kind and a JSON object of parameters (`"{}"` or `""` for
/// the defaults).
///
/// | kind | parameters |
/// | --- | --- |
/// | `random` | none |
/// | `greedy` | `cost_per_number` (number 0–10), `building_value` (number −50–50) |
/// | `ismcts` | `iterations` (integer 1–100,000,000), `seconds` (number, above 0, at most 3600), `threads` (integer 1–256), `exploration` (number 0–100), `playout` (`"random"`, `"greedy"` or `"softmax"`), `playout_temperature` (number above 0, at most 100), `reward` (`"win"` or `"score"`), `margin` (number above 0, at most 1000), `win_weight` (number 0–1), `root` (`"halving"` or `"uct"`), `candidates` (integer 1–100,000), `prior_weight` (number 0–10), `widen_base` (number 1–1000), `widen_rate` (number 0–1000), `belief` (number 0–100), `temperature` (number 0–100) |
/// | `ismcts-v1` | `iterations`, `seconds`, `threads`, `exploration`, `playout` (`"random"` or `"greedy"`), `reward`, as for `ismcts` |
/// | `beginner`, `casual`, `strong`, `expert` | none |
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

/// The `(kind, parameters)` pairs of [`parse_specs`] as [`BotFactory`]s
/// (for [`arena`](fn@crate::arena) and [`ladder`](crate::ladder::ladder)).
///
/// ```
/// use metropolys_bots::{parse_specs, spec_factories};
/// let bots = spec_factories(&parse_specs("expert,greedy").unwrap());
/// assert_eq!(bots[1]().name(), "greedy");
/// ```
pub fn spec_factories(specs: &[(String, String)]) -> Vec<BotFactory> {
    specs
        .iter()
        .map(|(kind, params)| {
            let (kind, params) = (kind.clone(), params.clone());
            Box::new(move || {
                // A spec `parse_specs` checked builds its bot; any other
                // falls back to a random player rather than a panic.
                from_spec(&kind, &params).unwrap_or_else(|_| Box::new(Random))
            }) as BotFactory
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
            kind: excerpt(kind),
        });
    }
    let bad = |reason: String| BotError::BadParameters {
        kind: kind.to_string(),
        reason,
    };
    if params.trim().is_empty() {
        return Ok(Map::new());
    }
    let mut de = serde_json::Deserializer::from_str(params);
    let parsed = Strict::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    match parsed {
        Ok(Strict(Value::Object(m))) => Ok(m),
        Ok(Strict(other)) => Err(bad(format!(
            "parameters must be a JSON object, not {}",
            type_name(&other)
        ))),
        Err(e) => Err(BotError::InvalidJson {
            kind: kind.to_string(),
            reason: e.to_string(),
        }),
    }
}

/// A JSON value read like `serde_json::Value`, except that an object with
/// the same key twice is an error (as configurations and records reject
/// duplicate fields), at any depth.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_string())))
    }

    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Strict(Value::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut m = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if m.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "duplicate parameter {:?}",
                    excerpt(&key)
                )));
            }
            let Strict(v) = map.next_value()?;
            m.insert(key, v);
        }
        Ok(Strict(Value::Object(m)))
    }
}

/// A JSON value as an error message shows it: at most [`ECHO`] bytes of
/// its text, then `…`.
fn shown(v: &Value) -> String {
    /// Keeps the first bytes written and stops the writer after them.
    struct Head(Vec<u8>);
    impl std::io::Write for Head {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let room = ECHO + 1 - self.0.len();
            self.0.extend_from_slice(&buf[..buf.len().min(room)]);
            if self.0.len() > ECHO {
                Err(std::io::Error::other("enough"))
            } else {
                Ok(buf.len())
            }
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut head = Head(Vec::with_capacity(ECHO + 1));
    let cut = serde_json::to_writer(&mut head, v).is_err();
    let mut bytes = head.0;
    if cut {
        bytes.truncate(ECHO);
    }
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if cut {
        // A character cut in two shows as U+FFFD; drop it.
        if text.ends_with('\u{FFFD}') {
            text.pop();
        }
        text.push('…');
    }
    text
}

/// Takes `"seed"` out of the parameters (for [`crate::Player`]).
pub(crate) fn split_seed(kind: &str, params: &str) -> Result<(Map<String, Value>, u64), BotError> {
    let mut m = parse(kind, params)?;
    let seed = match m.remove("seed") {
        None => 0,
        Some(v) => v.as_u64().ok_or_else(|| BotError::BadParameters {
            kind: kind.to_string(),
            reason: format!(
                "seed must be an integer from 0 to 2^64-1, not {}",
                shown(&v)
            ),
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
            "widen_base",
            "widen_rate",
            "belief",
            "temperature",
            "playout_temperature",
            "root",
            "candidates",
            "prior_weight",
            "margin",
            "win_weight",
        ],
        "ismcts-v1" => &V1_PARAMETERS,
        "greedy" => &["cost_per_number", "building_value"],
        "random" | "beginner" | "casual" | "strong" | "expert" => &[],
        _ => {
            return Err(BotError::UnknownKind {
                kind: excerpt(kind),
            })
        }
    };
    for name in params.keys() {
        if !known.contains(&name.as_str()) {
            return Err(bad(format!(
                "unknown parameter {:?}; expected {}",
                excerpt(name),
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
                    "{name} must be an integer from {lo} to {hi}, not {}",
                    shown(v)
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
                    "{name} must be a number {} {lo} and at most {hi}, not {}",
                    if open_lo { "above" } else { "from" },
                    shown(v)
                ))),
            },
        }
    };
    let choice = |name: &str, options: &[&str]| -> Result<Option<String>, BotError> {
        match params.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if options.contains(&s.as_str()) => Ok(Some(s.clone())),
            Some(v) => Err(bad(format!(
                "{name} must be one of {}, not {}",
                options
                    .iter()
                    .map(|o| format!("\"{o}\""))
                    .collect::<Vec<_>>()
                    .join(", "),
                shown(v)
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
        "ismcts" | "ismcts-v1" => {
            let v1 = kind == "ismcts-v1";
            let mut b = if v1 { Ismcts::v1() } else { Ismcts::default() };
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
                if t > 1 && !crate::thread::THREADS {
                    return Err(bad(crate::thread::NO_THREADS.to_string()));
                }
                b.threads = t as usize;
            }
            if let Some(c) = num("exploration", 0.0, 100.0, false)? {
                b.exploration = c;
            }
            let playouts: &[&str] = if v1 {
                &["random", "greedy"]
            } else {
                &["random", "greedy", "softmax"]
            };
            if let Some(p) = choice("playout", playouts)? {
                b.playout = match p.as_str() {
                    "random" => Playout::Random,
                    "greedy" => Playout::Greedy,
                    _ => Playout::Softmax,
                };
            }
            if let Some(r) = choice("reward", &["win", "score"])? {
                b.reward = if r == "win" {
                    Reward::Win
                } else {
                    Reward::Score
                };
            }
            if let Some(e) = num("widen_base", 1.0, 1000.0, false)? {
                b.widen_base = e;
            }
            if let Some(e) = num("widen_rate", 0.0, 1000.0, false)? {
                b.widen_rate = e;
            }
            if let Some(e) = num("belief", 0.0, 100.0, false)? {
                b.belief = e;
            }
            if let Some(e) = num("temperature", 0.0, 100.0, false)? {
                b.temperature = e;
            }
            if let Some(e) = num("playout_temperature", 0.0, 100.0, true)? {
                b.playout_temperature = e;
            }
            if let Some(r) = choice("root", &["halving", "uct"])? {
                b.root = if r == "uct" { Root::Uct } else { Root::Halving };
            }
            if let Some(k) = int("candidates", 1, 100_000)? {
                b.candidates = Some(k as u32);
            }
            if let Some(w) = num("prior_weight", 0.0, 10.0, false)? {
                b.prior_weight = w;
            }
            if let Some(m) = num("margin", 0.0, 1000.0, true)? {
                b.margin = m;
            }
            if let Some(w) = num("win_weight", 0.0, 1.0, false)? {
                b.win_weight = w;
            }
            Box::new(b)
        }
        preset => crate::presets::build(preset).ok_or_else(|| BotError::UnknownKind {
            kind: excerpt(preset),
        })?,
    })
}
