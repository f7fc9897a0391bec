//! `Marker`: a status chit a rule system puts beside units, with what it means. Each system lists its
//! own (`RuleSystem::MARKERS`); a player may set and clear those, and no other, by hand.

use serde::Serialize;

use crate::roster::Flag;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Marker {
    pub flag: Flag,
    /// What the unit card's toggle says ("Pinned").
    pub label: &'static str,
    /// What the marker does under the rules, for the toggle's tooltip.
    pub meaning: &'static str,
}

impl Marker {
    pub const fn new(flag: Flag, label: &'static str, meaning: &'static str) -> Marker {
        Marker { flag, label, meaning }
    }
}

/// Names the markers for a refusal: "pinned, routed".
pub fn marker_names(markers: &[Marker]) -> String {
    markers.iter().map(|m| m.flag.name()).collect::<Vec<_>>().join(", ")
}
