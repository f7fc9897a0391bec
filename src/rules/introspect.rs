//! Asks a derived `Deserialize` type which names it reads: a struct's fields, an internally tagged
//! enum's variants. The registry learns from a system's own types which scenario keys and which action
//! kinds belong to it, so no list is written twice and none can drift from the type it describes.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};

/// The field names of a struct deriving `Deserialize` (renames applied).
pub fn struct_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    names::<T>().unwrap_or_else(|| panic!("{} is not a struct with named fields", std::any::type_name::<T>()))
}

/// The `type` tags of an enum deriving `Deserialize` with `#[serde(tag = "type")]`, skipped variants left out.
pub fn tagged_variants<T: DeserializeOwned>() -> &'static [&'static str] {
    tagged_variants_by::<T>("type")
}

/// The tags of an enum deriving `Deserialize` with `#[serde(tag = "<tag>")]`.
pub fn tagged_variants_by<T: DeserializeOwned>(tag: &'static str) -> &'static [&'static str] {
    T::deserialize(Probe { tag })
        .err()
        .and_then(|found| found.names)
        .unwrap_or_else(|| panic!("{} is not an enum tagged by `{tag}`", std::any::type_name::<T>()))
}

fn names<T: DeserializeOwned>() -> Option<&'static [&'static str]> {
    T::deserialize(Probe { tag: "type" }).err().and_then(|found| found.names)
}

/// The error a probe ends with: serde hands it the list it checked the unknown name against.
#[derive(Debug)]
struct Found {
    names: Option<&'static [&'static str]>,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("introspection probe")
    }
}

impl std::error::Error for Found {}

impl de::Error for Found {
    fn custom<M: fmt::Display>(_: M) -> Found {
        Found { names: None }
    }

    fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Found {
        Found { names: Some(expected) }
    }
}

/// A deserializer that answers a struct by reporting its fields, and anything else with the map
/// `{tag: "\0"}`, whose tag no enum knows.
struct Probe {
    tag: &'static str,
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Found;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Found> {
        visitor.visit_map(UnknownTag { tag: self.tag, done: false })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Found> {
        Err(Found { names: Some(fields) })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

struct UnknownTag {
    tag: &'static str,
    done: bool,
}

impl<'de> MapAccess<'de> for UnknownTag {
    type Error = Found;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Found> {
        if self.done {
            return Ok(None);
        }
        seed.deserialize(IntoDeserializer::<Found>::into_deserializer(self.tag)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Found> {
        self.done = true;
        seed.deserialize(IntoDeserializer::<Found>::into_deserializer("\u{0}"))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Fields {
        aboard: Option<String>,
        #[serde(rename = "base-morale")]
        morale: u32,
    }

    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Orders {
        Fire {
            unit: String,
        },
        EndPhase,
        #[serde(skip_deserializing)]
        Hidden,
    }

    #[test]
    fn a_struct_names_its_fields_with_renames() {
        assert_eq!(struct_fields::<Fields>(), ["aboard", "base-morale"]);
    }

    #[test]
    fn a_tagged_enum_names_its_variants_but_not_skipped_ones() {
        assert_eq!(tagged_variants::<Orders>(), ["fire", "end_phase"]);
    }
}
