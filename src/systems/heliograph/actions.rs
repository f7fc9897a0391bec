//! The actions Heliograph adds to the shared ones. Documented with the rules in docs/rules/heliograph.md
//! and in docs/actions.md.

use serde::{Deserialize, Serialize};

use super::pairing::Pairing;
use crate::measure::Pt;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum HeliographAction {
    /// The activation toss: each side one D10 plus its bonus for tosses lost in a row. `dice` are the two
    /// faces in the scenario's side order; a tie is tossed again.
    Initiative {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The side that won the toss activates this unit (marked until the turn ends).
    Activate { unit: String },
    /// Ends the activation; in a melee's defensive-fire step, declines the fire.
    EndPhase {},
    /// The moving U.S. unit rolls to sight each hidden counter, by range from its leader. Typed `dice`: one
    /// D10 per counter that needs a roll, nearest first.
    Sight {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// A gun spends its move unlimbering; it fires only unlimbered, and moving limbers it.
    Unlimber { unit: String },
    /// Moves `unit` into contact with `target`, whose morale is tested first.
    Charge { unit: String, target: String },
    /// Fires `unit` at `target`. A cannon's blast template is placed at `at` on a hit (the target's leader
    /// if omitted). Typed `dice`: the D10s to hit, then the blast's D10 per figure, then a D% per hit on a
    /// support weapon's crew.
    Fire {
        unit: String,
        target: String,
        #[serde(default)]
        at: Option<Pt>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The morale test `unit` owes: for casualties, to stand or close in a melee, or after one.
    Morale {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Fights the melee `unit` charged into, once it has closed (or a locked melee it is in): one D10 per
    /// figure. `pairs` names who fights whom when the option `attacker_pairs` lets the attacker choose.
    Melee {
        unit: String,
        #[serde(default)]
        pairs: Option<Vec<Pairing>>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Infantry take over a Gatling whose crew is gone, spending a full action at the gun.
    CrewGun { unit: String, gun: String },
}
