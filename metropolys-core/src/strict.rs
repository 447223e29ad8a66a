//! Strict JSON shapes: only the documented object forms.
//!
//! serde's derived `Deserialize` also reads a struct from a JSON array of its
//! fields in order (`[3, "expert", 7]` for a configuration). The formats are
//! objects, so every loader compares the input with the value's own
//! serialisation ([`positional`]): wherever the input has an array and the
//! serialisation has an object, the input used the positional form and is
//! rejected. The loaders themselves (`from_json`) are in `json.rs`; fields
//! read inside a larger value use [`field`].

use serde::de::DeserializeSeed as _;
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
    let Unique(input) = Unique::deserialize(d)?;
    let value = T::deserialize(&input).map_err(D::Error::custom)?;
    let output = serde_json::to_value(&value).map_err(D::Error::custom)?;
    positional(&input, &output).map_err(D::Error::custom)?;
    Ok(value)
}

/// How a key given twice is named in the error: a field of a format
/// (`duplicate field `x``, as derived loaders say it) or a parameter of a
/// bot (`duplicate parameter "x"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keys {
    /// Fields of a format.
    Fields,
    /// Parameters of a bot.
    Parameters,
}

/// A JSON value read with every object's keys unique: a key given twice is
/// an error (serde_json's `Value` keeps the last one), as it is for the
/// objects that derived `Deserialize` reads directly. The one reader of
/// its kind: formats read their fields with it ([`Unique`]), records and
/// the bots crate their bots' parameters ([`UniqueParameters`],
/// `json::parameters_from_str`).
pub(crate) struct Unique(pub(crate) Value);

/// [`Unique`], naming a key given twice a parameter.
pub(crate) struct UniqueParameters(pub(crate) Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        UniqueSeed(Keys::Fields).deserialize(d).map(Unique)
    }
}

impl<'de> serde::Deserialize<'de> for UniqueParameters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<UniqueParameters, D::Error> {
        UniqueSeed(Keys::Parameters)
            .deserialize(d)
            .map(UniqueParameters)
    }
}

/// Reads one value (and every value inside it) with unique keys.
#[derive(Clone, Copy)]
struct UniqueSeed(Keys);

impl<'de> serde::de::DeserializeSeed<'de> for UniqueSeed {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for UniqueSeed {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        use serde::de::Error as _;
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let shown = crate::echo::excerpt(&key);
                return Err(A::Error::custom(match self.0 {
                    Keys::Fields => format!("duplicate field `{shown}`"),
                    Keys::Parameters => format!("duplicate parameter {shown:?}"),
                }));
            }
            let v = map.next_value_seed(self)?;
            object.insert(key, v);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::Unique;

    #[test]
    fn unique_refuses_a_key_given_twice_at_any_depth() {
        for text in [r#"{"a": 1, "a": 2}"#, r#"[{"b": {"c": 1, "c": 1}}]"#] {
            let e = serde_json::from_str::<Unique>(text).err().unwrap();
            assert!(e.to_string().contains("duplicate field"), "{e}");
        }
        let Unique(v) = serde_json::from_str(r#"{"a": [1, -2, 2.5, "x", null, true]}"#).unwrap();
        assert_eq!(v, serde_json::json!({"a": [1, -2, 2.5, "x", null, true]}));
    }
}
