//! What every Natives procedure reads: rule names to cite, which army a unit or side is, the cover and
//! position terrain gives, and the checks that open every action (the card's side, actions left, nothing
//! owed first).

use super::NativesAreRestless;
use super::tables::{Army, Cover, Position, Profile};
use super::turn::Stage;
use super::words::agrees;
use crate::dice::DiceExpr;
use crate::game::{GameError, Refusal};
use crate::measure::{Pt, TerrainArea, areas_containing};
use crate::roster::Unit;
use crate::rules::and_list;

pub const ACTIVATION: &str = "The Natives are Restless Tonight, Unit Activation";
pub const SET_UP: &str = "The Natives are Restless Tonight, Attacking forces";
pub const MOVEMENT: &str = "The Natives are Restless Tonight, Movement";
pub const SHOOTING: &str = "The Natives are Restless Tonight, Shooting";
pub const AMMUNITION: &str = "The Natives are Restless Tonight, Ammunition use";
pub const MORALE: &str = "The Natives are Restless Tonight, Morale";
pub const MELEE: &str = "The Natives are Restless Tonight, Melee";
pub const REINFORCEMENTS: &str = "The Natives are Restless Tonight, Native reinforcements";
pub const WINNING: &str = "The Natives are Restless Tonight, Winning";

pub type Ctx<'a> = crate::rules::Ctx<'a, NativesAreRestless>;

/// How high a unit stands in its building.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Height {
    Ground,
    /// An upper floor: inside the building.
    Upper,
    /// Its roof: above it, not inside it.
    Roof,
}

impl<'a> Ctx<'a> {
    pub fn profile(&self, unit: &Unit) -> &'a Profile {
        self.charts.profile(&unit.kind)
    }

    pub fn army_of(&self, unit: &Unit) -> Army {
        self.profile(unit).army
    }

    /// The side that plays `army`.
    pub fn side_of(&self, army: Army) -> &'a str {
        self.scenario
            .sides
            .iter()
            .find(|s| self.side_fields(&s.id).army.as_ref().is_some_and(|a| *a.get_ref() == army))
            .map(|s| s.id.as_str())
            .expect("a siege has a side of each army: checked when the scenario loads")
    }

    pub fn army_units(&self, army: Army) -> impl Iterator<Item = &'a Unit> + '_ {
        self.state.units.iter().filter(move |u| !u.is_out() && self.army_of(u) == army)
    }

    pub fn is_gun(&self, unit: &Unit) -> bool {
        self.profile(unit).class == super::tables::Class::Gun
    }

    /// The figure a unit measures and traces sight from: the Officer/NCO of a squad, else any figure.
    pub fn origin(&self, unit: &Unit) -> Option<Pt> {
        unit.anchor()
    }

    /// Every terrain class a point stands in, with what it is to these rules.
    pub fn covers_at(&self, p: Pt) -> Vec<(&'a TerrainArea, Cover)> {
        areas_containing(p, &self.scenario.terrain).into_iter().map(|a| (a, self.charts.cover(&a.cover))).collect()
    }

    /// The building with floors or doors a point stands in, as the scenario's `[siege]` gives it.
    pub fn building_at(&self, p: Pt) -> Option<&'a super::fields::BuildingEntry> {
        self.setup
            .scenario
            .siege
            .buildings
            .iter()
            .find(|b| self.scenario.terrain.iter().any(|a| &a.name == b.name.get_ref() && a.polygon.contains(p)))
    }

    /// The level a unit stands on in its building: 0 is the ground.
    pub fn level_of(&self, unit: &Unit) -> usize {
        self.turn.levels.get(&unit.id).copied().unwrap_or(0)
    }

    /// How high a unit stands: on the ground, on an upper floor, or on a roof (a level named "roof").
    pub fn height(&self, unit: &Unit) -> Height {
        let level = self.level_of(unit);
        if level == 0 {
            return Height::Ground;
        }
        let name = self.origin(unit).and_then(|p| self.building_at(p)).and_then(|b| b.levels.get(level));
        match name {
            Some(name) if name.to_lowercase().contains("roof") => Height::Roof,
            _ => Height::Upper,
        }
    }

    /// Whether a figure at `at` stands behind the obstacle `area` as seen from `from`: at it (within reach
    /// of its line) and with the line from `from` crossing it. A shot's cover and a melee's position are
    /// both judged so: a wall shelters only those it stands between and their enemy.
    pub fn behind(&self, area: &TerrainArea, from: Pt, at: Pt) -> bool {
        self.charts.cover(&area.cover).obstacle
            && area.polygon.distance_to_outline(at) <= self.charts.movement.holds_obstacle_within
            && comes_over(area, true, from, at)
    }

    /// The point of `enemies` nearest a figure at `at`: where a shot or a charge comes at him from, for his
    /// cover and his position (a wall shelters him from an enemy across it, whichever figure that is).
    pub fn coming_from(at: Pt, enemies: &[Pt]) -> Option<Pt> {
        crate::measure::nearest(&[at], enemies).map(|pair| enemies[pair.b_index])
    }

    /// The melee position a figure at `p` holds against an enemy figure at `from`: inside a building the
    /// enemy comes at from outside, or behind an obstacle the enemy comes at across it.
    pub fn position_against(&self, p: Pt, from: Pt) -> Option<Position> {
        let mut best = None;
        for area in &self.scenario.terrain {
            let cover = self.charts.cover(&area.cover);
            let Some(position) = cover.melee else { continue };
            let holds = if cover.obstacle { self.behind(area, from, p) } else { comes_over(area, false, from, p) };
            if holds && rank(Some(position)) > rank(best) {
                best = Some(position);
            }
        }
        best
    }

    /// Refuses unless `unit` may spend one of the card's actions now, and is free to move: a group locked
    /// in a melee may only fire (`card_allows`).
    pub fn ready_to_act(&self, unit: &str, doing: &str) -> Result<&'a Unit, GameError> {
        let unit = self.card_allows(unit, doing)?;
        if let Some((_, melee)) = self.turn.melee_of(&unit.id) {
            let others: Vec<String> = melee.units.iter().filter(|u| **u != unit.id).map(|u| self.name_of(u)).collect();
            return Err(Refusal::by_rule(
                format!(
                    "{} {} locked in melee with {}: it may not move or break off until the melee is fought",
                    unit.name,
                    agrees(&unit.name, "is", "are"),
                    and_list(&others.iter().map(String::as_str).collect::<Vec<_>>())
                ),
                MELEE,
            )
            .into());
        }
        Ok(unit)
    }

    /// Refuses unless the card in play gives `unit`'s side an action now, whether or not it is in a melee.
    pub fn card_allows(&self, unit: &str, doing: &str) -> Result<&'a Unit, GameError> {
        self.nothing_owed()?;
        let unit = self.live_unit(unit)?;
        let turn = self.turn;
        if turn.stage != Stage::Actions || turn.actions_left == 0 {
            return Err(Refusal::by_rule(
                format!("{} cannot {doing}: no card's actions are in play; draw a card", unit.name),
                ACTIVATION,
            )
            .into());
        }
        let army = self.army_of(unit);
        if turn.side != Some(army) {
            let colour = if army == Army::Defenders { "black" } else { "red" };
            return Err(Refusal::by_rule(
                format!(
                    "{} {} on a {colour} card; this card activates {}",
                    unit.name,
                    agrees(&unit.name, "acts", "act"),
                    turn.side.map_or("nobody", |a| a.name())
                ),
                ACTIVATION,
            )
            .into());
        }
        Ok(unit)
    }

    /// Refuses while a morale test is owed or the siege is over.
    pub fn nothing_owed(&self) -> Result<(), GameError> {
        if let Some(army) = self.turn.winner {
            return Err(Refusal::by_rule(format!("the siege is over: {} have won", army.name()), WINNING).into());
        }
        if let Some(due) = self.turn.morale_due.first() {
            return Err(Refusal::by_rule(
                format!("{} must test morale first ({})", self.name_of(&due.unit), casualties(due.casualties)),
                MORALE,
            )
            .into());
        }
        Ok(())
    }
}

/// A melee position's rank: the open 0, a hasty barricade 1, a building or prepared position 2.
pub fn rank(position: Option<Position>) -> usize {
    match position {
        None => 0,
        Some(Position::HastyBarricade) => 1,
        Some(Position::Building) => 2,
    }
}

/// "1 casualty", "3 casualties".
pub fn casualties(n: u32) -> String {
    crate::rules::plural(n as usize, "casualty", "casualties")
}

/// One D6: a morale test, the edge of a reinforcement, the better-troops die.
pub fn d6() -> DiceExpr {
    DiceExpr::parse("1D6").expect("1D6")
}

/// Whether an enemy at `from` comes at a figure at `at` over `area`: across it, for a wall or barricade
/// (an `obstacle`); into it from outside, for a building.
pub fn comes_over(area: &TerrainArea, obstacle: bool, from: Pt, at: Pt) -> bool {
    match obstacle {
        true => super::obstacles::crossed(&area.polygon, &[from, at]),
        false => area.polygon.contains(at) && !area.polygon.contains(from),
    }
}
