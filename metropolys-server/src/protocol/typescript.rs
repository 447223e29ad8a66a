//! The protocol's types in TypeScript, generated from its JSON Schema
//! ([`schema`](super::schema)), for the web client (`metropolys-web/client/src/protocol.ts`,
//! kept equal by a test): a change to a message the server sends fails
//! the client's type check (`tsc --strict`, scripts/build-web).
//!
//! The schema's forms that the protocol uses are read: `$ref`, `type`
//! (one or a list), `enum`, `const`, `oneOf` and `anyOf` (a union; a
//! variant with both a `$ref` and properties is their intersection),
//! objects with `properties` and `required`, and arrays with `items`.
//! Core's own values (the view, the events, the score sheets) are the
//! WebAssembly package's declarations of them, so a change in core reaches
//! the client's type check too.

use serde_json::{Map, Value};

/// `$defs` entries that are core's types: their TypeScript is the
/// WebAssembly package's (`metropolys-web/client/engine/metropolys_wasm.d.ts`).
const CORE: [(&str, &str); 3] = [
    ("View", "Engine.Snapshot"),
    ("Events", "Engine.GameEvent[]"),
    ("ScoreSheets", "Engine.ScoreSheet[]"),
];

/// `metropolys-web/client/src/protocol.ts`: the protocol's version and
/// its turn timer's bounds as constants, then one exported type per
/// `$defs` entry of the schema, in the schema's (alphabetical) order, each
/// with its description as its doc comment.
pub fn typescript_module() -> String {
    let schema = super::schema();
    let mut ts = String::from(
        "// Generated from metropolys-server's protocol (its JSON Schema,\n\
         // docs/server.schema.json): a test keeps this file equal to\n\
         // protocol::typescript_module(); METROPOLYS_BLESS=1 cargo test -p\n\
         // metropolys-server --test protocol rewrites it. Do not edit.\n\
         \n\
         import type * as Engine from \"../engine/metropolys_wasm.js\";\n",
    );
    ts.push_str(&format!(
        "\n/** The protocol version this client speaks. */\n\
         export const PROTOCOL_VERSION = {};\n\
         \n/** A turn timer of this many seconds or more makes a correspondence match: its clock runs while nobody is connected. */\n\
         export const CORRESPONDENCE_SECONDS = {};\n\
         \n/** The longest turn timer, in seconds. */\n\
         export const MAX_TURN_SECONDS = {};\n",
        super::PROTOCOL_VERSION,
        super::CORRESPONDENCE_SECONDS,
        super::MAX_TURN_SECONDS
    ));
    let defs = schema["$defs"].as_object().cloned().unwrap_or_default();
    for (name, def) in &defs {
        ts.push('\n');
        doc(&mut ts, def, "");
        let body = match CORE.iter().find(|(n, _)| n == name) {
            Some((_, core)) => core.to_string(),
            None => ty(def, ""),
        };
        ts.push_str(&format!("export type {name} = {body};\n"));
    }
    ts
}

/// A `/** … */` comment of `def`'s description, at `indent`.
fn doc(out: &mut String, def: &Value, indent: &str) {
    let Some(text) = def.get("description").and_then(Value::as_str) else {
        return;
    };
    out.push_str(indent);
    out.push_str("/**\n");
    for line in text.replace("*/", "* /").lines() {
        out.push_str(indent);
        out.push_str(" *");
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str(indent);
    out.push_str(" */\n");
}

/// The TypeScript type of schema `s`, at `indent` (for object members).
fn ty(s: &Value, indent: &str) -> String {
    let Some(o) = s.as_object() else {
        // `true`: anything.
        return "unknown".into();
    };
    if let Some(v) = o.get("const") {
        return v.to_string();
    }
    if let Some(Value::Array(vs)) = o.get("enum") {
        return vs
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(" | ");
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(vs)) = o.get(key) {
            let parts: Vec<String> = vs.iter().map(|v| paren(ty(v, indent))).collect();
            return parts.join(" | ");
        }
    }
    let reference = o
        .get("$ref")
        .and_then(Value::as_str)
        .map(|r| r.trim_start_matches("#/$defs/").to_string());
    let shape = shape(o, indent);
    match (reference, shape) {
        (Some(r), Some(s)) => format!("{r} & {s}"),
        (Some(r), None) => r,
        (None, Some(s)) => s,
        (None, None) => "unknown".into(),
    }
}

/// The type `o` gives by `type` (with its `properties` and `items`), if
/// it names one.
fn shape(o: &Map<String, Value>, indent: &str) -> Option<String> {
    let types: Vec<&str> = match o.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ if o.contains_key("properties") => vec!["object"],
        _ => return None,
    };
    let parts: Vec<String> = types
        .iter()
        .map(|t| match *t {
            "string" => "string".into(),
            "integer" | "number" => "number".into(),
            "boolean" => "boolean".into(),
            "null" => "null".into(),
            "array" => {
                let item = o.get("items").map_or("unknown".into(), |i| ty(i, indent));
                format!("{}[]", paren(item))
            }
            _ => object(o, indent),
        })
        .collect();
    Some(parts.join(" | "))
}

/// An object type: its properties (optional unless `required`), or a
/// record of anything when it names none.
fn object(o: &Map<String, Value>, indent: &str) -> String {
    let Some(Value::Object(props)) = o.get("properties") else {
        return "{ [key: string]: unknown }".into();
    };
    let required: Vec<&str> = match o.get("required") {
        Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let inner = format!("{indent}  ");
    let mut out = String::from("{\n");
    for (name, p) in props {
        doc(&mut out, p, &inner);
        let optional = if required.contains(&name.as_str()) {
            ""
        } else {
            "?"
        };
        out.push_str(&format!("{inner}{name}{optional}: {};\n", ty(p, &inner)));
    }
    out.push_str(indent);
    out.push('}');
    out
}

/// `t` in parentheses when it is a union or an intersection at its top
/// level (for `[]` and for a union's member).
fn paren(t: String) -> String {
    let mut depth = 0i32;
    let mut prev = ' ';
    let mut compound = false;
    for c in t.chars() {
        match c {
            '{' | '(' | '[' | '<' => depth += 1,
            '}' | ')' | ']' | '>' => depth -= 1,
            '|' | '&' if depth == 0 && prev == ' ' => compound = true,
            _ => {}
        }
        prev = c;
    }
    if compound {
        format!("({t})")
    } else {
        t
    }
}
