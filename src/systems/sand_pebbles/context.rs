use super::SandPebbles;
use super::tables::{Craft, MoraleCell, MoraleRow, Profile};
use super::turn::{Charge, Phase};
use crate::game::{GameError, Refusal};
use crate::measure::{Pt, areas_containing};
use crate::roster::Unit;

pub const SEQUENCE: &str = "Sand Pebbles, Sequence of play";
pub const MOVEMENT: &str = "Sand Pebbles, Movement Chart";
pub const FIRING: &str = "Sand Pebbles, Firing Chart";
pub const MELEE: &str = "Sand Pebbles, Melee Phase";
pub const MORALE: &str = "Sand Pebbles, Morale Chart";

/// What a Sand Pebbles procedure reads: the scenario, the table as it stands, the charts and the turn.
pub type Ctx<'a> = crate::rules::Ctx<'a, SandPebbles>;

impl<'a> Ctx<'a> {
    /// A charge whose attacker and defender both still have figures: only those owe tests and a melee.
    pub fn live(&self, charge: &Charge) -> bool {
        [&charge.attacker, &charge.defender].iter().all(|id| self.state.unit(id).is_some_and(|u| !u.is_out()))
    }

    pub fn profile(&self, unit: &Unit) -> &'a Profile {
        self.charts.profile(&unit.kind)
    }

    /// The boat the unit rides in, if it is a crew aboard one.
    pub fn aboard(&self, unit: &Unit) -> Option<&'a str> {
        self.unit_fields(&unit.id).aboard.as_ref().map(|boat| boat.get_ref().as_str())
    }

    /// Whether the side is one of the Western forces, who take tied melees.
    pub fn western(&self, side: &str) -> bool {
        self.side_fields(side).western
    }

    pub fn craft(&self, unit: &Unit) -> Option<Craft> {
        self.profile(unit).craft
    }

    /// Refuses a unit that is not on the side whose phase it is, or a phase of the wrong kind (`fire` in a
    /// movement phase).
    pub fn require_acting(&self, unit: &Unit, doing: &str, kind: fn(Phase) -> bool) -> Result<(), GameError> {
        if !kind(self.turn.phase) {
            return Err(Refusal::by_rule(
                format!("{} cannot {doing} now: the phase is {}", unit.name, self.turn.phase.title()),
                SEQUENCE,
            )
            .into());
        }
        match self.turn.acting_side() {
            Some(side) if side == unit.side => Ok(()),
            Some(side) => Err(Refusal::by_rule(
                format!(
                    "{} cannot {doing} now: phase {} ({}) belongs to {}",
                    unit.name,
                    self.turn.phase.letter(),
                    self.turn.phase.title(),
                    self.side_name(side),
                ),
                SEQUENCE,
            )
            .into()),
            None => Err(Refusal::by_rule(
                format!("{} cannot {doing} now: the phase is {}", unit.name, self.turn.phase.title()),
                SEQUENCE,
            )
            .into()),
        }
    }

    pub fn require_enemy(&self, unit: &Unit, target: &Unit) -> Result<(), GameError> {
        if unit.side == target.side {
            return Err(Refusal::new(format!("{} and {} are on the same side", unit.name, target.name)).into());
        }
        Ok(())
    }

    /// The firing chart's cover column for a unit where it stands: a boat's crew is behind "Ships", others
    /// take the column most of their figures stand in (ties: the better cover).
    pub fn cover_column(&self, unit: &Unit) -> usize {
        if self.aboard(unit).is_some() || self.craft(unit).is_some() {
            return self.charts.cover_column("redoubt_ships");
        }
        let mut counts = [0usize; 4];
        for figure in unit.alive() {
            counts[self.column_at(figure.pos)] += 1;
        }
        // max_by_key keeps the last of equal counts: the better cover.
        (0..4).max_by_key(|&c| counts[c]).unwrap_or(0)
    }

    /// The best cover column of the ground at `p`.
    pub fn column_at(&self, p: Pt) -> usize {
        areas_containing(p, &self.scenario.terrain)
            .iter()
            .map(|a| self.charts.cover_column(&a.cover))
            .max()
            .unwrap_or(0)
    }

    /// The column's id, as the charts and a fire's `cover` name it.
    pub fn column_id(&self, column: usize) -> &'a str {
        &self.charts.fire_rules.cover_columns[column]
    }

    /// The column as a player reads it.
    pub fn column_name(&self, column: usize) -> &'a str {
        &self.charts.fire_rules.cover_column_names[column]
    }

    /// The unit's morale row, if the chart has one for it.
    pub fn morale_row(&self, unit: &Unit) -> Option<(&'a str, &'a MoraleRow)> {
        let profile = self.profile(unit);
        let id = if profile.gun_crew_morale {
            if self.western(&unit.side) { "west_gunner" } else { "boxer_gunner" }
        } else if unit.kind == "civilians" && !self.option("civilians_test_as_sailors") {
            return None;
        } else {
            profile.morale.as_deref()?
        };
        self.charts.morale.get_key_value(id).map(|(k, row)| (k.as_str(), row))
    }

    /// The chart cell for a charge (`charging`) or a stand, by whether the leader still lives.
    pub fn morale_cell(&self, unit: &Unit, charging: bool) -> Option<MoraleCell> {
        let (_, row) = self.morale_row(unit)?;
        let column = if unit.leader().is_some() { 0 } else { 1 };
        Some(if charging { row.charge[column] } else { row.hold[column] })
    }
}
