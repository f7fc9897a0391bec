use serde::{Deserialize, Serialize};

use super::Action;
use super::Effect;
use crate::cards::Card;
use crate::dice::{NamedRoll, Roll};
use crate::measure::Pt;
use crate::roster::Flag;

/// One entry of a game's log: what the player asked for, in which turn, and what came of it. Dice
/// and cards that fell are in the outcome, so the log replays without re-rolling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub turn: u32,
    pub action: Action,
    pub outcome: Outcome,
    /// The undone entry whose app-rolled dice this entry's roll replaces: a re-roll after undo, which the
    /// log shows plainly. Absent from entries that are not re-rolls (and from logs older than the mark).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll_of: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outcome {
    Rolled {
        label: String,
        roll: Roll,
    },
    MoveRolled {
        unit: String,
        roll: Roll,
    },
    Moved {
        unit: String,
        route: Vec<Pt>,
        length: f64,
        facing: f64,
        left: f64,
        /// Inches the rule system charged on top of the length (a ship's turns).
        #[serde(default)]
        turn_cost: f64,
        /// What the move carried with it: units aboard a boat, a swimmer's drowning roll now owed.
        #[serde(default)]
        effects: Vec<Effect>,
    },
    /// A rules procedure (fire, melee, morale, initiative, a phase change) and everything it changed.
    Resolved {
        /// What the player reads in the log.
        summary: String,
        rolls: Vec<NamedRoll>,
        effects: Vec<Effect>,
    },
    LossesRecorded {
        unit: String,
        figures: Vec<u32>,
    },
    FiguresRestored {
        unit: String,
        figures: Vec<u32>,
    },
    FlagSet {
        unit: String,
        flag: Flag,
        on: bool,
    },
    Noted {
        text: String,
    },
    /// `reshuffled` holds the new draw pile when the deck ran out and the discards went back in.
    CardDrawn {
        card: Card,
        typed: bool,
        reshuffled: Option<Vec<Card>>,
    },
    DeckShuffled {
        order: Vec<Card>,
    },
    TurnBegan {
        turn: u32,
    },
    /// Takes back the action at log index `seq`.
    Undone {
        seq: usize,
    },
    Redone {
        seq: usize,
    },
}

impl Outcome {
    pub fn rolls(&self) -> Vec<&Roll> {
        match self {
            Outcome::Rolled { roll, .. } | Outcome::MoveRolled { roll, .. } => vec![roll],
            Outcome::Resolved { rolls, .. } => rolls.iter().map(|r| &r.roll).collect(),
            _ => Vec::new(),
        }
    }

    pub fn is_undo_or_redo(&self) -> bool {
        matches!(self, Outcome::Undone { .. } | Outcome::Redone { .. })
    }
}
