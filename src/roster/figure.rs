use serde::{Deserialize, Serialize};

use crate::measure::Pt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Leader,
    /// Serves a crew weapon; rules count surviving crew for the weapon's dice.
    Crew,
    Private,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Figure {
    /// Stable within its unit, so a log entry can name exactly which figure fell.
    pub id: u32,
    pub role: Role,
    pub pos: Pt,
    pub alive: bool,
}

/// One figure put at a point: what a placement, a formation or a correction records for each figure.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Placed {
    pub figure: u32,
    pub at: Pt,
}
