//! "Measuring the move for the Officer/NCO and then arranging the members of his squad around him as
//! necessary": once the figure measured has gone, each other figure keeps its place beside him, carried
//! with him, where that place is on his side of every wall, barricade and building wall, on the table,
//! clear of every other figure's base and (unless it is charging) out of contact with the enemy. Any other
//! is set at the free place nearest where it would have stood, within 3" of him on his side. A move, a
//! charge, a loser's fall back and a crewman joining a squad all place figures so.

use super::context::{Ctx, MOVEMENT};
use super::{doors, obstacles};
use crate::game::{GameError, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, distance};
use crate::roster::Placed;
use crate::rules::possessive;

/// A figure's base is an inch across: figures stand at least this far apart.
pub const BASE: f64 = 1.0;

/// Whether two points stand on the same side of every building's wall and every wall or barricade.
pub fn same_side(ctx: &Ctx, a: Pt, b: Pt) -> bool {
    doors::buildings(ctx).all(|building| building.area.polygon.contains(a) == building.area.polygon.contains(b))
        && ctx
            .scenario
            .terrain
            .iter()
            .filter(|area| ctx.charts.cover(&area.cover).obstacle)
            .all(|area| !obstacles::across(&area.polygon, a, b))
}

/// The table as a unit's figures are placed on it: the places already taken, and the enemy figures they
/// keep out of contact with.
pub struct Room<'c, 'a> {
    ctx: &'c Ctx<'a>,
    taken: Vec<Pt>,
    enemies: Vec<Pt>,
}

impl<'c, 'a> Room<'c, 'a> {
    /// `taken`: every figure the placed ones must stand clear of; `enemies`: those they must not touch
    /// (none for a charge, which makes contact).
    pub fn new(ctx: &'c Ctx<'a>, taken: Vec<Pt>, enemies: Vec<Pt>) -> Self {
        Room { ctx, taken, enemies }
    }

    /// The room around `unit` as the table stands: every other unit's figures taken; the enemy's kept out
    /// of contact unless `contact` is made on purpose.
    pub fn for_unit(ctx: &'c Ctx<'a>, unit: &crate::roster::Unit, contact: bool) -> Self {
        let taken = ctx.state.units.iter().filter(|u| u.id != unit.id).flat_map(|u| u.alive_positions()).collect();
        let enemy = super::movement::other(ctx.army_of(unit));
        let enemies = if contact { Vec::new() } else { ctx.army_units(enemy).flat_map(|u| u.alive_positions()).collect() };
        Room::new(ctx, taken, enemies)
    }

    /// Whether a figure may stand at `p`, beside the figure measured at `beside`.
    fn free(&self, p: Pt, beside: Pt) -> bool {
        let contact = self.ctx.charts.movement.contact;
        self.ctx.scenario.table.contains(p)
            && same_side(self.ctx, beside, p)
            && self.taken.iter().all(|t| distance(*t, p) >= BASE - MOVE_TOLERANCE)
            && self.enemies.iter().all(|e| distance(*e, p) >= contact - MOVE_TOLERANCE)
    }

    /// The free place nearest `wanted` within `reach` of `beside`, now taken.
    pub fn spot(&mut self, beside: Pt, wanted: Pt, reach: f64) -> Option<Pt> {
        let at = spots_around(beside, reach)
            .into_iter()
            .filter(|p| self.free(*p, beside))
            .min_by(|a, b| distance(*a, wanted).total_cmp(&distance(*b, wanted)))?;
        self.taken.push(at);
        Some(at)
    }

    /// The figures `standing` (each figure's number and place) carried by `shift` with the figure
    /// `measured`, arranged around him within `reach`: those whose carried place will not do, set at the
    /// free place nearest it. Refuses, naming `unit`, when there is no room.
    pub fn arrange(
        &mut self,
        unit: &str,
        standing: &[(u32, Pt)],
        measured: u32,
        (dx, dy): (f64, f64),
        reach: f64,
    ) -> Result<Vec<Placed>, GameError> {
        let carried = |p: Pt| Pt::new(p.x + dx, p.y + dy);
        let Some(&(_, start)) = standing.iter().find(|(id, _)| *id == measured) else { return Ok(Vec::new()) };
        let him = carried(start);
        self.taken.push(him);
        let mut astray = Vec::new();
        for &(figure, at) in standing.iter().filter(|(id, _)| *id != measured) {
            let end = carried(at);
            if self.free(end, him) {
                self.taken.push(end);
            } else {
                astray.push((figure, end));
            }
        }
        let mut placed = Vec::new();
        for (figure, end) in astray {
            let Some(at) = self.spot(him, end, reach) else {
                return Err(Refusal::by_rule(
                    format!(
                        "there is no room for all of {} men within {reach}\" of the figure measured, on his side of every wall and clear of other figures",
                        possessive(unit)
                    ),
                    MOVEMENT,
                )
                .into());
            };
            placed.push(Placed { figure, at });
        }
        Ok(placed)
    }
}

/// Places a base apart on rings around `centre`, out to `reach` inches.
fn spots_around(centre: Pt, reach: f64) -> Vec<Pt> {
    let mut spots = Vec::new();
    let mut radius = BASE;
    while radius <= reach + MOVE_TOLERANCE {
        let around = (std::f64::consts::TAU * radius / BASE).floor().max(1.0) as usize;
        for k in 0..around {
            let angle = std::f64::consts::TAU * k as f64 / around as f64;
            spots.push(Pt::new(centre.x + radius * angle.cos(), centre.y + radius * angle.sin()));
        }
        radius += BASE / 2.0;
    }
    spots
}
