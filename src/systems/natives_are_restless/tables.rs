//! The Natives are Restless Tonight's tables as typed data, read from
//! `scenarios/natives-are-restless/ruleset.toml` and checked when the ruleset loads.

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Tables {
    pub profiles: BTreeMap<String, Profile>,
    pub fire: Fire,
    pub melee: Melee,
    pub cover: BTreeMap<String, Cover>,
    pub movement: Movement,
    pub ammunition: Ammunition,
    pub groups: Groups,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Army {
    Defenders,
    Natives,
}

impl Army {
    pub fn name(self) -> &'static str {
        match self {
            Army::Defenders => "the defenders",
            Army::Natives => "the natives",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Foot,
    Mounted,
    Gun,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub army: Army,
    pub class: Class,
    /// Inches a move covers (a gun that never moves: 0).
    #[serde(rename = "move")]
    pub movement: f64,
    #[serde(default)]
    pub fires: bool,
    #[serde(default)]
    pub better: bool,
    #[serde(default)]
    pub fanatical: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    pub open: i64,
    pub soft: i64,
    pub hard: i64,
    pub long_range_from: f64,
    pub long_open: i64,
    pub long_soft: i64,
    pub long_hard: i64,
    pub gun_dice: u32,
    pub gun_dice_per_crew_lost: u32,
    pub gun_arc_half_angle: f64,
    pub gun_crew: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    pub open: i64,
    pub hasty_barricade: i64,
    pub building: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    HastyBarricade,
    Building,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cover {
    #[serde(default)]
    pub soft: bool,
    #[serde(default)]
    pub hard: bool,
    #[serde(default)]
    pub blocks: bool,
    #[serde(default)]
    pub obstacle: bool,
    #[serde(default)]
    pub high: bool,
    #[serde(default)]
    pub melee: Option<Position>,
}

impl Cover {
    /// A building: a position in melee that is not a linear obstacle, entered and left by its doors.
    pub fn is_building(&self) -> bool {
        self.melee == Some(Position::Building) && !self.obstacle
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub mounted_obstacle_cost: f64,
    pub combine_within: f64,
    pub crew_within: f64,
    pub regroup: f64,
    pub contact: f64,
    pub holds_obstacle_within: f64,
    /// An enemy holding an obstacle within this many inches of where a route goes over it defends it there.
    pub defended_within: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ammunition {
    pub rifle: u32,
    pub gun: u32,
    pub rifle_low_at: u32,
    pub gun_low_at: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Groups {
    pub better_on: i64,
    pub gun_on_higher: i64,
    pub edges: Vec<String>,
}

impl Tables {
    pub fn read(document: &toml::Table, kinds: &[&str]) -> Result<Tables, String> {
        let tables: Tables = toml::Value::Table(document.clone())
            .try_into()
            .map_err(|e: toml::de::Error| format!("the Natives ruleset: {e}"))?;
        for kind in kinds {
            if !tables.profiles.contains_key(*kind) {
                return Err(format!("kind {kind:?} has no [profiles.{kind}]"));
            }
        }
        if tables.groups.edges.len() != 4
            || tables.groups.edges.iter().any(|e| crate::measure::Edge::parse(e).is_none())
        {
            return Err("[groups] edges must name the four table edges, numbered 1-4".into());
        }
        if [tables.fire.open, tables.fire.soft, tables.fire.hard, tables.fire.long_open, tables.fire.long_soft]
            .into_iter()
            .chain([tables.fire.long_hard, tables.melee.open, tables.melee.hasty_barricade, tables.melee.building])
            .any(|t| t < 1)
        {
            return Err("every kill threshold must be 1 or more".into());
        }
        Ok(tables)
    }

    pub fn profile(&self, kind: &str) -> &Profile {
        self.profiles.get(kind).expect("every kind has a profile: checked when the ruleset loads")
    }

    pub fn cover(&self, class: &str) -> Cover {
        self.cover.get(class).cloned().unwrap_or_default()
    }

    /// The edge numbered `n` (1-4) for the reinforcement roll.
    pub fn edge(&self, n: u8) -> crate::measure::Edge {
        let name = &self.groups.edges[(n.clamp(1, 4) - 1) as usize];
        crate::measure::Edge::parse(name).expect("checked when the ruleset loads")
    }
}
