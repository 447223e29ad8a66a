//! Strict JSON loading: only the documented object shapes.
//!
//! serde's derived `Deserialize` also reads a struct from a JSON array of its
//! fields in order (`[3, "expert", 7]` for a configuration). The formats are
//! objects, so every loader parses through [`from_str`], which compares the
//! input with the value's own serialisation: wherever the input has an array
//! and the serialisation has an object, the input used the positional form
//! and is rejected.

use crate::error::Error;
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

/// Parses `text` as a `T`, rejecting positional (array) forms of objects.
pub(crate) fn from_str<T: DeserializeOwned + Serialize>(text: &str) -> Result<T, Error> {
    // Parsed from the text (not from the `Value`) so that duplicate fields
    // are still rejected.
    let value: T = serde_json::from_str(text)?;
    let input: Value = serde_json::from_str(text)?;
    let output = serde_json::to_value(&value)?;
    check(&input, &output, &mut String::from("$"))?;
    Ok(value)
}

fn check(input: &Value, output: &Value, path: &mut String) -> Result<(), Error> {
    match (input, output) {
        (Value::Array(_), Value::Object(_)) => Err(Error::Json(format!(
            "{path} is an array, but the format has an object there (fields by name, not by position)"
        ))),
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
/// `T`, and rejected if it used a positional form (see [`from_str`]).
pub(crate) fn field<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned + Serialize,
{
    use serde::{de::Error as _, Deserialize};
    let input = Value::deserialize(d)?;
    let value = T::deserialize(&input).map_err(D::Error::custom)?;
    let output = serde_json::to_value(&value).map_err(D::Error::custom)?;
    check(&input, &output, &mut String::from("$")).map_err(D::Error::custom)?;
    Ok(value)
}
