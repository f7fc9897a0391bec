//! Moving: colonial foot 6" from the Officer/NCO, mounted colonials 12", natives 8" and mounted natives
//! 12" from any figure; a linear obstacle is a full move to cross (mounted troops pay 6" instead; a high
//! wall stops them); a defended obstacle cannot be crossed. All of it is measured for the figure the unit
//! measures from, and the others are arranged around him; a move never ends in contact (contact is a
//! charge). Floors and doors: a floor change is a full move, and a move
//! out of a building is measured from its door. A group just raised is dragged along its edge for free.

use super::NativesAreRestless;
use super::context::{Ctx, MOVEMENT, SET_UP};
use super::deck::spend;
use super::arranging::{Hindrance, Room};
use super::{doors, obstacles};
use super::tables::{Army, Class};
use super::turn::Change;
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{
    Edge, MOVE_TOLERANCE, Pt, TerrainArea, distance, distance_to_segment, normalise_degrees, path_length,
};
use crate::roster::{Placed, Unit};
use super::words::agrees;
use crate::rules::{RuleSystem, and_list, possessive};

pub fn refuse<T>(why: String) -> Result<T, GameError> {
    Err(Refusal::by_rule(why, MOVEMENT).into())
}

pub fn other(army: Army) -> Army {
    match army {
        Army::Defenders => Army::Natives,
        Army::Natives => Army::Defenders,
    }
}

/// Refuses a unit that may not move at all now, before its route is read.
pub fn can_move<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let unit = ctx.ready_to_act(unit, "move")?;
    let profile = ctx.profile(unit);
    if profile.class == Class::Gun && profile.army == Army::Defenders {
        return refuse(format!("{} may not move position during the game; it may only turn", unit.name));
    }
    if ctx.turn.gun_fired.contains(&unit.id) {
        return refuse(format!("{} has fired: a field gun never moves again once it has", unit.name));
    }
    Ok(unit)
}

/// Where every live figure of `unit` ends when it moves by `(dx, dy)` and the figures in `placed` are set
/// where they say.
fn ends(unit: &Unit, dx: f64, dy: f64, placed: &[Placed]) -> Vec<Pt> {
    unit.alive()
        .map(|f| placed.iter().find(|p| p.figure == f.id).map_or(Pt::new(f.pos.x + dx, f.pos.y + dy), |p| p.at))
        .collect()
}

/// Refuses figures of `unit` (moving rigidly) ending at `ends` that would leave the table, stand on a
/// wall, a building's wall or another figure, or in contact with an enemy.
pub fn lands_clear(ctx: &Ctx, unit: &Unit, ends: &[Pt]) -> Result<(), GameError> {
    let room = Room::for_unit(ctx, unit, false);
    match ends.iter().find_map(|p| room.hindrance(*p)) {
        Some(why) => refuse(stands(&unit.name, why)),
        None => Ok(()),
    }
}

/// Why a unit's figure may not end where it would, in a player's words.
fn stands(unit: &str, why: Hindrance) -> String {
    match why {
        Hindrance::OffTable => format!("{unit} would leave the table"),
        Hindrance::Contact(enemy) => {
            format!("{unit} would end in contact with {enemy}: contact is made by a charge, which starts a melee")
        }
        other => format!("{unit}: the figure measured would stand {other}"),
    }
}

/// An obstacle is defended where `route` goes over it: an enemy figure holds it (stands within 1.5" of
/// it) within 3" of the crossing. The enemy unit holding it, if any.
fn defended<'a>(ctx: &Ctx<'a>, unit: &Unit, obstacle: &TerrainArea, route: &[Pt]) -> Option<&'a Unit> {
    let movement = &ctx.charts.movement;
    let crossing = obstacles::over_it(&obstacle.polygon, route);
    ctx.army_units(other(ctx.army_of(unit))).find(|enemy| {
        enemy.alive().any(|f| {
            obstacle.polygon.distance_to_outline(f.pos) <= movement.holds_obstacle_within
                && crossing.iter().any(|(a, b)| distance_to_segment(f.pos, *a, *b) <= movement.defended_within)
        })
    })
}

/// The walls and barricades `route` crosses, its figure measured having stood on his men's side of any he
/// stood on (`others`: where his men stand).
pub fn crossings<'a>(ctx: &Ctx<'a>, route: &[Pt], others: &[Pt]) -> Vec<&'a TerrainArea> {
    ctx.scenario
        .terrain
        .iter()
        .filter(|a| ctx.charts.cover(&a.cover).obstacle)
        .filter(|a| obstacles::crosses(&a.polygon, route, obstacles::side_of_figure(&a.polygon, route[0], others)))
        .collect()
}

/// The wall or barricade `route` brushes past without crossing it (see `obstacles::brushes`), other than
/// those it crosses (`crossed`).
fn brushed<'a>(ctx: &Ctx<'a>, route: &[Pt], others: &[Pt], crossed: &[&TerrainArea]) -> Option<&'a TerrainArea> {
    ctx.scenario
        .terrain
        .iter()
        .filter(|a| ctx.charts.cover(&a.cover).obstacle && !crossed.iter().any(|c| std::ptr::eq(*c, *a)))
        .find(|a| obstacles::brushes(&a.polygon, route, obstacles::side_of_figure(&a.polygon, route[0], others)))
}

/// A move is measured for the figure the unit measures from, along its route: the walls it goes over, the
/// doors it goes through and what it costs are his alone; the unit's other figures are then arranged
/// around him ("measuring the move for the Officer/NCO and then arranging the members of his squad around
/// him as necessary").
pub fn travel(ctx: &Ctx, unit: &str, path: &[Pt], facing: Option<f64>) -> Result<Outcome, GameError> {
    if path.is_empty() || path.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(GameError::BadInput("a move needs `path`: one or more points in inches".into()));
    }
    if ctx.turn.fresh.contains(unit) {
        return drag_along_edge(ctx, unit, *path.last().unwrap());
    }
    let unit = can_move(ctx, unit)?;
    let measured = unit.anchor_figure().expect("live units have figures");
    let origin = measured.pos;
    let end = *path.last().unwrap();
    if distance(origin, end) < MOVE_TOLERANCE {
        return refuse(format!(
            "{} would end where it stands: a move that goes nowhere is no move, and spends no action",
            unit.name
        ));
    }
    let (dx, dy) = (end.x - origin.x, end.y - origin.y);
    let (route, mut door_words) = measured_route(ctx, unit, origin, path)?;
    doors::by_the_doors(ctx, &route)?;
    if let Some(entered) = doors::building_around(ctx, end).filter(|b| !b.area.polygon.contains(origin)) {
        let and = if door_words.is_empty() { "" } else { " and" };
        door_words.push_str(&format!("{and} in through the door of {}", entered.name()));
    }
    let start = route[0];
    let length = path_length(&route);
    let profile = ctx.profile(unit);
    let allowance = profile.movement;
    let men: Vec<Pt> = unit.alive().filter(|f| f.id != measured.id).map(|f| f.pos).collect();
    let crossed = crossings(ctx, &route, &men);
    let mounted = profile.class == Class::Mounted;
    if !mounted && crossed.len() > 1 {
        let names: Vec<&str> = crossed.iter().map(|a| a.name.as_str()).collect();
        return refuse(format!(
            "crossing a linear obstacle is a full move on foot, so one is crossed a move: this route goes over {}",
            and_list(&names)
        ));
    }
    if let Some(twice) = crossed.iter().find(|a| !mounted && obstacles::times_over(&a.polygon, &route) > 1) {
        return refuse(format!(
            "crossing a linear obstacle is a full move on foot, so one is crossed a move: this route goes over {} and back",
            twice.name
        ));
    }
    let mut extra = 0.0;
    for obstacle in &crossed {
        if let Some(holder) = defended(ctx, unit, obstacle, &route) {
            let movement = &ctx.charts.movement;
            return refuse(format!(
                "{} is defended: {} {} it (a figure within {}\" of it and {}\" of where this route goes over it); it cannot be crossed until all its defenders are killed or pushed back",
                obstacle.name,
                holder.name,
                agrees(&holder.name, "holds", "hold"),
                movement.holds_obstacle_within,
                movement.defended_within
            ));
        }
        if mounted {
            if ctx.charts.cover(&obstacle.cover).high {
                return refuse(format!("{} is higher than a figure: impassable to mounted troops", obstacle.name));
            }
            extra += ctx.charts.movement.mounted_obstacle_cost * obstacles::times_over(&obstacle.polygon, &route) as f64;
        } else {
            // A full move: the unit goes over from where it stands and stops on the far side.
            let near = ctx.charts.movement.regroup;
            if obstacle.polygon.distance_to_outline(start) > near {
                return refuse(format!(
                    "crossing {} is a full move: move up to it first (within {near}\"), then cross it as a move of its own",
                    obstacle.name
                ));
            }
            if obstacle.polygon.distance_to_outline(end) > near {
                return refuse(format!(
                    "crossing {} is a full move: the unit goes over it and stops within {near}\" beyond it",
                    obstacle.name
                ));
            }
        }
    }
    if length + extra > allowance + MOVE_TOLERANCE {
        let paid = if extra > 0.0 { format!(" and {extra:.0}\" to cross") } else { String::new() };
        return refuse(format!("{}: a move of {length:.1}\"{paid} is past its {allowance}\"", unit.name));
    }
    let mut room = Room::for_unit(ctx, unit, false);
    if let Some(why) = room.hindrance(end) {
        return refuse(stands(&unit.name, why));
    }
    if let Some(brushed) = brushed(ctx, &route, &men, &crossed) {
        return refuse(format!(
            "{} route passes nearer {} than half a base without crossing it: a base is an inch across, so no figure slips past a wall or barricade closer than that (cross it, or go round it clear)",
            possessive(&unit.name),
            brushed.name
        ));
    }
    // His men go the same way, or round to him where it passes an enemy: only his may not.
    if let Some(enemy) = route.windows(2).find_map(|leg| room.in_the_way(leg[0], leg[1], None)) {
        return refuse(format!("{} would pass through {}: that is contact: charge them", unit.name, ctx.name_of(enemy)));
    }
    let whole: Vec<Pt> = std::iter::once(origin).chain(path.iter().copied()).collect();
    let placed = room.arrange(unit, measured.id, &whole, ctx.charts.movement.regroup)?;
    let mut effects = vec![Effect::Shift { unit: unit.id.clone(), dx, dy }];
    if !placed.is_empty() {
        effects.push(Effect::Place { unit: unit.id.clone(), figures: placed });
    }
    if let Some(f) = facing.filter(|f| f.is_finite()) {
        effects.push(Effect::Face { unit: unit.id.clone(), facing: normalise_degrees(f) });
    }
    effects.extend(spend(ctx, &unit.id, true, !ctx.turn.melees.is_empty()));
    let over = match crossed.is_empty() {
        true => String::new(),
        false => format!(" over {}", crossed.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ")),
    };
    let paid = if extra > 0.0 { format!(" (and {extra:.0}\" to cross)") } else { String::new() };
    Ok(Outcome::Resolved {
        summary: format!("{} moved {length:.1}\"{door_words}{over}{paid}", unit.name),
        rolls: Vec::new(),
        effects,
    })
}

/// The route a move is measured along: from the figure measured, or, when he leaves a building, from its
/// door ("if they do so the move is measured from the door"): the way inside to the door is free, and the
/// door taken is the one that gives the shortest way on by the path's points beyond the wall.
fn measured_route(ctx: &Ctx, unit: &Unit, origin: Pt, path: &[Pt]) -> Result<(Vec<Pt>, String), GameError> {
    let end = *path.last().expect("a move has a path");
    let whole: Vec<Pt> = std::iter::once(origin).chain(path.iter().copied()).collect();
    let Some(building) = doors::building_around(ctx, origin).filter(|b| !b.area.polygon.contains(end)) else {
        return Ok((whole, String::new()));
    };
    if ctx.level_of(unit) > 0 {
        let level = ctx.building_at(origin).and_then(|b| b.levels.get(ctx.level_of(unit)));
        return refuse(format!(
            "{} is on the {} of {}: come down to the ground floor first (a full move)",
            unit.name,
            level.map_or("upper floor", String::as_str),
            building.name()
        ));
    }
    let beyond: Vec<Pt> = path.iter().copied().skip_while(|p| building.area.polygon.contains(*p)).collect();
    let by_door = |door: &Pt| std::iter::once(*door).chain(beyond.iter().copied()).collect::<Vec<Pt>>();
    let nearest = building.doors.iter().min_by(|a, b| distance(**a, end).total_cmp(&distance(**b, end)));
    let Some(nearest) = nearest else {
        return refuse(building.no_way_through());
    };
    let shortest = building
        .doors
        .iter()
        .map(by_door)
        .filter(|route| doors::by_the_doors(ctx, route).is_ok())
        .min_by(|a, b| path_length(a).total_cmp(&path_length(b)));
    match shortest {
        Some(route) => Ok((route, format!(" out through the door of {}", building.name()))),
        None => doors::by_the_doors(ctx, &by_door(nearest)).map(|_| (whole, String::new())),
    }
}

/// A group just raised goes anywhere along its starting edge, kept together, at no cost: the table
/// edge its first figure is nearest, every figure within the inset it entered at (and an inch more).
fn drag_along_edge(ctx: &Ctx, unit: &str, to: Pt) -> Result<Outcome, GameError> {
    ctx.nothing_owed()?;
    let unit = ctx.live_unit(unit)?;
    let start = ctx.origin(unit).expect("live units have figures");
    let table = &ctx.scenario.table;
    let edge = Edge::nearest(table, start);
    let (dx, dy) = (to.x - start.x, to.y - start.y);
    let off_edge = ends(unit, dx, dy, &[]).iter().any(|p| edge.distance_from(table, *p) > 2.0);
    if off_edge {
        return Err(Refusal::by_rule(
            format!(
                "{} enters on the {} edge: it may be placed anywhere along it, not away from it",
                unit.name,
                edge.name()
            ),
            SET_UP,
        )
        .into());
    }
    lands_clear(ctx, unit, &ends(unit, dx, dy, &[]))?;
    Ok(Outcome::Resolved {
        summary: format!(
            "{} {} along the {} edge",
            unit.name,
            agrees(&unit.name, "takes its place", "take their place"),
            edge.name()
        ),
        rolls: Vec::new(),
        effects: vec![Effect::Shift { unit: unit.id.clone(), dx, dy }],
    })
}

/// "Moving from a floor in a building to any other floor in the same building (or the roof) is a full
/// move."
pub fn climb(ctx: &Ctx, unit: &str, level: &str) -> Result<Outcome, GameError> {
    let unit = can_move(ctx, unit)?;
    let at = ctx.origin(unit).expect("live units have figures");
    let Some(building) = ctx.building_at(at).filter(|b| b.levels.len() > 1) else {
        return refuse(format!("{} is not in a building with floors", unit.name));
    };
    let Some(to) = building.levels.iter().position(|l| l == level) else {
        return Err(GameError::BadInput(format!(
            "{} has the levels {}",
            building.name.get_ref(),
            building.levels.join(", ")
        )));
    };
    if to == ctx.level_of(unit) {
        return refuse(format!("{} is already on the {level}", unit.name));
    }
    let mut effects = vec![NativesAreRestless::effect(Change::Level { unit: unit.id.clone(), level: to })];
    effects.extend(spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("{}: to the {level} of {} (a full move)", unit.name, building.name.get_ref()),
        rolls: Vec::new(),
        effects,
    })
}

/// The levels of the building `unit` stands in that it may climb to.
pub fn climb_levels(ctx: &Ctx, unit: &Unit) -> Vec<String> {
    let Some(at) = ctx.origin(unit) else { return Vec::new() };
    let here = ctx.level_of(unit);
    ctx.building_at(at)
        .map(|b| b.levels.iter().enumerate().filter(|(i, _)| *i != here).map(|(_, l)| l.clone()).collect())
        .unwrap_or_default()
}
