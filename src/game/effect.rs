use serde::de::MapAccess;
use serde::de::value::MapAccessDeserializer;
use serde::{Deserialize, Serialize};

use super::tag_first::{TagThenRest, TaggedReader, read_tagged};

use crate::roster::{Flag, Placed};
use crate::rules::{LoggedChange, SystemChange};

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
    /// Figures put where they now stand: one figure placed, a unit formed up or wheeled, a correction.
    Place {
        unit: String,
        figures: Vec<Placed>,
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
    /// Figures back in their unit: a man taken from a squad to serve a gun, a crewman rejoining a squad.
    Restore {
        unit: String,
        figures: Vec<u32>,
    },
    /// A unit joins the game that the scenario did not list: a group of reinforcements raised by dice.
    Enter {
        unit: NewUnit,
    },
    /// The procedure began a new turn as part of what it resolved (drawing the card that starts it).
    TurnBegins {
        turn: u32,
    },
    /// A change to the rule system's turn state: `{"effect": <the system's log tag>, "change": ...}`,
    /// read and written by the outer impls below.
    #[serde(skip)]
    System(SystemChange),
}

/// A unit as it enters mid-game, as the log keeps it: only what a new unit has, so the roster's own
/// bookkeeping (markers, the order figures fell) stays out of the stored-log contract.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewUnit {
    pub id: String,
    pub name: String,
    pub side: String,
    pub kind: String,
    pub facing: f64,
    pub figures: Vec<crate::roster::Figure>,
}

impl NewUnit {
    pub fn unit(&self) -> crate::roster::Unit {
        crate::roster::Unit {
            id: self.id.clone(),
            name: self.name.clone(),
            side: self.side.clone(),
            kind: self.kind.clone(),
            facing: self.facing,
            figures: self.figures.clone(),
            flags: Default::default(),
            fallen: Vec::new(),
        }
    }
}

impl<'de> Deserialize<'de> for Effect {
    /// The shared effects are read as declared; any other tag is a rule system's change, read into that
    /// system's type (kept as JSON when no system of this build has the tag).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Effect, D::Error> {
        read_tagged::<EffectReader, D>(deserializer)
    }
}

struct EffectReader;

impl<'de> TaggedReader<'de> for EffectReader {
    type Output = Effect;
    const TAG: &'static str = "effect";

    fn read<A: MapAccess<'de>>(tag: String, effect: TagThenRest<A>) -> Result<Effect, A::Error> {
        if Effect::shared_tags().contains(&tag.as_str()) {
            return Effect::deserialize(MapAccessDeserializer::new(effect));
        }
        effect.take_field("change", LoggedChange { tag }).map(Effect::System)
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
            | Effect::Place { unit, .. }
            | Effect::Flag { unit, .. }
            | Effect::AllowanceLeft { unit, .. }
            | Effect::Restore { unit, .. } => Some(unit),
            Effect::Enter { unit } => Some(&unit.id),
            Effect::System(_) | Effect::TurnBegins { .. } => None,
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

    /// A change tagged with no system of this build (a newer build's, or a typo) is kept as it was written;
    /// the replay is what refuses it, naming the entry.
    #[test]
    fn a_change_of_a_system_this_build_lacks_is_kept_as_written() {
        for json in [
            r#"{"effect":"no_such_system","change":{"anything":[1,2]}}"#,
            r#"{"change":{"anything":[1,2]},"effect":"no_such_system"}"#,
        ] {
            let Effect::System(change) = serde_json::from_str(json).unwrap() else { panic!("{json}") };
            assert_eq!(change.tag(), "no_such_system");
            assert_eq!(
                serde_json::to_string(&change).unwrap(),
                r#"{"effect":"no_such_system","change":{"anything":[1,2]}}"#
            );
        }
        let missing = serde_json::from_str::<Effect>(r#"{"effect":"no_such_system"}"#).unwrap_err();
        assert!(missing.to_string().contains("missing field `change`"), "{missing}");
    }

    #[test]
    fn a_shared_effect_reads_the_same_wherever_its_tag_stands() {
        let first: Effect = serde_json::from_str(r#"{"effect":"shift","unit":"u","dx":1.5,"dy":-2.25}"#).unwrap();
        let last: Effect = serde_json::from_str(r#"{"dx":1.5,"dy":-2.25,"unit":"u","effect":"shift"}"#).unwrap();
        assert_eq!(first, last);
    }

    #[test]
    fn the_tag_list_names_every_shared_effect() {
        assert_eq!(
            Effect::shared_tags(),
            ["losses", "shift", "face", "place", "flag", "allowance_left", "restore", "enter", "turn_begins"]
        );
    }
}
