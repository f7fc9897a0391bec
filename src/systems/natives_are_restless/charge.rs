//! Charging: a move into contact, which starts a melee (or feeds the charger into the one its target is
//! in). The charge goes straight from the charger's nearest figure toward the target's and pays for what
//! lies between: it stops at the wall of a building the target holds, or at an obstacle the enemy defends
//! (contact across it is how a defended obstacle is attacked); an undefended obstacle is a full move to
//! cross on foot, 6" for horse, and a high wall stops horse; a building or trees in the way bar it.

use super::NativesAreRestless;
use super::context::Ctx;
use super::deck::spend;
use super::doors;
use super::arranging::{BASE, Room};
use super::movement::{can_move, refuse, standing};
use super::tables::Class;
use super::turn::{Change, Melee};
use crate::game::{Effect, GameError, Outcome};
use crate::measure::{MOVE_TOLERANCE, Pt, distance, nearest};
use crate::roster::Unit;
use super::words::agrees;
use crate::rules::{RuleSystem, possessive};

/// A charge worked out before it is made: where the charger's nearest figure ends, what it costs.
struct Run {
    /// The charger's nearest figure, who runs: the others are arranged around him.
    runner: u32,
    shift: (f64, f64),
    cost: f64,
    /// What the charger stopped at, in words ("at the North wall").
    against: Option<String>,
    /// The obstacle or building the target holds that stopped the charge: the target defends it.
    held: Option<String>,
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

fn run(ctx: &Ctx, unit: &Unit, target: &Unit) -> Result<Run, GameError> {
    if ctx.army_of(target) == ctx.army_of(unit) {
        return Err(GameError::BadInput(format!("{} is on the same side", target.name)));
    }
    let (mine, theirs) = (unit.alive_positions(), target.alive_positions());
    let pair = nearest(&mine, &theirs).expect("live units have figures");
    let (from, to) = (mine[pair.a_index], theirs[pair.b_index]);
    let runner = unit.alive().nth(pair.a_index).expect("a live figure").id;
    let movement = &ctx.charts.movement;
    let gap = distance(from, to);
    // Base to base: the two figures' middles a base apart.
    let mut stop = if gap > BASE { (gap - BASE) / gap } else { 0.0 };
    // Up to a wall: half a base short of its face.
    let short_of = |meets: f64| (meets - BASE / 2.0 / gap.max(1e-9)).max(0.0);
    let mut cost = 0.0;
    let mut against = None;
    let mut held = None;
    let holds = |area: &crate::measure::TerrainArea| {
        target.alive().any(|f| {
            area.polygon.contains(f.pos) || area.polygon.distance_to_outline(f.pos) <= movement.holds_obstacle_within
        })
    };
    let mounted = ctx.profile(unit).class == Class::Mounted;
    // A charger inside a building goes out by its door, or fights across the wall an enemy stands at.
    if let Some(building) = doors::building_around(ctx, from)
        && let Some(meets) = building.area.polygon.first_meeting(from, to).filter(|t| *t <= stop)
        && !building.door_at(Pt::new(from.x + (to.x - from.x) * meets, from.y + (to.y - from.y) * meets))
    {
        let at_the_wall =
            target.alive().any(|f| building.area.polygon.distance_to_outline(f.pos) <= movement.holds_obstacle_within);
        if !at_the_wall {
            return refuse(format!(
                "{} is in {}: it charges out by a door, or at an enemy at its wall ({})",
                unit.name,
                building.name(),
                building.no_way_through()
            ));
        }
        stop = short_of(meets);
        against = Some(format!("at {}", building.name()));
    }
    for area in &ctx.scenario.terrain {
        let cover = ctx.charts.cover(&area.cover);
        if !(cover.obstacle || cover.blocks) || area.polygon.contains(from) {
            continue;
        }
        let Some(meets) = area.polygon.first_meeting(from, to) else { continue };
        if meets > stop {
            continue;
        }
        if area.polygon.contains(to) || (cover.obstacle && holds(area)) {
            // Contact across the wall: stop just short of it, and the target defends it.
            stop = short_of(meets);
            against = Some(format!("at {}", area.name));
            held = Some(area.name.clone());
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
    let run = gap * stop;
    let reach = ctx.profile(unit).movement;
    if run + cost > reach + MOVE_TOLERANCE {
        let paid = if cost > 0.0 { format!(" and {cost:.0}\" to cross") } else { String::new() };
        return refuse(format!(
            "{} is out of reach: the charge would run {run:.1}\"{paid}, past {} {reach}\" move",
            target.name,
            possessive(&unit.name)
        ));
    }
    Ok(Run { runner, shift: ((to.x - from.x) * stop, (to.y - from.y) * stop), cost, against, held })
}

pub fn charge(ctx: &Ctx, unit: &str, target: &str) -> Result<Outcome, GameError> {
    let unit = charging(ctx, unit)?;
    let target = ctx.live_unit(target)?;
    let Run { runner, shift: (dx, dy), cost, against, held } = run(ctx, unit, target)?;
    let followers =
        Room::for_unit(ctx, unit, true).arrange(&unit.name, &standing(unit), runner, (dx, dy), ctx.charts.movement.regroup)?;
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
