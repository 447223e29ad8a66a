//! The one place where a seat's text (`human`, or a bot spec `kind` or
//! `kind:{JSON}`) becomes a [`SeatSpec`] within the server's limits: the
//! text is read as the bots crate's typed [`metropolys_bots::SeatSpec`],
//! then held to this server's budget.

use crate::authority::SeatSpec;
use crate::credential::random_u64;
use crate::options::Options;
use crate::protocol::{ErrorCode, ProtoError};
use metropolys_bots::BotSpec;
use serde_json::Value;

/// Bytes per edge of an ismcts tree (`metropolys_bots::Ismcts::tree_edges`).
const EDGE_BYTES: u64 = 32;

/// Seat `i`'s spec: `human`, or a bot spec the bots crate accepts, with no
/// `seed` (the server seeds its bots), `seconds` and `threads` within the
/// server's limits, and for the searching kinds a time budget (beside
/// their iteration count, which a time budget alone would drop) and a tree
/// capped at `--bot-tree-mib`.
pub(crate) fn seat_spec(o: &Options, i: usize, s: &str) -> Result<SeatSpec, ProtoError> {
    let s = s.trim();
    let badbot = |msg: String| ProtoError::new(ErrorCode::BadBot, format!("seat {i}: {msg}"));
    if metropolys_bots::split_list(s).len() != 1 {
        return Err(badbot("one bot spec per seat".into()));
    }
    if let Some((_, params)) = s.split_once(':') {
        // Refused before the spec is read, with the reason: a seed is not a
        // parameter of any bot kind, and the server draws its bots' seeds.
        if serde_json::from_str::<serde_json::Map<String, Value>>(params)
            .is_ok_and(|p| p.contains_key("seed"))
        {
            return Err(badbot("the server seeds its bots; give no \"seed\"".into()));
        }
    }
    let mut spec: BotSpec = match s.parse() {
        Ok(metropolys_bots::SeatSpec::Human) => return Ok(SeatSpec::Human),
        Ok(metropolys_bots::SeatSpec::Bot(spec)) => spec,
        Err(e) => return Err(badbot(e.to_string())),
    };
    let limit = o.bot_seconds;
    if let Some(v) = spec.params().get("seconds") {
        if v.as_f64().is_none_or(|x| x > limit) {
            return Err(badbot(format!(
                "seconds must be at most {limit} on this server, not {v}"
            )));
        }
    }
    if let Some(v) = spec.params().get("threads") {
        if v.as_u64().is_none_or(|x| x as usize > o.bot_threads) {
            return Err(badbot(format!(
                "threads must be at most {} on this server, not {v}",
                o.bot_threads
            )));
        }
    }
    let max_edges = max_tree_edges(o);
    if let Some(v) = spec.params().get("tree_edges") {
        if v.as_u64().is_none_or(|x| x > max_edges) {
            return Err(badbot(format!(
                "tree_edges must be at most {max_edges} on this server (--bot-tree-mib {}), not {v}",
                o.bot_tree_mib
            )));
        }
    }
    let with = |spec: &BotSpec, name: &str, value: Value| {
        spec.with(name, value).map_err(|e| badbot(e.to_string()))
    };
    if spec.kind().searches() && !spec.params().contains_key("tree_edges") {
        spec = with(&spec, "tree_edges", Value::from(max_edges))?;
    }
    if !spec.params().contains_key("seconds") && spec.takes("seconds") {
        // The server's budget, beside the iteration count (the bot stops
        // at whichever comes first). A time budget alone would make the
        // search time-only: give the kind's default iterations with it.
        spec = with(&spec, "seconds", Value::from(limit))?;
        if !spec.params().contains_key("iterations") {
            spec = with(
                &spec,
                "iterations",
                Value::from(metropolys_bots::DEFAULT_ITERATIONS),
            )?;
        }
    }
    Ok(SeatSpec::Bot {
        label: s.to_string(),
        spec,
        seed: random_u64()?,
    })
}

/// The most edges a bot's tree may hold on this server (`--bot-tree-mib`).
fn max_tree_edges(o: &Options) -> u64 {
    o.bot_tree_mib * 1024 * 1024 / EDGE_BYTES
}

/// The bot that answers a seat's `hint`: the `strong` preset, far
/// stronger than the greedy bot (973 against 367 on docs/bots.md's
/// 2-player ladder) for a few milliseconds of one thread a decision, its
/// tree capped at `--bot-tree-mib` as a seat's.
pub(crate) fn hint_spec(o: &Options) -> Result<BotSpec, ProtoError> {
    BotSpec::new(metropolys_bots::BotKind::Strong)
        .with("tree_edges", Value::from(max_tree_edges(o)))
        .map_err(|e| ProtoError::new(ErrorCode::Internal, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(s: &str) -> Value {
        match seat_spec(&Options::default(), 0, s).unwrap() {
            SeatSpec::Bot { spec, .. } => Value::Object(spec.params().clone()),
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

    #[test]
    fn hints_come_from_the_strong_preset_with_a_bounded_tree() {
        let o = Options {
            bot_tree_mib: 8,
            ..Options::default()
        };
        let spec = hint_spec(&o).unwrap();
        assert_eq!(spec.kind(), metropolys_bots::BotKind::Strong);
        assert_eq!(spec.params()["tree_edges"], 8 * 1024 * 1024 / 32);
    }
}
