//! Who played each seat of a recorded game: the entries of a record's
//! optional `seats` ([`SeatPlayer`], re-exported as
//! `metropolys_core::record::SeatPlayer`), read strictly.

use crate::echo::excerpt;
use crate::strict::UniqueParameters;
use serde::{Deserialize, Serialize};

/// Who played one seat of a recorded game: an entry of the record's
/// optional `seats`, `{"kind": "human"}`, `{"kind": "human", "name":
/// "Ada"}` or `{"kind": "ismcts", "params": {"iterations": 500}}`.
///
/// `kind` is `"human"` for a person, or the bot's kind as the program that
/// played names it (the `metropolys` tool writes the kinds of
/// `metropolys-bots`, `"random"` for its random decisions): 1 to
/// [`SEAT_KIND_MAX`] bytes without control characters. `params` is the
/// bot's parameters, a JSON object (no key twice, at any depth), left out
/// when it has none. `name` is the person's name, for a `human` entry
/// only: 1 to [`SEAT_NAME_MAX`] bytes without control characters, left out
/// when unknown (since 0.3.0; older readers refuse it as an unknown
/// field). Replaying ignores all three.
///
/// ```
/// use metropolys_core::{record::SeatPlayer, Config, Record, Variant};
/// let mut r = Record::new(Config::new(2, Variant::Family, 1));
/// r.seats = Some(vec![SeatPlayer::named("Ada"), SeatPlayer::bot("greedy", None)]);
/// let again = Record::from_json(&r.to_json_readable()).unwrap();
/// let seats = again.seats.unwrap();
/// assert_eq!(seats[0].name.as_deref(), Some("Ada"));
/// assert_eq!(seats[1].kind, "greedy");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
pub struct SeatPlayer {
    /// `"human"`, or the bot's kind.
    pub kind: String,
    /// The bot's parameters, when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "typescript",
        tsify(type = "Record<string, unknown>", optional)
    )]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
    /// The person's name, for a `human` entry, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", tsify(optional))]
    pub name: Option<String>,
}

/// The longest `kind` of a [`SeatPlayer`], in bytes.
pub const SEAT_KIND_MAX: usize = 64;

/// The longest `name` of a [`SeatPlayer`], in bytes.
pub const SEAT_NAME_MAX: usize = 64;

impl SeatPlayer {
    /// A person.
    pub fn human() -> SeatPlayer {
        SeatPlayer {
            kind: "human".into(),
            params: None,
            name: None,
        }
    }

    /// A person with a name (checked when a record is read or verified:
    /// 1 to [`SEAT_NAME_MAX`] bytes without control characters).
    pub fn named(name: impl Into<String>) -> SeatPlayer {
        SeatPlayer {
            name: Some(name.into()),
            ..SeatPlayer::human()
        }
    }

    /// A bot of `kind` with its parameters (an empty object is left out).
    pub fn bot(
        kind: &str,
        params: Option<serde_json::Map<String, serde_json::Value>>,
    ) -> SeatPlayer {
        SeatPlayer {
            kind: kind.into(),
            params: params.filter(|p| !p.is_empty()),
            name: None,
        }
    }

    /// Why this entry is malformed, if it is.
    pub(crate) fn check(&self) -> Result<(), String> {
        let kind = &self.kind;
        if kind.is_empty() || kind.len() > SEAT_KIND_MAX || kind.chars().any(char::is_control) {
            return Err(format!(
                "a seat's kind is 1 to {SEAT_KIND_MAX} bytes without control characters, not {:?}",
                excerpt(kind)
            ));
        }
        if let Some(name) = &self.name {
            if name.is_empty() || name.len() > SEAT_NAME_MAX || name.chars().any(char::is_control) {
                return Err(format!(
                    "a seat's name is 1 to {SEAT_NAME_MAX} bytes without control characters, not {:?}",
                    excerpt(name)
                ));
            }
            if kind != "human" {
                return Err(format!(
                    "a name is a person's: only a \"human\" seat has one, not a {:?}",
                    excerpt(kind)
                ));
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for SeatPlayer {
    /// `human`, `greedy`, or `ismcts:{"iterations":500}` (the command
    /// line's way of writing a bot with its parameters).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.params {
            Some(p) => write!(f, "{}:{}", self.kind, serde_json::Value::Object(p.clone())),
            None => f.write_str(&self.kind),
        }
    }
}

/// A seat entry is read strictly: an object (never a positional array),
/// no unknown field, no field or parameter twice at any depth (serde_json
/// would keep the last); `name` a string.
impl<'de> Deserialize<'de> for SeatPlayer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatPlayer, D::Error> {
        use serde::de::{Error as _, MapAccess, Visitor};
        struct Entry;
        impl<'de> Visitor<'de> for Entry {
            type Value = SeatPlayer;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(r#"a seat, {"kind": …} with optional "params" and "name""#)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SeatPlayer, A::Error> {
                let (mut kind, mut params, mut name) = (None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "kind" if kind.is_none() => kind = Some(map.next_value::<String>()?),
                        "params" if params.is_none() => {
                            params = match map.next_value::<UniqueParameters>()?.0 {
                                serde_json::Value::Object(m) => Some(m),
                                _ => {
                                    return Err(A::Error::custom(
                                        "a seat's params is a JSON object",
                                    ))
                                }
                            }
                        }
                        "name" if name.is_none() => name = Some(map.next_value::<String>()?),
                        "kind" | "params" | "name" => {
                            return Err(A::Error::custom(format!("duplicate field `{key}`")))
                        }
                        _ => {
                            return Err(A::Error::unknown_field(&key, &["kind", "params", "name"]))
                        }
                    }
                }
                let kind = kind.ok_or_else(|| A::Error::missing_field("kind"))?;
                Ok(SeatPlayer { kind, params, name })
            }
        }
        d.deserialize_map(Entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Config, Record, RecordedAction, Variant};

    fn opening() -> Record {
        let mut r = Record::new(Config::new(3, Variant::Family, 4));
        r.actions.push(RecordedAction {
            player: 0,
            action: Action::bid(3, 5),
        });
        r
    }

    #[test]
    fn who_played_each_seat_is_optional_and_round_trips() {
        let mut r = opening();
        let without = r.to_json_readable();
        assert!(!without.contains("seats"), "{without}");
        let mut params = serde_json::Map::new();
        params.insert("iterations".into(), 500.into());
        r.seats = Some(vec![
            SeatPlayer::human(),
            SeatPlayer::bot("ismcts", Some(params)),
            SeatPlayer::bot("greedy", Some(serde_json::Map::new())),
        ]);
        let with = r.to_json_readable();
        for line in [
            r#"{"kind": "human"},"#,
            r#"{"kind": "ismcts", "params": {"iterations": 500}},"#,
            r#"{"kind": "greedy"}"#,
        ] {
            assert!(with.contains(line), "{with}");
        }
        let again = Record::from_json(&with).unwrap();
        assert_eq!(again, r);
        assert_eq!(
            again.seats.unwrap()[1].to_string(),
            r#"ismcts:{"iterations":500}"#
        );
        assert!(r.verify().is_ok());
        // Without the field, a record is read and written as before.
        assert_eq!(
            Record::from_json(&without).unwrap().to_json_readable(),
            without
        );
    }

    #[test]
    fn a_person_s_name_is_optional_and_round_trips() {
        let mut r = opening();
        r.seats = Some(vec![
            SeatPlayer::named("Zoë <b>&"),
            SeatPlayer::human(),
            SeatPlayer::bot("greedy", None),
        ]);
        let with = r.to_json_readable();
        assert!(
            with.contains(r#"{"kind": "human", "name": "Zoë <b>&"},"#),
            "{with}"
        );
        assert!(with.contains(r#"{"kind": "human"},"#), "{with}");
        let again = Record::from_json(&with).unwrap();
        assert_eq!(again, r);
        assert!(r.verify().is_ok());
    }

    #[test]
    fn a_malformed_seats_field_is_refused() {
        let base = opening().to_json_pretty();
        let with = |seats: &str| {
            base.replacen(
                "\"config\"",
                &format!("\"seats\": {seats},\n  \"config\""),
                1,
            )
        };
        let ok = with(
            r#"[{"kind": "human"}, {"kind": "random"}, {"kind": "ismcts", "params": {"reward": "score"}}]"#,
        );
        assert!(Record::from_json(&ok).is_ok(), "{ok}");
        let long = format!(
            r#"[{{"kind": "{}"}}, {{"kind": "a"}}, {{"kind": "b"}}]"#,
            "x".repeat(65)
        );
        for (bad, why) in [
            (r#"[{"kind": "human"}, {"kind": "random"}]"#.to_string(), "2 seat(s) for a game of 3"),
            (r#"[{"kind": ""}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "seats[0]"),
            (long, "1 to 64 bytes"),
            (r#"[{"kind": "a
b"}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "control"),
            (r#"[{"kind": "a", "params": 5}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "JSON object"),
            (r#"[{"kind": "a", "params": null}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "JSON object"),
            (r#"[{"kind": "a", "params": {"x": 1, "x": 2}}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "duplicate parameter \"x\""),
            (r#"[{"kind": "a", "params": {"x": {"y": 1, "y": 1}}}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "duplicate parameter \"y\""),
            (r#"[{"kind": "a", "nick": "bob"}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "unknown field"),
            (r#"[{"kind": "a", "name": "bob"}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "only a \"human\" seat"),
            (r#"[{"kind": "human", "name": ""}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "1 to 64 bytes"),
            (format!(r#"[{{"kind": "human", "name": "{}"}}, {{"kind": "a"}}, {{"kind": "b"}}]"#, "é".repeat(33)), "1 to 64 bytes"),
            (r#"[{"kind": "human", "name": "a\u0007b"}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "control"),
            (r#"[{"kind": "human", "name": 5}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "invalid type"),
            (r#"[{"kind": "human", "name": "a", "name": "b"}, {"kind": "a"}, {"kind": "b"}]"#.to_string(), "duplicate field `name`"),
            (r#"[["human"], {"kind": "a"}, {"kind": "b"}]"#.to_string(), "invalid type"),
            (r#"{"kind": "human"}"#.to_string(), "invalid type"),
        ] {
            let e = Record::from_json(&with(&bad)).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
