use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{Figure, Flag, Placed, Role};
use crate::measure::{Edge, Pt};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Side {
    pub id: String,
    pub name: String,
    pub colour: String,
    /// The edge the side came in from, where its routing units run.
    pub edge: Edge,
    /// Where the scenario lets the side set out its units, when it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<crate::measure::Polygon>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Key into the ruleset's unit kinds (movement dice, weapon, and per-system tables).
    pub kind: String,
    /// Degrees clockwise from "up" the table (toward -y).
    pub facing: f64,
    pub figures: Vec<Figure>,
    pub flags: BTreeSet<Flag>,
    /// Figure ids in the order they fell, so a correction restores the most recent loss first.
    pub fallen: Vec<u32>,
}

/// The order figures fall when a player records losses without naming them: privates first (from the
/// back of the unit), then crew, the leader last — the usual table convention that the leader is the last
/// figure a unit gives up unless a rule (a leader hit) names him.
fn loss_priority(role: Role) -> u8 {
    match role {
        Role::Private => 0,
        Role::Crew => 1,
        Role::Leader => 2,
    }
}

impl Unit {
    pub fn alive(&self) -> impl Iterator<Item = &Figure> {
        self.figures.iter().filter(|f| f.alive)
    }

    pub fn alive_count(&self) -> u32 {
        self.alive().count() as u32
    }

    /// A unit with no figures left is out of the game.
    pub fn is_out(&self) -> bool {
        self.alive_count() == 0
    }

    pub fn leader(&self) -> Option<&Figure> {
        self.alive().find(|f| f.role == Role::Leader)
    }

    /// The figure the unit is measured from and moved by: its leader, or its first figure once he has fallen.
    pub fn anchor_figure(&self) -> Option<&Figure> {
        self.leader().or_else(|| self.alive().next())
    }

    /// Where the unit is measured from: its leader, or its first figure once the leader has fallen.
    pub fn anchor(&self) -> Option<Pt> {
        self.anchor_figure().map(|f| f.pos)
    }

    pub fn alive_positions(&self) -> Vec<Pt> {
        self.alive().map(|f| f.pos).collect()
    }

    pub fn crew_alive(&self) -> u32 {
        self.alive().filter(|f| f.role == Role::Crew).count() as u32
    }

    /// The figures `count` losses would remove, in falling order; fewer if the unit has fewer.
    pub fn choose_losses(&self, count: u32) -> Vec<u32> {
        let mut alive: Vec<&Figure> = self.alive().collect();
        alive.sort_by_key(|f| (loss_priority(f.role), std::cmp::Reverse(f.id)));
        alive.into_iter().take(count as usize).map(|f| f.id).collect()
    }

    pub fn remove_figures(&mut self, ids: &[u32]) {
        for id in ids {
            if let Some(f) = self.figures.iter_mut().find(|f| f.id == *id && f.alive) {
                f.alive = false;
                self.fallen.push(*id);
            }
        }
    }

    /// The figures `count` restorations would bring back: the most recently fallen first.
    pub fn choose_restorations(&self, count: u32) -> Vec<u32> {
        self.fallen.iter().rev().take(count as usize).copied().collect()
    }

    pub fn restore_figures(&mut self, ids: &[u32]) {
        for id in ids {
            if let Some(f) = self.figures.iter_mut().find(|f| f.id == *id && !f.alive) {
                f.alive = true;
                self.fallen.retain(|x| x != id);
            }
        }
    }

    /// Puts each named figure, living, where the placement says.
    pub fn place(&mut self, placed: &[Placed]) {
        for p in placed {
            if let Some(f) = self.figures.iter_mut().find(|f| f.id == p.figure && f.alive) {
                f.pos = p.at;
            }
        }
    }

    pub fn translate(&mut self, dx: f64, dy: f64) {
        for f in self.figures.iter_mut().filter(|f| f.alive) {
            f.pos = Pt { x: f.pos.x + dx, y: f.pos.y + dy };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad() -> Unit {
        let mut figures = vec![Figure { id: 0, role: Role::Leader, pos: Pt { x: 0.0, y: 0.0 }, alive: true }];
        for id in 1..=4 {
            figures.push(Figure { id, role: Role::Private, pos: Pt { x: id as f64, y: 0.0 }, alive: true });
        }
        Unit {
            id: "u".into(),
            name: "Squad".into(),
            side: "a".into(),
            kind: "marines".into(),
            facing: 0.0,
            figures,
            flags: BTreeSet::new(),
            fallen: Vec::new(),
        }
    }

    #[test]
    fn privates_fall_before_the_leader() {
        let unit = squad();
        assert_eq!(unit.choose_losses(3), vec![4, 3, 2]);
        assert_eq!(unit.choose_losses(9), vec![4, 3, 2, 1, 0]);
    }

    #[test]
    fn a_unit_with_no_figures_is_out() {
        let mut unit = squad();
        let all = unit.choose_losses(99);
        unit.remove_figures(&all);
        assert!(unit.is_out());
        assert_eq!(unit.anchor(), None);
    }

    #[test]
    fn restoring_brings_back_the_latest_loss() {
        let mut unit = squad();
        unit.remove_figures(&[4, 3]);
        assert_eq!(unit.choose_restorations(1), vec![3]);
        unit.restore_figures(&[3]);
        assert_eq!(unit.alive_count(), 4);
        assert_eq!(unit.fallen, vec![4]);
    }

    #[test]
    fn leader_gone_measures_from_the_first_survivor() {
        let mut unit = squad();
        unit.remove_figures(&[0]);
        assert_eq!(unit.anchor(), Some(Pt { x: 1.0, y: 0.0 }));
    }
}
