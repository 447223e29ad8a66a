//! JSON: loading and writing every format (configurations, states and
//! views, actions, records), strictly, and [`Error`], the one error type of
//! those loaders and of the bindings, which covers every other.
//!
//! Loading is strict: unknown fields are rejected, and so is the positional
//! (array) form serde would accept for an object (`[3, "expert", 7]` for a
//! configuration); see `strict.rs`.

use crate::action::Action;
use crate::config::Config;
use crate::error::{ActionError, ConfigError, RuleError, StateError};
use crate::game::Game;
use crate::record::{Record, RecordError};
use crate::state::{Snapshot, State};
use crate::strict;
use crate::types::Rule;
use serde::de::DeserializeOwned;

/// Any error of the engine: the one type bindings map to codes and exceptions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An illegal action.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// An invalid configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A state (or view) that no legal game can reach, e.g. loaded from JSON
    /// (see [`StateError`] for the invariants).
    ///
    /// A state whose configuration part the rules forbid (I0) converts to
    /// [`Error::Config`], as a configuration's own error does.
    #[error("invalid state: {0}")]
    InvalidState(StateError),
    /// An action in JSON that is not one of the documented shapes, or names a
    /// field out of range.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// Malformed JSON, or JSON of the wrong shape.
    #[error("malformed JSON: {0}")]
    Json(String),
    /// A game record that does not replay or does not match its expectations.
    #[error(transparent)]
    Record(#[from] RecordError),
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(plain_words(&e.to_string()))
    }
}

/// A serde message in the words of JSON rather than of Rust: what serde
/// calls `struct Config` or `u8` is an object or an integer from 0 to 255
/// to the person who wrote the JSON.
pub(crate) fn plain_words(message: &str) -> String {
    const EXPECTED: &str = "expected ";
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(EXPECTED) {
        out.push_str(&rest[..i + EXPECTED.len()]);
        rest = &rest[i + EXPECTED.len()..];
        let word = |s: &str| -> usize {
            s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(s.len())
        };
        let first = word(rest);
        let (plain, mut skip) = match &rest[..first] {
            "u8" => ("an integer from 0 to 255", first),
            "u16" => ("an integer from 0 to 65535", first),
            "u32" | "u64" | "u128" | "usize" => ("a non-negative integer", first),
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => ("an integer", first),
            "f32" | "f64" => ("a number", first),
            "struct" | "enum" => {
                // `struct Name`, `enum Name`: the type's name goes.
                let name = rest[first..].strip_prefix(' ').map_or(0, |r| 1 + word(r));
                let kind = if &rest[..first] == "struct" {
                    "an object"
                } else {
                    "one of the documented values"
                };
                (kind, first + name)
            }
            _ => ("", 0),
        };
        // `struct Name with 18 elements`: the length of its positional form.
        if plain == "an object" {
            if let Some(tail) = rest[skip..].strip_prefix(" with ") {
                if let Some(end) = tail.find(" elements") {
                    if tail[..end].bytes().all(|b| b.is_ascii_digit()) {
                        skip += " with ".len() + end + " elements".len();
                    }
                }
            }
        }
        out.push_str(plain);
        rest = &rest[skip..];
    }
    out.push_str(rest);
    out
}

impl From<StateError> for Error {
    fn from(e: StateError) -> Self {
        match e {
            StateError::Config(e) => Error::Config(e),
            other => Error::InvalidState(other),
        }
    }
}

impl Error {
    /// The rulings this error enforces (empty when it is not about a rule:
    /// malformed JSON, a record mismatch).
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            Error::Rule(e) => e.rule(),
            Error::Config(e) => e.rule(),
            Error::Record(e) => e.rule(),
            Error::InvalidState(e) => e.rule(),
            Error::Action(e) => e.rule(),
            Error::Json(_) => &[],
        }
    }
}

/// Parses JSON text as a value in which no object names a key twice (at
/// any depth: serde_json's `Value` would keep the last), the error naming
/// the key as a parameter (`duplicate parameter "x"`): how bots'
/// parameters are read, in a record's `seats` and by the bots crate. Text
/// after the value is an error too.
///
/// ```
/// use metropolys_core::json::parameters_from_str;
/// assert_eq!(parameters_from_str(r#"{"a": [1]}"#).unwrap(), serde_json::json!({"a": [1]}));
/// let e = parameters_from_str(r#"{"a": {"b": 1, "b": 2}}"#).unwrap_err();
/// assert!(e.to_string().contains(r#"duplicate parameter "b""#), "{e}");
/// ```
pub fn parameters_from_str(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    use serde::Deserialize as _;
    let mut de = serde_json::Deserializer::from_str(text);
    let strict::UniqueParameters(v) = strict::UniqueParameters::deserialize(&mut de)?;
    de.end()?;
    Ok(v)
}

/// Parses `text` as a `T`, rejecting positional (array) forms of objects
/// ([`strict::Named`]) and text after the value.
fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(strict::Named(&mut de))?;
    de.end()?;
    Ok(value)
}

impl Config {
    /// Parses a configuration from JSON (unknown fields and positional
    /// arrays in place of objects are rejected).
    pub fn from_json(text: &str) -> Result<Config, Error> {
        from_str(text)
    }
}

impl State {
    /// The state as JSON (the [`Snapshot`] shape).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// Loads a state from JSON, validating it (see [`Snapshot`]).
    pub fn from_json(text: &str) -> Result<State, Error> {
        let snap: Snapshot = from_str(text)?;
        Ok(State::try_from(snap)?)
    }
}

impl Game {
    /// The game's position as JSON ([`Game::snapshot`]): the whole state,
    /// or for a seat's view that view (R-21).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// Loads a game without history from the JSON of [`Game::to_json`] or
    /// [`State::to_json`]: a whole state, or a seat's view
    /// ([`Game::from_snapshot`]), validated.
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Variant};
    /// let view = Game::new(Config::new(4, Variant::Expert, 2)).unwrap().view(0).unwrap();
    /// let back = Game::from_json(&view.to_json()).unwrap();
    /// assert_eq!((back.viewer(), back.state()), (Some(0), view.state()));
    /// ```
    pub fn from_json(text: &str) -> Result<Game, Error> {
        let snap: Snapshot = from_str(text)?;
        Ok(Game::from_snapshot(snap)?)
    }
}

impl Action {
    /// Parses the JSON form of an action strictly (see [`Action`]).
    ///
    /// ```
    /// use metropolys_core::{Action, ActionError};
    /// assert_eq!(Action::from_json(r#"{"bid": {"neighborhood": 12, "building": 3}}"#), Ok(Action::bid(12, 3)));
    /// assert_eq!(Action::from_json(r#""pass""#), Ok(Action::Pass));
    /// assert!(matches!(
    ///     Action::from_json(r#"{"bid": {"neighborhood": 300, "building": 3}}"#),
    ///     Err(metropolys_core::Error::Action(ActionError::Neighborhood(_)))
    /// ));
    /// assert!(matches!(
    ///     Action::from_json(r#"{"bid": [60, 0]}"#),
    ///     Err(metropolys_core::Error::Action(ActionError::Shape(_)))
    /// ));
    /// ```
    pub fn from_json(text: &str) -> Result<Action, Error> {
        let strict::Unique(v) = serde_json::from_str(text)?;
        Ok(Action::from_value(&v)?)
    }
}

impl Record {
    /// Parses a record from JSON (unknown fields are rejected).
    /// A record is an object; its `config`, `expected` and each action are
    /// read strictly (no positional arrays, see [`Action`] for actions).
    pub fn from_json(text: &str) -> Result<Record, Error> {
        if !text.trim_start().starts_with('{') {
            return Err(Error::Json(
                "a record is a JSON object (fields by name, not by position)".into(),
            ));
        }
        let r: Record = serde_json::from_str(text)?;
        r.check_format()?;
        Ok(r)
    }

    /// The record as pretty-printed JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The record as JSON laid out for reading and diffing: any array or
    /// object that fits on one line (100 columns) is written on one line, so
    /// each action takes a line of its own. Same content as
    /// [`Record::to_json_pretty`].
    ///
    /// ```
    /// use metropolys_core::{Action, Config, Record, RecordedAction, Variant};
    /// let mut r = Record::new(Config::new(2, Variant::Family, 1));
    /// r.actions.push(RecordedAction { player: 0, action: Action::bid(12, 3) });
    /// let text = r.to_json_readable();
    /// assert!(text.contains(r#"{"player": 0, "action": {"bid": {"neighborhood": 12, "building": 3}}}"#));
    /// assert_eq!(Record::from_json(&text).unwrap(), r);
    /// ```
    pub fn to_json_readable(&self) -> String {
        let compact = serde_json::to_string(self).unwrap_or_default();
        let tree = parse_node(compact.as_bytes(), &mut 0);
        let mut out = String::new();
        write_readable(&tree, 0, 0, &mut out);
        out.push('\n');
        out
    }
}

/// JSON as an order-keeping tree (keys and scalars keep their source text).
enum Node {
    Scalar(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// Parses compact, valid JSON (as `serde_json::to_string` writes it).
fn parse_node(text: &[u8], at: &mut usize) -> Node {
    let scalar_end = |text: &[u8], mut i: usize| {
        if text.get(i) == Some(&b'"') {
            i += 1;
            while i < text.len() && text[i] != b'"' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i + 1
        } else {
            while i < text.len() && !matches!(text[i], b',' | b']' | b'}' | b':') {
                i += 1;
            }
            i
        }
    };
    match text.get(*at) {
        Some(b'[') => {
            *at += 1;
            let mut items = Vec::new();
            while text.get(*at) != Some(&b']') && *at < text.len() {
                items.push(parse_node(text, at));
                if text.get(*at) == Some(&b',') {
                    *at += 1;
                }
            }
            *at += 1;
            Node::Array(items)
        }
        Some(b'{') => {
            *at += 1;
            let mut items = Vec::new();
            while text.get(*at) != Some(&b'}') && *at < text.len() {
                let end = scalar_end(text, *at);
                let key = String::from_utf8_lossy(&text[*at..end]).into_owned();
                *at = end + 1; // the ':'
                items.push((key, parse_node(text, at)));
                if text.get(*at) == Some(&b',') {
                    *at += 1;
                }
            }
            *at += 1;
            Node::Object(items)
        }
        _ => {
            let end = scalar_end(text, *at);
            let s = String::from_utf8_lossy(&text[*at..end]).into_owned();
            *at = end;
            Node::Scalar(s)
        }
    }
}

/// One line for `v`, with a space after `:` and `,`.
fn one_line(v: &Node) -> String {
    match v {
        Node::Array(items) => format!(
            "[{}]",
            items.iter().map(one_line).collect::<Vec<_>>().join(", ")
        ),
        Node::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{k}: {}", one_line(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Node::Scalar(s) => s.clone(),
    }
}

fn write_readable(v: &Node, indent: usize, key_len: usize, out: &mut String) {
    let line = one_line(v);
    let (open, close, items): (char, char, Vec<(Option<&String>, &Node)>) = match v {
        _ if indent * 2 + key_len + line.len() <= 98 => {
            out.push_str(&line);
            return;
        }
        Node::Array(a) => ('[', ']', a.iter().map(|x| (None, x)).collect()),
        Node::Object(m) => ('{', '}', m.iter().map(|(k, x)| (Some(k), x)).collect()),
        Node::Scalar(s) => {
            out.push_str(s);
            return;
        }
    };
    let pad = "  ".repeat(indent + 1);
    out.push(open);
    for (i, (key, item)) in items.iter().enumerate() {
        out.push('\n');
        out.push_str(&pad);
        if let Some(k) = key {
            out.push_str(k);
            out.push_str(": ");
        }
        write_readable(item, indent + 1, key.map_or(0, |k| k.len() + 2), out);
        if i + 1 < items.len() {
            out.push(',');
        }
    }
    out.push('\n');
    out.push_str(&"  ".repeat(indent));
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde says in Rust's words reaches users in JSON's.
    #[test]
    fn json_errors_name_no_rust_types() {
        for (text, want) in [
            ("3", "invalid type: integer `3`, expected an object"),
            ("[1]", "invalid type: sequence, expected an object (fields by name, not by position) at line 1 column 1"),
            (r#"{"players": "x"}"#, "expected an integer from 0 to 255"),
            (r#"{"players": 300}"#, "expected an integer from 0 to 255"),
        ] {
            let state = State::from_json(text).unwrap_err().to_string();
            assert!(state.contains(want), "{text}: {state}");
            let config = Config::from_json(text).unwrap_err().to_string();
            for m in [state, config] {
                for rust in ["struct", "u8", "Config", "Snapshot", "::"] {
                    assert!(!m.contains(rust), "{text}: {m}");
                }
            }
        }
        assert_eq!(
            plain_words("expected struct A with 2 elements, expected enum B, expected u64, expected a map"),
            "expected an object, expected one of the documented values, expected a non-negative integer, expected a map"
        );
    }
}
