//! Reading a log entry's tagged objects (actions, effects) in one pass. Both are open enums: the shared
//! variants are derived, and any other tag belongs to a rule system. Going through a `serde_json::Value`
//! first to look at the tag cost a game's opening half again its time (10,000 events: 19 ms -> 30 ms),
//! so the tag is read where the engine writes it, first, and the rest of the object streams on into
//! the derived reading. Objects written by hand with the tag elsewhere are gathered first, then read by
//! the same code.

use std::marker::PhantomData;

use serde::de::value::MapDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde_json::{Map, Value};

/// Where a tagged object goes once its tag is known.
pub(super) trait TaggedReader<'de>: Sized {
    type Output;
    /// The name of the tag field: `type` for actions, `effect` for effects.
    const TAG: &'static str;

    /// Reads the object, given its tag and a map that yields the tag entry again, then the remaining fields.
    fn read<A: MapAccess<'de>>(tag: String, object: TagThenRest<A>) -> Result<Self::Output, A::Error>;

    /// What to say of an object without the tag.
    fn missing_tag<E: de::Error>() -> E {
        de::Error::missing_field(Self::TAG)
    }
}

pub(super) fn read_tagged<'de, R: TaggedReader<'de>, D: de::Deserializer<'de>>(
    deserializer: D,
) -> Result<R::Output, D::Error> {
    deserializer.deserialize_map(TagFirstVisitor::<R>(PhantomData))
}

struct TagFirstVisitor<R>(PhantomData<R>);

impl<'de, R: TaggedReader<'de>> Visitor<'de> for TagFirstVisitor<R> {
    type Value = R::Output;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "an object with a `{}`", R::TAG)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<R::Output, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Err(R::missing_tag());
        };
        if first == R::TAG {
            let Value::String(tag) = map.next_value()? else { return Err(R::missing_tag()) };
            return R::read(tag.clone(), TagThenRest { tag_key: R::TAG, tag: Some(tag), key_given: false, rest: map });
        }
        // The tag stands later: gather the object, then read it the same way from what is gathered.
        let mut object = Map::new();
        object.insert(first, map.next_value()?);
        while let Some((key, value)) = map.next_entry::<String, Value>()? {
            object.insert(key, value);
        }
        let Some(Value::String(tag)) = object.remove(R::TAG) else { return Err(R::missing_tag()) };
        let rest: MapDeserializer<_, serde_json::Error> = MapDeserializer::new(object.into_iter());
        R::read(tag.clone(), TagThenRest { tag_key: R::TAG, tag: Some(tag), key_given: false, rest })
            .map_err(de::Error::custom)
    }
}

/// A map that gives its tag entry first, then the rest of the object it came from.
pub(super) struct TagThenRest<A> {
    tag_key: &'static str,
    tag: Option<String>,
    key_given: bool,
    rest: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for TagThenRest<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        if !self.key_given {
            self.key_given = true;
            return seed.deserialize(self.tag_key.into_deserializer()).map(Some);
        }
        self.rest.next_key_seed(seed)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.tag.take() {
            Some(tag) => seed.deserialize(tag.into_deserializer()),
            None => self.rest.next_value_seed(seed),
        }
    }
}

impl<'de, A: MapAccess<'de>> TagThenRest<A> {
    /// The fields after the tag, for a rule system's object kept as JSON.
    pub(super) fn rest_as_json(mut self) -> Result<Map<String, Value>, A::Error> {
        let mut object = Map::new();
        while let Some((key, value)) = self.rest.next_entry::<String, Value>()? {
            object.insert(key, value);
        }
        Ok(object)
    }

    /// The field named `key` after the tag, read by `seed`; any others are passed over.
    pub(super) fn take_field<T: DeserializeSeed<'de>>(
        mut self,
        key: &'static str,
        seed: T,
    ) -> Result<T::Value, A::Error> {
        let mut seed = Some(seed);
        let mut found = None;
        while let Some(name) = self.rest.next_key::<String>()? {
            match (name == key).then(|| seed.take()).flatten() {
                Some(seed) => found = Some(self.rest.next_value_seed(seed)?),
                None => _ = self.rest.next_value::<de::IgnoredAny>()?,
            }
        }
        found.ok_or_else(|| de::Error::missing_field(key))
    }
}
