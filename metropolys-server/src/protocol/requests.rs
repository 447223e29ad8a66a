//! What clients send: WebSocket requests ([`ClientRequest`]) and REST
//! bodies ([`CreateMatch`], [`JoinSeat`]), read strictly: JSON (else
//! `bad_json`), an object of known fields, each once, of the right types
//! (else `bad_message`), a known `op` (else `unknown_op`); a chat message's
//! text checked as it is read (`super::text`).

use super::errors::{shorten, ErrorCode, ProtoError};
use super::shapes::{CredentialSchema, DeckSchema, SeatSchema, VariantSchema};
use super::text::chat_text;
use metropolys_core::{MetropolysCard, Variant};
use schemars::JsonSchema;
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

/// The largest move number a submission may name (2^63 − 1).
pub const MAX_MOVE: u64 = i64::MAX as u64;

/// What a client sends over its WebSocket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientRequest {
    /// `{"move": n, "action": id}` (or with `"op": "act"`): play action
    /// `id` at move `n`, the move number of the last update the client saw.
    Act {
        /// The move number the client saw.
        move_number: u64,
        /// The action id (0–715; anything else is refused by the rules).
        action: i64,
    },
    /// `{"op": "hint"}`: the `strong` bot's choice for this seat.
    Hint,
    /// `{"op": "ping"}`: answered with `{"type": "pong"}`.
    Ping,
    /// `{"op": "sync"}`: the current update again, with every event of the
    /// game.
    Sync,
    /// `{"op": "chat", "text": "…"}`: a message to everyone at the match
    /// (its text checked: trimmed, one line of 1 to 300 characters).
    Chat {
        /// The text, trimmed.
        text: String,
    },
}

impl ClientRequest {
    /// Its `op` (`act`, `chat`, …): what the log says of a request
    /// received, never its content.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientRequest::Act { .. } => "act",
            ClientRequest::Hint => "hint",
            ClientRequest::Ping => "ping",
            ClientRequest::Sync => "sync",
            ClientRequest::Chat { .. } => "chat",
        }
    }
}

/// The WebSocket request's wire shapes, for the schema: a submission, or
/// an `op` without other fields.
#[derive(JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "ClientRequest")]
#[allow(dead_code)]
pub(crate) enum ClientRequestSchema {
    /// Play an action.
    Act(ActSchema),
    /// Ask for a hint, a pong or the update again.
    Op(OpSchema),
    /// Say something to everyone at the match.
    Chat(ChatSchema),
}

/// `{"move": n, "action": id}`, optionally with `"op": "act"`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Act")]
#[allow(dead_code)]
pub(crate) struct ActSchema {
    /// `act` (the default).
    #[serde(default)]
    op: Option<ActOp>,
    /// The move number of the last update the client saw.
    #[serde(rename = "move")]
    #[schemars(range(max = 9_223_372_036_854_775_807u64))]
    move_number: u64,
    /// The action id (core's `Action::id`: a bid is
    /// `neighborhood × 13 + building − 1`, a pass 715).
    #[schemars(range(min = -9_223_372_036_854_775_808i64, max = 9_223_372_036_854_775_807i64))]
    action: i64,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum ActOp {
    Act,
}

/// `{"op": "hint" | "ping" | "sync"}`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Op")]
#[allow(dead_code)]
pub(crate) struct OpSchema {
    /// `hint`: the `strong` bot's choice for this seat (it must be to act);
    /// `ping`: a `pong`; `sync`: the current update again with every event
    /// of the game.
    op: SimpleOp,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum SimpleOp {
    Hint,
    Ping,
    Sync,
}

/// `{"op": "chat", "text": "…"}`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ChatRequest")]
#[allow(dead_code)]
pub(crate) struct ChatSchema {
    /// `chat`.
    op: ChatOp,
    /// The message: trimmed, 1 to 300 characters (Unicode scalar values),
    /// one line without control characters. Only a seat's socket may chat,
    /// once the match has started, at most 5 messages in 10 seconds per
    /// credential (10 per client address, 20 per match).
    text: String,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum ChatOp {
    Chat,
}

/// Every field a WebSocket request may have, each at most once.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    op: Option<String>,
    #[serde(rename = "move")]
    move_number: Option<u64>,
    action: Option<i64>,
    text: Option<String>,
}

/// A JSON body or message as `T`: `bad_json` when it is not JSON,
/// `bad_message` when it is of the wrong shape: not an object (serde would
/// read an array as the fields in order), a field repeated at any depth,
/// unknown or of the wrong type. A number with no fraction is an integer
/// however it is written (`2`, `2.0`, `2e0`), as JSON Schema reads it.
pub fn parse_json<T: DeserializeOwned>(text: &[u8]) -> Result<T, ProtoError> {
    let map = parse_object(text)?;
    T::deserialize(Value::Object(map))
        .map_err(|e| ProtoError::new(ErrorCode::BadMessage, shorten_error(&e.to_string())))
}

/// A JSON object's fields (see [`parse_json`]).
fn parse_object(text: &[u8]) -> Result<Map<String, Value>, ProtoError> {
    let strict: Strict = serde_json::from_slice(text).map_err(|e| {
        use serde_json::error::Category;
        let message = shorten_error(&e.to_string());
        match e.classify() {
            Category::Data => ProtoError::new(ErrorCode::BadMessage, message),
            Category::Io | Category::Syntax | Category::Eof => {
                ProtoError::new(ErrorCode::BadJson, format!("not JSON: {message}"))
            }
        }
    })?;
    match strict.0 {
        Value::Object(map) => Ok(map),
        other => Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "a request is a JSON object, not {}",
                match other {
                    Value::Array(_) => "an array",
                    Value::String(_) => "a string",
                    Value::Number(_) => "a number",
                    Value::Bool(_) => "a boolean",
                    _ => "null",
                }
            ),
        )),
    }
}

/// A JSON value read with every object's keys checked to be distinct, its
/// integral numbers as integers.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        // 2^63 and 2^64 are exactly representable as doubles: below them,
        // an integral double is an exact i64 or u64.
        Ok(
            if v.fract() == 0.0 && v >= -(2f64.powi(63)) && v < 2f64.powi(63) {
                Value::from(v as i64)
            } else if v.fract() == 0.0 && v >= 0.0 && v < 2f64.powi(64) {
                Value::from(v as u64)
            } else {
                Value::from(v)
            },
        )
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some(Strict(x)) = seq.next_element()? {
            v.push(x);
        }
        Ok(Value::Array(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if m.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "duplicate field `{}`",
                    shorten(&key)
                )));
            }
            let Strict(v) = map.next_value()?;
            m.insert(key, v);
        }
        Ok(Value::Object(m))
    }
}

/// serde's messages quote the input; at most 200 characters of them.
fn shorten_error(s: &str) -> String {
    if s.len() <= 200 {
        return s.to_string();
    }
    let mut cut = 200;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}…", &s[..cut])
}

/// Reads a WebSocket request strictly (see the module docs).
pub fn parse_client(text: &str) -> Result<ClientRequest, ProtoError> {
    let map = parse_object(text.as_bytes())?;
    // A field is there, null or not: an op takes its own fields only.
    let has = |k: &str| map.contains_key(k);
    let (has_move, has_action, has_text) = (has("move"), has("action"), has("text"));
    let e = Envelope::deserialize(Value::Object(map))
        .map_err(|e| ProtoError::new(ErrorCode::BadMessage, shorten_error(&e.to_string())))?;
    let bad = |m: String| ProtoError::new(ErrorCode::BadMessage, m);
    let op = e.op.as_deref().unwrap_or("act");
    if op != "chat" && has_text {
        return Err(bad(format!(
            "a {:?} message has no field \"text\"",
            shorten(op)
        )));
    }
    match op {
        "chat" => {
            if has_move || has_action {
                return Err(bad(
                    "a \"chat\" message has no other fields than \"op\" and \"text\"".into(),
                ));
            }
            let text = e.text.ok_or_else(|| bad("missing field \"text\"".into()))?;
            Ok(ClientRequest::Chat {
                text: chat_text(&text)?,
            })
        }
        "act" => {
            let move_number = e
                .move_number
                .ok_or_else(|| bad("missing field \"move\"".into()))?;
            if move_number > MAX_MOVE {
                return Err(bad(format!(
                    "move must be an integer from 0 to {MAX_MOVE}, not {move_number}"
                )));
            }
            let action = e
                .action
                .ok_or_else(|| bad("missing field \"action\"".into()))?;
            Ok(ClientRequest::Act {
                move_number,
                action,
            })
        }
        "hint" | "ping" | "sync" => {
            if has_move || has_action {
                return Err(bad(format!(
                    "a {op:?} message has no other field than \"op\""
                )));
            }
            Ok(match op {
                "hint" => ClientRequest::Hint,
                "ping" => ClientRequest::Ping,
                _ => ClientRequest::Sync,
            })
        }
        other => Err(ProtoError::new(
            ErrorCode::UnknownOp,
            format!(
                "unknown op {:?}; expected act, chat, hint, ping or sync",
                shorten(other)
            ),
        )),
    }
}

/// A seat's credential (64 lowercase hexadecimal digits, the schema's
/// `Credential`) or null.
fn credential_or_null<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Option::<String>::deserialize(d)? {
        Some(t) if !is_credential(&t) => Err(de::Error::custom(
            "a credential is 64 lowercase hexadecimal digits",
        )),
        t => Ok(t),
    }
}

/// Whether `t` has a credential's form: 64 lowercase hexadecimal digits.
pub(crate) fn is_credential(t: &str) -> bool {
    t.len() == 64 && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A seat number (0 to 3, the schema's `Seat`) or null.
fn seat_or_null<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    match Option::<u8>::deserialize(d)? {
        Some(s) if s > 3 => Err(de::Error::custom(format_args!("a seat is 0 to 3, not {s}"))),
        s => Ok(s),
    }
}

/// A turn timer (`turn_seconds`) of this many seconds or more makes a
/// correspondence match (hours or days per move): its clock runs while
/// nobody is connected and across restarts, and the seat to act gets a
/// notice when away.
pub const CORRESPONDENCE_SECONDS: u64 = 3_600;

/// The longest turn timer (`turn_seconds`): 14 days.
pub const MAX_TURN_SECONDS: u64 = 14 * 86_400;

/// `POST /api/v1/matches`: a new match.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// 2, 3 or 4 (R-1).
    pub players: u8,
    /// `family` (the default) or `expert`.
    #[serde(default)]
    #[schemars(with = "Option<VariantSchema>")]
    pub variant: Option<Variant>,
    /// An unsigned 64-bit seed; drawn from the operating system when
    /// absent. A chosen seed is shown to everyone (in the summary and on
    /// joining): with it anyone can compute every seat's cards.
    #[serde(default)]
    #[schemars(range(max = 18_446_744_073_709_551_615u64))]
    pub seed: Option<u64>,
    /// The seat that opens the first call (default 0).
    #[serde(default, deserialize_with = "seat_or_null")]
    #[schemars(with = "Option<SeatSchema>")]
    pub start_player: Option<u8>,
    /// Four Metropolys cards: the module is played with this deck (R-22).
    #[serde(default)]
    #[schemars(with = "Option<DeckSchema>")]
    pub metropolys_deck: Option<Vec<MetropolysCard>>,
    /// One per player: `human`, or a bot spec (`kind` or
    /// `kind:{JSON parameters}`); at least one `human`.
    pub seats: Vec<String>,
    /// The turn timer, 1 to 1209600 seconds (14 days; default none). At
    /// 3600 (an hour) or more the match is played by correspondence: its
    /// clock runs whether or not anyone is connected, and a player who is
    /// away is sent a notice when it is their turn (their account's
    /// contact, through the server's `--notify-url`). When a turn runs
    /// out, the server plays the seat's move (`timed_out`).
    #[serde(default)]
    pub turn_seconds: Option<f64>,
    /// A private match (default false): the lobby does not list it, and
    /// joining it needs its invite, which the answer to this request
    /// gives (and every seated player's `join` answer).
    #[serde(default)]
    pub private: bool,
}

/// `POST /api/v1/matches/{id}/join`: a seat, or the first free human seat
/// (an empty body or `{}`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinSeat {
    /// The seat to take (default: the first free human seat that is not
    /// reserved).
    #[serde(default, deserialize_with = "seat_or_null")]
    #[schemars(with = "Option<SeatSchema>")]
    pub seat: Option<u8>,
    /// The player's name, shown to everyone: trimmed; empty or absent for
    /// none; else, stored composed (NFC), 1 to 24 characters (at most 64
    /// bytes of UTF-8), one line without control, invisible or format
    /// characters; neither another seat's name (ignoring case and look-alikes:
    /// `protocol::name_key`)
    /// nor a seat colour's.
    #[serde(default)]
    pub name: Option<String>,
    /// The invite of a private match (32 hexadecimal digits); refused for
    /// a public match.
    #[serde(default)]
    pub invite: Option<String>,
    /// The credential the seat is to have, drawn by the client: 64
    /// lowercase hexadecimal digits from a cryptographic generator (256
    /// bits; `crypto.getRandomValues` in a browser). A client that lost
    /// the answer (a dropped connection) sends the same `join` again and
    /// gets the seat this credential holds, so no seat is ever held by a
    /// credential nobody has. Absent: the server draws one.
    #[serde(default, deserialize_with = "credential_or_null")]
    #[schemars(with = "Option<CredentialSchema>")]
    pub token: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_fields_are_refused_as_records_refuse_them() {
        let e = parse_client(r#"{"move": 0, "action": 3, "action": 715}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage);
        assert!(e.message.contains("duplicate field"), "{e}");
        let e = parse_client(r#"{"op": "ping", "op": "hint"}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage);
        let e =
            parse_json::<CreateMatch>(br#"{"players": 2, "players": 3, "seats": []}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage);
        let e = parse_json::<JoinSeat>(br#"{"seat": 0, "seat": 1}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage);
        // At any depth, where a value would keep only the last.
        let e = parse_json::<CreateMatch>(br#"{"players": 2, "seats": [], "x": {"a": 1, "a": 2}}"#)
            .unwrap_err();
        assert!(e.message.contains("duplicate field `a`"), "{e}");
        // An array is not the fields in order.
        let e = parse_json::<JoinSeat>(br#"[2, "Mallory"]"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadMessage);
        assert!(e.message.contains("not an array"), "{e}");
    }

    #[test]
    fn the_shapes_of_a_request() {
        assert_eq!(
            parse_client(r#"{"op": "act", "move": 3, "action": 715}"#),
            Ok(ClientRequest::Act {
                move_number: 3,
                action: 715
            })
        );
        assert_eq!(parse_client(r#"{"op": "sync"}"#), Ok(ClientRequest::Sync));
        // An integer however JSON writes it, as the schema reads it.
        assert_eq!(
            parse_client(r#"{"move": 3.0, "action": 7.15e2}"#),
            Ok(ClientRequest::Act {
                move_number: 3,
                action: 715
            })
        );
        assert_eq!(
            parse_client(r#"{"op": "chat", "text": " <b>hi</b> "}"#),
            Ok(ClientRequest::Chat {
                text: "<b>hi</b>".into()
            })
        );
        for (text, code) in [
            ("{", ErrorCode::BadJson),
            ("[]", ErrorCode::BadMessage),
            (r#"{"op": "hint", "move": 1}"#, ErrorCode::BadMessage),
            (r#"{"op": "hint", "move": null}"#, ErrorCode::BadMessage),
            (
                r#"{"move": 1, "action": 2, "text": null}"#,
                ErrorCode::BadMessage,
            ),
            (r#"[1, 2]"#, ErrorCode::BadMessage),
            (r#"{"move": 1.5, "action": 2}"#, ErrorCode::BadMessage),
            (
                r#"{"move": 18446744073709551615, "action": 1}"#,
                ErrorCode::BadMessage,
            ),
            (r#"{"op": "resign"}"#, ErrorCode::UnknownOp),
            (r#"{"op": "chat"}"#, ErrorCode::BadMessage),
            (r#"{"op": "chat", "text": ""}"#, ErrorCode::BadMessage),
            (r#"{"op": "chat", "text": "a\nb"}"#, ErrorCode::BadMessage),
            (r#"{"op": "chat", "text": 5}"#, ErrorCode::BadMessage),
            (
                r#"{"op": "chat", "text": "a", "move": 1}"#,
                ErrorCode::BadMessage,
            ),
            (
                r#"{"op": "chat", "text": "a", "text": "b"}"#,
                ErrorCode::BadMessage,
            ),
            (r#"{"op": "ping", "text": "a"}"#, ErrorCode::BadMessage),
            (
                r#"{"move": 1, "action": 2, "text": "a"}"#,
                ErrorCode::BadMessage,
            ),
        ] {
            assert_eq!(parse_client(text).unwrap_err().code, code, "{text}");
        }
    }
}
