//! Charging: a move into contact, which starts a melee (or feeds the charger into the one its target is
//! in). The charge goes straight from the charger's nearest figure toward the target's and pays for what
//! lies between: it stops at the wall of a building the target holds, or at an obstacle the enemy defends
//! (contact across it is how a defended obstacle is attacked); an undefended obstacle is a full move to
//! cross on foot, 6" for horse, and a high wall stops horse; a building or trees in the way bar it, and so
//! does any other enemy group: the run does not pass through it. A charge out of a building goes by a door
//! and is measured from it, as a move is.

use super::NativesAreRestless;
use super::arranging::{BASE, Room};
use super::context::Ctx;
use super::deck::spend;
use super::doors::{self, Building};
use super::movement::{can_move, refuse};
use super::obstacles::{self, along, clear_of, just_clear};
use super::tables::Class;
use super::turn::{Change, Melee};
use super::words::agrees;
use crate::game::{Effect, GameError, Outcome};
use crate::measure::{MOVE_TOLERANCE, Pt, TerrainArea, distance, nearest};
use crate::roster::Unit;
use crate::rules::{RuleSystem, possessive};

/// A charge worked out before it is made: where the charger's nearest figure ends, what it costs.
struct Run {
    /// The charger's nearest figure, who runs: the others are arranged around him.
    runner: u32,
    /// Where he ends.
    end: Pt,
    cost: f64,
    /// What the charger stopped at, in words ("at the North wall").
    against: Option<String>,
    /// The obstacle or building the target holds that stopped the charge: the target defends it.
    held: Option<String>,
    /// The building he charged out of by its door.
    door_of: Option<String>,
}

/// Refuses a unit that may not charge anyone now.
pub fn charging<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let unit = can_move(ctx, unit)?;
    if ctx.is_gun(unit) {
        return refuse(format!("{} is a gun: it does not charge", unit.name));
    }
    if ctx.level_of(unit) > 0 {
        return refuse(format!(
            "{} is upstairs: it comes down to the ground floor before it charges (a full move)",
            unit.name
        ));
    }
    Ok(unit)
}

/// Refuses a charge by `unit` at `target` that cannot be made: out of reach, or barred on the way.
pub fn reaches(ctx: &Ctx, unit: &Unit, target: &Unit) -> Result<(), GameError> {
    run(ctx, unit, target).map(|_| ())
}

/// How a charger in a building reaches a target outside it.
enum WayOut {
    /// The target stands at the building's wall: the charge stops at it and is fought across it.
    AcrossTheWall,
    /// By this door, from which the target is nearest: the charge is measured from it, even when his straight
    /// way out passes through it ("the move is measured from the door").
    ByTheDoor(Pt),
}

/// How a charger in `building` at `from` leaves it for `target` outside; refuses when no door serves.
fn way_out(ctx: &Ctx, building: &Building, unit: &Unit, target: &Unit, from: Pt, to: Pt) -> Result<WayOut, GameError> {
    let wall = &building.area.polygon;
    let through_the_wall = wall.meetings(from, to).into_iter().any(|t| !building.door_at(along(from, to, t)));
    let at_the_wall =
        target.alive().any(|f| wall.distance_to_outline(f.pos) <= ctx.charts.movement.holds_obstacle_within);
    if through_the_wall && at_the_wall {
        return Ok(WayOut::AcrossTheWall);
    }
    let theirs = target.alive_positions();
    let reach = |door: &Pt| nearest(&[*door], &theirs).map_or(f64::INFINITY, |p| p.distance);
    let door = building
        .doors
        .iter()
        .filter(|door| {
            let to = theirs[nearest(&[**door], &theirs).expect("live units have figures").b_index];
            doors::by_the_doors(ctx, &[**door, to]).is_ok()
        })
        .min_by(|a, b| reach(a).total_cmp(&reach(b)));
    match door {
        Some(door) => Ok(WayOut::ByTheDoor(*door)),
        None => refuse(format!(
            "{} is in {}: it charges out by a door, or at an enemy at its wall ({})",
            unit.name,
            building.name(),
            building.no_way_through()
        )),
    }
}

fn run(ctx: &Ctx, unit: &Unit, target: &Unit) -> Result<Run, GameError> {
    if ctx.army_of(target) == ctx.army_of(unit) {
        return Err(GameError::BadInput(format!("{} is on the same side", target.name)));
    }
    let (mine, theirs) = (unit.alive_positions(), target.alive_positions());
    let pair = nearest(&mine, &theirs).expect("live units have figures");
    let (start, mut to) = (mine[pair.a_index], theirs[pair.b_index]);
    let runner = unit.alive().nth(pair.a_index).expect("a live figure").id;
    let movement = &ctx.charts.movement;
    let mut from = start;
    let mut door_of = None;
    let mut across = None;
    let leaving = doors::building_around(ctx, start).filter(|b| !target.alive().any(|f| b.area.polygon.contains(f.pos)));
    if let Some(building) = &leaving {
        match way_out(ctx, building, unit, target, start, to)? {
            WayOut::AcrossTheWall => across = Some(building),
            WayOut::ByTheDoor(door) => {
                from = door;
                to = theirs[nearest(&[door], &theirs).expect("live units have figures").b_index];
                door_of = Some(building.name().to_string());
            }
        }
    }
    let gap = distance(from, to);
    // Base to base: the two figures' middles a base apart.
    let mut stop = if gap > BASE { (gap - BASE) / gap } else { 0.0 };
    let mut cost = 0.0;
    let mut against = None;
    let mut held = None;
    // Stops with his base just clear of `area`, short of where the run first meets it.
    let short_of = |area: &TerrainArea, meets: f64, outline_only: bool| {
        let clear = |t: f64| {
            let p = along(from, to, t);
            if outline_only { area.polygon.distance_to_outline(p) >= BASE / 2.0 } else { clear_of(&area.polygon, p) }
        };
        if clear(0.0) { just_clear(clear, 0.0, meets) } else { 0.0 }
    };
    // A charger inside a building fights an enemy at its wall across it.
    if let Some(building) = across
        && let Some(meets) = building.area.polygon.first_meeting(from, to)
    {
        stop = stop.min(short_of(building.area, meets, true));
        against = Some(format!("at {}", building.name()));
    }
    let holds = |area: &TerrainArea| {
        target.alive().any(|f| {
            area.polygon.contains(f.pos) || area.polygon.distance_to_outline(f.pos) <= movement.holds_obstacle_within
        })
    };
    let mounted = ctx.profile(unit).class == Class::Mounted;
    let men: Vec<Pt> = unit.alive().filter(|f| f.id != runner).map(|f| f.pos).collect();
    for area in &ctx.scenario.terrain {
        let cover = ctx.charts.cover(&area.cover);
        if !(cover.obstacle || cover.blocks) {
            continue;
        }
        let meets = if area.polygon.contains(from) {
            // A runner left on a wall's line (a correction, or a game stored before bases were kept off
            // walls) has not got over it: off its far side from his men is crossing it.
            let off_the_far_side = cover.obstacle
                && obstacles::side_of_figure(&area.polygon, from, &men) != obstacles::side(&area.polygon, to);
            if !off_the_far_side {
                continue;
            }
            0.0
        } else {
            let Some(meets) = area.polygon.first_meeting(from, to) else { continue };
            meets
        };
        if area.polygon.contains(to) || (cover.obstacle && holds(area)) {
            // Contact across the wall: stop just short of it, and the target defends it.
            let short = short_of(area, meets, false);
            if short < stop {
                stop = short;
                against = Some(format!("at {}", area.name));
                held = Some(area.name.clone());
            }
        } else if meets * gap > gap * stop + BASE / 2.0 {
            // Beyond where he stops: nothing between.
        } else if cover.obstacle && mounted && !cover.high {
            cost += movement.mounted_obstacle_cost;
        } else if cover.obstacle && !mounted {
            return refuse(format!(
                "{} lies between: crossing it is a full move, so cross it first and charge from there",
                area.name
            ));
        } else {
            return refuse(format!("{} bars the way to {}", area.name, target.name));
        }
    }
    let end = along(from, to, stop);
    // A base an inch across slips past no wall or barricade nearer than half a base without going over it.
    let brushed = ctx.scenario.terrain.iter().filter(|a| ctx.charts.cover(&a.cover).obstacle).find(|a| {
        obstacles::brushes(&a.polygon, &[from, end], obstacles::side_of_figure(&a.polygon, from, &men))
    });
    if let Some(area) = brushed {
        return refuse(format!(
            "{} lies in the way: the charge would pass nearer it than half a base without crossing it (a base is an inch across), so it goes over it or round it clear",
            area.name
        ));
    }
    let run = distance(from, end);
    let reach = ctx.profile(unit).movement;
    if run + cost > reach + MOVE_TOLERANCE {
        let paid = if cost > 0.0 { format!(" and {cost:.0}\" to cross") } else { String::new() };
        let measured = if door_of.is_some() { " from the door" } else { "" };
        return refuse(format!(
            "{} is out of reach: the charge would run {run:.1}\"{measured}{paid}, past {} {reach}\" move",
            target.name,
            possessive(&unit.name)
        ));
    }
    let room = Room::for_unit(ctx, unit, true);
    let legs = [(start, from), (from, end)];
    if let Some(enemy) = legs.iter().find_map(|(a, b)| room.in_the_way(*a, *b, Some(&target.id))) {
        let name = ctx.name_of(enemy);
        return refuse(format!(
            "{name} {} in the way: a charge at {} may not run through another group",
            agrees(&name, "is", "are"),
            target.name
        ));
    }
    Ok(Run { runner, end, cost, against, held, door_of })
}

pub fn charge(ctx: &Ctx, unit: &str, target: &str) -> Result<Outcome, GameError> {
    let unit = charging(ctx, unit)?;
    let target = ctx.live_unit(target)?;
    let Run { runner, end, cost, against, held, door_of } = run(ctx, unit, target)?;
    let regroup = ctx.charts.movement.regroup;
    let mut room = Room::for_unit(ctx, unit, true);
    // Where the run ends may be taken (a friend fighting there already): he stands beside it.
    let Some(end) = room.settle(end, regroup) else {
        return refuse(format!("there is no room for {} where the charge ends", possessive(&unit.name)));
    };
    let start = unit.alive().find(|f| f.id == runner).expect("the runner stands").pos;
    let (dx, dy) = (end.x - start.x, end.y - start.y);
    let followers = room.arrange(unit, runner, &[start, end], regroup)?;
    let mut effects = Vec::new();
    if dx != 0.0 || dy != 0.0 {
        effects.push(Effect::Shift { unit: unit.id.clone(), dx, dy });
    }
    if !followers.is_empty() {
        effects.push(Effect::Place { unit: unit.id.clone(), figures: followers });
    }
    let mut melees = ctx.turn.melees.clone();
    let mut words = match ctx.turn.melee_of(&target.id) {
        Some((i, _)) => {
            melees[i].units.push(unit.id.clone());
            if melees[i].attackers == ctx.army_of(unit) && melees[i].held.is_none() {
                melees[i].held = held;
            }
            format!("{} {} fed into the melee with {}", unit.name, agrees(&unit.name, "is", "are"), target.name)
        }
        None => {
            melees.push(Melee { units: vec![target.id.clone(), unit.id.clone()], attackers: ctx.army_of(unit), held });
            format!(
                "{} {} into contact with {}: a melee, fought on the next picture card or ace",
                unit.name,
                agrees(&unit.name, "charges", "charge"),
                target.name
            )
        }
    };
    if let Some(building) = door_of {
        words.push_str(&format!(" (out through the door of {building})"));
    }
    if let Some(against) = against {
        words.push_str(&format!(" (contact {against})"));
    }
    if cost > 0.0 {
        words.push_str(&format!(" ({cost:.0}\" paid to cross)"));
    }
    effects.push(NativesAreRestless::effect(Change::Melees { melees }));
    effects.extend(spend(ctx, &unit.id, false, true));
    Ok(Outcome::Resolved { summary: words, rolls: Vec::new(), effects })
}
