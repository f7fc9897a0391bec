//! The Heliograph tables as typed data, read from `scenarios/heliograph/ruleset.toml` and checked when
//! the ruleset loads.

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Tables {
    pub weapons: BTreeMap<String, Weapon>,
    pub movement: Movement,
    pub sighting: Sighting,
    pub fire_modifiers: FireModifiers,
    pub cannon: Cannon,
    pub crew_targeting: CrewTargeting,
    pub gatling_by_infantry: GatlingByInfantry,
    pub morale: Morale,
    pub melee: Melee,
    pub profiles: BTreeMap<String, Profile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    /// Outer edge of short and of long range, in inches.
    pub bands: [f64; 2],
    /// D10 roll needed (or more) at short and at long range.
    pub hits: [i64; 2],
    pub dice_per_crew: Option<u32>,
    pub jam_zeros: Option<usize>,
    #[serde(default)]
    pub cannon: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Figures in base contact stand within this many inches of each other: where a charge ends.
    pub contact: f64,
    /// Inches a figure may stand from its leader.
    pub coherency: f64,
    /// Inches between the nearest figures once an attacker that failed to close has drawn back.
    pub stop_short: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sighting {
    /// [up to inches, roll needed]; 0 is automatic.
    pub bands: Vec<(f64, i64)>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireModifiers {
    pub open_or_trail: i64,
    pub fort: i64,
    pub did_not_move: i64,
    pub grapeshot: i64,
    pub grapeshot_under: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cannon {
    pub min_crew: u32,
    pub blast_radius: f64,
    pub kill_on: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewTargeting {
    pub radius: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatlingByInfantry {
    pub dice_per_figure: u32,
    /// How near the gun the infantry's leader must stand to take it over.
    pub crew_reach: f64,
    /// Infantry figures within this many inches of the gun serve it.
    pub serving_reach: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    /// The base a unit tests at when its scenario gives none.
    pub default_base: i64,
    pub per_loss_small: i64,
    pub per_loss_large: i64,
    pub small_unit_max: u32,
    pub fort_or_trench: i64,
    pub building: i64,
    pub rout_inches: f64,
    pub removal_at_or_under: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    pub defending_fort: i64,
    pub defending_building: i64,
    pub moro_charging: i64,
    pub leader: i64,
    pub max_on_one: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Army {
    Us,
    Moro,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JungleDie {
    Lowest,
    Highest,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub side: Army,
    pub weapon: String,
    pub jungle_die: JungleDie,
    #[serde(default)]
    pub infantry: bool,
    /// A support weapon: Gatling or cannon, whose crew can be picked out near infantry.
    #[serde(default)]
    pub support: bool,
}

impl Tables {
    /// Reads the charts from the ruleset file already parsed as a whole, and checks each kind has its row.
    pub fn read(document: &toml::Table, kinds: &[&str]) -> Result<Tables, String> {
        let tables: Tables = document.clone().try_into().map_err(|e: toml::de::Error| e.to_string())?;
        for kind in kinds {
            let profile =
                tables.profiles.get(*kind).ok_or_else(|| format!("kind {kind:?} has no [profiles.{kind}]"))?;
            if !tables.weapons.contains_key(&profile.weapon) {
                return Err(format!("[profiles.{kind}] carries {:?}, which has no [weapons] entry", profile.weapon));
            }
        }
        Ok(tables)
    }

    pub fn profile(&self, kind: &str) -> &Profile {
        &self.profiles[kind]
    }

    pub fn weapon_of(&self, kind: &str) -> &Weapon {
        &self.weapons[&self.profile(kind).weapon]
    }

    /// What a kind carries as the table draws it: its long range is its reach; a cannon's blast radius.
    pub fn drawn_weapon(&self, kind: &str) -> Option<crate::rules::Weapon> {
        self.profiles.get(kind)?;
        let weapon = self.weapon_of(kind);
        Some(crate::rules::Weapon {
            name: weapon.name.clone(),
            range: weapon.bands[1],
            bands: weapon.bands.to_vec(),
            blast: weapon.cannon.then_some(self.cannon.blast_radius),
            reach: None,
        })
    }

    /// The roll needed to sight a counter `range` inches away: Some(0) automatic, None impossible.
    /// The ranges where the roll to sight changes, for showing a range beside them.
    pub fn sighting_limits(&self) -> Vec<f64> {
        self.sighting.bands.iter().map(|&(edge, _)| edge).collect()
    }

    pub fn sighting_roll(&self, range: f64) -> Option<i64> {
        self.sighting.bands.iter().find(|(edge, _)| range <= *edge + crate::measure::EPSILON).map(|&(_, roll)| roll)
    }
}
