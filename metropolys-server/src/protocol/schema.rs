//! The protocol's JSON Schema, generated from its types with `schemars`,
//! and docs/server.md's message and error tables generated from the
//! schema.
//!

use super::errors::ErrorCode;
use super::messages::{HttpError, Info, Joined, Left, MatchAnswer, MatchList, ServerMessage};
use super::requests::{ClientRequestSchema, CreateMatch, JoinSeat};
use super::version::PROTOCOL_VERSION;
use serde_json::{json, Map, Value};

/// The schema's roots: each is a `$defs` entry that a message validates
/// against (`{"$ref": "#/$defs/<name>"}`).
pub const ROOTS: [&str; 10] = [
    "ServerMessage",
    "ClientRequest",
    "CreateMatch",
    "JoinSeat",
    "Info",
    "MatchList",
    "MatchAnswer",
    "Joined",
    "Left",
    "HttpError",
];

/// The protocol's JSON Schema (draft 2020-12): every type in `$defs`,
/// [`ROOTS`] and [`ACCOUNT_ROOTS`](super::ACCOUNT_ROOTS) among them. `GET /api/v1/schema` serves it;
/// `docs/server.schema.json` is a copy a test keeps equal.
pub fn schema() -> Value {
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    g.subschema_for::<ServerMessage>();
    g.subschema_for::<ClientRequestSchema>();
    g.subschema_for::<CreateMatch>();
    g.subschema_for::<JoinSeat>();
    g.subschema_for::<Info>();
    g.subschema_for::<MatchList>();
    g.subschema_for::<MatchAnswer>();
    g.subschema_for::<Joined>();
    g.subschema_for::<Left>();
    g.subschema_for::<HttpError>();
    g.subschema_for::<super::Credentials>();
    g.subschema_for::<super::BindSeat>();
    g.subschema_for::<super::SignedIn>();
    g.subschema_for::<super::AccountAnswer>();
    g.subschema_for::<super::Bound>();
    g.subschema_for::<super::Leaderboard>();
    g.subschema_for::<super::SetNotices>();
    g.subschema_for::<super::Notices>();
    g.subschema_for::<super::Notice>();
    let defs = g.take_definitions(true);
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("metropolys-server protocol {PROTOCOL_VERSION}"),
        "description": "Every message of the metropolys server's protocol: validate a message against {\"$ref\": \"#/$defs/<root>\"} for a root of ServerMessage (WebSocket, server to client), ClientRequest (WebSocket, client to server), CreateMatch, JoinSeat, Credentials, BindSeat, SetNotices (REST bodies), Info, MatchList, MatchAnswer, Joined, Left, SignedIn, AccountAnswer, Bound, Notices, Leaderboard, HttpError (REST answers), Notice (what the server posts to its notice relay).",
        "$defs": Value::Object(defs),
    })
}

/// docs/server.md's generated tables, by name: `server-messages` (every
/// WebSocket message from the server), `update`, `summary`, `seat`,
/// `create`, `join`, `chat`, `credentials`, `account`, `my-game`, `rating`,
/// `leaderboard`, `notice` (their fields) and `errors` (every error code,
/// its HTTP status and meaning). Each sits in docs/server.md between
/// `<!-- generated: NAME -->` and `<!-- end: NAME -->`.
pub fn doc_tables() -> Vec<(&'static str, String)> {
    let s = schema();
    let defs = s["$defs"].as_object().cloned().unwrap_or_default();
    vec![
        ("server-messages", messages_table(&defs)),
        ("update", fields_table(&defs, "Update")),
        ("summary", fields_table(&defs, "Summary")),
        ("seat", fields_table(&defs, "SeatStatus")),
        ("create", fields_table(&defs, "CreateMatch")),
        ("join", fields_table(&defs, "JoinSeat")),
        ("chat", fields_table(&defs, "ChatEntry")),
        ("credentials", fields_table(&defs, "Credentials")),
        ("account", fields_table(&defs, "AccountAnswer")),
        ("my-game", fields_table(&defs, "MyGame")),
        ("rating", fields_table(&defs, "Rating")),
        ("leaderboard", fields_table(&defs, "LeaderboardEntry")),
        ("notice", fields_table(&defs, "Notice")),
        ("errors", errors_table(&defs)),
        ("close-codes", super::close::close_table()),
    ]
}

/// One line of a description (tables hold no line breaks).
fn one_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

fn def_name(reference: &str) -> &str {
    reference.rsplit('/').next().unwrap_or(reference)
}

/// The properties and required names of a schema, following `$ref` and
/// `allOf`.
fn properties(defs: &Map<String, Value>, v: &Value, out: &mut Vec<(String, Value, bool)>) {
    if let Some(r) = v.get("$ref").and_then(Value::as_str) {
        if let Some(d) = defs.get(def_name(r)) {
            properties(defs, d, out);
        }
    }
    if let Some(all) = v.get("allOf").and_then(Value::as_array) {
        for a in all {
            properties(defs, a, out);
        }
    }
    let required: Vec<&str> = v
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if let Some(p) = v.get("properties").and_then(Value::as_object) {
        for (k, s) in p {
            if let Some(slot) = out.iter_mut().find(|(n, _, _)| n == k) {
                slot.2 |= required.contains(&k.as_str());
            } else {
                out.push((k.clone(), s.clone(), required.contains(&k.as_str())));
            }
        }
    }
}

/// A schema's type in words.
fn type_words(v: &Value) -> String {
    if let Some(r) = v.get("$ref").and_then(Value::as_str) {
        return def_name(r).to_string();
    }
    if let Some(c) = v.get("const") {
        return format!("`{c}`");
    }
    if let Some(e) = v.get("enum").and_then(Value::as_array) {
        return e
            .iter()
            .map(|x| format!("`{}`", x.as_str().unwrap_or_default()))
            .collect::<Vec<_>>()
            .join(", ");
    }
    if let Some(any) = v.get("anyOf").and_then(Value::as_array) {
        return any.iter().map(type_words).collect::<Vec<_>>().join(" or ");
    }
    match v.get("type") {
        Some(Value::String(t)) if t == "array" => {
            format!("array of {}", type_words(&v["items"]))
        }
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => {
            let mut words: Vec<String> = ts
                .iter()
                .filter_map(Value::as_str)
                .filter(|t| *t != "null")
                .map(|t| {
                    if t == "array" {
                        format!("array of {}", type_words(&v["items"]))
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            if ts.iter().any(|t| t == "null") {
                words.push("null".into());
            }
            words.join(" or ")
        }
        _ => "any".into(),
    }
}

fn messages_table(defs: &Map<String, Value>) -> String {
    let mut t = String::from("| `type` | fields (`?`: optional) | when |\n| --- | --- | --- |\n");
    let variants = defs
        .get("ServerMessage")
        .and_then(|m| m.get("oneOf"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for v in &variants {
        let name = v["properties"]["type"]["const"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let mut props = Vec::new();
        properties(defs, v, &mut props);
        let fields: Vec<String> = props
            .iter()
            .filter(|(n, _, _)| n != "type")
            .map(|(n, _, req)| format!("`{n}`{}", if *req { "" } else { "?" }))
            .collect();
        t.push_str(&format!(
            "| `{name}` | {} | {} |\n",
            if fields.is_empty() {
                "—".to_string()
            } else {
                fields.join(", ")
            },
            one_line(v["description"].as_str().unwrap_or_default())
        ));
    }
    t
}

fn fields_table(defs: &Map<String, Value>, name: &str) -> String {
    let mut t = String::from("| field | type | meaning |\n| --- | --- | --- |\n");
    let mut props = Vec::new();
    properties(
        defs,
        &json!({"$ref": format!("#/$defs/{name}")}),
        &mut props,
    );
    for (n, s, req) in props {
        t.push_str(&format!(
            "| `{n}`{} | {} | {} |\n",
            if req { "" } else { "?" },
            type_words(&s),
            one_line(s["description"].as_str().unwrap_or_default())
        ));
    }
    t
}

fn errors_table(defs: &Map<String, Value>) -> String {
    let mut t = String::from("| code | HTTP | when |\n| --- | --- | --- |\n");
    let codes = defs
        .get("ErrorCode")
        .and_then(|m| m.get("oneOf"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for c in &codes {
        let name = c["const"].as_str().unwrap_or_default();
        let code: Option<ErrorCode> = serde_json::from_value(json!(name)).ok();
        let status = match code {
            Some(code) if code.websocket_only() => "—".to_string(),
            Some(code) => code.status().to_string(),
            None => "?".to_string(),
        };
        t.push_str(&format!(
            "| `{name}` | {status} | {} |\n",
            one_line(c["description"].as_str().unwrap_or_default())
        ));
    }
    t
}
