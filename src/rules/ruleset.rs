//! The parts of a ruleset document every system shares: its name, its unit kinds with their movement
//! dice, and its named options. The system's own charts sit beside these in the same file and are read by
//! the system (`RuleSystem::read_charts`) when the ruleset loads.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::dice::DiceExpr;
use crate::scenario::ScenarioError;

#[derive(Debug, Clone)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    pub source: String,
    /// Where the text keeps its movement rolls, cited when the shared movement steps refuse.
    movement_section: String,
    kinds: BTreeMap<String, KindProfile>,
    options: BTreeMap<String, serde_json::Value>,
    /// What each option means at the table, for the UI and `scenario check`.
    option_notes: BTreeMap<String, String>,
    /// The whole file, for the system's own charts.
    pub document: toml::Table,
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
    #[serde(default)]
    pub notes: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveOption {
    pub dice: DiceExpr,
    pub note: String,
}

#[derive(Deserialize)]
struct Shared {
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
    #[serde(default = "movement_section_unnamed")]
    movement_section: String,
}

fn movement_section_unnamed() -> String {
    "movement".into()
}

impl Ruleset {
    /// Reads the shared parts of `source`; the system reads its own charts from `document`.
    pub fn parse(file: &str, source: &str) -> Result<Ruleset, ScenarioError> {
        let toml_error = |e: toml::de::Error| ScenarioError::from_toml(file, source, &e);
        let document: toml::Table = toml::from_str(source).map_err(toml_error)?;
        let shared: Shared = toml::from_str(source).map_err(toml_error)?;
        if let Some(name) = shared.options.keys().find(|k| !shared.option_notes.contains_key(*k)) {
            return Err(ScenarioError::whole_file(file, format!("option {name:?} has no [option_notes] entry")));
        }
        let options = shared
            .options
            .into_iter()
            .map(|(k, v)| serde_json::to_value(v).map(|json| (k, json)))
            .collect::<Result<_, _>>()
            .map_err(|e| ScenarioError::whole_file(file, e.to_string()))?;
        Ok(Ruleset {
            id: shared.system.id,
            name: shared.system.name,
            source: shared.system.source,
            movement_section: shared.system.movement_section,
            kinds: shared.kinds,
            options,
            option_notes: shared.option_notes,
            document,
        })
    }

    /// The citation for a movement rule, e.g. "Sand Pebbles, Movement Chart: ...".
    pub fn movement_rule(&self, rule: &str) -> String {
        format!("{}, {}: {rule}", self.name, self.movement_section)
    }

    pub fn kind(&self, id: &str) -> Option<&KindProfile> {
        self.kinds.get(id)
    }

    pub fn kind_ids(&self) -> Vec<&str> {
        self.kinds.keys().map(String::as_str).collect()
    }

    /// The system's options and the table's own, which every game has.
    pub fn option_defaults(&self) -> BTreeMap<String, serde_json::Value> {
        let mut options = self.options.clone();
        for option in TABLE_OPTIONS {
            options.entry(option.name.to_string()).or_insert(serde_json::Value::Bool(option.default));
        }
        options
    }

    pub fn option_note(&self, name: &str) -> &str {
        let table = TABLE_OPTIONS.iter().find(|o| o.name == name).map(|o| o.note);
        self.option_notes.get(name).map(String::as_str).or(table).unwrap_or_default()
    }
}

/// An option about how a table uses the app rather than about its rules, offered in every game.
struct TableOption {
    name: &'static str,
    default: bool,
    note: &'static str,
}

const TABLE_OPTIONS: [TableOption; 1] = [TableOption {
    name: crate::game::NO_REROLL_AFTER_UNDO,
    default: false,
    note: "Undo: once a roll is undone, the app will not roll it again; redo it to keep its dice, or type the dice rolled at the table.",
}];

impl KindProfile {
    /// Every movement roll this kind may choose, the default first.
    pub fn movement_choices(&self) -> Vec<DiceExpr> {
        self.movement.iter().cloned().chain(self.move_options.iter().map(|o| o.dice.clone())).collect()
    }
}
