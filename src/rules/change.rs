//! `SystemChange`: one change to a rule system's turn state, as an outcome's effect carries it, typed
//! by its system (the engine folds it without knowing the type). A stored log's changes are read into
//! their types as the log is parsed, the tag naming the system; the game then checks them once, on
//! replay, against its own system and units. A tag no system of this build has is kept as JSON, and
//! refused on replay.
//!
//! In the log it is `{"effect": "<the system's LOG_TAG>", "change": {...}}`.

use std::any::Any;
use std::fmt;

use serde::Serialize;
use serde::ser::SerializeStruct;

use super::RuleSystem;

#[derive(Clone)]
pub struct SystemChange(Repr);

// Boxed, not shared: a replay walks thousands of changes, and each one's own copy sits near its event.
enum Repr {
    /// In its system's type: made by the engine in this process (`checked`), or read from a stored log
    /// and checked against the game once, on replay.
    Typed { change: Box<dyn AnyChange>, checked: bool },
    /// From a stored log, with a tag no system of this build has.
    Foreign { tag: String, change: serde_json::Value },
}

impl Clone for Repr {
    fn clone(&self) -> Repr {
        match self {
            Repr::Typed { change, checked } => Repr::Typed { change: change.clone_box(), checked: *checked },
            Repr::Foreign { tag, change } => Repr::Foreign { tag: tag.clone(), change: change.clone() },
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
        SystemChange(Repr::Typed { change: Box::new(ChangeOf::<S>(change)), checked: true })
    }

    /// A change read from a stored log, to be checked when the game replays it.
    pub fn from_log<S: RuleSystem>(change: S::Change) -> SystemChange {
        SystemChange(Repr::Typed { change: Box::new(ChangeOf::<S>(change)), checked: false })
    }

    /// A stored change whose tag no system of this build has.
    pub fn foreign(tag: String, change: serde_json::Value) -> SystemChange {
        SystemChange(Repr::Foreign { tag, change })
    }

    /// The `effect` tag: which system's change this is.
    pub fn tag(&self) -> &str {
        match &self.0 {
            Repr::Typed { change, .. } => change.tag(),
            Repr::Foreign { tag, .. } => tag,
        }
    }

    /// The change as `S` recorded it; refused if it is another system's.
    pub fn read<S: RuleSystem>(&self) -> Result<&S::Change, String> {
        match &self.0 {
            // Matching the type as well as the tag keeps two systems that shared a tag by mistake from
            // reading each other's changes (the registry's test also refuses such a pair).
            Repr::Typed { change, .. } if change.tag() == S::LOG_TAG => change
                .inner()
                .downcast_ref::<S::Change>()
                .ok_or_else(|| format!("a {:?} change of another system cannot apply to a {} game", self.tag(), S::ID)),
            _ => Err(format!("a {:?} change cannot apply to a {} game", self.tag(), S::ID)),
        }
    }

    /// Takes a change read from a log as checked. Returns it if it still wanted checking, `None` if it
    /// was made in this process (and so names the game's own units).
    pub fn settle<S: RuleSystem>(&mut self) -> Result<Option<&S::Change>, String> {
        self.read::<S>()?;
        match &mut self.0 {
            Repr::Typed { change, checked } if !*checked => {
                *checked = true;
                Ok(change.inner().downcast_ref::<S::Change>())
            }
            _ => Ok(None),
        }
    }

    fn to_json(&self) -> serde_json::Value {
        match &self.0 {
            Repr::Typed { change, .. } => serde_json::to_value(change.as_ref()).expect("changes serialise"),
            Repr::Foreign { change, .. } => change.clone(),
        }
    }
}

impl Serialize for SystemChange {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut effect = serializer.serialize_struct("Effect", 2)?;
        effect.serialize_field("effect", self.tag())?;
        match &self.0 {
            Repr::Typed { change, .. } => effect.serialize_field("change", change.as_ref())?,
            Repr::Foreign { change, .. } => effect.serialize_field("change", change)?,
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
            Repr::Typed { change, .. } => change.debug(f),
            Repr::Foreign { tag, change } => write!(f, "{tag}:{change}"),
        }
    }
}
