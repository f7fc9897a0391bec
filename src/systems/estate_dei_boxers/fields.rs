//! What an Estate scenario says beyond the shared keys: the `[map]` (the zone map of the Legation Quarter,
//! which the text does not contain) and the `[siege]` (barricades, the defenders' counters where they
//! stand, the civilians, and the cup of Chinese counters). `map::Map::compile` and `roster::Roster::read`
//! turn them into the compact forms the siege is played on.

use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFields {
    pub map: MapFields,
    pub siege: SiegeFields,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFields {
    /// Map units across and down; north at the top.
    pub size: [f64; 2],
    #[serde(default)]
    pub out_of_bounds: Vec<Area>,
    pub zones: Vec<ZoneFields>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub name: String,
    pub rect: [f64; 4],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneFields {
    pub id: Spanned<String>,
    pub name: String,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub nation: Option<Spanned<String>>,
    #[serde(default)]
    pub major: bool,
    pub quarter: Spanned<u8>,
    #[serde(default)]
    pub entry: Option<Spanned<u8>>,
    #[serde(default)]
    pub edge: Option<String>,
    pub rect: [f64; 4],
    #[serde(default)]
    pub adjacent: Vec<Spanned<String>>,
    #[serde(default)]
    pub sight: Vec<Spanned<String>>,
    #[serde(default)]
    pub red: Option<Spanned<String>>,
    #[serde(default)]
    pub green: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeFields {
    #[serde(default)]
    pub barricades: Vec<Spanned<String>>,
    #[serde(default)]
    pub counters: Vec<SoldierFields>,
    #[serde(default)]
    pub officers: Vec<OfficerFields>,
    #[serde(default)]
    pub guns: Vec<GunFields>,
    #[serde(default)]
    pub civilians: Vec<CivilianFields>,
    pub cup: CupFields,
}

/// Soldier counters of one nation: one counter (2 points) per zone listed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoldierFields {
    pub id: Spanned<String>,
    pub kind: Spanned<String>,
    pub nation: Spanned<String>,
    pub zones: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfficerFields {
    pub id: Spanned<String>,
    pub name: String,
    pub nation: Spanned<String>,
    pub zone: Spanned<String>,
    #[serde(default)]
    pub macdonald: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunFields {
    pub id: Spanned<String>,
    pub name: String,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub zone: Option<Spanned<String>>,
    /// Betsy: not on the map at set-up; placed after the third red picture card (3.4).
    #[serde(default)]
    pub betsy: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CivilianFields {
    pub nation: Spanned<String>,
    pub zones: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupFields {
    pub boxers: Spanned<u8>,
    pub fanatics: Spanned<u8>,
    pub regulars: Spanned<u8>,
    pub boxer_leaders: Spanned<u8>,
    pub regular_leaders: Spanned<u8>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFields {}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFields {}
