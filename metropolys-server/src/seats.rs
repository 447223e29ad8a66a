//! The one place where a seat's text (`human`, or a bot spec `kind` or
//! `kind:{JSON}`) becomes a [`SeatSpec`] within the server's limits. When
//! the bots crate's typed seat spec lands, this is what switches to it.

use crate::authority::SeatSpec;
use crate::credential::random_u64;
use crate::options::Options;
use crate::protocol::{ErrorCode, ProtoError};
use serde_json::{Map, Value};

/// Bytes per edge of an ismcts tree (`metropolys_bots::Ismcts::tree_edges`).
const EDGE_BYTES: u64 = 32;

/// The bot kinds that search, and so take `tree_edges`.
fn searches(kind: &str) -> bool {
    metropolys_bots::searches(kind)
}

/// Seat `i`'s spec: `human`, or a bot spec the bots crate accepts, with no
/// `seed` (the server seeds its bots), `seconds` and `threads` within the
/// server's limits, and for the searching kinds a time budget (beside
/// their iteration count, which a time budget alone would drop) and a tree
/// capped at `--bot-tree-mib`.
pub(crate) fn seat_spec(o: &Options, i: usize, s: &str) -> Result<SeatSpec, ProtoError> {
    let s = s.trim();
    if s == "human" {
        return Ok(SeatSpec::Human);
    }
    let badbot = |msg: String| ProtoError::new(ErrorCode::BadBot, format!("seat {i}: {msg}"));
    let parts = metropolys_bots::split_specs(s);
    let [(kind, params)] = parts.as_slice() else {
        return Err(badbot("one bot spec per seat".into()));
    };
    let params = params.filter(|p| !p.is_empty()).unwrap_or("{}");
    metropolys_bots::from_spec(kind, params).map_err(|e| badbot(e.to_string()))?;
    let mut p: Map<String, Value> = match serde_json::from_str(params) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    if p.contains_key("seed") {
        return Err(badbot("the server seeds its bots; give no \"seed\"".into()));
    }
    let limit = o.bot_seconds;
    if let Some(v) = p.get("seconds") {
        if v.as_f64().is_none_or(|x| x > limit) {
            return Err(badbot(format!(
                "seconds must be at most {limit} on this server, not {v}"
            )));
        }
    }
    if let Some(v) = p.get("threads") {
        if v.as_u64().is_none_or(|x| x as usize > o.bot_threads) {
            return Err(badbot(format!(
                "threads must be at most {} on this server, not {v}",
                o.bot_threads
            )));
        }
    }
    let max_edges = o.bot_tree_mib * 1024 * 1024 / EDGE_BYTES;
    if let Some(v) = p.get("tree_edges") {
        if v.as_u64().is_none_or(|x| x > max_edges) {
            return Err(badbot(format!(
                "tree_edges must be at most {max_edges} on this server (--bot-tree-mib {}), not {v}",
                o.bot_tree_mib
            )));
        }
    }
    if searches(kind) && !p.contains_key("tree_edges") {
        p.insert("tree_edges".into(), Value::from(max_edges));
    }
    let takes = |extra: &Map<String, Value>| {
        metropolys_bots::from_spec(kind, &Value::Object(extra.clone()).to_string()).is_ok()
    };
    if !p.contains_key("seconds") {
        // The server's budget, beside the iteration count (the bot stops
        // at whichever comes first). A time budget alone would make the
        // search time-only: give the kind's default iterations with it.
        let mut with = p.clone();
        with.insert("seconds".into(), Value::from(limit));
        if !with.contains_key("iterations") {
            with.insert(
                "iterations".into(),
                Value::from(metropolys_bots::DEFAULT_ITERATIONS),
            );
        }
        if takes(&with) {
            p = with;
        }
    }
    Ok(SeatSpec::Bot {
        spec: s.to_string(),
        bot: kind.to_string(),
        params: Value::Object(p).to_string(),
        seed: random_u64()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(s: &str) -> Value {
        match seat_spec(&Options::default(), 0, s).unwrap() {
            SeatSpec::Bot { params, .. } => serde_json::from_str(&params).unwrap(),
            SeatSpec::Human => Value::Null,
        }
    }

    #[test]
    fn a_default_search_keeps_its_iterations_and_a_bounded_tree() {
        let p = params("ismcts");
        assert_eq!(p["iterations"], metropolys_bots::DEFAULT_ITERATIONS);
        assert_eq!(p["seconds"], 5.0);
        assert_eq!(p["tree_edges"], 128 * 1024 * 1024 / 32);
        let p = params("expert");
        assert_eq!(p["tree_edges"], 128 * 1024 * 1024 / 32);
        assert!(p.get("seconds").is_none(), "presets take no budget");
        assert_eq!(params("greedy"), serde_json::json!({}));
        let e =
            seat_spec(&Options::default(), 1, r#"ismcts:{"tree_edges": 99999999}"#).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadBot);
    }
}
