use super::Heliograph;
use super::markers::SPOTTED;
use super::tables::{Profile, Weapon};
use crate::game::{GameError, Refusal};
use crate::measure::{Pt, areas_containing};
use crate::roster::Unit;

pub const SEQUENCE: &str = "Heliograph, Turn Sequence";
pub const ACTIVATION: &str = "Heliograph, Unit Activation";
pub const MOVEMENT: &str = "Heliograph, Movement";
pub const SIGHTING: &str = "Heliograph, Sighting";
pub const FIRE: &str = "Heliograph, Fire Combat";
pub const MORALE: &str = "Heliograph, Morale";
pub const MELEE: &str = "Heliograph, Melee Sequence";

/// The ground a figure stands on, as the tables tell it apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ground {
    Open,
    Trail,
    Jungle,
    Building,
    /// A fort, cotta or trench.
    Fort,
}

impl Ground {
    pub fn name(self) -> &'static str {
        match self {
            Ground::Open => "open",
            Ground::Trail => "trail",
            Ground::Jungle => "jungle",
            Ground::Building => "building",
            Ground::Fort => "fort",
        }
    }
}

/// What a Heliograph procedure reads: the scenario, the table as it stands, the tables and the turn.
pub type Ctx<'a> = crate::rules::Ctx<'a, Heliograph>;

impl<'a> Ctx<'a> {
    pub fn profile(&self, unit: &Unit) -> &'a Profile {
        self.charts.profile(&unit.kind)
    }

    pub fn weapon(&self, unit: &Unit) -> &'a Weapon {
        self.charts.weapon_of(&unit.kind)
    }

    /// A hidden counter not yet spotted: its place is known, its contents are not.
    pub fn is_hidden(&self, unit: &Unit) -> bool {
        self.unit_fields(&unit.id).hidden && !self.turn.spotted.contains(&unit.id) && !unit.flags.contains(&SPOTTED)
    }

    pub fn ground_at(&self, p: Pt) -> Ground {
        let areas = areas_containing(p, &self.scenario.terrain);
        let has = |cover: &[&str]| areas.iter().any(|a| cover.contains(&a.cover.as_str()));
        if has(&["fort", "trench", "cotta"]) {
            Ground::Fort
        } else if has(&["building"]) {
            Ground::Building
        } else if has(&["trail"]) {
            Ground::Trail
        } else if has(&["jungle"]) {
            Ground::Jungle
        } else {
            Ground::Open
        }
    }

    /// Where most of the unit's figures stand; a tie goes to the better cover.
    pub fn ground_of(&self, unit: &Unit) -> Ground {
        if unit.is_out() {
            return Ground::Open;
        }
        let grounds = [Ground::Open, Ground::Trail, Ground::Jungle, Ground::Building, Ground::Fort];
        let mut counts = [0usize; 5];
        for figure in unit.alive() {
            let g = self.ground_at(figure.pos);
            counts[grounds.iter().position(|x| *x == g).unwrap()] += 1;
        }
        // max_by_key keeps the last of equal counts, and the list runs from worst cover to best.
        let best = (0..5).max_by_key(|&i| counts[i]).unwrap_or(0);
        grounds[best]
    }

    pub fn activation_refusal(&self, unit: &Unit, doing: &str) -> Result<(), GameError> {
        if !self.turn.is_active(&unit.id) {
            return Err(Refusal::by_rule(
                format!("{} is not the unit being activated: activate it before it can {doing}", unit.name),
                ACTIVATION,
            )
            .into());
        }
        if let Some(melee) = &self.turn.melee {
            return Err(Refusal::by_rule(
                format!("{} is in a melee (next: {}): finish it first", unit.name, melee.step.words()),
                MELEE,
            )
            .into());
        }
        Ok(())
    }
}
