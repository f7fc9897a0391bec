use serde::{Deserialize, Serialize};

use crate::measure::Pt;
use crate::roster::Flag;

/// Everything a player can do, in the UI or as `ACTION_JSON` on the command line. Documented field by
/// field in docs/actions.md.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
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
    ShuffleDeck,
    /// Ends the turn: movement allowances lapse. Sand Pebbles: only after the melee phase, when every
    /// unit rallies.
    NextTurn,
    /// Sand Pebbles: each side rolls 1D6 for the order of movement or of fire (whichever comes next in
    /// the turn). `dice` are the two faces in the scenario's side order; a tie is rolled again.
    Initiative {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Sand Pebbles: the initiative winner names the side that goes first.
    ChooseOrder {
        first: String,
    },
    /// Closes the current phase of the turn sequence; refused while something in it is still owed.
    EndPhase,
    /// Sand Pebbles: moves `unit` to 1" short of `target`, pins the target and turns it to face the charge.
    Charge {
        unit: String,
        target: String,
    },
    /// Fires `unit` at `target`. `cover` overrides the cover column worked out from the terrain
    /// (`open`, `walls`, `redoubt_ships`, `windows_doors`). Typed `dice` are taken in the order the
    /// procedure asks for them: every D20, then a D6 save per hit on cavalry, then a D6 per natural 1.
    Fire {
        unit: String,
        target: String,
        #[serde(default)]
        cover: Option<String>,
        /// Heliograph cannon: where the 3" blast template is placed on a hit; the target's leader if omitted.
        #[serde(default)]
        at: Option<Pt>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The morale test the phase owes for `unit`: to finish its charge, or to stand against one.
    Morale {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Resolves the melee `unit` charged into. Typed `dice`: the attacker's D6s, the defender's D6s, the
    /// 2D6 rout, the loser's 1D6 losses, the winner's 1D6 (halved).
    Melee {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Heliograph: the side that won the activation toss activates this unit (marked until the turn ends).
    Activate {
        unit: String,
    },
    /// Heliograph: the moving U.S. unit rolls to sight each hidden counter, by range from its leader.
    /// Typed `dice`: one D10 per counter that needs a roll, nearest first.
    Sight {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Heliograph: a gun spends its move unlimbering; it fires only unlimbered, and moving limbers it.
    Unlimber {
        unit: String,
    },
    /// Heliograph: infantry take over a Gatling whose crew is gone, spending a full action at the gun.
    CrewGun {
        unit: String,
        gun: String,
    },
    /// Sand Pebbles: one D6 per swimmer after the unit swims; each 6 drowns a figure.
    Drown {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    Undo,
    Redo,
}

impl Action {
    pub fn from_json(text: &str) -> Result<Action, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The `type` tag this action carries in JSON, e.g. `record_losses`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Action::Roll { .. } => "roll",
            Action::RollMove { .. } => "roll_move",
            Action::Move { .. } => "move",
            Action::RecordLosses { .. } => "record_losses",
            Action::RestoreFigures { .. } => "restore_figures",
            Action::SetFlag { .. } => "set_flag",
            Action::Note { .. } => "note",
            Action::DrawCard { .. } => "draw_card",
            Action::ShuffleDeck => "shuffle_deck",
            Action::NextTurn => "next_turn",
            Action::Initiative { .. } => "initiative",
            Action::ChooseOrder { .. } => "choose_order",
            Action::EndPhase => "end_phase",
            Action::Charge { .. } => "charge",
            Action::Fire { .. } => "fire",
            Action::Morale { .. } => "morale",
            Action::Melee { .. } => "melee",
            Action::Drown { .. } => "drown",
            Action::Activate { .. } => "activate",
            Action::Sight { .. } => "sight",
            Action::Unlimber { .. } => "unlimber",
            Action::CrewGun { .. } => "crew_gun",
            Action::Undo => "undo",
            Action::Redo => "redo",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let a = Action::from_json(r#"{"type":"record_losses","unit":"us-marines","count":3}"#).unwrap();
        assert_eq!(a, Action::RecordLosses { unit: "us-marines".into(), count: 3 });
        assert_eq!(Action::from_json(r#"{"type":"undo"}"#).unwrap(), Action::Undo);
        let m = Action::from_json(r#"{"type":"move","unit":"u","path":[{"x":1,"y":2}]}"#).unwrap();
        assert!(matches!(m, Action::Move { facing: None, .. }));
    }

    #[test]
    fn type_names_match_the_json_tags() {
        let actions = [
            r#"{"type":"roll","expr":"D6"}"#,
            r#"{"type":"roll_move","unit":"u"}"#,
            r#"{"type":"move","unit":"u","path":[]}"#,
            r#"{"type":"record_losses","unit":"u","count":1}"#,
            r#"{"type":"restore_figures","unit":"u","count":1}"#,
            r#"{"type":"set_flag","unit":"u","flag":"pinned","on":true}"#,
            r#"{"type":"note","text":"t"}"#,
            r#"{"type":"draw_card"}"#,
            r#"{"type":"shuffle_deck"}"#,
            r#"{"type":"next_turn"}"#,
            r#"{"type":"initiative"}"#,
            r#"{"type":"choose_order","first":"a"}"#,
            r#"{"type":"end_phase"}"#,
            r#"{"type":"charge","unit":"u","target":"t"}"#,
            r#"{"type":"fire","unit":"u","target":"t"}"#,
            r#"{"type":"morale","unit":"u"}"#,
            r#"{"type":"melee","unit":"u"}"#,
            r#"{"type":"drown","unit":"u"}"#,
            r#"{"type":"activate","unit":"u"}"#,
            r#"{"type":"sight","unit":"u"}"#,
            r#"{"type":"unlimber","unit":"u"}"#,
            r#"{"type":"crew_gun","unit":"u","gun":"g"}"#,
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
    fn unknown_fields_are_refused() {
        assert!(Action::from_json(r#"{"type":"record_losses","unit":"u","count":3,"cnt":4}"#).is_err());
        assert!(Action::from_json(r#"{"type":"teleport"}"#).is_err());
    }
}
