//! JavaScript values to and from the engine's JSON shapes.
//!
//! Configurations, positions, records and actions enter as JSON text or as
//! plain JavaScript values, and both go through core's strict loaders, so
//! a JavaScript object is refused exactly where its JSON text would be,
//! with the same words. A JavaScript value is read into JSON here, bounded
//! (depth, values, text) so that no input exhausts memory or the stack, and
//! without ever letting a throwing getter or a revoked `Proxy` unwind
//! through the module. Values go out as `JSON.parse` would give them, so
//! JavaScript sees the JSON shapes of core (the TypeScript types name them).

use crate::errors::{raise, JsResult, Kind};
use js_sys::{JsString, Reflect};
use serde::Serialize;
use serde_json::{Map, Number, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `Object.keys`, whose exception (a `Proxy` trap) is returned.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// `Array.isArray`, whose exception (a revoked `Proxy`) is returned.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

#[wasm_bindgen(raw_module = "./engine-error.js")]
extern "C" {
    /// The JSON text of a plain value in one call (`jsonOf` of
    /// engine-error.js): what [`read`] gives, written as `Value::to_string`
    /// writes it (keys sorted, compact), or `undefined` for a value out of
    /// the ordinary (a float, a number beyond 2^53 - 1, undefined, a
    /// throwing getter, too deep …), which [`read`] then reads and names.
    /// It never throws.
    #[wasm_bindgen(js_name = jsonOf)]
    fn json_of(value: &JsValue) -> Option<String>;
}

/// The longest JSON text taken, and the most text in the strings of a
/// JavaScript value, in bytes (16 MiB, as the command line's limit: some
/// 200 times the longest game's record).
pub const MAX_TEXT: usize = 16 << 20;
/// The most values (objects, arrays, numbers, strings …) a JavaScript
/// value may hold.
pub const MAX_VALUES: usize = 1 << 20;
/// The deepest nesting of a JavaScript value (serde_json's own limit).
pub const MAX_DEPTH: usize = 128;
/// 2^53 − 1: the largest integer a JavaScript number holds exactly.
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// What is left to read of a value.
struct Budget {
    values: usize,
    bytes: usize,
}

/// A string argument of at most `max` bytes (UTF-16 units counted before
/// the copy, so an oversized string is never copied), or `None` for a
/// value that is not a string.
pub fn bounded_string(v: &JsValue, max: usize) -> Result<Option<String>, String> {
    let Some(s) = v.dyn_ref::<JsString>() else {
        return Ok(None);
    };
    // Each UTF-16 unit is at most 3 bytes of UTF-8.
    if s.length() as usize > max {
        return Err(format!("a text longer than {} MiB", max >> 20));
    }
    let text = String::from(s);
    if text.len() > max {
        return Err(format!("a text longer than {} MiB", max >> 20));
    }
    Ok(Some(text))
}

/// The JSON text of `v`: a string is taken as JSON text, any other value
/// is read as JSON (objects, arrays, numbers, strings, booleans, null;
/// BigInts as integers). A value that is not JSON, or too large, is an
/// error of class `kind` (the loader's: a configuration, a state, a
/// record), as malformed JSON text is.
pub fn json_text(v: &JsValue, kind: Kind) -> JsResult<String> {
    let malformed = |e: String| raise(kind, format!("malformed JSON: {e}"), &[]);
    match bounded_string(v, MAX_TEXT) {
        Ok(Some(text)) => Ok(text),
        Ok(None) => match json_of(v) {
            Some(text) => Ok(text),
            None => read_value(v).map(|v| v.to_string()).map_err(malformed),
        },
        Err(e) => Err(malformed(e)),
    }
}

/// `v` read as a JSON value (see [`json_text`]); the message of the error
/// names where the value is not JSON.
pub fn to_value(v: &JsValue) -> Result<Value, String> {
    // The text of a plain value parses to what `read` gives (serde_json's
    // parser nests 127 levels, `read` 128: the deepest go value by value).
    if let Some(value) = json_of(v).and_then(|text| serde_json::from_str(&text).ok()) {
        return Ok(value);
    }
    read_value(v)
}

/// `v` read value by value across the boundary (every JavaScript value
/// that is JSON, and the message naming where one is not).
fn read_value(v: &JsValue) -> Result<Value, String> {
    let mut budget = Budget {
        values: MAX_VALUES,
        bytes: MAX_TEXT,
    };
    read(v, 0, &mut budget)
}

fn read(v: &JsValue, depth: usize, b: &mut Budget) -> Result<Value, String> {
    if b.values == 0 {
        return Err(format!("more than {MAX_VALUES} values"));
    }
    b.values -= 1;
    if v.is_null() {
        return Ok(Value::Null);
    }
    if let Some(x) = v.as_bool() {
        return Ok(Value::Bool(x));
    }
    if let Some(x) = v.as_f64() {
        return number(x);
    }
    if v.is_bigint() {
        return bigint(v);
    }
    if v.is_string() {
        let s = bounded_string(v, b.bytes)?.unwrap_or_default();
        b.bytes -= s.len();
        return Ok(Value::String(s));
    }
    if v.is_undefined() {
        return Err("undefined is not JSON".into());
    }
    if !v.is_object() {
        // Functions and symbols.
        return Err(format!("a {} is not JSON", kind_of(v)));
    }
    if depth >= MAX_DEPTH {
        return Err(format!("nested deeper than {MAX_DEPTH} levels"));
    }
    if is_array(v).map_err(|e| thrown("reading an array", &e))? {
        let len = Reflect::get(v, &"length".into())
            .map_err(|e| thrown("reading an array's length", &e))?
            .as_f64()
            .unwrap_or(0.0);
        if len > b.values as f64 {
            return Err(format!("more than {MAX_VALUES} values"));
        }
        let mut items = Vec::with_capacity(len as usize);
        for i in 0..len as u32 {
            let item = Reflect::get_u32(v, i).map_err(|e| thrown("reading an array", &e))?;
            items.push(read(&item, depth + 1, b).map_err(|e| format!("[{i}]: {e}"))?);
        }
        return Ok(Value::Array(items));
    }
    let keys = object_keys(v).map_err(|e| thrown("listing an object's keys", &e))?;
    let mut map = Map::new();
    for key in keys.iter() {
        let name = key.as_string().unwrap_or_default();
        let item = Reflect::get(v, &key).map_err(|e| thrown(&format!("reading {name:?}"), &e))?;
        // As JSON.stringify: a property that is undefined or a function
        // is not there.
        if item.is_undefined() || item.is_function() {
            continue;
        }
        b.bytes = b
            .bytes
            .checked_sub(name.len())
            .ok_or_else(|| format!("a text longer than {} MiB", MAX_TEXT >> 20))?;
        let value = read(&item, depth + 1, b).map_err(|e| format!("{name}: {e}"))?;
        map.insert(name, value);
    }
    Ok(Value::Object(map))
}

/// A JavaScript number as JSON: an integer when it is one (exactly, so at
/// most 2^53 − 1 in magnitude), a float otherwise; NaN and the infinities
/// are not JSON.
fn number(x: f64) -> Result<Value, String> {
    if !x.is_finite() {
        return Err(format!("{} is not a JSON number", shown_f64(x)));
    }
    if x.fract() == 0.0 {
        if x.abs() > MAX_SAFE as f64 {
            return Err(format!(
                "{} is beyond 2^53 - 1, more than a JavaScript number holds exactly: \
                 give it as a BigInt or in JSON text",
                shown_f64(x)
            ));
        }
        return Ok(Value::from(x as i64));
    }
    Number::from_f64(x)
        .map(Value::Number)
        .ok_or_else(|| format!("{} is not a JSON number", shown_f64(x)))
}

/// A BigInt as a JSON integer (`-2^63` … `2^64 - 1`).
fn bigint(v: &JsValue) -> Result<Value, String> {
    let text = js_sys::BigInt::unchecked_from_js_ref(v)
        .to_string(10)
        .map(String::from)
        .unwrap_or_default();
    if let Ok(n) = text.parse::<u64>() {
        return Ok(Value::from(n));
    }
    if let Ok(n) = text.parse::<i64>() {
        return Ok(Value::from(n));
    }
    Err(format!(
        "{}n is out of the 64-bit range",
        crate::errors::excerpt(&text)
    ))
}

/// How a JavaScript number prints (`NaN`, `Infinity`, `2.5`).
pub fn shown_f64(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{x}")
    }
}

/// `typeof v`, for messages.
pub fn kind_of(v: &JsValue) -> String {
    v.js_typeof().as_string().unwrap_or_else(|| "value".into())
}

/// A message for an exception thrown by the value being read (a getter, a
/// `Proxy` trap): what was being done and what it threw.
fn thrown(doing: &str, e: &JsValue) -> String {
    let what = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "a value".into());
    format!("{doing} threw: {}", crate::errors::excerpt(&what))
}

/// `value` as the JavaScript value `JSON.parse` gives for its JSON.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsResult<JsValue> {
    let text = serde_json::to_string(value).map_err(|e| raise(Kind::Runtime, e, &[]))?;
    js_sys::JSON::parse(&text)
}

/// A JSON object written from `(key, value)` pairs in their order: a map for
/// [`to_js`] without a `BTreeMap` of its own (each map type instantiates a
/// B-tree's code in the module). The pairs come in the order a `BTreeMap`
/// would give (the vocabularies' `ALL`, which is their order).
pub struct Pairs<K, V>(pub Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Pairs<K, V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A configuration as JavaScript: as [`to_js`], a seed above 2^53 − 1 as a
/// BigInt (a number would round it).
pub fn config_to_js(config: &metropolys_core::Config) -> JsResult<JsValue> {
    let js = to_js(config)?;
    exact_seed(&js, config.seed)?;
    Ok(js)
}

/// A record as JavaScript: as [`to_js`], with its configuration's seed as
/// [`config_to_js`] writes it.
pub fn record_to_js(record: &metropolys_core::Record) -> JsResult<JsValue> {
    let js = to_js(record)?;
    let config = Reflect::get(&js, &"config".into())?;
    exact_seed(&config, record.config.seed)?;
    Ok(js)
}

fn exact_seed(config: &JsValue, seed: u64) -> JsResult<()> {
    if seed > MAX_SAFE {
        Reflect::set(config, &"seed".into(), &js_sys::BigInt::from(seed).into())?;
    }
    Ok(())
}

/// Whether `v` is an array (`false` for a revoked `Proxy`, which throws).
pub fn is_array_value(v: &JsValue) -> bool {
    is_array(v).unwrap_or(false)
}

/// The own enumerable string keys of an object (`Object.keys`); what a
/// `Proxy` trap throws is returned as the error.
pub fn keys(v: &JsValue) -> JsResult<Vec<String>> {
    Ok(object_keys(v)?
        .iter()
        .filter_map(|k| k.as_string())
        .collect())
}

/// A seat as a number, or `null` for no seat: the package's one spelling of
/// "no seat to act" (`toAct`, `step`, a position's `to_act`).
pub(crate) fn seat_or_null(seat: Option<metropolys_core::Seat>) -> JsValue {
    seat.map_or(JsValue::NULL, JsValue::from)
}
