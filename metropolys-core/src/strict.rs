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
    let Unique(input) = Unique::deserialize(d)?;
    let value = T::deserialize(&input).map_err(D::Error::custom)?;
    let output = serde_json::to_value(&value).map_err(D::Error::custom)?;
    positional(&input, &output).map_err(D::Error::custom)?;
    Ok(value)
}

/// A JSON value read with every object's keys unique: a key given twice is
/// an error (serde_json's `Value` keeps the last one), as it is for the
/// objects that derived `Deserialize` reads directly.
pub(crate) struct Unique(pub(crate) Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Unique, E> {
        Ok(Unique(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Unique, E> {
        Ok(Unique(Value::String(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Unique, E> {
        Ok(Unique(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique(Value::Null))
    }

    fn visit_none<E>(self) -> Result<Unique, E> {
        Ok(Unique(Value::Null))
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Unique, D::Error> {
        serde::Deserialize::deserialize(d)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Unique(Value::Array(items)))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        use serde::de::Error as _;
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(A::Error::custom(format!("duplicate field `{key}`")));
            }
            let Unique(v) = map.next_value()?;
            object.insert(key, v);
        }
        Ok(Unique(Value::Object(object)))
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
