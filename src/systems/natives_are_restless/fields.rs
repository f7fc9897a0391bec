//! What a Natives scenario says beyond the shared keys: the `[siege]` (the natives' figures by kind, from
//! which every group is raised, and the defenders' ammunition counters) and which army each side is.

use serde::Deserialize;
use toml::Spanned;

use super::NativesAreRestless;
use super::doors::DOOR_REACH;
use super::tables::Army;
use crate::rules::SetupCheck;

/// More figures of one kind than any table holds: a bound, so a mistyped count is named, not obeyed.
const MOST_FIGURES: u32 = crate::scenario::bounds::MAX_FIGURES;
const MOST_COUNTERS: u32 = 200;
/// More levels or doors than any building on a 4' table has.
const MOST_LEVELS: usize = 10;
const MOST_DOORS: usize = 20;

type Located = (std::ops::Range<usize>, String);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFields {
    pub siege: Siege,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Siege {
    /// The natives' figures, by kind: every group is raised from these, and routed or withdrawn groups
    /// go back to them.
    pub natives: Vec<ForceEntry>,
    /// Rifle ammunition counters (20 in the text).
    #[serde(default)]
    pub rifle_ammunition: Option<Spanned<u32>>,
    /// Machine gun or field gun ammunition counters (5 in the text).
    #[serde(default)]
    pub gun_ammunition: Option<Spanned<u32>>,
    /// Buildings with floors or doors: a floor change is a full move; leaving measures from a door.
    #[serde(default)]
    pub buildings: Vec<BuildingEntry>,
}

/// A `[[terrain]]` building's floors (ground first, the roof last if it has one: a level named "roof"),
/// its doors, and whether its roof has a parapet.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingEntry {
    /// The building's `[[terrain]]` name.
    pub name: Spanned<String>,
    #[serde(default)]
    pub levels: Vec<String>,
    #[serde(default)]
    pub doors: Vec<Spanned<[f64; 2]>>,
    /// Its roof has a parapet, which gives the figures on it hard cover (a bare roof gives none).
    #[serde(default)]
    pub parapet: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceEntry {
    pub kind: Spanned<String>,
    /// Figures of this kind; for a gun, the guns (each comes with its crew).
    pub figures: Spanned<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFields {
    /// "defenders" or "natives".
    pub army: Option<Spanned<Army>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFields {}

/// One side of each army; every unit's kind of its side's army; the natives' force of native kinds,
/// with at least one kind of basic troops.
pub fn check(setup: &SetupCheck<'_, NativesAreRestless>, tables: &super::Tables) -> Result<(), Located> {
    let whole = 0..0;
    let mut armies = Vec::new();
    for (side, span) in setup.sides.iter().zip(setup.side_spans) {
        let Some(army) = &setup.setup.side(&side.id).army else {
            return Err((span.clone(), format!("side {:?} needs `army = \"defenders\"` or `\"natives\"`", side.id)));
        };
        if armies.contains(army.get_ref()) {
            return Err((army.span(), format!("two sides are {}: a siege has one of each", army.get_ref().name())));
        }
        armies.push(*army.get_ref());
    }
    if armies.len() != 2 {
        return Err((whole, "a siege has two sides: the defenders and the natives".into()));
    }
    for unit in setup.units {
        let army = setup.setup.side(&unit.side).army.as_ref().map(|a| *a.get_ref());
        if army == Some(Army::Natives) {
            return Err((
                0..0,
                format!(
                    "unit {:?}: the natives are raised by the dice from [siege] natives, not listed as units",
                    unit.id
                ),
            ));
        }
        let profile = tables.profile(&unit.kind);
        if Some(profile.army) != army {
            return Err((
                0..0,
                format!(
                    "unit {:?} is {} ({}) on the side of {}",
                    unit.id,
                    unit.kind,
                    profile.army.name(),
                    army.map_or("nobody", |a| a.name())
                ),
            ));
        }
    }
    let siege = &setup.setup.scenario.siege;
    let mut basic = false;
    for entry in &siege.natives {
        let kind = entry.kind.get_ref();
        let Some(profile) = tables.profiles.get(kind) else {
            return Err((entry.kind.span(), format!("no kind {kind:?} in this ruleset")));
        };
        if profile.army != Army::Natives {
            return Err((entry.kind.span(), format!("{kind} is not a kind of the natives")));
        }
        if *entry.figures.get_ref() == 0 || *entry.figures.get_ref() > MOST_FIGURES {
            return Err((
                entry.figures.span(),
                format!(
                    "{} figures: give 1 or more; a unit holds at most {MOST_FIGURES}, and so does each kind of the force",
                    entry.figures.get_ref()
                ),
            ));
        }
        basic |= !profile.better;
    }
    if !basic {
        return Err((whole, "[siege] natives needs a kind of basic troops (not better): most groups are basic".into()));
    }
    for building in &siege.buildings {
        let name = building.name.get_ref();
        if !setup
            .terrain
            .iter()
            .any(|a| &a.name == name && tables.cover(&a.cover).is_building())
        {
            return Err((building.name.span(), format!("no building named {name:?} among the [[terrain]]")));
        }
        if building.levels.len() > MOST_LEVELS || building.doors.len() > MOST_DOORS {
            return Err((
                building.name.span(),
                format!("a building has at most {MOST_LEVELS} levels and {MOST_DOORS} doors"),
            ));
        }
        for door in &building.doors {
            let [x, y] = *door.get_ref();
            let at = crate::measure::Pt::new(x, y);
            let on_its_wall = setup
                .terrain
                .iter()
                .filter(|a| &a.name == name)
                .any(|a| a.polygon.contains(at) || a.polygon.distance_to_outline(at) <= DOOR_REACH);
            if !x.is_finite() || !y.is_finite() || !on_its_wall {
                return Err((door.span(), format!("door [{x}, {y}] is not in the wall of {name}")));
            }
        }
    }
    for counters in [&siege.rifle_ammunition, &siege.gun_ammunition].into_iter().flatten() {
        if *counters.get_ref() > MOST_COUNTERS {
            return Err((counters.span(), format!("{} counters: give 0 to {MOST_COUNTERS}", counters.get_ref())));
        }
    }
    Ok(())
}
