use serde::{Deserialize, Serialize};

use super::Dist;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Outcome {
    pub value: i64,
    pub p: f64,
}

/// Odds as shown to a player and printed by `sandtable game odds --json`: what is being rolled, every
/// outcome with its exact chance, and the mean.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OddsView {
    pub label: String,
    pub outcomes: Vec<Outcome>,
    pub mean: f64,
}

impl OddsView {
    pub fn new(label: impl Into<String>, dist: &Dist) -> OddsView {
        OddsView {
            label: label.into(),
            outcomes: dist.entries().map(|(value, p)| Outcome { value, p }).collect(),
            mean: dist.mean(),
        }
    }
}
