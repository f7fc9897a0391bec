//! The When Empires Clash! turn as state: the initiative throw and its winner's choice, the side
//! activating and how many activations it has left, the stand being activated, the guns being towed,
//! and the end of the battle. It changes only through `Change`s carried in the log's outcomes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::WhenEmpiresClash;
use crate::game::Effect;
use crate::rules::RuleSystem;

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum TurnStep {
    /// Both sides throw for the initiative.
    #[default]
    Initiative,
    /// The winner takes the initiative or passes it.
    Choose { winner: String },
    /// A side throws for its activations, then activates its stands. `first` is the side with the
    /// initiative; the other follows.
    Activating { side: String, first: bool, left: Option<u32> },
    /// Both sides have activated: the turn may end.
    TurnOver,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Turn {
    pub step: TurnStep,
    /// The stand being activated, until another is or the side stops.
    pub active: Option<String>,
    /// Transport stand -> the artillery stand it tows.
    pub towing: BTreeMap<String, String>,
    /// Why the battle ended: a side conceded or withdrew entirely, or the last turn was played.
    pub ended: Option<String>,
    /// The side that conceded; left out of the state's JSON until one has, as games stored before it were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    InitiativeWon {
        side: String,
    },
    Activating {
        side: String,
        first: bool,
    },
    ActivationsThrown {
        count: u32,
    },
    Activated {
        unit: String,
    },
    ActivationEnded,
    AllActivated,
    Limbered {
        transport: String,
        gun: String,
    },
    Unlimbered {
        transport: String,
    },
    Ended {
        why: String,
        /// The side that conceded, when one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        conceded: Option<String>,
    },
}

impl Change {
    pub fn effect(self) -> Effect {
        WhenEmpiresClash::effect(self)
    }

    pub fn mentions(&self) -> Vec<&str> {
        match self {
            Change::InitiativeWon { side } | Change::Activating { side, .. } => vec![side],
            Change::Activated { unit } => vec![unit],
            Change::Limbered { transport, gun } => vec![transport, gun],
            Change::Unlimbered { transport } => vec![transport],
            Change::ActivationsThrown { .. }
            | Change::ActivationEnded
            | Change::AllActivated
            | Change::Ended { .. } => {
                vec![]
            }
        }
    }
}

impl Turn {
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::InitiativeWon { side } => self.step = TurnStep::Choose { winner: side.clone() },
            Change::Activating { side, first } => {
                self.step = TurnStep::Activating { side: side.clone(), first: *first, left: None };
                self.active = None;
            }
            Change::ActivationsThrown { count } => {
                if let TurnStep::Activating { left, .. } = &mut self.step {
                    *left = Some(*count);
                }
            }
            Change::Activated { unit } => {
                if let TurnStep::Activating { left: Some(left), .. } = &mut self.step {
                    *left = left.saturating_sub(1);
                }
                self.active = Some(unit.clone());
            }
            Change::ActivationEnded => self.active = None,
            Change::AllActivated => {
                self.active = None;
                self.step = TurnStep::TurnOver;
            }
            Change::Limbered { transport, gun } => {
                self.towing.insert(transport.clone(), gun.clone());
            }
            Change::Unlimbered { transport } => {
                self.towing.remove(transport);
            }
            Change::Ended { why, conceded } => {
                self.active = None;
                self.ended = Some(why.clone());
                self.conceded = conceded.clone();
            }
        }
    }

    pub fn begin(&mut self) {
        self.step = TurnStep::Initiative;
        self.active = None;
    }

    /// The side activating now, once it has thrown for its activations.
    pub fn activating(&self) -> Option<(&str, u32)> {
        match &self.step {
            TurnStep::Activating { side, left: Some(left), .. } => Some((side, *left)),
            _ => None,
        }
    }
}
