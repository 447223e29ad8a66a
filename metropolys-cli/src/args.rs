//! Arguments several commands read alike: the variant, and bots with their
//! parameters (`--bots`, `--seats`, `--params`).

use metropolys_bots::{from_spec, BotError, KINDS};
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
            "--params is a JSON object keyed by bot kind, such as {{\"ismcts\": {{\"iterations\": 500}}}}, not {text}"
        ));
    };
    for (kind, p) in &map {
        if !KINDS.contains(&kind.as_str()) {
            return Err(format!(
                "--params: unknown bot kind {kind:?}; expected one of: {}",
                KINDS.join(", ")
            ));
        }
        from_spec(kind, &p.to_string()).map_err(|e| format!("--params: {e}"))?;
    }
    Ok(map)
}

/// The parameters of a bot of `kind` from `--params` (or the defaults),
/// checked.
pub fn kind_params(kind: &str, params: &Map<String, Value>) -> Result<String, String> {
    let text = params
        .get(kind)
        .map_or_else(|| "{}".to_string(), Value::to_string);
    match from_spec(kind, &text) {
        Ok(_) => Ok(text),
        Err(e @ BotError::UnknownKind { .. }) => Err(e.to_string()),
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
    match own {
        Some(own) => match from_spec(kind, own) {
            Ok(_) => Ok(own.to_string()),
            Err(e) => Err(e.to_string()),
        },
        None => kind_params(kind, params),
    }
}
