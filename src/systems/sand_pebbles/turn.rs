//! The Sand Pebbles turn sequence as state: which phase, who moves and fires first, who charged whom, which
//! tests and melees are still owed. It changes only through `Change`s carried in the log's outcomes.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::SandPebbles;
use crate::game::Effect;
use crate::rules::RuleSystem;

/// The sequence of play, A to G, with the two initiative rolls (and the winner's choice) before A and C.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    MoveInitiative,
    MoveOrder,
    /// A: the first side moves and charges.
    MoveFirst,
    /// B: the second side moves and charges.
    MoveSecond,
    FireInitiative,
    FireOrder,
    /// C: the first side fires; its casualties come off before D.
    FireFirst,
    /// D
    FireSecond,
    /// E: morale checks to finish a charge.
    ChargeMorale,
    /// F: morale checks to stand.
    StandMorale,
    /// G: melee; the turn ends after it and every unit rallies.
    Melee,
}

impl Phase {
    pub fn letter(self) -> &'static str {
        match self {
            Phase::MoveInitiative | Phase::MoveOrder | Phase::FireInitiative | Phase::FireOrder => "",
            Phase::MoveFirst => "A",
            Phase::MoveSecond => "B",
            Phase::FireFirst => "C",
            Phase::FireSecond => "D",
            Phase::ChargeMorale => "E",
            Phase::StandMorale => "F",
            Phase::Melee => "G",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Phase::MoveInitiative => "Initiative for movement",
            Phase::MoveOrder => "Choose who moves first",
            Phase::MoveFirst => "First side moves and charges",
            Phase::MoveSecond => "Second side moves and charges",
            Phase::FireInitiative => "Initiative for fire",
            Phase::FireOrder => "Choose who fires first",
            Phase::FireFirst => "First side fires",
            Phase::FireSecond => "Second side fires",
            Phase::ChargeMorale => "Morale checks to finish charges",
            Phase::StandMorale => "Morale checks to stand",
            Phase::Melee => "Melee",
        }
    }

    pub fn is_movement(self) -> bool {
        matches!(self, Phase::MoveFirst | Phase::MoveSecond)
    }

    pub fn is_fire(self) -> bool {
        matches!(self, Phase::FireFirst | Phase::FireSecond)
    }
}

/// One charge declared in the movement phases, followed through its morale tests to the melee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Charge {
    pub attacker: String,
    pub defender: String,
    /// The test to finish the charge (phase E), once taken.
    pub attacker_passed: Option<bool>,
    /// The test to stand (phase F), once taken.
    pub defender_passed: Option<bool>,
    pub resolved: bool,
}

impl Charge {
    pub fn owes_stand_test(&self) -> bool {
        self.attacker_passed == Some(true) && self.defender_passed.is_none()
    }

    pub fn owes_melee(&self) -> bool {
        self.attacker_passed == Some(true) && !self.resolved
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Turn {
    pub phase: Phase,
    pub initiative_winner: Option<String>,
    /// Side ids, first to act first; empty until chosen this turn.
    pub move_order: Vec<String>,
    pub fire_order: Vec<String>,
    pub charges: Vec<Charge>,
    pub fired: BTreeSet<String>,
    /// Swimmer units that swam this turn and have not rolled for drowning.
    pub swims_owed: BTreeSet<String>,
}

/// A change to the turn sequence, as recorded in an outcome's effects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    Phase {
        phase: Phase,
    },
    InitiativeWon {
        side: String,
    },
    Order {
        fire: bool,
        sides: Vec<String>,
    },
    Charged {
        attacker: String,
        defender: String,
    },
    ChargeTested {
        attacker: String,
        passed: bool,
    },
    /// The defender's test to stand, for every charge at it whose attacker came on.
    StandTested {
        defender: String,
        passed: bool,
    },
    MeleeResolved {
        attacker: String,
    },
    Fired {
        unit: String,
    },
    SwimOwed {
        unit: String,
    },
    Swum {
        unit: String,
    },
}

impl Change {
    /// The effect that records this change in an outcome.
    pub fn effect(self) -> Effect {
        SandPebbles::effect(self)
    }

    /// The units and sides the change names.
    pub fn mentions(&self) -> Vec<&str> {
        match self {
            Change::Phase { .. } => Vec::new(),
            Change::InitiativeWon { side } => vec![side],
            Change::Order { sides, .. } => sides.iter().map(String::as_str).collect(),
            Change::Charged { attacker, defender } => vec![attacker, defender],
            Change::ChargeTested { attacker, .. } | Change::MeleeResolved { attacker } => vec![attacker],
            Change::StandTested { defender, .. } => vec![defender],
            Change::Fired { unit } | Change::SwimOwed { unit } | Change::Swum { unit } => vec![unit],
        }
    }
}

impl Turn {
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Phase { phase } => self.phase = *phase,
            Change::InitiativeWon { side } => self.initiative_winner = Some(side.clone()),
            Change::Order { fire, sides } => {
                if *fire {
                    self.fire_order = sides.clone();
                } else {
                    self.move_order = sides.clone();
                }
                self.initiative_winner = None;
            }
            Change::Charged { attacker, defender } => self.charges.push(Charge {
                attacker: attacker.clone(),
                defender: defender.clone(),
                attacker_passed: None,
                defender_passed: None,
                resolved: false,
            }),
            Change::ChargeTested { attacker, passed } => {
                if let Some(c) = self.charges.iter_mut().find(|c| &c.attacker == attacker) {
                    c.attacker_passed = Some(*passed);
                }
            }
            Change::StandTested { defender, passed } => {
                for c in self.charges.iter_mut().filter(|c| &c.defender == defender && c.owes_stand_test()) {
                    c.defender_passed = Some(*passed);
                }
            }
            Change::MeleeResolved { attacker } => {
                if let Some(c) = self.charges.iter_mut().find(|c| &c.attacker == attacker) {
                    c.resolved = true;
                }
            }
            Change::Fired { unit } => {
                self.fired.insert(unit.clone());
            }
            Change::SwimOwed { unit } => {
                self.swims_owed.insert(unit.clone());
            }
            Change::Swum { unit } => {
                self.swims_owed.remove(unit);
            }
        }
    }

    /// The side whose units may act in this phase.
    pub fn acting_side(&self) -> Option<&str> {
        let (order, i) = match self.phase {
            Phase::MoveFirst => (&self.move_order, 0),
            Phase::MoveSecond => (&self.move_order, 1),
            Phase::FireFirst => (&self.fire_order, 0),
            Phase::FireSecond => (&self.fire_order, 1),
            _ => return None,
        };
        order.get(i).map(String::as_str)
    }

    pub fn charge_by(&self, attacker: &str) -> Option<&Charge> {
        self.charges.iter().find(|c| c.attacker == attacker)
    }

    pub fn has_charged(&self, unit: &str) -> bool {
        self.charge_by(unit).is_some()
    }
}
