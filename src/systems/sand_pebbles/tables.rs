//! The Sand Pebbles charts as typed data, read from `scenarios/sand-pebbles/ruleset.toml` and checked
//! when the ruleset loads: a profile naming a firing row that does not exist is a build defect.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::dice::DiceExpr;
use crate::rules::Weapon;

#[derive(Debug, Clone, Deserialize)]
pub struct Tables {
    pub fire: BTreeMap<String, FireRow>,
    pub fire_rules: FireRules,
    pub morale: BTreeMap<String, MoraleRow>,
    pub melee: MeleeRules,
    pub movement: MovementRules,
    pub profiles: BTreeMap<String, Profile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementRules {
    /// Inches a ship pays per 90 degrees of turn, pro rata.
    pub turn_cost_per_90: f64,
    /// How far short of its target a charge stops.
    pub charge_stop_short: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    /// The highest D20 roll that hits, per cover column.
    pub hits: [i64; 4],
    #[serde(default)]
    pub figures_per_die: Option<u32>,
    #[serde(default)]
    pub crew: Option<u32>,
    #[serde(default)]
    pub dice_per_crew: Option<u32>,
    pub range: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRules {
    pub leader_check_face: i64,
    pub leader_killed_on: i64,
    pub cover_columns: [String; 4],
    pub cover_column_names: [String; 4],
}

/// One cell of the morale chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum MoraleCell {
    /// Passes on a D6 roll of 1..=n.
    UpTo(i64),
    Word(MoraleWord),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleWord {
    Always,
    No,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    pub name: String,
    /// [with leader, without leader]
    pub charge: [MoraleCell; 2],
    pub hold: [MoraleCell; 2],
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeRules {
    pub charging: i64,
    pub leader: i64,
    pub figures_per_die: u32,
    /// Bonus for the defender by the cover column it holds.
    pub defending: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The weapon's name, for kinds that fire; its range is its firing row's.
    pub weapon: Option<String>,
    /// Firing chart row; none for units that do not fire.
    pub fire: Option<String>,
    /// Morale chart row; none for craft, which the chart does not cover.
    pub morale: Option<String>,
    #[serde(default)]
    pub gun_crew_morale: bool,
    #[serde(default)]
    pub melee: i64,
    /// Saves each fire hit on a D6 roll of this or more (cavalry: 5).
    pub save: Option<i64>,
    pub craft: Option<Craft>,
    #[serde(default)]
    pub swims: bool,
    pub no_fire_move: Option<DiceExpr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Craft {
    GunBoat,
    Boat,
    Junk,
}

impl Tables {
    /// Reads the charts from the ruleset file already parsed as a whole, and checks each kind has its row.
    pub fn read(document: &toml::Table, kinds: &[&str]) -> Result<Tables, String> {
        let tables: Tables = document.clone().try_into().map_err(|e: toml::de::Error| e.to_string())?;
        for kind in kinds {
            let profile =
                tables.profiles.get(*kind).ok_or_else(|| format!("kind {kind:?} has no [profiles.{kind}]"))?;
            if let Some(row) = &profile.fire
                && !tables.fire.contains_key(row)
            {
                return Err(format!("[profiles.{kind}] fires as {row:?}, which has no [fire.{row}] row"));
            }
            if profile.fire.is_some() != profile.weapon.is_some() {
                return Err(format!("[profiles.{kind}] names a weapon exactly when it has a firing row"));
            }
            if let Some(row) = &profile.morale
                && !tables.morale.contains_key(row)
            {
                return Err(format!("[profiles.{kind}] tests morale as {row:?}, which has no [morale.{row}] row"));
            }
        }
        for (row, fire) in &tables.fire {
            if fire.figures_per_die.is_none() && (fire.crew.is_none() || fire.dice_per_crew.is_none()) {
                return Err(format!("[fire.{row}] needs figures_per_die, or crew and dice_per_crew"));
            }
        }
        Ok(tables)
    }

    pub fn profile(&self, kind: &str) -> &Profile {
        static NONE: std::sync::OnceLock<Profile> = std::sync::OnceLock::new();
        self.profiles.get(kind).unwrap_or_else(|| NONE.get_or_init(Profile::default))
    }

    /// What a kind fires with and how far: its firing row's range.
    pub fn weapon(&self, kind: &str) -> Option<Weapon> {
        let profile = self.profiles.get(kind)?;
        let row = &self.fire[profile.fire.as_ref()?];
        Some(Weapon {
            name: profile.weapon.clone()?,
            range: row.range,
            bands: vec![row.range],
            blast: None,
            reach: None,
        })
    }

    /// The cover column a terrain class gives, 0 (open) for anything the firing chart does not name.
    pub fn cover_column(&self, cover: &str) -> usize {
        self.fire_rules.cover_columns.iter().position(|c| c == cover).unwrap_or(0)
    }
}
