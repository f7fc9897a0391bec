//! What a Heliograph scenario says of its units beyond the shared keys: each unit's base morale (the text
//! gives none) and whether it starts as a hidden counter.

use serde::Deserialize;
use toml::Spanned;

use super::Heliograph;
use crate::rules::SetupCheck;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFields {}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFields {
    /// Base morale in percent.
    #[serde(default)]
    pub morale: Option<Spanned<u32>>,
    /// Starts as a hidden counter: its position known, its contents not.
    #[serde(default)]
    pub hidden: bool,
}

/// A base morale is a percentage.
pub fn check(setup: &SetupCheck<'_, Heliograph>) -> Result<(), (std::ops::Range<usize>, String)> {
    for unit in setup.units {
        if let Some(morale) = &setup.setup.unit(&unit.id).morale
            && !(1..=100).contains(morale.get_ref())
        {
            return Err((morale.span(), format!("morale {} is not a percentage from 1 to 100", morale.get_ref())));
        }
    }
    Ok(())
}
