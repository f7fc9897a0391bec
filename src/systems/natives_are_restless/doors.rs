//! A building's way in and out is its doors: "Figures in the same room as a door may leave a building, if
//! they do so the move is measured from the door." A building is a `[[terrain]]` area of a building cover
//! class; its doors are the points `[[siege.buildings]]` gives it, and one given none has none. A route
//! goes through a building's wall only at a door (a unit's other men then follow the figure measured to his
//! side of it: `arranging`).

use super::context::{Ctx, MOVEMENT};
use crate::game::{GameError, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, TerrainArea, distance};

/// A door is an opening this many inches either side of its point, which stands within as many inches of
/// its building's wall.
pub const DOOR_REACH: f64 = 1.0;

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
