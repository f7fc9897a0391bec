//! `Ctx`: what a system's procedure reads. The scenario and the table as it stands, the system's charts
//! and scenario fields, and its turn state, all typed for that system.

use std::collections::BTreeMap;

use super::RuleSystem;
use crate::game::{GameError, GameState};
use crate::roster::{Side, Unit};
use crate::scenario::Scenario;

pub struct Ctx<'a, S: RuleSystem> {
    pub scenario: &'a Scenario,
    pub state: &'a GameState,
    pub charts: &'a S::Charts,
    pub setup: &'a Setup<S>,
    pub turn: &'a S::Turn,
}

/// A scenario's fields for one system, per unit and per side, by id. Units and sides that set none
/// have the fields' defaults.
pub struct Setup<S: RuleSystem> {
    /// The system's own top-level tables of the scenario.
    pub scenario: S::ScenarioFields,
    pub units: BTreeMap<String, S::UnitFields>,
    pub sides: BTreeMap<String, S::SideFields>,
}

/// A scenario being checked, for `RuleSystem::check_setup`: its units and sides with their ids, and the
/// system's fields for each.
pub struct SetupCheck<'a, S: RuleSystem> {
    pub units: &'a [Unit],
    pub sides: &'a [Side],
    /// Where each side's `id` stands in the file, in the order of `sides`, so a refusal can name its line.
    pub side_spans: &'a [std::ops::Range<usize>],
    pub setup: &'a Setup<S>,
    pub terrain: &'a [crate::measure::TerrainArea],
    pub table: &'a crate::measure::Table,
}

impl<'a, S: RuleSystem> Ctx<'a, S> {
    pub fn unit(&self, id: &str) -> Result<&'a Unit, GameError> {
        self.state.named_unit(id)
    }

    pub fn live_unit(&self, id: &str) -> Result<&'a Unit, GameError> {
        self.state.live_unit(id)
    }

    /// A unit's name, or its id if the game has no such unit.
    pub fn name_of(&self, id: &str) -> String {
        self.state.unit(id).map(|u| u.name.clone()).unwrap_or_else(|| id.to_string())
    }

    pub fn side(&self, id: &str) -> &'a Side {
        self.scenario.sides.iter().find(|s| s.id == id).expect("units belong to scenario sides")
    }

    /// A side's name, or its id if the scenario has no such side (a hand-edited log may name one).
    pub fn side_name<'b>(&self, id: &'b str) -> &'b str
    where
        'a: 'b,
    {
        self.scenario.sides.iter().find(|s| s.id == id).map_or(id, |s| s.name.as_str())
    }

    /// A named ruling (RULINGS.md) this game is played with.
    pub fn option(&self, name: &str) -> bool {
        self.scenario.option(name)
    }

    pub fn unit_fields(&self, unit: &str) -> &'a S::UnitFields {
        self.setup.unit(unit)
    }

    pub fn side_fields(&self, side: &str) -> &'a S::SideFields {
        self.setup.side(side)
    }
}

/// "1 figure", "3 figures": a count and its noun, for the log's sentences.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "2 dice were typed in", "1 die was typed in": a count of dice and the verb that agrees with it.
pub fn dice_were(n: usize) -> String {
    if n == 1 { "1 die was".to_string() } else { format!("{n} dice were") }
}

/// The word of `one` and `many` that agrees with a name of a side or a body of men: "Boxers go",
/// "Relief column goes", "Moros of the cotta choose", "Boxers and Imperials fire", "British move",
/// "Native warriors 2 fall back", "45th Sikhs, first section fires", "Sword and spear band wins".
pub fn agrees<'w>(name: &str, one: &'w str, many: &'w str) -> &'w str {
    let bare = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '-');
    let bare = match bare.find(" (") {
        Some(i) if bare.ends_with(')') => &bare[..i],
        _ => bare,
    };
    let bare = bare.to_lowercase();
    // "Moros of the cotta", "Boxers with muskets" and "Riflemen on the wall" agree with the words before.
    let head = [" of ", " with ", " on ", " in ", " at ", " from "]
        .iter()
        .fold(bare.as_str(), |head, word| head.split(word).next().unwrap_or(head));
    let last = head.rsplit([' ', ',']).next().unwrap_or(head);
    // A body named by what it is made of is still one body: "Sword and spear band", "Officers and men"
    // is two.
    if COLLECTIVES.contains(&last) {
        return one;
    }
    if head.contains(" and ") || head.contains(" & ") {
        return many;
    }
    // Peoples named by their adjective take a plural verb: "the British go", "the Chinese hold".
    let people = ["ish", "ese", "ch", "swiss"].iter().any(|end| last.ends_with(end));
    let plural = (last.ends_with('s') && !last.ends_with("ss")) || last.ends_with("men") || last == "people" || people;
    if plural { many } else { one }
}

/// A name and the word that agrees with it: `says("Boxers", "routs", "rout")` is "Boxers rout".
pub fn says(name: &str, one: &str, many: &str) -> String {
    format!("{name} {}", agrees(name, one, many))
}

/// Nouns for one body of men, singular whatever it is made of.
const COLLECTIVES: [&str; 16] = [
    "band",
    "battery",
    "column",
    "company",
    "crew",
    "detachment",
    "garrison",
    "group",
    "guard",
    "party",
    "patrol",
    "regiment",
    "section",
    "squad",
    "team",
    "troop",
];

/// "the Sikhs' figures", "Betsy's crew": a name's possessive, the apostrophe alone after a plural's s.
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}

/// "A", "A and B", "A, B and C".
pub fn and_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

impl<S: RuleSystem> Setup<S> {
    pub fn unit(&self, id: &str) -> &S::UnitFields {
        self.units.get(id).expect("every unit of the scenario has its fields")
    }

    pub fn side(&self, id: &str) -> &S::SideFields {
        self.sides.get(id).expect("every side of the scenario has its fields")
    }
}

#[cfg(test)]
mod words_tests {
    use super::*;

    #[test]
    fn counts_and_names_read_as_english() {
        assert_eq!(dice_were(1), "1 die was");
        assert_eq!(dice_were(3), "3 dice were");
        assert_eq!(possessive("U.S. Marines"), "U.S. Marines'");
        assert_eq!(possessive("Betsy"), "Betsy's");
    }
}

#[cfg(test)]
mod agreement {
    use super::agrees;

    #[test]
    fn a_verb_agrees_with_a_sides_name() {
        for one in [
            "Relief column",
            "U.S. patrol",
            "Legation Guard",
            "Allied force",
            "Chakdara garrison",
            "Zulu Army",
            "Sword and spear band",
            "45th Sikhs, first section",
            "Gun and crew detachment 2",
        ] {
            assert_eq!(agrees(one, "goes", "go"), "goes", "{one}");
        }
        for many in [
            "Boxers",
            "British",
            "Moros of the cotta",
            "Boxers and Imperial gunners",
            "Pashtun tribesmen",
            "Great Powers",
            "Boxers with sword and spear",
            "Lieutenant and sergeant",
            "Tiger Men",
            "Riflemen on the wall",
            "Boxers in the temple",
            "U.S. Marines",
        ] {
            assert_eq!(agrees(many, "goes", "go"), "go", "{many}");
        }
    }
}
