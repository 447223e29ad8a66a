//! The conformance protocol, version 1 (docs/conformance-protocol.md): one
//! JSON object per line on the engine's standard input (requests) and
//! standard output (responses), one response per request, in order.

use metropolys_core::{Config, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this tester speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The features an engine may declare unsupported in its `hello` answer.
pub const FEATURES: &[&str] = &[
    "players_2",
    "players_3",
    "players_4",
    "family",
    "expert",
    "metropolys_cards",
    "seeded_setup",
];

/// A request to the engine. Actions are integer ids (`Action::id`: bids
/// `neighborhood * 13 + building - 1`, 715 for a pass).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The handshake: the tester's protocol version.
    Hello {
        /// Always [`PROTOCOL_VERSION`].
        version: u32,
    },
    /// Start a new game from a record `config`.
    NewGame {
        /// The configuration.
        config: Config,
    },
    /// Whose turn it is (`null` when the game is over).
    ToAct,
    /// The legal action ids of the seat to act, ascending (`[]` when over).
    Legal,
    /// Apply action `action` for seat `player`.
    Apply {
        /// The seat that acts.
        player: Seat,
        /// The action id (0–715).
        action: u16,
    },
    /// The score sheets by category, one per seat.
    Scores,
    /// Whether the game is over.
    IsOver,
    /// The winning seats, ascending.
    Winners,
    /// End the session: the engine answers `{"ok": true}` and exits.
    Quit,
}

/// The categories of a score sheet the protocol compares: core's, defined
/// once with the score sheet.
pub use metropolys_core::Categories;

/// What an engine answers to `hello`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hello {
    /// The engine's name, for messages.
    pub name: String,
    /// Features it does not support (of [`FEATURES`]).
    pub unsupported: Vec<String>,
}

impl Hello {
    /// Whether the engine can play `config`.
    pub fn supports(&self, config: &Config) -> bool {
        let no = |f: &str| self.unsupported.iter().any(|u| u == f);
        let players = format!("players_{}", config.players);
        let variant = match config.variant {
            metropolys_core::Variant::Family => "family",
            metropolys_core::Variant::Expert => "expert",
        };
        !(no(&players) || no(variant) || config.uses_metropolys_cards() && no("metropolys_cards"))
    }

    /// Whether the engine draws setups from the seed itself; if not, the
    /// tester sends every configuration fully resolved.
    pub fn seeded_setup(&self) -> bool {
        !self.unsupported.iter().any(|u| u == "seeded_setup")
    }
}

/// A typed answer, checked against the request it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `{"ok": true}` with nothing else needed.
    Done,
    /// `hello`.
    Hello(Hello),
    /// `new_game` and `apply`: accepted, or rejected with a ruling.
    Verdict(Result<(), String>),
    /// `to_act`.
    ToAct(Option<Seat>),
    /// `legal`, sorted.
    Legal(Vec<u16>),
    /// `scores`.
    Scores(Vec<Categories>),
    /// `is_over`.
    IsOver(bool),
    /// `winners`, sorted.
    Winners(Vec<Seat>),
}

/// Reads the answer to `request` from one response line.
pub fn parse_answer(request: &Request, line: &str) -> Result<Answer, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    answer_from_value(request, &v)
}

/// Reads the answer to `request` from a response already decoded from JSON
/// (an engine in process builds one from its return value, so that its
/// answers are checked exactly as a child process's lines are).
// Long: one arm per request of the protocol (docs/conformance-protocol.md),
// each reading its answer.
pub fn answer_from_value(request: &Request, v: &Value) -> Result<Answer, String> {
    let obj = v.as_object().ok_or("not a JSON object")?;
    let ok = obj
        .get("ok")
        .and_then(Value::as_bool)
        .ok_or("no boolean \"ok\" field")?;
    let field = |name: &str| obj.get(name).ok_or(format!("no \"{name}\" field"));
    let rejection = || -> Result<Answer, String> {
        match obj.get("error").and_then(Value::as_str) {
            Some("rejected") => {
                let rule = field("rule")?.as_str().ok_or("\"rule\" is not a string")?;
                Ok(Answer::Verdict(Err(rule.to_string())))
            }
            Some(other) => Err(format!(
                "error {other:?}: {}",
                obj.get("message").and_then(Value::as_str).unwrap_or("")
            )),
            None => Err("\"ok\": false without an \"error\" field".into()),
        }
    };
    let seat = |v: &Value| -> Result<Seat, String> {
        v.as_u64()
            .filter(|&s| s < 4)
            .map(|s| s as Seat)
            .ok_or(format!("{v} is not a seat"))
    };
    match request {
        Request::NewGame { .. } | Request::Apply { .. } => {
            if ok {
                Ok(Answer::Verdict(Ok(())))
            } else {
                rejection()
            }
        }
        _ if !ok => Err(match rejection() {
            Err(e) => e,
            Ok(_) => "a rejection answers only new_game and apply".into(),
        }),
        Request::Hello { .. } => {
            let version = field("version")?
                .as_u64()
                .ok_or("\"version\" is not a number")?;
            if version != u64::from(PROTOCOL_VERSION) {
                return Err(format!(
                    "the engine speaks protocol version {version}; this tester speaks {PROTOCOL_VERSION}"
                ));
            }
            let name = obj
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("engine")
                .to_string();
            let mut unsupported = Vec::new();
            if let Some(list) = obj.get("unsupported") {
                for f in list.as_array().ok_or("\"unsupported\" is not a list")? {
                    let f = f.as_str().ok_or("\"unsupported\" holds a non-string")?;
                    if !FEATURES.contains(&f) {
                        return Err(format!(
                            "unknown feature {f:?} in \"unsupported\" (known: {})",
                            FEATURES.join(", ")
                        ));
                    }
                    unsupported.push(f.to_string());
                }
            }
            Ok(Answer::Hello(Hello { name, unsupported }))
        }
        Request::ToAct => {
            let v = field("to_act")?;
            Ok(Answer::ToAct(if v.is_null() {
                None
            } else {
                Some(seat(v)?)
            }))
        }
        Request::Legal => {
            let list = field("legal")?
                .as_array()
                .ok_or("\"legal\" is not a list")?;
            let mut ids = list
                .iter()
                .map(|v| {
                    v.as_u64()
                        .filter(|&id| id <= 715)
                        .map(|id| id as u16)
                        .ok_or(format!("{v} is not an action id (0-715)"))
                })
                .collect::<Result<Vec<u16>, String>>()?;
            ids.sort_unstable();
            Ok(Answer::Legal(ids))
        }
        Request::Scores => {
            let sheets: Vec<Categories> = serde_json::from_value(field("scores")?.clone())
                .map_err(|e| format!("\"scores\" is not a list of score sheets ({e})"))?;
            Ok(Answer::Scores(sheets))
        }
        Request::IsOver => Ok(Answer::IsOver(
            field("over")?
                .as_bool()
                .ok_or("\"over\" is not a boolean")?,
        )),
        Request::Winners => {
            let list = field("winners")?
                .as_array()
                .ok_or("\"winners\" is not a list")?;
            let mut seats = list.iter().map(seat).collect::<Result<Vec<Seat>, _>>()?;
            seats.sort_unstable();
            Ok(Answer::Winners(seats))
        }
        Request::Quit => Ok(Answer::Done),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_one_json_object_tagged_by_op() {
        let r = Request::Apply {
            player: 2,
            action: 715,
        };
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"op":"apply","player":2,"action":715}"#
        );
        assert_eq!(
            serde_json::to_string(&Request::ToAct).unwrap(),
            r#"{"op":"to_act"}"#
        );
    }

    #[test]
    fn answers_are_checked_against_their_request() {
        assert_eq!(
            parse_answer(&Request::ToAct, r#"{"ok":true,"to_act":null}"#),
            Ok(Answer::ToAct(None))
        );
        assert_eq!(
            parse_answer(&Request::Legal, r#"{"ok":true,"legal":[715,3]}"#),
            Ok(Answer::Legal(vec![3, 715]))
        );
        let apply = Request::Apply {
            player: 0,
            action: 1,
        };
        assert_eq!(
            parse_answer(&apply, r#"{"ok":false,"error":"rejected","rule":"R-9"}"#),
            Ok(Answer::Verdict(Err("R-9".into())))
        );
        assert!(parse_answer(&Request::Legal, r#"{"ok":true,"legal":[716]}"#).is_err());
        assert!(parse_answer(&Request::ToAct, "to_act 1").is_err());
        assert!(parse_answer(&Request::ToAct, r#"{"ok":true}"#).is_err());
        assert!(
            parse_answer(&Request::Hello { version: 1 }, r#"{"ok":true,"version":2}"#).is_err()
        );
    }
}
