//! Where a figure may stand, and "measuring the move for the Officer/NCO and then arranging the members of
//! his squad around him as necessary". Figures are "based individually": Sandtable takes a base to be an
//! inch across, so a figure's point stands half an inch clear of every other figure's base, of every wall
//! and barricade and of every building's outline (inside or out), and on the table. Once the figure
//! measured has gone, each other figure keeps its place beside him, carried with him, where that place is
//! within 3" of him, on his side of every wall, barricade and building wall, free, and reached from him
//! without passing through an enemy (and, unless it is charging, out of contact with the enemy). Any other
//! is set at the free place nearest where it would have stood, within 3" of him. A move, a charge, a
//! loser's fall back, figures placed by hand, a crewman joining a squad and squads combining all place
//! figures so.

use super::context::{Ctx, MOVEMENT};
use super::{doors, obstacles};
use crate::game::{GameError, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, distance, distance_to_segment};
use crate::roster::{Placed, Unit};
use crate::rules::possessive;

/// A figure's base is an inch across: figures stand at least this far apart.
pub const BASE: f64 = 1.0;

/// How near two points may be and still count as a base apart: rounding, not play.
const SNUG: f64 = 1e-6;

/// Whether two points stand on the same side of every building's wall and every wall or barricade: the
/// line between them crosses none, nor slips past one nearer than half a base (through a slot narrower
/// than a base, between a gate's barricade and the wall, a man is not on his leader's side).
pub fn same_side(ctx: &Ctx, a: Pt, b: Pt) -> bool {
    doors::buildings(ctx).all(|building| building.area.polygon.contains(a) == building.area.polygon.contains(b))
        && ctx
            .scenario
            .terrain
            .iter()
            .filter(|area| ctx.charts.cover(&area.cover).obstacle)
            .all(|area| {
                let from = obstacles::side(&area.polygon, a);
                !obstacles::crosses(&area.polygon, &[a, b], from) && !obstacles::brushes(&area.polygon, &[a, b], from)
            })
}

/// What a figure's base standing at a point would stand on: a wall or barricade, or a building's outline.
pub fn base_on(ctx: &Ctx, p: Pt) -> Option<String> {
    let on_obstacle = ctx
        .scenario
        .terrain
        .iter()
        .find(|area| ctx.charts.cover(&area.cover).obstacle && obstacles::under_base(&area.polygon, p));
    if let Some(area) = on_obstacle {
        return Some(area.name.clone());
    }
    doors::buildings(ctx)
        .find(|b| b.area.polygon.distance_to_outline(p) < BASE / 2.0 - 1e-9)
        .map(|b| format!("the wall of {}", b.name()))
}

/// Why a figure may not stand at a place.
#[derive(Debug, Clone, PartialEq)]
pub enum Hindrance {
    OffTable,
    /// Its base would be on this wall or barricade, or this building's wall.
    On(String),
    /// Its base would be on a figure of this unit.
    OnFigure(String),
    /// It would be in contact with this enemy unit.
    Contact(String),
}

impl std::fmt::Display for Hindrance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hindrance::OffTable => write!(f, "off the table"),
            Hindrance::On(what) => write!(f, "with its base on {what} (a base is an inch across: no figure stands on a wall, a barricade or a building's wall)"),
            Hindrance::OnFigure(unit) => write!(f, "with its base on a figure of {unit} (a base is an inch across)"),
            Hindrance::Contact(unit) => write!(f, "in contact with {unit}"),
        }
    }
}

/// The table as a unit's figures are placed on it: the places already taken, and the enemy figures they
/// keep out of contact with (or, charging, only do not pass through), each with its unit's id.
pub struct Room<'c, 'a> {
    ctx: &'c Ctx<'a>,
    taken: Vec<(Pt, String)>,
    enemies: Vec<(Pt, String)>,
    /// The figures may touch the enemy: they are charging.
    contact: bool,
}

impl<'c, 'a> Room<'c, 'a> {
    /// `taken`: every figure the placed ones must stand clear of; `enemies`: those they must not pass
    /// through, nor touch unless `contact`.
    pub fn new(ctx: &'c Ctx<'a>, taken: Vec<(Pt, String)>, enemies: Vec<(Pt, String)>, contact: bool) -> Self {
        Room { ctx, taken, enemies, contact }
    }

    /// The room around `unit` as the table stands: every other unit's figures taken; the enemy's kept out
    /// of contact unless `contact` is made on purpose.
    pub fn for_unit(ctx: &'c Ctx<'a>, unit: &Unit, contact: bool) -> Self {
        let named = |u: &Unit| u.alive_positions().into_iter().map(|p| (p, u.id.clone())).collect::<Vec<_>>();
        let taken = ctx.state.units.iter().filter(|u| u.id != unit.id).flat_map(named).collect();
        let enemy = super::movement::other(ctx.army_of(unit));
        let enemies = ctx.army_units(enemy).flat_map(named).collect();
        Room::new(ctx, taken, enemies, contact)
    }

    /// Stands `unit`'s own live figures, but for `except`, among those taken: placing one of them, or a
    /// man joining it.
    pub fn with_own(mut self, unit: &Unit, except: Option<u32>) -> Self {
        let own = unit.alive().filter(|f| Some(f.id) != except).map(|f| (f.pos, unit.id.clone()));
        self.taken.extend(own);
        self
    }

    /// Leaves out of those taken the figures of the unit `id`: men leaving it for another.
    pub fn without(mut self, id: &str) -> Self {
        self.taken.retain(|(_, unit)| unit != id);
        self
    }

    /// A figure of the unit `id` now stands at `p`.
    pub fn take(&mut self, p: Pt, id: &str) {
        self.taken.push((p, id.to_string()));
    }

    /// What keeps a figure from standing at `p`, if anything.
    pub fn hindrance(&self, p: Pt) -> Option<Hindrance> {
        if !self.ctx.scenario.table.contains(p) {
            return Some(Hindrance::OffTable);
        }
        if let Some(what) = base_on(self.ctx, p) {
            return Some(Hindrance::On(what));
        }
        let contact = self.ctx.charts.movement.contact;
        if let Some((_, unit)) = self.enemies.iter().find(|(e, _)| !self.contact && distance(*e, p) < contact - SNUG) {
            return Some(Hindrance::Contact(self.ctx.name_of(unit)));
        }
        self.taken
            .iter()
            .find(|(t, _)| distance(*t, p) < BASE - SNUG)
            .map(|(_, unit)| Hindrance::OnFigure(self.ctx.name_of(unit)))
    }

    /// The enemy unit (its id) a figure going straight from `a` to `b` passes through, or, not charging,
    /// touches; `except` (a charge's target) aside. An enemy the figure touches already is left behind:
    /// charging, that is one base to base with him too, as the runner stands with the man he charged, so
    /// his men are grouped round him beside that man as after a move, not kept off the whole half of the
    /// ground toward him.
    pub fn in_the_way(&self, a: Pt, b: Pt, except: Option<&str>) -> Option<&str> {
        let near = if self.contact { BASE } else { self.ctx.charts.movement.contact.max(BASE) };
        let touched = if self.contact { near + SNUG } else { near - SNUG };
        self.enemies
            .iter()
            .filter(|(_, unit)| Some(unit.as_str()) != except)
            .find(|(e, _)| distance_to_segment(*e, a, b) < near - SNUG && distance(*e, a) >= touched)
            .map(|(_, unit)| unit.as_str())
    }

    /// Whether a figure may stand at `p`, beside the figure measured at `beside`, within `reach` of him.
    fn free(&self, p: Pt, beside: Pt, reach: f64) -> bool {
        distance(p, beside) <= reach + MOVE_TOLERANCE
            && self.hindrance(p).is_none()
            && same_side(self.ctx, beside, p)
            && self.in_the_way(beside, p, None).is_none()
    }

    /// The free place nearest `wanted` within `reach` of `beside`.
    pub fn spot(&self, beside: Pt, wanted: Pt, reach: f64) -> Option<Pt> {
        spots_around(beside, reach)
            .into_iter()
            .filter(|p| self.free(*p, beside, reach))
            .min_by(|a, b| distance(*a, wanted).total_cmp(&distance(*b, wanted)))
    }

    /// Where a figure the app moves (a charge's runner, a loser falling back) stands: at `wanted` if he may,
    /// else at the free place nearest it within `reach`, on its side of every wall.
    pub fn settle(&self, wanted: Pt, reach: f64) -> Option<Pt> {
        if self.hindrance(wanted).is_none() {
            return Some(wanted);
        }
        self.spot(wanted, wanted, reach)
    }

    /// The live figures of `unit` carried with the figure `measured` along `route` (his way, from where he
    /// stands to where he ends), arranged around him within `reach`: a man keeps the place beside him he is
    /// carried to, by the same way from where he stands, when it will do and the way there passes through
    /// no enemy; any other is set at the free place nearest it. Refuses, naming the unit, when there is no
    /// room.
    pub fn arrange(&mut self, unit: &Unit, measured: u32, route: &[Pt], reach: f64) -> Result<Vec<Placed>, GameError> {
        let (Some(&start), Some(&him)) = (route.first(), route.last()) else { return Ok(Vec::new()) };
        let id = unit.id.clone();
        self.taken.push((him, id.clone()));
        let mut astray = Vec::new();
        for (figure, at) in unit.alive().filter(|f| f.id != measured).map(|f| (f.id, f.pos)) {
            let carried: Vec<Pt> = route.iter().map(|p| Pt::new(p.x + at.x - start.x, p.y + at.y - start.y)).collect();
            let end = *carried.last().expect("a route has points");
            let clear_way = carried.windows(2).all(|leg| self.in_the_way(leg[0], leg[1], None).is_none());
            if clear_way && self.free(end, him, reach) {
                self.taken.push((end, id.clone()));
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
                        possessive(&unit.name)
                    ),
                    MOVEMENT,
                )
                .into());
            };
            self.taken.push((at, id.clone()));
            placed.push(Placed { figure, at });
        }
        Ok(placed)
    }
}

/// Places half a base apart on rings half a base apart around `centre`, out to `reach` inches.
fn spots_around(centre: Pt, reach: f64) -> Vec<Pt> {
    let step = BASE / 2.0;
    let mut spots = Vec::new();
    let mut radius = step;
    while radius <= reach + MOVE_TOLERANCE {
        let around = (std::f64::consts::TAU * radius / step).floor().max(1.0) as usize;
        for k in 0..around {
            let angle = std::f64::consts::TAU * k as f64 / around as f64;
            spots.push(Pt::new(centre.x + radius * angle.cos(), centre.y + radius * angle.sin()));
        }
        radius += step;
    }
    spots
}
