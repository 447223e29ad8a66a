//! Arguments several commands read alike: the variant, and bots with their
//! parameters (`--bots`, `--seats`, `--params`); names that are not known
//! get a "did you mean" tip, and refused values are echoed in part.

use metropolys_bots::{split_list, BotKind, BotSpec, SeatSpec, KINDS};
use metropolys_core::Variant;
use serde_json::Value;
use std::collections::HashMap;

/// The variants, as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantArg {
    /// The Family game
    Family,
    /// The Expert game (building sizes, Metropolys cards)
    Expert,
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        match v {
            VariantArg::Family => Variant::Family,
            VariantArg::Expert => Variant::Expert,
        }
    }
}

/// The most games `--threads` plays in parallel, in `arena` and `ladder`
/// (Python's `arena` takes the same range).
pub const MAX_THREADS: u16 = 1024;

/// A refused value as a message shows it: core's bounded excerpt.
pub use metropolys_core::echo::excerpt as echo;

/// An unknown name among `choices`, with the closest one (by Jaro
/// similarity above 0.7, as clap suggests commands and options) as a tip:
/// `unknown bot kind "ismtcs"; did you mean "ismcts"? (expected one of:
/// random, greedy, ismcts)`.
pub fn unknown(what: &str, name: &str, choices: &[&str]) -> String {
    let closest = choices
        .iter()
        .map(|c| (strsim::jaro(&name.to_ascii_lowercase(), c), c))
        .filter(|(similarity, _)| *similarity > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let tip = closest.map_or_else(String::new, |(_, c)| format!("; did you mean {c:?}?"));
    format!(
        "unknown {what} {:?}{tip} (expected one of: {})",
        echo(name),
        choices.join(", ")
    )
}

/// An unknown bot kind, with the kinds of the bots crate.
fn unknown_kind(kind: &str) -> String {
    unknown("bot kind", kind, &KINDS)
}

/// The bot kind named `kind`, or the message naming the closest kind.
pub fn bot_kind(kind: &str) -> Result<BotKind, String> {
    kind.parse().map_err(|_| unknown_kind(kind))
}

/// The bot of each kind `--params` names: a JSON object keyed by kind,
/// every value an object of that kind's parameters (checked here).
pub type KindParams = HashMap<BotKind, BotSpec>;

/// Parameters per kind from `--params`: every key a kind, every value an
/// object of that kind's parameters, each read as a [`BotSpec`].
pub fn params_by_kind(params: Option<&str>) -> Result<KindParams, String> {
    let Some(text) = params else {
        return Ok(KindParams::new());
    };
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("--params is not JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err(format!(
            "--params is a JSON object keyed by bot kind, such as {{\"ismcts\": {{\"iterations\": 500}}}}, not {}",
            echo(text)
        ));
    };
    let mut specs = KindParams::new();
    for (kind, p) in map {
        let kind = bot_kind(&kind).map_err(|e| format!("--params: {e}"))?;
        let spec = BotSpec::from_parts(kind.name(), &p.to_string())
            .map_err(|e| format!("--params: {e}"))?;
        specs.insert(kind, spec);
    }
    Ok(specs)
}

/// The bot of `kind` with the parameters `--params` gives its kind (or
/// the defaults).
pub fn kind_spec(kind: BotKind, params: &KindParams) -> BotSpec {
    params
        .get(&kind)
        .cloned()
        .unwrap_or_else(|| BotSpec::new(kind))
}

/// A bot given as `kind` (with the parameters of `--params` for its kind,
/// or the defaults) or `kind:JSON` (its own), checked.
pub fn bot_spec(text: &str, params: &KindParams) -> Result<BotSpec, String> {
    let (kind, own) = match text.split_once(':') {
        Some((kind, own)) => (kind.trim(), Some(own)),
        None => (text.trim(), None),
    };
    let kind = bot_kind(kind)?;
    match own {
        Some(own) => BotSpec::from_parts(kind.name(), own).map_err(|e| e.to_string()),
        None => Ok(kind_spec(kind, params)),
    }
}

/// The seat kinds `play --seats` accepts: `human` and the bot kinds (of
/// the bots crate).
pub fn seat_kinds() -> Vec<&'static str> {
    let mut kinds = vec!["human"];
    kinds.extend(KINDS);
    kinds
}

/// A seat as `play --seats` names it: `human`, or a bot as [`bot_spec`]
/// reads it (an unknown name gets the closest seat kind as a tip).
pub fn seat_spec(text: &str, params: &KindParams) -> Result<SeatSpec, String> {
    if text == "human" {
        return Ok(SeatSpec::Human);
    }
    let kind = text.split_once(':').map_or(text, |(kind, _)| kind).trim();
    if kind.parse::<BotKind>().is_err() {
        return Err(unknown("seat", kind, &seat_kinds()));
    }
    bot_spec(text, params).map(SeatSpec::Bot)
}

/// Bots as `--bots` lists them (comma-separated, each `kind` or
/// `kind:JSON`; commas inside a bot's JSON do not separate), each checked
/// with its own parameters or those of `--params` for its kind: one spec
/// and one name (as given) per bot. `what` says what each entry is in
/// messages ("seat", "bot").
pub fn bot_list(
    bots: &str,
    params: &KindParams,
    what: &str,
) -> Result<(Vec<BotSpec>, Vec<String>), String> {
    let entries = split_list(bots);
    if entries.iter().all(|e| e.is_empty()) {
        return Err("--bots is empty: name the bots, such as ismcts,greedy".into());
    }
    if let Some(p) = entries.iter().position(|e| e.is_empty()) {
        return Err(format!(
            "--bots names no bot for {what} {p}: separate the bots by commas"
        ));
    }
    let mut specs = Vec::new();
    let mut names = Vec::new();
    for entry in entries {
        specs.push(bot_spec(entry, params).map_err(|e| format!("--bots: {e}"))?);
        names.push(match entry.split_once(':') {
            Some((kind, own)) => format!("{}:{}", kind.trim(), own.trim()),
            None => entry.to_string(),
        });
    }
    Ok((specs, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_kinds_get_the_closest_kind_of_the_bots_crate() {
        let e = unknown_kind("ismtcs");
        assert!(e.contains("did you mean \"ismcts\"?"), "{e}");
        assert!(e.contains(&KINDS.join(", ")), "{e}");
        assert!(unknown_kind("grredy").contains("did you mean \"greedy\"?"));
        assert!(!unknown_kind("chess").contains("did you mean"));
        let e = bot_spec("Randmo", &KindParams::new()).unwrap_err();
        assert!(e.contains("did you mean \"random\"?"), "{e}");
    }

    #[test]
    fn refused_values_are_echoed_in_part() {
        let long = "é".repeat(10_000);
        let e = unknown_kind(&long);
        assert!(e.len() < 200 && e.contains("(20000 bytes)"), "{e}");
        assert_eq!(echo("ismcts"), "ismcts");
    }
}
