//! The protocol's reference is generated from its types: docs/server.md's
//! message, field, error and close-code tables and its table of options
//! (from `metropolys serve`'s declarations), docs/server.schema.json, the
//! JSON Schema, and the web client's close codes. `METROPOLYS_BLESS=1 cargo test -p metropolys-server --test
//! protocol` rewrites them after a change to the types.

use std::path::PathBuf;

fn docs(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("docs")
        .join(name)
}

fn bless() -> bool {
    std::env::var_os("METROPOLYS_BLESS").is_some()
}

/// `text` with each generated block replaced by the current one.
fn regenerate(text: &str) -> String {
    let mut out = text.to_string();
    let tables = metropolys_server::protocol::doc_tables()
        .into_iter()
        .chain([("options", metropolys_server::options_table())]);
    for (name, table) in tables {
        let start = format!("<!-- generated: {name} -->\n");
        let end = format!("<!-- end: {name} -->");
        let i = out
            .find(&start)
            .unwrap_or_else(|| panic!("docs/server.md has no {start:?}"))
            + start.len();
        let j = i + out[i..]
            .find(&end)
            .unwrap_or_else(|| panic!("docs/server.md has no {end:?}"));
        out.replace_range(i..j, &table);
    }
    out
}

#[test]
fn the_docs_tables_are_generated_from_the_protocol_types() {
    let path = docs("server.md");
    let text = std::fs::read_to_string(&path).unwrap();
    generated(&path, &regenerate(&text));
}

/// A generated file equals what generates it (rewritten when blessing).
fn generated(path: &std::path::Path, fresh: &str) {
    if bless() {
        std::fs::write(path, fresh).unwrap();
    } else {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            text == fresh,
            "{} is stale; run METROPOLYS_BLESS=1 cargo test -p metropolys-server --test protocol",
            path.display()
        );
    }
}

#[test]
fn the_committed_schema_is_the_generated_one() {
    let fresh =
        serde_json::to_string_pretty(&metropolys_server::protocol::schema()).unwrap() + "\n";
    generated(&docs("server.schema.json"), &fresh);
}

/// The web client's close codes and reasons are the server's.
#[test]
fn the_web_clients_close_codes_are_generated_from_the_protocol() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../metropolys-web/client/ui/close.js");
    generated(&path, &metropolys_server::protocol::close_module());
}

/// The web client's protocol types are the schema's (`tsc --strict` checks
/// the client against them: scripts/build-web).
#[test]
fn the_web_clients_protocol_types_are_generated_from_the_schema() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../metropolys-web/client/src/protocol.ts");
    generated(&path, &metropolys_server::protocol::typescript_module());
}

/// Every error code is in the table, every message type too (the tables
/// are not empty by accident).
#[test]
fn the_tables_name_every_message_and_error() {
    let tables = metropolys_server::protocol::doc_tables();
    let get = |n: &str| tables.iter().find(|(k, _)| *k == n).unwrap().1.clone();
    for t in [
        "welcome", "update", "accepted", "presence", "hint", "pong", "chat", "rematch", "error",
    ] {
        assert!(
            get("server-messages").contains(&format!("| `{t}` |")),
            "{t}"
        );
    }
    for c in [
        "bad_json",
        "stale_move",
        "too_many_open_matches",
        "forbidden_origin",
        "upgrade_required",
        "invite_required",
        "seat_reserved",
        "not_abandoned",
        "chat_full",
    ] {
        assert!(get("errors").contains(&format!("| `{c}` |")), "{c}");
    }
    assert!(get("errors").contains("| `upgrade_required` | 426 |"));
    assert!(get("update").contains("| `accepted`? |"));
    assert!(get("update").contains("| `rematch`? |"));
    assert!(get("errors").contains("| `invite_required` | 403 |"));
    assert!(get("summary").contains("| `private` | boolean |"));
    assert!(get("join").contains("| `invite`? |"));
    assert!(get("seat").contains("| `name`? |"));
    assert!(get("chat").contains("| `text` | string |"));
}
