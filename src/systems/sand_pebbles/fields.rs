//! What a Sand Pebbles scenario says of its sides and units beyond the shared keys: which sides are the
//! Western forces, and which units ride aboard a boat.

use serde::Deserialize;
use toml::Spanned;

use super::SandPebbles;
use crate::rules::SetupCheck;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFields {
    /// The Western forces win tied melees.
    #[serde(default)]
    pub western: bool,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFields {
    /// The id of the boat this unit rides in: it moves with the boat and is shot at as a ship's crew.
    #[serde(default)]
    pub aboard: Option<Spanned<String>>,
}

/// A unit aboard names another unit of the scenario.
pub fn check(setup: &SetupCheck<'_, SandPebbles>) -> Result<(), (std::ops::Range<usize>, String)> {
    for unit in setup.units {
        if let Some(boat) = &setup.setup.unit(&unit.id).aboard
            && (boat.get_ref() == &unit.id || !setup.units.iter().any(|u| &u.id == boat.get_ref()))
        {
            return Err((boat.span(), format!("`aboard` names {:?}, which is not another unit here", boat.get_ref())));
        }
    }
    Ok(())
}
