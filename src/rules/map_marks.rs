//! What a system draws on the map beyond the shared terrain and units, for a system whose table lives in
//! its own keys (a board's squares, a map of zones holding counters): shapes and words in table inches,
//! classed so the map colours them without knowing the system.

use serde::{Deserialize, Serialize};

use crate::measure::Pt;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MapMarks {
    /// Ground drawn under the units, in the order given (a later area over an earlier one).
    pub areas: Vec<MapArea>,
    pub labels: Vec<MapLabel>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MapArea {
    pub name: String,
    /// Its corners in table inches.
    pub outline: Vec<Pt>,
    /// A cover-like class the map colours it by: "wood", "building", "road", "hill", "water", "zone", ...
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MapLabel {
    pub text: String,
    /// The middle of the words, in table inches.
    pub at: Pt,
    /// The side whose colour the words are written in (a count of its counters); none for plain ink.
    pub side: Option<String>,
}

impl MapMarks {
    pub fn is_empty(&self) -> bool {
        self.areas.is_empty() && self.labels.is_empty()
    }
}

impl MapArea {
    /// An upright rectangle from its top-left corner, width and depth in inches.
    pub fn rect(name: impl Into<String>, kind: impl Into<String>, [x, y, w, h]: [f64; 4]) -> MapArea {
        let outline = vec![Pt::new(x, y), Pt::new(x + w, y), Pt::new(x + w, y + h), Pt::new(x, y + h)];
        MapArea { name: name.into(), outline, kind: kind.into() }
    }
}
