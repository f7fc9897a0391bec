//! A building's way in and out is its doors: "Figures in the same room as a door may leave a building, if
//! they do so the move is measured from the door." A building is a `[[terrain]]` area of a building cover
//! class; its doors are the points `[[siege.buildings]]` gives it, and one given none has none. A route
//! goes through a building's wall only at a door, and a unit's other men follow the figure measured to his
//! side of every wall.

use super::context::{Ctx, MOVEMENT};
use crate::game::{GameError, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, TerrainArea, distance};
use crate::roster::{Placed, Unit};

/// A door is an opening this many inches either side of its point, which stands within as many inches of
/// its building's wall.
pub const DOOR_REACH: f64 = 1.0;

/// Figures stand at least a base apart: an inch.
const BASE: f64 = 1.0;

/// A building on the table and its doors.
pub struct Building<'a> {
    pub area: &'a TerrainArea,
    pub doors: Vec<Pt>,
}

impl Building<'_> {
    pub fn name(&self) -> &str {
        &self.area.name
    }

    /// Whether a route crossing the wall at `p` goes through one of the doors.
    pub fn door_at(&self, p: Pt) -> bool {
        self.doors.iter().any(|d| distance(*d, p) <= DOOR_REACH + MOVE_TOLERANCE)
    }

    /// Why a route may not pass the wall here, in a player's words.
    pub fn no_way_through(&self) -> String {
        if self.doors.is_empty() {
            return format!(
                "{} has no door (the scenario gives it none in [[siege.buildings]]): its walls cannot be passed",
                self.name()
            );
        }
        let doors: Vec<String> = self.doors.iter().map(|d| format!("({:.1}, {:.1})", d.x, d.y)).collect();
        format!(
            "the way goes through the wall of {}: a building is entered and left by its doors, at {}",
            self.name(),
            doors.join(", ")
        )
    }
}

/// Every building on the table, with its doors.
pub fn buildings<'a>(ctx: &Ctx<'a>) -> impl Iterator<Item = Building<'a>> + 'a {
    let siege = &ctx.setup.scenario.siege;
    let charts = ctx.charts;
    ctx.scenario.terrain.iter().filter(move |area| charts.cover(&area.cover).is_building()).map(move |area| {
        let doors = siege
            .buildings
            .iter()
            .filter(|b| b.name.get_ref() == &area.name)
            .flat_map(|b| b.doors.iter().map(|d| Pt::new(d.get_ref()[0], d.get_ref()[1])))
            .collect();
        Building { area, doors }
    })
}

/// The building `p` stands in, if any.
pub fn building_around<'a>(ctx: &Ctx<'a>, p: Pt) -> Option<Building<'a>> {
    buildings(ctx).find(|b| b.area.polygon.contains(p))
}

/// Refuses a route that goes through a building's wall anywhere but at a door.
pub fn by_the_doors(ctx: &Ctx, route: &[Pt]) -> Result<(), GameError> {
    for building in buildings(ctx) {
        for leg in route.windows(2) {
            let (a, b) = (leg[0], leg[1]);
            let through = building.area.polygon.meetings(a, b).into_iter().any(|t| {
                let at = Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
                !building.door_at(at)
            });
            if through {
                return Err(Refusal::by_rule(building.no_way_through(), MOVEMENT).into());
            }
        }
    }
    Ok(())
}

/// Whether two points stand on the same side of every building's wall.
fn same_side(ctx: &Ctx, a: Pt, b: Pt) -> bool {
    buildings(ctx).all(|building| building.area.polygon.contains(a) == building.area.polygon.contains(b))
}

/// The figures of `unit` that, carried by (`dx`, `dy`) with the figure it measures from, would end on the
/// other side of a building's wall from him, set beside him instead ("arranging the members of his squad
/// around him"): each at the free spot nearest where the move would have put it, within `regroup` inches
/// of him on his side of every wall, a base clear of other figures (and, unless charging, out of contact).
pub fn followers(
    ctx: &Ctx,
    unit: &Unit,
    dx: f64,
    dy: f64,
    keep_from_enemy: bool,
) -> Result<Vec<Placed>, GameError> {
    let Some(anchor) = unit.anchor_figure() else { return Ok(Vec::new()) };
    let measured = Pt::new(anchor.pos.x + dx, anchor.pos.y + dy);
    let mut taken: Vec<Pt> =
        ctx.state.units.iter().filter(|u| u.id != unit.id).flat_map(|u| u.alive_positions()).collect();
    let mut astray = Vec::new();
    for f in unit.alive() {
        let end = Pt::new(f.pos.x + dx, f.pos.y + dy);
        if f.id == anchor.id || same_side(ctx, end, measured) {
            taken.push(end);
        } else {
            astray.push((f.id, end));
        }
    }
    let enemies: Vec<Pt> = ctx
        .army_units(super::movement::other(ctx.army_of(unit)))
        .flat_map(|u| u.alive_positions())
        .filter(|_| keep_from_enemy)
        .collect();
    let contact = ctx.charts.movement.contact;
    let spots = spots_around(measured, ctx.charts.movement.regroup);
    let mut placed = Vec::new();
    for (figure, end) in astray {
        let free = |p: &&Pt| {
            ctx.scenario.table.contains(**p)
                && same_side(ctx, **p, measured)
                && taken.iter().all(|t| distance(*t, **p) >= BASE - MOVE_TOLERANCE)
                && enemies.iter().all(|e| distance(*e, **p) >= contact)
        };
        let Some(at) = spots.iter().filter(free).min_by(|a, b| distance(**a, end).total_cmp(&distance(**b, end)))
        else {
            let wall = buildings(ctx)
                .find(|b| b.area.polygon.contains(end) != b.area.polygon.contains(measured))
                .map_or_else(String::new, |b| format!(" of {}", b.name()));
            return Err(Refusal::by_rule(
                format!("there is no room for all of {}'s men beside the figure measured, on his side of the wall{wall}", unit.name),
                MOVEMENT,
            )
            .into());
        };
        taken.push(*at);
        placed.push(Placed { figure, at: *at });
    }
    Ok(placed)
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
