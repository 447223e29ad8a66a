//! Strict JSON shapes: only the documented object forms.
//!
//! serde's derived `Deserialize` also reads a struct from a JSON array of its
//! fields in order (`[3, "expert", 7]` for a configuration). The formats are
//! objects, so every loader reads through [`Named`], a deserializer that
//! passes everything to the one it wraps except that form: a struct (at any
//! depth) given as an array is an error, at the array's line and column.
//! The loaders themselves (`from_json`) are in `json.rs`; fields read
//! inside a larger value use [`field`].
//!
//! The check is made while the value is read, not by reading the input a
//! second time as a `serde_json::Value` and comparing it with the value's
//! serialisation: each format is then deserialised one way only, which is
//! most of the size of the WebAssembly engine's loaders (BENCHMARKS.md).
//! serde has no setting for it, and no maintained crate does it (the
//! wrappers of `serde_path_to_error` and `serde_ignored` are the same
//! pattern for other ends).

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde_json::Value;
use std::fmt;

/// What a struct given as an array is told it should have been.
const BY_NAME: &str = "an object (fields by name, not by position)";

/// A deserializer that refuses the positional (array) form of every struct
/// it reads, at any depth, and otherwise is the deserializer it wraps.
pub(crate) struct Named<D>(pub(crate) D);

/// The visitor of [`Named`]: passes every value on, with what is inside it
/// read through [`Named`] again.
struct Wrap<V>(V);

/// [`Wrap`] for a struct: an array is refused (and never handed to the
/// struct's visitor, whose positional reading is then not in the program).
struct ByName<V>(V);

fn wrap<V>(inner: V) -> Wrap<V> {
    Wrap(inner)
}

macro_rules! forward {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, D::Error> {
            self.0.$method(wrap(v))
        })*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Named<D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16
        deserialize_i32 deserialize_i64 deserialize_i128 deserialize_u8
        deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, wrap(v))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, wrap(v))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, wrap(v))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        v: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, wrap(v))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct(name, fields, ByName(v))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, wrap(v))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// The methods of a visitor that hand each value to the visitor in `.0`,
/// what is inside it read through [`Named`]; all but `expecting` and
/// `visit_seq`, which [`Wrap`] and [`ByName`] write.
macro_rules! pass {
    ($($method:ident: $t:ty)*) => {
        type Value = V::Value;

        $(fn $method<E: de::Error>(self, x: $t) -> Result<V::Value, E> {
            self.0.$method(x)
        })*

        fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
            self.0.visit_none()
        }

        fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
            self.0.visit_unit()
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
            self.0.visit_some(Named(d))
        }

        fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
            self.0.visit_newtype_struct(Named(d))
        }

        fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
            self.0.visit_map(Named(map))
        }

        fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
            self.0.visit_enum(Named(data))
        }
    };
}

macro_rules! visitor {
    () => {
        pass! {
            visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32
            visit_i64: i64 visit_i128: i128 visit_u8: u8 visit_u16: u16
            visit_u32: u32 visit_u64: u64 visit_u128: u128 visit_f32: f32
            visit_f64: f64 visit_char: char visit_str: &str
            visit_borrowed_str: &'de str visit_string: String
            visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8]
            visit_byte_buf: Vec<u8>
        }
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<V> {
    visitor!();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Named(seq))
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for ByName<V> {
    visitor!();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(BY_NAME)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Seq, &BY_NAME))
    }
}

/// A seed whose value is read through [`Named`].
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Named(d))
    }
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for Named<A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for Named<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(seed)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::EnumAccess<'de>> de::EnumAccess<'de> for Named<A> {
    type Error = A::Error;
    type Variant = Named<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Named<A::Variant>), A::Error> {
        self.0.variant_seed(seed).map(|(v, rest)| (v, Named(rest)))
    }
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'de> for Named<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, wrap(v))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, ByName(v))
    }
}

/// A `deserialize_with` helper: the field's value read through [`Named`]
/// (no positional forms at any depth).
pub(crate) fn field<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: de::Deserialize<'de>,
{
    T::deserialize(Named(d))
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
