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

#[cfg(test)]
mod tests {
    use crate::scenario::parse;

    const TABLE: &str = r#"
[scenario]
system = "heliograph"
title = "Fields"
table = { width = 72, depth = 48 }

[[sides]]
id = "us"
name = "U.S."

[[sides]]
id = "moros"
name = "Moros"

[[units]]
id = "band"
name = "Band"
side = "moros"
kind = "moro_warriors"
figures = 6
at = [40, 20]
morale = 75
hidden = true
"#;

    #[test]
    fn a_percentage_morale_and_a_hidden_start_are_read_by_heliograph() {
        assert!(parse("fields.toml", TABLE).is_ok());
    }

    #[test]
    fn a_morale_past_100_is_refused_at_its_line() {
        let err = parse("fields.toml", &TABLE.replace("morale = 75", "morale = 150")).unwrap_err();
        assert_eq!(err.line, Some(22), "{err}");
        assert!(err.message.contains("150"), "{err}");
    }

    #[test]
    fn another_systems_key_is_refused() {
        let err = parse("fields.toml", &TABLE.replace("hidden = true", "aboard = \"junk\"")).unwrap_err();
        assert_eq!(err.line, Some(23), "{err}");
        assert!(err.message.contains("`aboard`") && err.message.contains("morale, hidden"), "{err}");
    }
}
