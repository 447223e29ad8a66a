//! Game records: the shared language of engines, frontends and bug reports.
//!
//! ```json
//! {
//!   "format": "metropolys-record", "version": 1,
//!   "config": {"players": 3, "variant": "expert", "seed": 42},
//!   "actions": [
//!     {"player": 0, "action": {"bid": {"neighborhood": 12, "building": 3}}},
//!     {"player": 1, "action": "pass"}
//!   ],
//!   "expected": {"totals": [31, 24, 18], "winners": [0], "scores": ["..."]}
//! }
//! ```
//!
//! * `config` is a [`Config`]: whatever it does not give is drawn from `seed`.
//! * `actions` are the decisions only; forced passes (R-11) are not written
//!   (the engine applies them), so a recorded pass for a seat that was not
//!   asked is an error (R-8).
//! * `expected` (optional) is checked against the position the actions reach:
//!   `game_over`, `totals`, `winners` and whole `scores` (score sheets with
//!   the category names of [`ScoreSheet`]); each part may be omitted.
//! * `expected.error` (optional) turns the record into a rejection test: the
//!   last action (at `index`) must be rejected naming ruling `rule`, e.g.
//!   `{"index": 5, "rule": "R-9"}`; the other expected parts then describe the
//!   position before it (a rejected action changes nothing, §8).
//! * `description` and `rules` (optional) say what the record shows, for
//!   people and for conformance suites; replaying ignores them.
//! * `seats` (optional) says who played each seat ([`SeatPlayer`]: a
//!   person, or a bot with its parameters); replaying ignores it, loading
//!   checks its shape.

use crate::action::{Action, Event};
use crate::config::Config;
use crate::error::{ConfigError, RuleError};
use crate::scoring::ScoreSheet;
use crate::state::State;
use crate::types::Seat;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "metropolys-record";
/// The record version this engine writes and reads.
pub const RECORD_VERSION: u32 = 1;

pub use crate::seat_player::{SeatPlayer, SEAT_KIND_MAX};

/// One recorded decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, try_from = "serde_json::Value")]
pub struct RecordedAction {
    /// The seat that decided.
    pub player: Seat,
    /// What it decided.
    pub action: Action,
}

/// What replaying a record must give. Every part is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// Whether the game is over after the actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    /// Each seat's total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<Vec<i32>>,
    /// The winning seats (R-20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<Seat>>,
    /// Whole score sheets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<ScoreSheet>>,
    /// The last action must be rejected (a rejection test).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedError>,
}

/// A rejection a record expects: `actions[index]`, the last action, must be
/// rejected with an error naming ruling `rule`.
///
/// An error whose ruling is a combination (core names some errors `R-7/R-9`)
/// matches each of its parts, so `"R-9"` matches `R-7/R-9`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    /// The position of the rejected action in `actions` (the last one).
    pub index: usize,
    /// The ruling the rejection names, e.g. `"R-9"`.
    pub rule: String,
}

impl ExpectedError {
    /// Whether an error naming `actual` (e.g. `"R-7/R-9"`) names this ruling.
    ///
    /// ```
    /// use metropolys_core::record::ExpectedError;
    /// let e = ExpectedError { index: 0, rule: "R-9".into() };
    /// assert!(e.matches("R-9"));
    /// assert!(e.matches("R-7/R-9"));
    /// assert!(!e.matches("R-7"));
    /// ```
    pub fn matches(&self, actual: &str) -> bool {
        actual == self.rule || actual.split('/').any(|part| part == self.rule)
    }
}

/// A game record (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// What the record shows, in words (ignored when replaying).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The rulings the record pins, e.g. `["R-11", "R-12"]` (ignored when
    /// replaying).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<String>>,
    /// Who played each seat, in seat order (ignored when replaying).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<SeatPlayer>>,
    /// The configuration of the game.
    #[serde(deserialize_with = "crate::strict::field")]
    pub config: Config,
    /// The decisions, in order.
    pub actions: Vec<RecordedAction>,
    /// What the actions must lead to.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::strict::field"
    )]
    pub expected: Option<Expected>,
}

/// Why a record does not replay, or does not give what it expects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Not a record of a format and version this engine reads.
    #[error("not a metropolys record: {0}")]
    Format(String),
    /// The configuration is invalid.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// An action is illegal where it stands.
    #[error("action {index} ({action} by seat {player}) is illegal: {error}")]
    Illegal {
        /// Its position in `actions`, from 0.
        index: usize,
        /// The seat the record names.
        player: Seat,
        /// The action.
        action: Action,
        /// Why it is illegal.
        error: RuleError,
    },
    /// The position reached differs from `expected`.
    #[error("expected {what} {expected}, but replaying gives {actual}")]
    Mismatch {
        /// What differs (`totals`, `winners`, `scores[1].area`, …).
        what: String,
        /// The expected value, as JSON.
        expected: String,
        /// The value replaying gives, as JSON.
        actual: String,
    },
}

impl RecordError {
    /// The ruling at stake, when there is one.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            RecordError::Config(e) => Some(e.rule()),
            RecordError::Illegal { error, .. } => Some(error.rule()),
            RecordError::Format(_) | RecordError::Mismatch { .. } => None,
        }
    }
}

impl TryFrom<serde_json::Value> for RecordedAction {
    type Error = String;

    /// One recorded action, read from its own small JSON value (so a long
    /// record is read one action at a time): an object with `player` and
    /// `action`, nothing else.
    fn try_from(v: serde_json::Value) -> Result<RecordedAction, String> {
        let serde_json::Value::Object(mut m) = v else {
            return Err("a recorded action is an object {\"player\": P, \"action\": A}".into());
        };
        if let Some(k) = m.keys().find(|k| *k != "player" && *k != "action") {
            return Err(format!("unknown field `{k}` in a recorded action"));
        }
        let player = m
            .remove("player")
            .ok_or("a recorded action has no `player`")?;
        let player = player
            .as_u64()
            .and_then(|p| u8::try_from(p).ok())
            .ok_or_else(|| {
                format!("a recorded action's player must be a seat number, not {player}")
            })?;
        let action = m
            .remove("action")
            .ok_or("a recorded action has no `action`")?;
        let action = Action::from_value(&action).map_err(|e| e.to_string())?;
        Ok(RecordedAction { player, action })
    }
}

/// Everything a replay produced: the state before and after each action and
/// the events of each transition.
#[derive(Debug, Clone)]
pub struct Replay {
    /// `states[0]` is the setup; `states[i + 1]` follows `actions[i]`.
    pub states: Vec<State>,
    /// `events[i]` are the events of `actions[i]`.
    pub events: Vec<Vec<Event>>,
}

impl Replay {
    /// The events of the last transition: those of the last action, or the
    /// opening `call_started` when there was none.
    pub fn last_events(&self) -> Vec<Event> {
        match self.events.last() {
            Some(events) => events.clone(),
            None => self.final_state().opening_events(),
        }
    }

    /// The position the record reaches.
    pub fn final_state(&self) -> &State {
        // `states` always holds the initial state.
        &self.states[self.states.len() - 1]
    }
}

impl Record {
    /// An empty record of a game with this configuration.
    pub fn new(config: Config) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            description: None,
            rules: None,
            seats: None,
            config,
            actions: Vec::new(),
            expected: None,
        }
    }

    /// Parses a record from JSON (unknown fields are rejected).
    /// A record is an object; its `config`, `expected` and each action are
    /// read strictly (no positional arrays, see [`Action`] for actions).
    pub fn from_json(text: &str) -> Result<Record, crate::Error> {
        if !text.trim_start().starts_with('{') {
            return Err(crate::Error::Json(
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

    fn check_format(&self) -> Result<(), RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(format!(
                "format is {:?}, not {RECORD_FORMAT:?}",
                self.format
            )));
        }
        if self.version != RECORD_VERSION {
            return Err(RecordError::Format(format!(
                "version {} is not supported (this engine reads version {RECORD_VERSION})",
                self.version
            )));
        }
        if let Some(seats) = &self.seats {
            if seats.len() != usize::from(self.config.players) {
                return Err(RecordError::Format(format!(
                    "seats names {} seat(s) for a game of {} players: one entry per seat",
                    seats.len(),
                    self.config.players
                )));
            }
            for (i, seat) in seats.iter().enumerate() {
                seat.check()
                    .map_err(|e| RecordError::Format(format!("seats[{i}]: {e}")))?;
            }
        }
        Ok(())
    }

    /// Replays every action, stopping at the first illegal one.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        self.check_format()?;
        let mut state = State::new(&self.config)?;
        // Grown as actions are accepted: a long record of illegal actions
        // costs nothing before its first one fails.
        let mut states = vec![];
        let mut events = vec![];
        states.push(state);
        for (index, ra) in self.actions.iter().enumerate() {
            let (next, ev) =
                state
                    .apply_for(ra.player, ra.action)
                    .map_err(|error| RecordError::Illegal {
                        index,
                        player: ra.player,
                        action: ra.action,
                        error,
                    })?;
            state = next;
            states.push(state);
            events.push(ev);
        }
        Ok(Replay { states, events })
    }

    /// Replays the record and checks `expected`: the final state, or the
    /// first illegal action or mismatch.
    ///
    /// For a rejection test (`expected.error`), the state returned is the
    /// position before the rejected action, and the rejection itself is
    /// checked: a different ruling, a different action, or no rejection at
    /// all is a [`RecordError::Mismatch`] on `error`.
    pub fn verify(&self) -> Result<State, RecordError> {
        let want = self.expected.as_ref().and_then(|e| e.error.as_ref());
        let end = match want {
            None => *self.replay()?.final_state(),
            Some(want) => self.verify_rejection(want)?,
        };
        if let Some(exp) = &self.expected {
            check_expected(exp, &end)?;
        }
        Ok(end)
    }

    /// The record without the action its `expected.error` says is rejected
    /// (the record itself when it expects no rejection): the decisions that
    /// lead to the position [`Record::verify`] checks.
    ///
    /// ```
    /// use metropolys_core::{record::{Expected, ExpectedError}, Action, Config, Record, RecordedAction, Variant};
    /// let mut r = Record::new(Config::new(2, Variant::Family, 1));
    /// r.actions.push(RecordedAction { player: 0, action: Action::Pass });
    /// r.expected = Some(Expected { error: Some(ExpectedError { index: 0, rule: "R-7".into() }), ..Default::default() });
    /// assert!(r.verify().is_ok());
    /// assert!(r.accepted().actions.is_empty());
    /// ```
    pub fn accepted(&self) -> Record {
        let mut r = self.clone();
        if let Some(rejected) = self.expected.as_ref().and_then(|e| e.error.as_ref()) {
            r.actions.truncate(rejected.index);
        }
        r
    }

    fn verify_rejection(&self, want: &ExpectedError) -> Result<State, RecordError> {
        if want.index.checked_add(1) != Some(self.actions.len()) {
            return Err(RecordError::Format(format!(
                "expected.error.index is {} but the rejected action must be the last one (index {})",
                want.index,
                self.actions.len() as i64 - 1
            )));
        }
        let as_json = |index: usize, rule: &str| {
            serde_json::json!({ "index": index, "rule": rule }).to_string()
        };
        let expected = as_json(want.index, &want.rule);
        match self.replay() {
            Ok(_) => Err(RecordError::Mismatch {
                what: "error".into(),
                expected,
                actual: "null (every action was accepted)".into(),
            }),
            Err(RecordError::Illegal { index, error, .. })
                if index == want.index && want.matches(error.rule()) =>
            {
                Ok(*self.accepted().replay()?.final_state())
            }
            Err(RecordError::Illegal { index, error, .. }) => Err(RecordError::Mismatch {
                what: "error".into(),
                expected,
                actual: format!("{} ({error})", as_json(index, error.rule())),
            }),
            Err(other) => Err(other),
        }
    }

    /// Fills `expected` from `state` (game over, totals, winners, scores).
    pub fn expect(&mut self, state: &State) {
        let scores = state.scores();
        self.expected = Some(Expected {
            game_over: Some(state.is_over()),
            totals: Some(scores.iter().map(|s| s.total).collect()),
            winners: Some(crate::scoring::winners(&scores)),
            scores: Some(scores),
            error: None,
        });
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

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn mismatch<T: Serialize>(what: impl Into<String>, expected: &T, actual: &T) -> RecordError {
    RecordError::Mismatch {
        what: what.into(),
        expected: json(expected),
        actual: json(actual),
    }
}

fn check_expected(exp: &Expected, end: &State) -> Result<(), RecordError> {
    if let Some(over) = exp.game_over {
        if over != end.is_over() {
            return Err(mismatch("game_over", &over, &end.is_over()));
        }
    }
    let scores = end.scores();
    if let Some(t) = &exp.totals {
        let actual: Vec<i32> = scores.iter().map(|s| s.total).collect();
        if *t != actual {
            return Err(mismatch("totals", t, &actual));
        }
    }
    if let Some(w) = &exp.winners {
        let actual = crate::scoring::winners(&scores);
        if *w != actual {
            return Err(mismatch("winners", w, &actual));
        }
    }
    if let Some(sheets) = &exp.scores {
        if sheets.len() != scores.len() {
            return Err(mismatch(
                "the number of score sheets",
                &sheets.len(),
                &scores.len(),
            ));
        }
        for (i, (e, a)) in sheets.iter().zip(&scores).enumerate() {
            if e == a {
                continue;
            }
            // Name the first differing category.
            let (ej, aj) = (serde_json::to_value(e), serde_json::to_value(a));
            if let (Ok(serde_json::Value::Object(em)), Ok(serde_json::Value::Object(am))) = (ej, aj)
            {
                for (k, ev) in &em {
                    if am.get(k) != Some(ev) {
                        let av = am.get(k).cloned().unwrap_or(serde_json::Value::Null);
                        return Err(mismatch(format!("scores[{i}].{k}"), ev, &av));
                    }
                }
            }
            return Err(mismatch(format!("scores[{i}]"), e, a));
        }
    }
    Ok(())
}

/// A game with its history beside it: the current [`State`], the record of
/// decisions so far and the events of the last transition. The state itself
/// stays an immutable value; `Game` is the convenient owner for frontends and
/// bindings.
///
/// ```
/// use metropolys_core::{Config, Game, Variant};
/// let mut game = Game::new(Config::new(2, Variant::Family, 3)).unwrap();
/// while let Some(a) = game.state().legal_actions().first().copied() {
///     game.apply(a).unwrap();
/// }
/// assert!(game.state().is_over());
/// assert!(game.to_record().verify().is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    record: Record,
    state: State,
    last_events: Vec<Event>,
}

impl Game {
    /// A new game (its last events are the opening `call_started`).
    pub fn new(config: Config) -> Result<Game, crate::Error> {
        let state = State::new(&config)?;
        Ok(Game {
            last_events: state.opening_events(),
            record: Record::new(config),
            state,
        })
    }

    /// The game a record reaches (its `expected` is not checked).
    pub fn from_record(record: &Record) -> Result<Game, crate::Error> {
        let replay = record.replay()?;
        let mut rec = record.clone();
        rec.expected = None;
        Ok(Game {
            state: *replay.final_state(),
            last_events: replay.last_events(),
            record: rec,
        })
    }

    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.record.config
    }

    /// The decisions so far.
    pub fn actions(&self) -> &[RecordedAction] {
        &self.record.actions
    }

    /// The events of the last transition.
    pub fn last_events(&self) -> &[Event] {
        &self.last_events
    }

    /// Applies an action of the seat to act; on error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<&[Event], RuleError> {
        let player = self.state.to_act().ok_or(RuleError::GameOver)?;
        let (next, events) = self.state.apply(action)?;
        self.state = next;
        self.last_events = events;
        self.record.actions.push(RecordedAction { player, action });
        Ok(&self.last_events)
    }

    /// The record of the game so far, with `expected` filled in from the
    /// current position.
    pub fn to_record(&self) -> Record {
        let mut r = self.record.clone();
        r.expect(&self.state);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn opening(bid: Action) -> Record {
        let mut r = Record::new(Config::new(3, Variant::Family, 4));
        r.actions.push(RecordedAction {
            player: 0,
            action: bid,
        });
        r
    }

    #[test]
    fn readable_json_round_trips_awkward_strings() {
        let mut r = opening(Action::bid(3, 2));
        r.description = Some("quotes \" and \\ backslashes, {braces} [brackets]: ok".into());
        r.rules = Some(vec!["R-9".into()]);
        r.expect(&r.replay().unwrap().final_state().clone());
        let text = r.to_json_readable();
        assert_eq!(Record::from_json(&text).unwrap(), r);
        assert!(text
            .lines()
            .all(|l| l.len() <= 100 || l.contains("description")));
    }

    #[test]
    fn expected_rejections_are_checked() {
        // Opening with a pass breaks R-7.
        let mut r = opening(Action::Pass);
        r.expected = Some(Expected {
            error: Some(ExpectedError {
                index: 0,
                rule: "R-7".into(),
            }),
            totals: Some(vec![0, 0, 0]),
            ..Expected::default()
        });
        let before = r.verify().unwrap();
        assert_eq!(before.call_number(), 1);
        // The wrong ruling is a mismatch that names the real one.
        r.expected.as_mut().unwrap().error.as_mut().unwrap().rule = "R-9".into();
        match r.verify() {
            Err(RecordError::Mismatch { what, actual, .. }) => {
                assert_eq!(what, "error");
                assert!(actual.contains("R-7"), "{actual}");
            }
            other => panic!("{other:?}"),
        }
        // An accepted action is a mismatch too.
        let mut ok = opening(Action::bid(3, 2));
        ok.expected = r.expected.clone();
        assert!(matches!(ok.verify(), Err(RecordError::Mismatch { .. })));
        // The rejected action must be the last one.
        let mut late = r.clone();
        late.actions.push(RecordedAction {
            player: 0,
            action: Action::Pass,
        });
        assert!(matches!(late.verify(), Err(RecordError::Format(_))));
    }
}

/// One decision of a [`History`], linked to the decisions before it.
#[derive(Debug)]
struct Step {
    prev: Option<Arc<Step>>,
    decision: RecordedAction,
}

/// How a position was reached: the configuration and the decisions since, as
/// a persistent list. Extending a history ([`History::push`]) costs O(1) and
/// shares every earlier decision with the history it extends, so immutable
/// game values (the C and Python games) can each keep theirs cheaply.
///
/// ```
/// use metropolys_core::{record::History, Action, Config, State, Variant};
/// let config = Config::new(2, Variant::Family, 4);
/// let state = State::new(&config).unwrap();
/// let h0 = History::new(config);
/// let a = state.legal_actions()[0];
/// let h1 = h0.push(0, a);
/// assert_eq!((h0.len(), h1.len()), (0, 1));
/// let record = h1.to_record(&state.apply(a).unwrap().0);
/// assert!(record.verify().is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct History {
    config: Arc<Config>,
    last: Option<Arc<Step>>,
    len: usize,
}

impl History {
    /// The history of a game not yet begun.
    pub fn new(config: Config) -> History {
        History {
            config: Arc::new(config),
            last: None,
            len: 0,
        }
    }

    /// The configuration and decisions of a record.
    pub fn from_record(record: &Record) -> History {
        History::from_actions(record.config.clone(), &record.actions)
    }

    /// A configuration and the decisions since.
    pub fn from_actions(config: Config, actions: &[RecordedAction]) -> History {
        actions
            .iter()
            .fold(History::new(config), |h, ra| h.push(ra.player, ra.action))
    }

    /// This history followed by one more decision (this one is unchanged).
    pub fn push(&self, player: Seat, action: Action) -> History {
        History {
            config: Arc::clone(&self.config),
            last: Some(Arc::new(Step {
                prev: self.last.clone(),
                decision: RecordedAction { player, action },
            })),
            len: self.len + 1,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of decisions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no decision was taken yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The decisions, oldest first.
    pub fn actions(&self) -> Vec<RecordedAction> {
        let mut out = Vec::with_capacity(self.len);
        let mut at = self.last.as_deref();
        while let Some(step) = at {
            out.push(step.decision);
            at = step.prev.as_deref();
        }
        out.reverse();
        out
    }

    /// The record of this history, with `expected` filled in from `state`
    /// (the position it reaches).
    pub fn to_record(&self, state: &State) -> Record {
        let mut r = Record::new((*self.config).clone());
        r.actions = self.actions();
        r.expect(state);
        r
    }
}

impl Drop for History {
    // Unlinks a long chain iteratively: dropping it recursively could
    // overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(step) = at {
            match Arc::try_unwrap(step) {
                Ok(mut s) => at = s.prev.take(),
                Err(_) => break,
            }
        }
    }
}
