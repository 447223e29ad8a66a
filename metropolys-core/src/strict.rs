//! Strict JSON shapes: only the documented object forms.
//!
//! serde's derived `Deserialize` also reads a struct from a JSON array of its
//! fields in order (`[3, "expert", 7]` for a configuration). The formats are
//! objects, so every loader compares the input with the value's own
//! serialisation ([`positional`]): wherever the input has an array and the
//! serialisation has an object, the input used the positional form and is
//! rejected. The loaders themselves (`from_json`) are in `json.rs`; fields
//! read inside a larger value use [`field`].

use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

/// Where `input` uses the positional (array) form of an object that
/// `output` (the value read from it, serialised again) writes as an object:
/// the message naming the first such place, or `Ok`.
pub(crate) fn positional(input: &Value, output: &Value) -> Result<(), String> {
    check(input, output, &mut String::from("$"))
}

fn check(input: &Value, output: &Value, path: &mut String) -> Result<(), String> {
    match (input, output) {
        (Value::Array(_), Value::Object(_)) => Err(format!(
            "{path} is an array, but the format has an object there (fields by name, not by position)"
        )),
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                check(x, y, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Object(a), Value::Object(b)) => {
            for (k, x) in a {
                if let Some(y) = b.get(k) {
                    let len = path.len();
                    path.push('.');
                    path.push_str(k);
                    check(x, y, path)?;
                    path.truncate(len);
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A `deserialize_with` helper: the field's value is read whole, then as a
/// `T`, and rejected if it used a positional form (see [`positional`]).
pub(crate) fn field<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned + Serialize,
{
    use serde::{de::Error as _, Deserialize};
    let input = Value::deserialize(d)?;
    let value = T::deserialize(&input).map_err(D::Error::custom)?;
    let output = serde_json::to_value(&value).map_err(D::Error::custom)?;
    positional(&input, &output).map_err(D::Error::custom)?;
    Ok(value)
}
