use serde::de::MapAccess;
use serde::de::value::MapAccessDeserializer;
use serde::{Deserialize, Serialize};

use super::tag_first::{TagThenRest, TaggedReader, read_tagged};

use crate::measure::Pt;
use crate::roster::{Flag, Formation, Placed};

/// Everything a player can do, in the UI or as `ACTION_JSON` on the command line: the actions every rule
/// system shares, or one of the game's own system's (`System`). Documented field by field in
/// docs/actions.md and, for each system's own, in its rules doc.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields, remote = "Self")]
pub enum Action {
    /// A free roll in the dice tray, e.g. a rule the app does not resolve itself.
    Roll {
        expr: String,
        /// Faces typed in from physical dice; omitted or null to let the app roll.
        #[serde(default)]
        dice: Option<Vec<i64>>,
        #[serde(default)]
        label: Option<String>,
    },
    /// Rolls a unit's movement allowance for this turn from its movement chart entry.
    RollMove {
        unit: String,
        /// One of the unit's movement choices (e.g. a gun's "1D6+6" to keep its fire); its default if omitted.
        #[serde(default)]
        expr: Option<String>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Moves a unit: `path` is the leader's route in inches, not including where he stands now. The
    /// whole unit moves with him. Refused past the rolled allowance.
    Move {
        unit: String,
        path: Vec<Pt>,
        /// New facing in degrees clockwise from up the table; unchanged if omitted.
        #[serde(default)]
        facing: Option<f64>,
    },
    /// Puts one figure of a unit at `at`, within what the rule system allows (how far from the leader, when,
    /// and whether it spends the move); never the leader, who moves with `move`.
    PlaceFigure {
        unit: String,
        figure: u32,
        at: Pt,
    },
    /// Forms a unit up around its leader where he stands: `line`, `column` or `skirmish` (`spacing` inches
    /// apart; 1, or 2 for a skirmish, if omitted), or `free` with each figure's place given in `figures`.
    /// `facing` turns the unit first; the formation is laid out to its facing.
    Arrange {
        unit: String,
        formation: Formation,
        #[serde(default)]
        facing: Option<f64>,
        #[serde(default)]
        spacing: Option<f64>,
        #[serde(default)]
        figures: Vec<Placed>,
    },
    /// Puts a unit where it really stands on the physical table, outside the rules' movement, so the app
    /// follows a table that has drifted: `to` moves its leader there with the rest keeping their places
    /// around him, `figures` puts single figures, `facing` turns it. Logged as a correction; costs nothing.
    CorrectPosition {
        unit: String,
        #[serde(default)]
        to: Option<Pt>,
        #[serde(default)]
        facing: Option<f64>,
        #[serde(default)]
        figures: Vec<Placed>,
    },
    /// Removes `count` figures (privates first, the leader last).
    RecordLosses {
        unit: String,
        count: u32,
    },
    /// Puts back the `count` most recently lost figures, to correct a mistake at the table.
    RestoreFigures {
        unit: String,
        count: u32,
    },
    SetFlag {
        unit: String,
        flag: Flag,
        on: bool,
    },
    /// A line in the campaign record.
    Note {
        text: String,
    },
    /// Draws from the game's deck; `card` is a card drawn from a physical deck (e.g. "QH", "10s", "joker").
    DrawCard {
        #[serde(default)]
        card: Option<String>,
    },
    ShuffleDeck {},
    /// Ends the turn: movement allowances lapse, and the rule system's end-of-turn steps run.
    NextTurn {},
    Undo {},
    Redo {},
    /// An action of the game's rule system (`fire`, `charge`, `activate`, ...), read by that system; the
    /// outer reading and writing below handle it, so the derived ones here list only the shared actions.
    #[serde(skip)]
    System(SystemAction),
}

/// A rule system's own action as it arrives: its `type` and its fields, which the game's system reads
/// into its own action type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SystemAction {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

impl<'de> Deserialize<'de> for Action {
    /// A shared action is read field by field as declared above; any other `type` is the game's system's
    /// to read.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        read_tagged::<ActionReader, D>(deserializer)
    }
}

struct ActionReader;

impl<'de> TaggedReader<'de> for ActionReader {
    type Output = Action;
    const TAG: &'static str = "type";

    fn read<A: MapAccess<'de>>(kind: String, action: TagThenRest<A>) -> Result<Action, A::Error> {
        if Action::shared_kinds().contains(&kind.as_str()) {
            return Action::deserialize(MapAccessDeserializer::new(action));
        }
        Ok(Action::System(SystemAction { kind, fields: action.rest_as_json()? }))
    }

    fn missing_tag<E: serde::de::Error>() -> E {
        E::custom("an action needs a `type`, e.g. {\"type\":\"note\",\"text\":\"...\"}")
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Action::System(own) => own.serialize(serializer),
            shared => Action::serialize(shared, serializer),
        }
    }
}

impl Action {
    pub fn from_json(text: &str) -> Result<Action, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The `type`s of the actions every system shares.
    pub fn shared_kinds() -> &'static [&'static str] {
        static KINDS: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
        KINDS.get_or_init(crate::rules::tagged_variants::<SharedKinds>)
    }

    /// The `type` tag this action carries in JSON, e.g. `record_losses`.
    pub fn type_name(&self) -> &str {
        match self {
            Action::Roll { .. } => "roll",
            Action::RollMove { .. } => "roll_move",
            Action::Move { .. } => "move",
            Action::PlaceFigure { .. } => "place_figure",
            Action::Arrange { .. } => "arrange",
            Action::CorrectPosition { .. } => "correct_position",
            Action::RecordLosses { .. } => "record_losses",
            Action::RestoreFigures { .. } => "restore_figures",
            Action::SetFlag { .. } => "set_flag",
            Action::Note { .. } => "note",
            Action::DrawCard { .. } => "draw_card",
            Action::ShuffleDeck {} => "shuffle_deck",
            Action::NextTurn {} => "next_turn",
            Action::Undo {} => "undo",
            Action::Redo {} => "redo",
            Action::System(own) => &own.kind,
        }
    }
}

/// The shared actions as serde reads them, for `shared_kinds`: `remote = "Self"` above keeps `Action`'s
/// derived reading under this name.
struct SharedKinds;

impl<'de> Deserialize<'de> for SharedKinds {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SharedKinds, D::Error> {
        Action::deserialize(deserializer).map(|_| SharedKinds)
    }
}

impl SystemAction {
    /// Reads the action into a system's action type, with serde's own words for what is wrong.
    pub fn read<A: serde::de::DeserializeOwned>(&self) -> Result<A, String> {
        let mut object = self.fields.clone();
        object.insert("type".into(), serde_json::Value::String(self.kind.clone()));
        serde_json::from_value(serde_json::Value::Object(object)).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let a = Action::from_json(r#"{"type":"record_losses","unit":"us-marines","count":3}"#).unwrap();
        assert_eq!(a, Action::RecordLosses { unit: "us-marines".into(), count: 3 });
        assert_eq!(Action::from_json(r#"{"type":"undo"}"#).unwrap(), Action::Undo {});
        let m = Action::from_json(r#"{"type":"move","unit":"u","path":[{"x":1,"y":2}]}"#).unwrap();
        assert!(matches!(m, Action::Move { facing: None, .. }));
    }

    #[test]
    fn type_names_match_the_json_tags() {
        let actions = [
            r#"{"type":"roll","expr":"D6"}"#,
            r#"{"type":"roll_move","unit":"u"}"#,
            r#"{"type":"move","unit":"u","path":[]}"#,
            r#"{"type":"place_figure","unit":"u","figure":1,"at":{"x":1,"y":2}}"#,
            r#"{"type":"arrange","unit":"u","formation":"skirmish"}"#,
            r#"{"type":"correct_position","unit":"u","facing":90}"#,
            r#"{"type":"record_losses","unit":"u","count":1}"#,
            r#"{"type":"restore_figures","unit":"u","count":1}"#,
            r#"{"type":"set_flag","unit":"u","flag":"pinned","on":true}"#,
            r#"{"type":"note","text":"t"}"#,
            r#"{"type":"draw_card"}"#,
            r#"{"type":"shuffle_deck"}"#,
            r#"{"type":"next_turn"}"#,
            r#"{"type":"charge","unit":"u","target":"t"}"#,
            r#"{"type":"undo"}"#,
            r#"{"type":"redo"}"#,
        ];
        for json in actions {
            let action = Action::from_json(json).unwrap();
            let tag = serde_json::to_value(&action).unwrap()["type"].as_str().unwrap().to_string();
            assert_eq!(action.type_name(), tag);
        }
    }

    #[test]
    fn every_shared_kind_is_read_as_a_shared_action() {
        assert_eq!(Action::shared_kinds().len(), 15);
        for kind in Action::shared_kinds() {
            let read = Action::from_json(&format!(r#"{{"type":"{kind}"}}"#));
            assert!(!matches!(read, Ok(Action::System(_))), "{kind} was read as a system's action");
        }
    }

    #[test]
    fn a_system_action_keeps_its_fields_and_writes_them_back() {
        let json = r#"{"type":"fire","unit":"u","target":"t","dice":[3,9]}"#;
        let action = Action::from_json(json).unwrap();
        let Action::System(own) = &action else { panic!("{action:?}") };
        assert_eq!(own.kind, "fire");
        assert_eq!(own.fields["dice"], serde_json::json!([3, 9]));
        let again: serde_json::Value = serde_json::to_value(&action).unwrap();
        assert_eq!(again, serde_json::from_str::<serde_json::Value>(json).unwrap());
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = Action::from_json(r#"{"type":"record_losses","unit":"u","count":3,"cnt":4}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `cnt`"), "{err}");
        assert!(Action::from_json(r#"{"unit":"u"}"#).unwrap_err().to_string().contains("needs a `type`"));
    }

    /// The engine writes the `type` first and reads it in one pass; JSON typed by hand, or passed through
    /// a `Value` (the desktop app's commands), may have it anywhere, and reads the same.
    #[test]
    fn an_action_reads_the_same_wherever_its_type_stands() {
        let pairs = [
            (r#"{"type":"record_losses","unit":"u","count":3}"#, r#"{"count":3,"unit":"u","type":"record_losses"}"#),
            (r#"{"type":"fire","unit":"u","target":"t"}"#, r#"{"unit":"u","type":"fire","target":"t"}"#),
            (r#"{"type":"next_turn"}"#, r#"{"type":"next_turn"}"#),
        ];
        for (first, later) in pairs {
            let read = Action::from_json(first).unwrap();
            assert_eq!(Action::from_json(later).unwrap(), read);
            assert_eq!(serde_json::from_value::<Action>(serde_json::from_str(later).unwrap()).unwrap(), read);
        }
        for json in [
            r#"{"type":"note","text":"x","txt":1}"#,
            r#"{"txt":1,"text":"x","type":"note"}"#,
            r#"{"type":"undo","txt":1}"#,
            r#"{"txt":1,"type":"next_turn"}"#,
        ] {
            assert!(Action::from_json(json).unwrap_err().to_string().contains("unknown field `txt`"), "{json}");
        }
        for json in [r#"{}"#, r#"{"type":7}"#, r#"{"unit":"u","type":null}"#] {
            assert!(Action::from_json(json).unwrap_err().to_string().contains("needs a `type`"), "{json}");
        }
    }
}
