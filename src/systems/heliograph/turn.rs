//! The Heliograph turn as state: the activation toss and its losing streaks, the unit being activated and
//! what it has done, hidden counters spotted, guns limbered or jammed, morale tests owed, and the melee
//! in progress. It changes only through `Change`s carried in the log's outcomes.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Heliograph;
use crate::game::Effect;
use crate::rules::RuleSystem;

/// Why a morale test is owed; a failure when closing into melee never removes the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Casualties,
    /// The defender of a charge, before defensive fire.
    Charged,
    /// The attacker, after defensive fire, to close.
    Closing,
    /// After a melee, the side that lost more (both when equal).
    AfterMelee,
}

impl Reason {
    /// What the test is for, in a player's words.
    pub fn words(self) -> &'static str {
        match self {
            Reason::Casualties => "for casualties",
            Reason::Charged => "to stand against a charge",
            Reason::Closing => "to close into melee",
            Reason::AfterMelee => "after the melee",
        }
    }

    pub fn closing_into_melee(self) -> bool {
        matches!(self, Reason::Charged | Reason::Closing)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MoraleDue {
    pub unit: String,
    pub reason: Reason,
}

/// The melee sequence of the text, one step at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum MeleeStep {
    DefenderMorale,
    DefensiveFire,
    AttackerMorale,
    Fight,
}

impl MeleeStep {
    pub fn words(self) -> &'static str {
        match self {
            MeleeStep::DefenderMorale => "the defender's morale test",
            MeleeStep::DefensiveFire => "defensive fire",
            MeleeStep::AttackerMorale => "the attacker's test to close",
            MeleeStep::Fight => "the fight",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MeleeState {
    pub attacker: String,
    pub defender: String,
    pub step: MeleeStep,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Activation {
    pub unit: String,
    pub moved: bool,
    pub sighted: bool,
    pub fired: bool,
    pub charged: bool,
    /// Unlimbering or crewing a gun: the unit's move or action is spent.
    pub busy: bool,
}

impl Activation {
    /// The unit has set out: it moved, or rolled to sight, which only a moving unit does (RULINGS).
    pub fn set_out(&self) -> bool {
        self.moved || self.sighted
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Turn {
    /// Each side's bonus on the activation toss: +1 per toss lost in a row.
    pub toss_bonus: BTreeMap<String, i64>,
    /// The side that won the last toss and now activates a unit.
    pub chooser: Option<String>,
    pub active: Option<Activation>,
    pub spotted: BTreeSet<String>,
    pub limbered: BTreeSet<String>,
    /// Gatling id to the last turn it may not fire.
    pub jammed_until: BTreeMap<String, u32>,
    /// Gatling id to the infantry unit now serving it.
    pub crewed_by: BTreeMap<String, String>,
    pub morale_due: Vec<MoraleDue>,
    pub melee: Option<MeleeState>,
    /// Units whose melee tied, as (attacker, defender): they stay in contact, neither moving away nor
    /// firing, until a later melee decides it. Kept from turn to turn. Written only when there is one, so
    /// the golden logs' recorded states, made before locks were kept, still read the same.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub locked: BTreeSet<(String, String)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    TossWon { side: String, bonus: BTreeMap<String, i64> },
    Activated { unit: String },
    Moved,
    ChargedIn,
    Sighted,
    Spotted { unit: String },
    Limbered { unit: String, on: bool },
    Busy,
    Fired,
    Jammed { unit: String, until: u32 },
    Crewed { gun: String, by: String },
    MoraleDue { unit: String, reason: Reason },
    MoraleTaken { unit: String },
    Melee { state: Option<MeleeState> },
    ActivationEnded,
    Locked { attacker: String, defender: String, on: bool },
}

impl Change {
    /// The effect that records this change in an outcome.
    pub fn effect(self) -> Effect {
        Heliograph::effect(self)
    }

    /// The units and sides the change names.
    pub fn mentions(&self) -> Vec<&str> {
        match self {
            Change::TossWon { side, bonus } => std::iter::once(side).chain(bonus.keys()).map(String::as_str).collect(),
            Change::Activated { unit }
            | Change::Spotted { unit }
            | Change::Limbered { unit, .. }
            | Change::Jammed { unit, .. }
            | Change::MoraleDue { unit, .. }
            | Change::MoraleTaken { unit } => vec![unit],
            Change::Crewed { gun, by } => vec![gun, by],
            Change::Locked { attacker, defender, .. } => vec![attacker, defender],
            Change::Melee { state: Some(m) } => vec![&m.attacker, &m.defender],
            Change::Melee { state: None }
            | Change::Moved
            | Change::ChargedIn
            | Change::Sighted
            | Change::Busy
            | Change::Fired
            | Change::ActivationEnded => Vec::new(),
        }
    }
}

impl Turn {
    /// A side's bonus on the next toss; none until it has lost one.
    pub fn toss_bonus_of(&self, side: &str) -> i64 {
        self.toss_bonus.get(side).copied().unwrap_or(0)
    }

    /// The gun the active unit took over in this activation: crewing it is what keeps the unit busy.
    pub fn gun_crewed_now(&self) -> Option<&str> {
        let active = self.active.as_ref().filter(|a| a.busy)?;
        self.crewed_by.iter().find(|(_, by)| **by == active.unit).map(|(gun, _)| gun.as_str())
    }

    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::TossWon { side, bonus } => {
                self.chooser = Some(side.clone());
                self.toss_bonus = bonus.clone();
            }
            Change::Activated { unit } => {
                self.chooser = None;
                self.active = Some(Activation { unit: unit.clone(), ..Activation::default() });
            }
            Change::Moved => self.with_active(|a| a.moved = true),
            Change::ChargedIn => self.with_active(|a| a.charged = true),
            Change::Sighted => self.with_active(|a| a.sighted = true),
            Change::Busy => self.with_active(|a| a.busy = true),
            Change::Fired => self.with_active(|a| a.fired = true),
            Change::Spotted { unit } => {
                self.spotted.insert(unit.clone());
            }
            Change::Limbered { unit, on } => {
                if *on {
                    self.limbered.insert(unit.clone());
                } else {
                    self.limbered.remove(unit);
                }
            }
            Change::Jammed { unit, until } => {
                self.jammed_until.insert(unit.clone(), *until);
            }
            Change::Crewed { gun, by } => {
                self.crewed_by.insert(gun.clone(), by.clone());
            }
            Change::MoraleDue { unit, reason } => {
                self.morale_due.push(MoraleDue { unit: unit.clone(), reason: *reason });
            }
            Change::MoraleTaken { unit } => {
                if let Some(i) = self.morale_due.iter().position(|d| &d.unit == unit) {
                    self.morale_due.remove(i);
                }
            }
            Change::Melee { state } => self.melee = state.clone(),
            Change::ActivationEnded => self.active = None,
            Change::Locked { attacker, defender, on } => {
                let pair = (attacker.clone(), defender.clone());
                if *on {
                    self.locked.insert(pair);
                } else {
                    self.locked.remove(&pair);
                }
            }
        }
    }

    fn with_active(&mut self, f: impl FnOnce(&mut Activation)) {
        if let Some(a) = self.active.as_mut() {
            f(a);
        }
    }

    /// A new turn: activations and the toss winner lapse; jams run out at the end of their turn.
    pub fn begin(&mut self, turn: u32) {
        self.chooser = None;
        self.active = None;
        self.morale_due.clear();
        self.melee = None;
        self.jammed_until.retain(|_, until| *until >= turn);
    }

    /// The melee `unit` is locked in, as (attacker, defender), if any.
    pub fn lock_of(&self, unit: &str) -> Option<(&str, &str)> {
        self.locked.iter().find(|(a, d)| a == unit || d == unit).map(|(a, d)| (a.as_str(), d.as_str()))
    }

    /// The unit `unit` is locked in melee with, if any.
    pub fn locked_with(&self, unit: &str) -> Option<&str> {
        self.lock_of(unit).map(|(a, d)| if a == unit { d } else { a })
    }

    /// The change that ends `unit`'s lock, if it is in one (it routed, fell, or a melee decided it).
    pub fn unlock(&self, unit: &str) -> Option<Change> {
        self.lock_of(unit).map(|(a, d)| Change::Locked { attacker: a.to_string(), defender: d.to_string(), on: false })
    }

    pub fn is_active(&self, unit: &str) -> bool {
        self.active.as_ref().is_some_and(|a| a.unit == unit)
    }
}
