//! The actions When Empires Clash! adds to the shared ones. Documented with the rules in
//! docs/rules/when-empires-clash.md and in docs/actions.md.

use serde::{Deserialize, Serialize};

use super::board::Facing;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum WecAction {
    /// Both sides throw their army's dice for the initiative, ties thrown again. Typed `dice`: the first
    /// side's faces, then the second's.
    Initiative {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The winner of the initiative gives it to `side`: itself, or its opponent.
    TakeInitiative {
        side: String,
    },
    /// The activating side throws its army's dice; with its commander's rating, the stands it may activate.
    ThrowActivations {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Activates one stand of the activating side: it may move then fight, or fight then move.
    Activate {
        unit: String,
    },
    /// Moves the active stand to `to` (a square, "C4"), turned first to `facing` if given. Joining a
    /// friend it stands behind it, or in front with `in_front`.
    MoveTo {
        unit: String,
        to: String,
        #[serde(default)]
        facing: Option<Facing>,
        #[serde(default)]
        in_front: bool,
    },
    /// Turns the active stand to face another edge of its square, before it moves.
    Face {
        unit: String,
        facing: Facing,
    },
    /// Cavalry mounts or dismounts; it does not move this turn.
    Mount {
        unit: String,
    },
    Dismount {
        unit: String,
    },
    /// The active Transport stand takes up the artillery stand `gun` from a square to its rear.
    Limber {
        unit: String,
        gun: String,
    },
    /// The active Transport stand puts its gun down in the vacant square `to` to its rear.
    Unlimber {
        unit: String,
        to: String,
    },
    /// The active stand fires at `target`. `dice`: the firer's faces, then the target's. `strike` names
    /// additions the table judges do not apply; `extra` adds the table's own, firer's then target's.
    Fire {
        unit: String,
        target: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
        #[serde(default)]
        strike: Vec<String>,
        #[serde(default)]
        extra: Option<[i64; 2]>,
    },
    /// The active stand engages `target`, in an adjacent square, in close combat. Fields as in `fire`.
    CloseCombat {
        unit: String,
        target: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
        #[serde(default)]
        strike: Vec<String>,
        #[serde(default)]
        extra: Option<[i64; 2]>,
    },
    /// A stand of a withdrawing army, on its baseline, leaves the battlefield.
    LeaveTable {
        unit: String,
    },
    /// Ends the active stand's activation.
    EndActivation {},
    /// The activating side activates no more stands this turn.
    EndActivations {},
    /// `side` concedes the battle.
    Concede {
        side: String,
    },
}
