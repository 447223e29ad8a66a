//! Schemas of values the protocol carries whose types live elsewhere: a
//! seat number, core's variant and Metropolys deck (their names from
//! core), and core's values inside messages (a view, events, score
//! sheets), named as objects and arrays whose shape is core's serde form
//! (docs/records.md); the tests read those back with core's own types.

use metropolys_core::{Kind, Variant, MAX_PLAYERS};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use std::borrow::Cow;

/// A seat number, 0 to 3.
pub(crate) struct SeatSchema;

impl JsonSchema for SeatSchema {
    fn schema_name() -> Cow<'static, str> {
        "Seat".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_PLAYERS - 1,
            "description": "A seat, from 0."
        })
    }
}

/// A seat's credential: 64 lowercase hexadecimal digits.
pub(crate) struct CredentialSchema;

impl JsonSchema for CredentialSchema {
    fn schema_name() -> Cow<'static, str> {
        "Credential".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "A seat's credential: 64 lowercase hexadecimal digits (256 random bits)."
        })
    }
}

/// A seat number, or null (a spectator), always present.
pub(crate) struct SeatOrNull;

impl JsonSchema for SeatOrNull {
    fn schema_name() -> Cow<'static, str> {
        "SeatOrNull".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": MAX_PLAYERS - 1,
            "description": "A seat, from 0, or null for a spectator."
        })
    }
}

/// Core's `Variant`, its names from core.
pub(crate) struct VariantSchema;

impl JsonSchema for VariantSchema {
    fn schema_name() -> Cow<'static, str> {
        "Variant".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        json_schema!({ "type": "string", "enum": names, "description": "The variant." })
    }
}

/// Four Metropolys cards of three neighborhood kinds each.
pub(crate) struct DeckSchema;

impl JsonSchema for DeckSchema {
    fn schema_name() -> Cow<'static, str> {
        "MetropolysDeck".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        json_schema!({
            "type": "array",
            "description": "Four Metropolys cards, each three neighborhood kinds (R-22).",
            "items": {
                "type": "array",
                "items": { "type": "string", "enum": kinds },
                "minItems": 3,
                "maxItems": 3
            }
        })
    }
}

/// Core's view (`Snapshot`), as docs/records.md writes a state.
pub(crate) struct CoreView;

impl JsonSchema for CoreView {
    fn schema_name() -> Cow<'static, str> {
        "View".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "required": ["viewer"],
            "description": "Core's view of a state (metropolys_core::Snapshot, docs/records.md)."
        })
    }
}

/// Core's events.
pub(crate) struct CoreEvents;

impl JsonSchema for CoreEvents {
    fn schema_name() -> Cow<'static, str> {
        "Events".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": { "type": "object", "required": ["type"] },
            "description": "Core's events (metropolys_core::Event), in order."
        })
    }
}

/// Core's score sheets.
pub(crate) struct CoreScores;

impl JsonSchema for CoreScores {
    fn schema_name() -> Cow<'static, str> {
        "ScoreSheets".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": { "type": "object" },
            "description": "Core's score sheets (metropolys_core::ScoreSheet), one per seat."
        })
    }
}
