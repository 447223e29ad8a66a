//! The game record format (see the [`record`](crate::record) module docs):
//! records, their expectations, replaying and verifying them.

use crate::action::{Action, Event};
use crate::config::Config;
use crate::error::{ConfigError, RuleError};
use crate::sheet::{winners, ScoreSheet};
use crate::state::State;
use crate::types::{Rule, Rules, Seat};
use serde::{Deserialize, Serialize};

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "metropolys-record";
/// The record version this engine writes and reads.
pub const RECORD_VERSION: u32 = 1;

use crate::seat_player::SeatPlayer;

/// One recorded decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(deny_unknown_fields, try_from = "crate::strict::Unique")]
pub struct RecordedAction {
    /// The seat that decided.
    pub player: Seat,
    /// What it decided.
    pub action: Action,
}

/// What replaying a record must give. Every part is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
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
/// An error that enforces several rulings (some name `R-7` and `R-9`)
/// matches each of them, and their joined form: `"R-9"` and `"R-7/R-9"`
/// both match `[R7, R9]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    /// The position of the rejected action in `actions` (the last one).
    pub index: usize,
    /// The ruling the rejection names, e.g. `"R-9"`.
    pub rule: String,
}

impl ExpectedError {
    /// The rejection of `actions[index]` for `rules` (written in their
    /// joined form, `"R-7/R-9"`, when there are several).
    ///
    /// ```
    /// use metropolys_core::{record::ExpectedError, RuleError};
    /// let e = ExpectedError::new(4, RuleError::AlreadyBid(12).rule());
    /// assert_eq!(e.rule, "R-7/R-9");
    /// ```
    pub fn new(index: usize, rules: &[Rule]) -> ExpectedError {
        ExpectedError {
            index,
            rule: Rules(rules).to_string(),
        }
    }

    /// Whether an error enforcing `actual` names this ruling: one of them,
    /// or all of them joined.
    ///
    /// ```
    /// use metropolys_core::{record::ExpectedError, Rule};
    /// let e = ExpectedError { index: 0, rule: "R-9".into() };
    /// assert!(e.matches(&[Rule::R9]));
    /// assert!(e.matches(&[Rule::R7, Rule::R9]));
    /// assert!(!e.matches(&[Rule::R7]));
    /// let both = ExpectedError { index: 0, rule: "R-7/R-9".into() };
    /// assert!(both.matches(&[Rule::R7, Rule::R9]));
    /// ```
    pub fn matches(&self, actual: &[Rule]) -> bool {
        Rules(actual).matches(&self.rule)
    }
}

/// A game record (see the [module docs](crate::record)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
// `Record` is a utility type of TypeScript.
#[cfg_attr(feature = "typescript", tsify(rename = "GameRecord"))]
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
    /// The rulings at stake (empty when none is).
    pub fn rule(&self) -> &'static [Rule] {
        match self {
            RecordError::Config(e) => e.rule(),
            RecordError::Illegal { error, .. } => error.rule(),
            RecordError::Format(_) | RecordError::Mismatch { .. } => &[],
        }
    }
}

impl TryFrom<crate::strict::Unique> for RecordedAction {
    type Error = String;

    /// One recorded action, read from its own small JSON value (so a long
    /// record is read one action at a time): an object with `player` and
    /// `action`, nothing else.
    /// A key given twice is refused while reading it.
    fn try_from(v: crate::strict::Unique) -> Result<RecordedAction, String> {
        let serde_json::Value::Object(mut m) = v.0 else {
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

    pub(crate) fn check_format(&self) -> Result<(), RecordError> {
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
    ///
    /// The game with its history, rather than the bare state, is
    /// [`Game::from_verified_record`](crate::Game::from_verified_record):
    /// the same checks, the same position, with the configuration, the
    /// accepted decisions and the events of the last one. It is what the
    /// bindings' verifying loads return (`mtp_record_verify` in C,
    /// `verifyRecord` in WebAssembly, `verify_record` in Python), and
    /// its state is the state `verify` returns.
    ///
    /// ```
    /// use metropolys_core::{Config, Game, Variant};
    /// let mut game = Game::new(Config::new(3, Variant::Family, 7))?;
    /// for _ in 0..5 {
    ///     game = game.apply(game.state().legal_actions()[0])?;
    /// }
    /// let record = game.to_record()?; // with `expected` filled in
    ///
    /// let state = record.verify()?; // the position alone
    /// let verified = Game::from_verified_record(&record)?; // with its history
    /// assert_eq!(verified.state(), &state);
    /// assert_eq!(verified.actions(), Some(record.actions.clone()));
    /// assert_eq!(verified.last_events(), game.last_events());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
                actual: format!(
                    "{} ({error})",
                    as_json(index, &Rules(error.rule()).to_string())
                ),
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
            winners: Some(winners(&scores)),
            scores: Some(scores),
            error: None,
        });
    }
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
        let actual = winners(&scores);
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
