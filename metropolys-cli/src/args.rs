//! Arguments several commands read alike: the variant, and bots with their
//! parameters (`--bots`, `--seats`, `--params`); names that are not known
//! get a "did you mean" tip, and refused values are echoed in part.

use metropolys_bots::{from_spec, split_specs, BotFactory, KINDS};
use metropolys_core::Variant;
use serde_json::{Map, Value};

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

/// The most bytes of a refused value a message echoes.
const ECHO: usize = 60;

/// A refused value as a message shows it: at most [`ECHO`] bytes (cut at a
/// character boundary), then its length when it is longer.
pub fn echo(text: &str) -> String {
    if text.len() <= ECHO {
        return text.to_string();
    }
    let mut end = ECHO;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

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

/// Parameters per kind from `--params`: every key a kind, every value an
/// object of that kind's parameters (checked here by building one bot).
pub fn params_by_kind(params: Option<&str>) -> Result<Map<String, Value>, String> {
    let Some(text) = params else {
        return Ok(Map::new());
    };
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("--params is not JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err(format!(
            "--params is a JSON object keyed by bot kind, such as {{\"ismcts\": {{\"iterations\": 500}}}}, not {}",
            echo(text)
        ));
    };
    for (kind, p) in &map {
        if !KINDS.contains(&kind.as_str()) {
            return Err(format!("--params: {}", unknown_kind(kind)));
        }
        from_spec(kind, &p.to_string()).map_err(|e| format!("--params: {e}"))?;
    }
    Ok(map)
}

/// The parameters of a bot of `kind` from `--params` (or the defaults),
/// checked.
pub fn kind_params(kind: &str, params: &Map<String, Value>) -> Result<String, String> {
    if !KINDS.contains(&kind) {
        return Err(unknown_kind(kind));
    }
    let text = params
        .get(kind)
        .map_or_else(|| "{}".to_string(), Value::to_string);
    match from_spec(kind, &text) {
        Ok(_) => Ok(text),
        Err(e) => Err(format!("--params: {e}")),
    }
}

/// The parameters of a bot given as `kind` (those of `--params` for its
/// kind, or the defaults) or `kind:JSON` (its own), checked.
pub fn bot_params(
    kind: &str,
    own: Option<&str>,
    params: &Map<String, Value>,
) -> Result<String, String> {
    if !KINDS.contains(&kind) {
        return Err(unknown_kind(kind));
    }
    match own {
        Some(own) => match from_spec(kind, own) {
            Ok(_) => Ok(own.to_string()),
            Err(e) => Err(e.to_string()),
        },
        None => kind_params(kind, params),
    }
}

/// Bots as `--bots` lists them (comma-separated, each `kind` or
/// `kind:JSON`; commas inside a bot's JSON do not separate), each checked
/// with its own parameters or those of `--params` for its kind: one
/// factory and one name (as given) per bot. `what` says what each entry
/// is in messages ("seat", "bot").
pub fn bot_list(
    bots: &str,
    params: &Map<String, Value>,
    what: &str,
) -> Result<(Vec<BotFactory>, Vec<String>), String> {
    let entries = split_specs(bots);
    if entries.iter().all(|(kind, _)| kind.is_empty()) {
        return Err("--bots is empty: name the bots, such as ismcts,greedy".into());
    }
    if let Some(p) = entries.iter().position(|(kind, _)| kind.is_empty()) {
        return Err(format!(
            "--bots names no bot for {what} {p}: separate the bots by commas"
        ));
    }
    let mut factories: Vec<BotFactory> = Vec::new();
    let mut names = Vec::new();
    for &(kind, own) in &entries {
        let text = bot_params(kind, own, params).map_err(|e| format!("--bots: {e}"))?;
        names.push(match own {
            Some(own) => format!("{kind}:{own}"),
            None => kind.to_string(),
        });
        let kind = kind.to_string();
        factories.push(Box::new(move || {
            // Checked above: the same kind and parameters build (never a
            // different bot in its place).
            from_spec(&kind, &text).expect("a bot spec checked by bot_params")
        }));
    }
    Ok((factories, names))
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
        let e = bot_params("Randmo", None, &Map::new()).unwrap_err();
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
