use serde::{Deserialize, Serialize};

use crate::roster::Flag;
use crate::systems::{heliograph, sand_pebbles};

/// One change a resolved procedure makes to the table. Outcomes list their effects so the fold that
/// rebuilds a game from its log is the same few lines for every rule system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
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
    Flag {
        unit: String,
        flag: Flag,
        on: bool,
    },
    AllowanceLeft {
        unit: String,
        left: f64,
    },
    SandPebbles {
        change: sand_pebbles::Change,
    },
    Heliograph {
        change: heliograph::Change,
    },
}

impl Effect {
    /// The unit the effect touches, for checking a stored log against its scenario.
    pub fn unit(&self) -> Option<&str> {
        match self {
            Effect::Losses { unit, .. }
            | Effect::Shift { unit, .. }
            | Effect::Face { unit, .. }
            | Effect::Flag { unit, .. }
            | Effect::AllowanceLeft { unit, .. } => Some(unit),
            Effect::SandPebbles { .. } | Effect::Heliograph { .. } => None,
        }
    }
}
