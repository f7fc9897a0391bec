//! The actions Sand Pebbles adds to the shared ones. Documented with the rules in
//! docs/rules/sand-pebbles.md and in docs/actions.md.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum SandPebblesAction {
    /// Each side rolls 1D6 for the order of movement or of fire (whichever comes next in the turn).
    /// `dice` are the two faces in the scenario's side order; a tie is rolled again.
    Initiative {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The initiative winner names the side that goes first.
    ChooseOrder { first: String },
    /// Closes the current phase of the turn sequence; refused while something in it is still owed.
    EndPhase {},
    /// Moves `unit` to stop short of `target`, pins the target and turns it to face the charge.
    Charge { unit: String, target: String },
    /// Fires `unit` at `target`. `cover` overrides the cover column worked out from the terrain (`open`,
    /// `walls`, `redoubt_ships`, `windows_doors`). Typed `dice`: every D20, then a D6 save per hit on
    /// cavalry, then a D6 per natural 1.
    Fire {
        unit: String,
        target: String,
        #[serde(default)]
        cover: Option<String>,
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
    /// One D6 per swimmer after the unit swims; each 6 drowns a figure.
    Drown {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
}
