use serde::de::Error as _;
use serde::{Deserialize, Serialize};

use crate::roster::Flag;
use crate::rules::SystemChange;

/// One change a resolved procedure makes to the table. Outcomes list their effects so the fold that
/// rebuilds a game from its log is the same few lines for every rule system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case", remote = "Self")]
pub enum Effect {
    Losses {
        unit: String,
        figures: Vec<u32>,
    },
    /// The whole unit moves by (dx, dy) inches: a rout, a charge, a winner taking position, a boat's cargo.
    Shift {
        unit: String,
        dx: f64,
        dy: f64,
    },
    Face {
        unit: String,
        facing: f64,
    },
    Flag {
        unit: String,
        flag: Flag,
        on: bool,
    },
    AllowanceLeft {
        unit: String,
        left: f64,
    },
    /// A change to the rule system's turn state: `{"effect": <the system's log tag>, "change": ...}`,
    /// read and written by the outer impls below.
    #[serde(skip)]
    System(SystemChange),
}

impl<'de> Deserialize<'de> for Effect {
    /// The shared effects are read as declared; any other tag is a rule system's change, kept as JSON
    /// until the game's system reads it.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Effect, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let tag =
            value.get("effect").and_then(serde_json::Value::as_str).ok_or_else(|| D::Error::missing_field("effect"))?;
        if Effect::shared_tags().contains(&tag) {
            return Effect::deserialize(value).map_err(D::Error::custom);
        }
        let tag = tag.to_string();
        let serde_json::Value::Object(mut fields) = value else { unreachable!("an object has an `effect`") };
        let change = fields.remove("change").ok_or_else(|| D::Error::missing_field("change"))?;
        Ok(Effect::System(SystemChange::stored(tag, change)))
    }
}

impl Serialize for Effect {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Effect::System(change) => change.serialize(serializer),
            shared => Effect::serialize(shared, serializer),
        }
    }
}

impl Effect {
    /// The `effect` tags of the effects every system shares.
    pub fn shared_tags() -> &'static [&'static str] {
        static TAGS: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
        TAGS.get_or_init(|| crate::rules::tagged_variants_by::<Declared>("effect"))
    }

    /// The unit the effect touches, for checking a stored log against its scenario.
    pub fn unit(&self) -> Option<&str> {
        match self {
            Effect::Losses { unit, .. }
            | Effect::Shift { unit, .. }
            | Effect::Face { unit, .. }
            | Effect::Flag { unit, .. }
            | Effect::AllowanceLeft { unit, .. } => Some(unit),
            Effect::System(_) => None,
        }
    }
}

/// The effects as the derive reads them, without the system changes the outer reading adds: what
/// `shared_tags` asks for its list.
struct Declared;

impl<'de> Deserialize<'de> for Declared {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Declared, D::Error> {
        Effect::deserialize(deserializer).map(|_| Declared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_effects_and_system_changes_read_back_as_written() {
        for json in [
            r#"{"effect":"losses","unit":"u","figures":[3,2]}"#,
            r#"{"effect":"shift","unit":"u","dx":1.5,"dy":-2.25}"#,
            r#"{"effect":"a_system","change":{"change":"phase","phase":"melee"}}"#,
        ] {
            let effect: Effect = serde_json::from_str(json).unwrap();
            assert_eq!(serde_json::to_string(&effect).unwrap(), json);
        }
    }

    #[test]
    fn the_tag_list_names_every_shared_effect() {
        assert_eq!(Effect::shared_tags(), ["losses", "shift", "face", "flag", "allowance_left"]);
    }
}
