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

/// Two sides, since the sequence of play has two (each side rolls for initiative, the winner chooses who
/// goes first, the other follows); a unit aboard names another unit of the scenario.
pub fn check(setup: &SetupCheck<'_, SandPebbles>) -> Result<(), (std::ops::Range<usize>, String)> {
    if setup.sides.len() != 2 {
        let named: Vec<&str> = setup.sides.iter().map(|s| s.id.as_str()).collect();
        let span = setup.side_spans.get(2).or(setup.side_spans.first()).cloned().unwrap_or_default();
        return Err((
            span,
            format!(
                "Sand Pebbles is played by two sides, a side against a side in its sequence of play; this scenario has {}: {}",
                named.len(),
                named.join(", ")
            ),
        ));
    }
    for unit in setup.units {
        if let Some(boat) = &setup.setup.unit(&unit.id).aboard
            && (boat.get_ref() == &unit.id || !setup.units.iter().any(|u| &u.id == boat.get_ref()))
        {
            return Err((boat.span(), format!("`aboard` names {:?}, which is not another unit here", boat.get_ref())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::scenario::parse;

    const TABLE: &str = r#"
[scenario]
system = "sand-pebbles"
title = "Fields"
table = { width = 72, depth = 48 }

[[sides]]
id = "allies"
name = "Allies"
western = true

[[sides]]
id = "boxers"
name = "Boxers"

[[units]]
id = "boat"
name = "Gun boat"
side = "allies"
kind = "gun_boat"
figures = 1
at = [10, 40]

[[units]]
id = "gun"
name = "Gardner"
side = "allies"
kind = "mg"
figures = 3
leader = false
crew = 3
at = [12, 40]
aboard = "boat"
"#;

    fn fields(source: &str) -> Result<crate::scenario::Scenario, crate::scenario::ScenarioError> {
        parse("fields.toml", source)
    }

    #[test]
    fn western_sides_and_crews_aboard_are_read_by_sand_pebbles() {
        let scenario = fields(TABLE).unwrap();
        assert_eq!(scenario.units.len(), 2);
    }

    #[test]
    fn a_crew_aboard_a_boat_that_is_not_there_is_refused_at_its_line() {
        let err = fields(&TABLE.replace("aboard = \"boat\"", "aboard = \"barge\"")).unwrap_err();
        assert_eq!(err.line, Some(33), "{err}");
        assert!(err.message.contains("\"barge\""), "{err}");
    }

    #[test]
    fn another_systems_key_is_refused_naming_the_keys_sand_pebbles_reads() {
        let err = fields(&TABLE.replace("aboard = \"boat\"", "hidden = true")).unwrap_err();
        assert_eq!(err.line, Some(33), "{err}");
        assert!(err.message.contains("`hidden`") && err.message.contains("aboard"), "{err}");
    }

    #[test]
    fn a_third_side_is_refused_at_its_line() {
        let third = TABLE.replace(
            "[[units]]\nid = \"boat\"",
            "[[sides]]\nid = \"imperials\"\nname = \"Imperials\"\n\n[[units]]\nid = \"boat\"",
        );
        let err = fields(&third).unwrap_err();
        assert_eq!(err.line, Some(17), "{err}");
        assert!(err.message.contains("has 3: allies, boxers, imperials"), "{err}");
    }

    #[test]
    fn a_western_flag_of_the_wrong_kind_is_refused_at_its_line() {
        let err = fields(&TABLE.replace("western = true", "western = \"yes\"")).unwrap_err();
        assert_eq!(err.line, Some(10), "{err}");
    }
}
