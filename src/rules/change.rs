//! `SystemChange`: one change to a rule system's turn state, as an outcome's effect carries it. Live
//! play records it typed; a stored log reads it as JSON (the engine does not know the type), and the
//! game's own system reads it back into its type when the log is replayed, once.
//!
//! In the log it is `{"effect": "<the system's LOG_TAG>", "change": {...}}`.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde::ser::SerializeStruct;

use super::RuleSystem;

#[derive(Clone)]
pub struct SystemChange(Repr);

// Boxed, not shared: a replay walks thousands of changes, and each one's own copy sits near its event.
enum Repr {
    Typed(Box<dyn AnyChange>),
    /// As read from a stored log, before its system has read it.
    Stored {
        tag: String,
        change: serde_json::Value,
    },
}

impl Clone for Repr {
    fn clone(&self) -> Repr {
        match self {
            Repr::Typed(change) => Repr::Typed(change.clone_box()),
            Repr::Stored { tag, change } => Repr::Stored { tag: tag.clone(), change: change.clone() },
        }
    }
}

trait AnyChange: erased_serde::Serialize + Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyChange>;
    fn tag(&self) -> &'static str;
    fn inner(&self) -> &dyn Any;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

erased_serde::serialize_trait_object!(AnyChange);

struct ChangeOf<S: RuleSystem>(S::Change);

impl<S: RuleSystem> Serialize for ChangeOf<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        self.0.serialize(serializer)
    }
}

impl<S: RuleSystem> AnyChange for ChangeOf<S> {
    fn clone_box(&self) -> Box<dyn AnyChange> {
        Box::new(ChangeOf::<S>(self.0.clone()))
    }

    fn tag(&self) -> &'static str {
        S::LOG_TAG
    }

    fn inner(&self) -> &dyn Any {
        &self.0
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl SystemChange {
    pub fn of<S: RuleSystem>(change: S::Change) -> SystemChange {
        SystemChange(Repr::Typed(Box::new(ChangeOf::<S>(change))))
    }

    /// A change as a stored log holds it.
    pub fn stored(tag: String, change: serde_json::Value) -> SystemChange {
        SystemChange(Repr::Stored { tag, change })
    }

    /// The `effect` tag: which system's change this is.
    pub fn tag(&self) -> &str {
        match &self.0 {
            Repr::Typed(change) => change.tag(),
            Repr::Stored { tag, .. } => tag,
        }
    }

    /// The change as `S` recorded it: borrowed when typed, read from its JSON when stored.
    pub fn read<S: RuleSystem>(&self) -> Result<Cow<'_, S::Change>, String> {
        if self.tag() != S::LOG_TAG {
            return Err(format!("a {:?} change cannot apply to a {} game", self.tag(), S::ID));
        }
        match &self.0 {
            Repr::Typed(change) => Ok(Cow::Borrowed(
                change.inner().downcast_ref::<S::Change>().expect("a change's tag names its type's system"),
            )),
            Repr::Stored { change, .. } => <S::Change as serde::Deserialize>::deserialize(change)
                .map(Cow::Owned)
                .map_err(|e| format!("a {} change the build cannot read ({e}): {change}", S::ID)),
        }
    }

    /// Reads a stored change into `S`'s type, so folding it again costs nothing. Returns the change read,
    /// or `None` if it was typed already (made by the engine in this process, not read from a log).
    pub fn settle<S: RuleSystem>(&mut self) -> Result<Option<&S::Change>, String> {
        if let Repr::Typed(_) = self.0 {
            return self.read::<S>().map(|_| None);
        }
        let typed = self.read::<S>()?.into_owned();
        *self = SystemChange::of::<S>(typed);
        match &self.0 {
            Repr::Typed(change) => Ok(change.inner().downcast_ref::<S::Change>()),
            Repr::Stored { .. } => unreachable!("settled just now"),
        }
    }

    fn to_json(&self) -> serde_json::Value {
        match &self.0 {
            Repr::Typed(change) => serde_json::to_value(change.as_ref()).expect("changes serialise"),
            Repr::Stored { change, .. } => change.clone(),
        }
    }
}

impl Serialize for SystemChange {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut effect = serializer.serialize_struct("Effect", 2)?;
        effect.serialize_field("effect", self.tag())?;
        match &self.0 {
            Repr::Typed(change) => effect.serialize_field("change", change.as_ref())?,
            Repr::Stored { change, .. } => effect.serialize_field("change", change)?,
        }
        effect.end()
    }
}

impl PartialEq for SystemChange {
    fn eq(&self, other: &SystemChange) -> bool {
        self.tag() == other.tag() && self.to_json() == other.to_json()
    }
}

impl fmt::Debug for SystemChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Typed(change) => change.debug(f),
            Repr::Stored { tag, change } => write!(f, "{tag}:{change}"),
        }
    }
}
