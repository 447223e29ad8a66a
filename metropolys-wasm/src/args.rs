//! Arguments from JavaScript, one rule for every entry point (as Python's
//! `ints.rs`): an integer is a number that is an integer, or a BigInt; a
//! boolean, a string or any other value is a `TypeError` (never coerced:
//! `true` is not 1, `"3"` is not 3, `null` is not 0); whether an integer
//! is in range is for each entry point to say with its documented error
//! class, and a number that is no integer (2.5, NaN, Infinity) is out of
//! every range. Option objects are checked for unknown keys (a misspelt
//! option is an error, not a default silently taken).

pub use crate::errors::excerpt;
use crate::errors::{raise, range_error, rule_error, type_error, JsResult, Kind};
use crate::json::{bounded_string, kind_of, shown_f64, to_value, MAX_SAFE};
use js_sys::Reflect;
use metropolys_core::{Action, Rule, RuleError, Seat, NEIGHBORHOOD_COUNT};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// An integer argument: its value, or how it prints when it is a number
/// that is no integer (so out of every range).
pub enum Int {
    /// An integer (BigInts beyond 128 bits saturate).
    Value(i128),
    /// A number that is no integer, as JavaScript prints it.
    NotInteger(String),
}

impl Int {
    /// The value in `lo..=hi`, or `None`.
    pub fn within(&self, lo: i128, hi: i128) -> Option<i128> {
        match self {
            Int::Value(v) if (lo..=hi).contains(v) => Some(*v),
            _ => None,
        }
    }

    /// How the argument prints in a message.
    pub fn shown(&self) -> String {
        match self {
            Int::Value(v) => v.to_string(),
            Int::NotInteger(s) => s.clone(),
        }
    }
}

/// `v` as an integer argument named `what`: a `TypeError` unless it is a
/// number or a BigInt.
pub fn int(v: &JsValue, what: &str) -> JsResult<Int> {
    // The common case in two cheap calls.
    if js_sys::Number::is_safe_integer(v) {
        let x = v.unchecked_ref::<js_sys::Number>().value_of();
        return Ok(Int::Value(x as i128));
    }
    if let Some(x) = v.as_f64() {
        if x.is_finite() && x.fract() == 0.0 {
            return Ok(Int::Value(x as i128));
        }
        return Ok(Int::NotInteger(shown_f64(x)));
    }
    if v.is_bigint() {
        let text = js_sys::BigInt::unchecked_from_js_ref(v)
            .to_string(10)
            .map(String::from)
            .unwrap_or_default();
        let value = text.parse::<i128>().unwrap_or(if text.starts_with('-') {
            i128::MIN
        } else {
            i128::MAX
        });
        return Ok(Int::Value(value));
    }
    Err(type_error(format!(
        "{what} must be an integer (a number or a BigInt), not {}",
        a_kind(v)
    )))
}

/// `a string`, `a boolean`, `null`, `undefined`, … for messages.
pub fn a_kind(v: &JsValue) -> String {
    if v.is_null() {
        return "null".into();
    }
    if v.is_undefined() {
        return "undefined".into();
    }
    if crate::json::is_array_value(v) {
        return "an array".into();
    }
    let k = kind_of(v);
    match k.as_str() {
        "object" => "an object".into(),
        other => format!("a {other}"),
    }
}

/// A seat of the game (0 … players − 1), or a `RangeError` naming the
/// seats, as Python's `ValueError`.
pub fn seat(v: &JsValue, players: u8) -> JsResult<Seat> {
    let i = int(v, "a seat")?;
    i.within(0, i128::from(players) - 1)
        .map(|s| s as Seat)
        .ok_or_else(|| {
            range_error(format!(
                "seat {} is not in this {players}-player game (seats 0-{})",
                i.shown(),
                players - 1
            ))
        })
}

/// A neighborhood id (0 … 54), or a `RangeError`.
pub fn neighborhood(v: &JsValue) -> JsResult<u8> {
    let i = int(v, "a neighborhood id")?;
    i.within(0, NEIGHBORHOOD_COUNT as i128 - 1)
        .map(|n| n as u8)
        .ok_or_else(|| {
            range_error(format!(
                "there is no neighborhood {}; ids are 0-{}",
                i.shown(),
                NEIGHBORHOOD_COUNT - 1
            ))
        })
}

/// A seed or a count (0 … 2^64 − 1), or a `RangeError`; numbers above
/// 2^53 − 1 must be BigInts (a number that large may already be rounded).
pub fn u64_arg(v: &JsValue, what: &str) -> JsResult<u64> {
    if let Some(x) = v.as_f64() {
        if x.fract() == 0.0 && x > MAX_SAFE as f64 {
            return Err(range_error(format!(
                "{what} {} is beyond 2^53 - 1, more than a JavaScript number holds exactly: \
                 give it as a BigInt",
                shown_f64(x)
            )));
        }
    }
    let i = int(v, what)?;
    i.within(0, i128::from(u64::MAX))
        .map(|n| n as u64)
        .ok_or_else(|| {
            range_error(format!(
                "{what} {} is out of range: seeds and counts are integers of 0 to 2^64 - 1",
                i.shown()
            ))
        })
}

/// The action with id `v` (an integer of 0 … 715), or an
/// `IllegalActionError` (§8) for any other integer.
pub fn action_id(v: &JsValue) -> JsResult<Action> {
    let i = int(v, "an action id")?;
    i.within(0, i128::from(Action::PASS_ID))
        .and_then(|id| Action::from_id(id as u16).ok())
        .ok_or_else(|| unknown_id(&i.shown()))
}

/// `IllegalActionError` for a value that is no action id.
pub fn unknown_id(shown: &str) -> JsValue {
    raise(
        Kind::IllegalAction,
        format!(
            "§8: there is no action id {}; ids are 0-{}",
            excerpt(shown),
            Action::PASS_ID
        ),
        &[Rule::Section8],
    )
}

/// An action given as an id (a number or a BigInt), `"pass"`, the JSON
/// form (`{bid: {neighborhood: 12, building: 3}}`) or its text. A
/// malformed action is an `IllegalActionError` naming the field (core's
/// strict reading), a bid on no neighborhood or with no building one
/// naming: never another action.
pub fn action(v: &JsValue) -> JsResult<Action> {
    if v.as_f64().is_some() || v.is_bigint() {
        return action_id(v);
    }
    let value = match bounded_string(v, crate::json::MAX_TEXT) {
        Ok(Some(text)) if text.trim_start().starts_with(['{', '"']) => serde_json::from_str(&text)
            .map_err(|e| {
                raise(
                    Kind::IllegalAction,
                    format!("§8: an action's JSON text is malformed: {e}"),
                    &[Rule::Section8],
                )
            })?,
        Ok(Some(text)) => serde_json::Value::String(text),
        Ok(None) if v.is_object() => to_value(v).map_err(|e| {
            raise(
                Kind::IllegalAction,
                format!("§8: an action is \"pass\" or {{bid: {{neighborhood, building}}}}: {e}"),
                &[Rule::Section8],
            )
        })?,
        Ok(None) => {
            return Err(type_error(format!(
                "an action is an id, \"pass\" or {{bid: {{neighborhood, building}}}}, not {}",
                a_kind(v)
            )))
        }
        Err(e) => {
            return Err(raise(
                Kind::IllegalAction,
                format!("§8: {e}"),
                &[Rule::Section8],
            ))
        }
    };
    let a = Action::from_value(&value).map_err(|e| {
        let rules = e.rule();
        raise(Kind::IllegalAction, e, rules)
    })?;
    in_space(a)
}

/// `a` when it is in the action space, or the rule error of a bid naming no
/// neighborhood or no building.
pub fn in_space(a: Action) -> JsResult<Action> {
    match a {
        Action::Bid { neighborhood, .. } if neighborhood as usize >= NEIGHBORHOOD_COUNT => {
            Err(rule_error(RuleError::UnknownNeighborhood(neighborhood)))
        }
        Action::Bid { building, .. } if a.id().is_none() => {
            Err(rule_error(RuleError::UnknownBuilding(building)))
        }
        _ => Ok(a),
    }
}

/// An options object: `undefined` or `null` (no options) or a plain
/// object whose keys are all in `known`; a `TypeError` otherwise (`what`
/// names the call, e.g. `new Game()`).
pub fn options(v: &JsValue, known: &[&str], what: &str) -> JsResult<Option<JsValue>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    if !v.is_object() || crate::json::is_array_value(v) {
        return Err(type_error(format!(
            "the options of {what} are an object, not {}",
            a_kind(v)
        )));
    }
    for key in crate::json::keys(v)? {
        if !known.contains(&key.as_str()) {
            return Err(type_error(format!(
                "{what} has no option {:?}; its options are {}",
                excerpt(&key),
                known.join(", ")
            )));
        }
    }
    Ok(Some(v.clone()))
}

/// Option `key` of an options object, `None` when absent or undefined.
pub fn option(options: &Option<JsValue>, key: &str) -> JsResult<Option<JsValue>> {
    let Some(o) = options else {
        return Ok(None);
    };
    let v = Reflect::get(o, &key.into())?;
    Ok((!v.is_undefined()).then_some(v))
}

/// A string argument (at most 1 MiB: names, captions, texts to parse), or a
/// `TypeError`.
pub fn string(v: &JsValue, what: &str) -> JsResult<String> {
    match bounded_string(v, 1 << 20) {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(type_error(format!(
            "{what} must be a string, not {}",
            a_kind(v)
        ))),
        Err(e) => Err(range_error(format!("{what}: {e}"))),
    }
}

/// A boolean option, or a `TypeError`.
pub fn boolean(v: &JsValue, what: &str) -> JsResult<bool> {
    v.as_bool()
        .ok_or_else(|| type_error(format!("{what} must be a boolean, not {}", a_kind(v))))
}
