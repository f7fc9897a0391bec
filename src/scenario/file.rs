//! The scenario file exactly as written. Unknown keys are errors: a misspelt key silently ignored would
//! put a unit on the table without the figures its author meant. A `[[units]]` or `[[sides]]` entry may
//! also carry keys of its rule system's own (`RuleSystem::UnitFields`, `SideFields`), read by it.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::numbers::{Finite, Xy};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub scenario: Header,
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    pub terrain: Vec<TerrainEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Read from the parsed document before the rest, to choose the rule system that reads the rest.
    #[allow(dead_code)]
    pub system: Spanned<String>,
    pub title: String,
    #[serde(default)]
    pub description: String,
    /// Inches; may be left out where the rule system's own keys make the table (a board of squares).
    pub table: Option<TableSize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    pub width: Spanned<Finite>,
    pub depth: Spanned<Finite>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default = "default_colour")]
    pub colour: String,
    /// "north", "south", "west" or "east": where the side came in, and where its routs run. If omitted,
    /// the edge nearest the side's units as set out.
    pub edge: Option<Spanned<String>>,
    /// Where the side's units may be set out: every figure of each stands inside (or on) this outline.
    pub deployment: Option<Spanned<Vec<Xy>>>,
}

fn default_colour() -> String {
    "#c8b68a".to_string()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEntry {
    pub name: String,
    pub cover: String,
    pub polygon: Spanned<Vec<Xy>>,
    /// A river's downstream direction as [dx, dy].
    pub flow: Option<Spanned<Xy>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    pub id: Spanned<String>,
    pub name: String,
    pub side: Spanned<String>,
    pub kind: Spanned<String>,
    /// Figures including the leader and crew; may be left out in a system whose units are all one size.
    pub figures: Option<Spanned<u32>>,
    #[serde(default = "yes")]
    pub leader: bool,
    #[serde(default)]
    pub crew: u32,
    /// Where the leader stands; the rest are set out in a line beside him unless `positions` is given.
    pub at: Option<Spanned<Xy>>,
    pub positions: Option<Spanned<Vec<Xy>>>,
    #[serde(default)]
    pub facing: Finite,
    /// Inches between figures when they are set out in a line.
    #[serde(default = "default_spacing")]
    pub spacing: Spanned<Finite>,
}

fn yes() -> bool {
    true
}

fn default_spacing() -> Spanned<Finite> {
    Spanned::new(0..0, Finite(1.0))
}
