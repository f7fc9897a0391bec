use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;

use super::{heliograph, sand_pebbles};
use crate::dice::DiceExpr;
use crate::scenario::ScenarioError;

/// The parts of a ruleset every system shares: its unit kinds with their movement dice and weapon reach,
/// and its named options. A system's own tables (fire charts, morale charts) sit beside these in the same
/// file and are read by that system's module.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    pub source: String,
    kinds: BTreeMap<String, KindProfile>,
    options: BTreeMap<String, serde_json::Value>,
    /// What each option means at the table, for the UI and `scenario check`.
    option_notes: BTreeMap<String, String>,
    /// The whole file, for the system module's own tables.
    pub document: toml::Table,
    /// The system's own charts, typed and checked when the ruleset loads.
    pub tables: SystemTables,
}

#[derive(Debug, Clone)]
pub enum SystemTables {
    /// A system whose procedure the app does not run: its games are free play.
    None,
    SandPebbles(Arc<sand_pebbles::Tables>),
    Heliograph(Arc<heliograph::Tables>),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindProfile {
    pub name: String,
    /// The movement roll; the first option when the player has a choice.
    #[serde(rename = "move")]
    pub movement: Option<DiceExpr>,
    /// Further movement choices, such as a gun's "1D6+6 and may fire".
    #[serde(default)]
    pub move_options: Vec<MoveOption>,
    pub weapon: Option<WeaponProfile>,
    #[serde(default)]
    pub notes: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveOption {
    pub dice: DiceExpr,
    pub note: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponProfile {
    pub name: String,
    /// Inches.
    pub range: f64,
}

#[derive(Deserialize)]
struct RulesetFile {
    system: Header,
    #[serde(default)]
    options: BTreeMap<String, toml::Value>,
    #[serde(default)]
    option_notes: BTreeMap<String, String>,
    kinds: BTreeMap<String, KindProfile>,
}

#[derive(Deserialize)]
struct Header {
    id: String,
    name: String,
    source: String,
}

impl Ruleset {
    pub fn parse(file: &str, source: &str) -> Result<Ruleset, ScenarioError> {
        let raw: RulesetFile = toml::from_str(source).map_err(|e| ScenarioError::from_toml(file, source, &e))?;
        let document: toml::Table = toml::from_str(source).map_err(|e| ScenarioError::from_toml(file, source, &e))?;
        if let Some(name) = raw.options.keys().find(|k| !raw.option_notes.contains_key(*k)) {
            return Err(ScenarioError::whole_file(file, format!("option {name:?} has no [option_notes] entry")));
        }
        let options = raw
            .options
            .into_iter()
            .map(|(k, v)| serde_json::to_value(v).map(|json| (k, json)))
            .collect::<Result<_, _>>()
            .map_err(|e| ScenarioError::whole_file(file, e.to_string()))?;
        let kind_ids: Vec<&str> = raw.kinds.keys().map(String::as_str).collect();
        let tables = match raw.system.id.as_str() {
            "sand-pebbles" => SystemTables::SandPebbles(Arc::new(
                sand_pebbles::Tables::read(&document, &kind_ids).map_err(|e| ScenarioError::whole_file(file, e))?,
            )),
            "heliograph" => SystemTables::Heliograph(Arc::new(
                heliograph::Tables::read(&document, &kind_ids).map_err(|e| ScenarioError::whole_file(file, e))?,
            )),
            _ => SystemTables::None,
        };
        Ok(Ruleset {
            option_notes: raw.option_notes,
            tables,
            id: raw.system.id,
            name: raw.system.name,
            source: raw.system.source,
            kinds: raw.kinds,
            options,
            document,
        })
    }

    pub fn kind(&self, id: &str) -> Option<&KindProfile> {
        self.kinds.get(id)
    }

    pub fn kind_ids(&self) -> Vec<&str> {
        self.kinds.keys().map(String::as_str).collect()
    }

    pub fn option_defaults(&self) -> BTreeMap<String, serde_json::Value> {
        self.options.clone()
    }

    pub fn option_note(&self, name: &str) -> &str {
        self.option_notes.get(name).map(String::as_str).unwrap_or_default()
    }
}

impl KindProfile {
    /// Every movement roll this kind may choose, the default first.
    pub fn movement_choices(&self) -> Vec<DiceExpr> {
        self.movement.iter().cloned().chain(self.move_options.iter().map(|o| o.dice.clone())).collect()
    }
}
