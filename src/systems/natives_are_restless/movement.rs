//! Moving: colonial foot 6" from the Officer/NCO, mounted colonials 12", natives 8" and mounted natives
//! 12" from any figure; a linear obstacle is a full move to cross (mounted troops pay 6" instead; a high
//! wall stops them); a defended obstacle cannot be crossed. Guns: the defenders' never move and turn only
//! fully crewed; the natives' moves as infantry until it first fires. Contact (a charge) starts a melee.
//! Also the other single actions: combining squads, crewing a gun, a crewman rejoining a squad, natives
//! withdrawing a group, and the special actions the log records.

use super::NativesAreRestless;
use super::context::{Ctx, MELEE, MOVEMENT, distance_to_polygon, distance_to_segment};
use super::deck::spend;
use super::tables::{Army, Class};
use super::turn::{Change, Melee};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, distance, nearest, normalise_degrees, path_length};
use crate::roster::{Placed, Role, Unit};
use crate::rules::RuleSystem;

fn refuse<T>(why: String) -> Result<T, GameError> {
    Err(Refusal::by_rule(why, MOVEMENT).into())
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

pub fn travel(ctx: &Ctx, unit: &str, path: &[Pt], facing: Option<f64>) -> Result<Outcome, GameError> {
    let unit = can_move(ctx, unit)?;
    if path.is_empty() || path.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(GameError::BadInput("a move needs `path`: one or more points in inches".into()));
    }
    let start = ctx.origin(unit).expect("live units have figures");
    let route: Vec<Pt> = std::iter::once(start).chain(path.iter().copied()).collect();
    let end = *route.last().unwrap();
    let mut length = path_length(&route);
    let mut door_words = String::new();
    if let Some(building) = ctx.building_at(start).filter(|_| ctx.building_at(end).is_none()) {
        if ctx.level_of(unit) > 0 {
            return refuse(format!(
                "{} is on the {} of {}: come down to the ground floor first (a full move)",
                unit.name,
                building.levels.get(ctx.level_of(unit)).map_or("upper floor", String::as_str),
                building.name.get_ref()
            ));
        }
        // Figures leaving a building go out through a door, and the move is measured from it.
        if let Some(door) = building
            .doors
            .iter()
            .map(|d| Pt::new(d.get_ref()[0], d.get_ref()[1]))
            .min_by(|a, b| distance(*a, end).total_cmp(&distance(*b, end)))
        {
            length = path_length(&[door, end]);
            door_words = format!(" out through the door of {}", building.name.get_ref());
        }
    }
    let profile = ctx.profile(unit);
    let allowance = profile.movement;
    let mut cost = length;
    let crossed: Vec<_> = ctx
        .scenario
        .terrain
        .iter()
        .filter(|a| ctx.charts.cover(&a.cover).obstacle && a.polygon.path_crosses(&route))
        .collect();
    for obstacle in &crossed {
        let cover = ctx.charts.cover(&obstacle.cover);
        let reach = ctx.charts.movement.holds_obstacle_within;
        let defended = ctx.army_units(other(ctx.army_of(unit))).flat_map(|u| u.alive()).any(|f| {
            distance_to_polygon(f.pos, &obstacle.polygon) <= reach
                && route.windows(2).any(|w| distance_to_segment(f.pos, w[0], w[1]) <= 2.0 * reach)
        });
        if defended {
            return refuse(format!(
                "{} is defended: it cannot be crossed until all its defenders are killed or pushed back",
                obstacle.name
            ));
        }
        if profile.class == Class::Mounted {
            if cover.high {
                return refuse(format!("{} is higher than a figure: impassable to mounted troops", obstacle.name));
            }
            cost += ctx.charts.movement.mounted_obstacle_cost;
        } else {
            // A full move: the unit goes over from where it stands and stops on the far side.
            let near = ctx.charts.movement.regroup;
            if distance_to_polygon(start, &obstacle.polygon) > near
                || distance_to_polygon(end, &obstacle.polygon) > near
            {
                return refuse(format!(
                    "crossing {} is a full move: move up to it first, then cross it as a move of its own, stopping within {near}\" beyond it",
                    obstacle.name
                ));
            }
        }
    }
    if cost > allowance + MOVE_TOLERANCE {
        let extra =
            if cost > length { format!(" (with {:.0}\" to cross an obstacle)", cost - length) } else { String::new() };
        return refuse(format!("{}: a move of {cost:.1}\"{extra} is past its {allowance}\"", unit.name));
    }
    let (dx, dy) = (end.x - start.x, end.y - start.y);
    if unit.alive().any(|f| !ctx.scenario.table.contains(Pt::new(f.pos.x + dx, f.pos.y + dy))) {
        return refuse(format!("{} would leave the table", unit.name));
    }
    let mut effects = vec![Effect::Shift { unit: unit.id.clone(), dx, dy }];
    if let Some(f) = facing.filter(|f| f.is_finite()) {
        effects.push(Effect::Face { unit: unit.id.clone(), facing: normalise_degrees(f) });
    }
    effects.extend(spend(ctx, &unit.id, true, !ctx.turn.melees.is_empty()));
    let over = if crossed.is_empty() {
        String::new()
    } else {
        format!(" over {}", crossed.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", "))
    };
    Ok(Outcome::Resolved {
        summary: format!("{} moved {length:.1}\"{door_words}{over}", unit.name),
        rolls: Vec::new(),
        effects,
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
        summary: format!("{} go to the {level} of {} (a full move)", unit.name, building.name.get_ref()),
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

pub fn other(army: Army) -> Army {
    match army {
        Army::Defenders => Army::Natives,
        Army::Natives => Army::Defenders,
    }
}

/// The enemies `unit` could charge: within its move of contact.
pub fn charge_targets(ctx: &Ctx, unit: &Unit) -> Vec<String> {
    ctx.army_units(other(ctx.army_of(unit)))
        .filter(|t| charge_check(ctx, unit, t).is_ok())
        .map(|t| t.id.clone())
        .collect()
}

fn charge_check(ctx: &Ctx, unit: &Unit, target: &Unit) -> Result<(f64, Pt, Pt), GameError> {
    if ctx.army_of(target) == ctx.army_of(unit) {
        return Err(GameError::BadInput(format!("{} is on the same side", target.name)));
    }
    let (mine, theirs) = (unit.alive_positions(), target.alive_positions());
    let pair = nearest(&mine, &theirs).expect("live units have figures");
    let (from, to) = (mine[pair.a_index], theirs[pair.b_index]);
    let gap = distance(from, to);
    let reach = ctx.profile(unit).movement + ctx.charts.movement.contact;
    if gap > reach + MOVE_TOLERANCE {
        return refuse(format!("{} is {gap:.1}\" away: past {}'s {reach}\" reach", target.name, unit.name));
    }
    Ok((gap, from, to))
}

/// A move into contact: the nearest figures end half the contact distance apart, and the melee begins
/// (or the unit is fed into the one its target is in).
pub fn charge(ctx: &Ctx, unit: &str, target: &str) -> Result<Outcome, GameError> {
    let unit = can_move(ctx, unit)?;
    if ctx.is_gun(unit) {
        return refuse(format!("{} is a gun: it does not charge", unit.name));
    }
    let target = ctx.live_unit(target)?;
    let (gap, from, to) = charge_check(ctx, unit, target)?;
    let close = ctx.charts.movement.contact / 2.0;
    let mut effects = Vec::new();
    if gap > close {
        let k = (gap - close) / gap;
        let (dx, dy) = ((to.x - from.x) * k, (to.y - from.y) * k);
        effects.push(Effect::Shift { unit: unit.id.clone(), dx, dy });
    }
    let mut melees = ctx.turn.melees.clone();
    let words = match ctx.turn.melee_of(&target.id) {
        Some((i, _)) => {
            melees[i].units.push(unit.id.clone());
            format!("{} is fed into the melee with {}", unit.name, target.name)
        }
        None => {
            melees.push(Melee { units: vec![target.id.clone(), unit.id.clone()], attackers: ctx.army_of(unit) });
            format!(
                "{} charges into contact with {}: a melee, fought on the next picture card or ace",
                unit.name, target.name
            )
        }
    };
    effects.push(NativesAreRestless::effect(Change::Melees { melees }));
    effects.extend(spend(ctx, &unit.id, false, true));
    Ok(Outcome::Resolved { summary: words, rolls: Vec::new(), effects })
}

/// The natives take a group off the table; its figures may be raised again.
pub fn withdraw(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    let unit = ctx.ready_to_act(unit, "withdraw")?;
    if ctx.army_of(unit) != Army::Natives {
        return refuse(format!("{} cannot withdraw: only the natives take groups off the table", unit.name));
    }
    let mut effects = recycle(ctx, unit);
    effects.extend(spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("{} withdraw: {} figures back among the natives off the table", unit.name, unit.alive_count()),
        rolls: Vec::new(),
        effects,
    })
}

/// A native group off the table, its figures back in the pool (a gun counts as one).
pub fn recycle(ctx: &Ctx, unit: &Unit) -> Vec<Effect> {
    let alive: Vec<u32> = unit.alive().map(|f| f.id).collect();
    let figures = if ctx.is_gun(unit) { 1 } else { alive.len() as u32 };
    vec![
        Effect::Losses { unit: unit.id.clone(), figures: alive },
        NativesAreRestless::effect(Change::Recycled { kind: unit.kind.clone(), figures }),
    ]
}

fn squad_check<'a>(ctx: &Ctx<'a>, unit: &'a Unit, doing: &str) -> Result<&'a Unit, GameError> {
    if ctx.army_of(unit) != Army::Defenders || ctx.is_gun(unit) {
        return refuse(format!("{} is not a squad of the defenders: only squads {doing}", unit.name));
    }
    Ok(unit)
}

fn within(ctx: &Ctx, a: &Unit, b: &Unit, inches: f64) -> Result<(), GameError> {
    let gap = nearest(&a.alive_positions(), &b.alive_positions()).map_or(f64::INFINITY, |p| p.distance);
    if gap > inches + MOVE_TOLERANCE {
        return refuse(format!("{} is {gap:.1}\" from {}: past {inches}\"", a.name, b.name));
    }
    let _ = ctx;
    Ok(())
}

/// Fallen figures of `role` that may be brought back, oldest casualty first.
fn room(unit: &Unit, role: Role) -> Vec<u32> {
    unit.figures.iter().filter(|f| !f.alive && f.role == role).map(|f| f.id).collect()
}

/// Two small squads within 6" become one: `unit` joins `into`, its Officer/NCO a private for good.
pub fn combine(ctx: &Ctx, unit: &str, into: &str) -> Result<Outcome, GameError> {
    let unit = squad_check(ctx, ctx.ready_to_act(unit, "combine")?, "combine")?;
    let into = squad_check(ctx, ctx.live_unit(into)?, "combine")?;
    if into.id == unit.id {
        return Err(GameError::BadInput("a squad combines with another squad".into()));
    }
    if ctx.turn.melee_of(&into.id).is_some() {
        return refuse(format!("{} is locked in melee", into.name));
    }
    if ctx.profile(into).class == Class::Mounted && ctx.profile(unit).class == Class::Foot {
        return refuse(format!(
            "combine {} into {}: mounted men joining foot become foot, not the other way",
            into.name, unit.name
        ));
    }
    within(ctx, unit, into, ctx.charts.movement.combine_within)?;
    let free = room(into, Role::Private);
    let joining: Vec<&crate::roster::Figure> = unit.alive().collect();
    if joining.len() > free.len() {
        return refuse(format!(
            "{} has room for {} more men; {} has {}: a squad is at most six men and one Officer/NCO",
            into.name,
            free.len(),
            unit.name,
            joining.len()
        ));
    }
    let restored: Vec<u32> = free[..joining.len()].to_vec();
    let placed: Vec<Placed> = restored.iter().zip(&joining).map(|(id, f)| Placed { figure: *id, at: f.pos }).collect();
    let mut effects = vec![
        Effect::Losses { unit: unit.id.clone(), figures: joining.iter().map(|f| f.id).collect() },
        Effect::Restore { unit: into.id.clone(), figures: restored },
        Effect::Place { unit: into.id.clone(), figures: placed },
    ];
    effects.extend(spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!(
            "{} combine into {} ({} men; their Officer/NCO becomes a private)",
            unit.name,
            into.name,
            joining.len()
        ),
        rolls: Vec::new(),
        effects,
    })
}

/// A man of a squad replaces one of a gun's lost crew: one action per man.
pub fn crew(ctx: &Ctx, squad: &str, gun: &str) -> Result<Outcome, GameError> {
    let squad = squad_check(ctx, ctx.ready_to_act(squad, "crew a gun")?, "crew a gun")?;
    let gun = ctx.unit(gun)?;
    if !ctx.is_gun(gun) || ctx.army_of(gun) != Army::Defenders {
        return Err(GameError::BadInput(format!("{} is not one of the defenders' guns", gun.name)));
    }
    let Some(&slot) = room(gun, Role::Crew).first() else {
        return refuse(format!("{} has its full crew", gun.name));
    };
    let Some(man) = squad.alive().filter(|f| f.role != Role::Leader).last() else {
        return refuse(format!("{} has only its Officer/NCO left", squad.name));
    };
    let at = gun.alive().next().map_or(man.pos, |_| man.pos);
    if gun.alive().next().is_some() {
        within(ctx, squad, gun, ctx.charts.movement.crew_within)?;
    }
    let mut effects = vec![
        Effect::Losses { unit: squad.id.clone(), figures: vec![man.id] },
        Effect::Restore { unit: gun.id.clone(), figures: vec![slot] },
        Effect::Place { unit: gun.id.clone(), figures: vec![Placed { figure: slot, at }] },
    ];
    effects.extend(spend(ctx, &squad.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("A man of {} replaces one of {}'s lost crew", squad.name, gun.name),
        rolls: Vec::new(),
        effects,
    })
}

/// With the gun out of ammunition, a crewman becomes an infantryman again in a squad with room.
pub fn rejoin(ctx: &Ctx, gun: &str, squad: &str) -> Result<Outcome, GameError> {
    let gun = ctx.ready_to_act(gun, "send a crewman to a squad")?;
    if !ctx.is_gun(gun) || ctx.army_of(gun) != Army::Defenders {
        return Err(GameError::BadInput(format!("{} is not one of the defenders' guns", gun.name)));
    }
    if ctx.turn.gun_ammunition > 0 {
        return refuse(format!("{} still has ammunition: its crew rejoin a squad only when it has none", gun.name));
    }
    let squad = squad_check(ctx, ctx.live_unit(squad)?, "take in a crewman")?;
    let Some(&slot) = room(squad, Role::Private).first() else {
        return refuse(format!("{} has no room: six men and an Officer/NCO", squad.name));
    };
    let man = gun.alive().last().expect("live units have figures");
    let mut effects = vec![
        Effect::Losses { unit: gun.id.clone(), figures: vec![man.id] },
        Effect::Restore { unit: squad.id.clone(), figures: vec![slot] },
        Effect::Place { unit: squad.id.clone(), figures: vec![Placed { figure: slot, at: man.pos }] },
    ];
    effects.extend(spend(ctx, &gun.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("A crewman of {} joins {} as an infantryman", gun.name, squad.name),
        rolls: Vec::new(),
        effects,
    })
}

/// A machine gun or field gun turns to any facing as a move action, only when fully crewed.
pub fn turn_gun(ctx: &Ctx, unit: &str, facing: f64) -> Result<Outcome, GameError> {
    let gun = ctx.ready_to_act(unit, "turn")?;
    if !ctx.is_gun(gun) {
        return Err(GameError::BadInput(format!("{} is not a gun: other units face any way as they move", gun.name)));
    }
    if !facing.is_finite() {
        return Err(GameError::BadInput("`facing` is degrees clockwise from up the table".into()));
    }
    let crew = ctx.charts.fire.gun_crew;
    if gun.crew_alive() < crew {
        return refuse(format!(
            "{} has {} of its {crew} crew: a gun turns only when fully crewed",
            gun.name,
            gun.crew_alive()
        ));
    }
    let facing = normalise_degrees(facing);
    let mut effects = vec![Effect::Face { unit: gun.id.clone(), facing }];
    effects.extend(spend(ctx, &gun.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved { summary: format!("{} turns to face {facing:.0}°", gun.name), rolls: Vec::new(), effects })
}

/// Setting fire to a building, pulling down a barricade: a single action the log records in words.
pub fn special(ctx: &Ctx, unit: &str, text: &str) -> Result<Outcome, GameError> {
    let unit = ctx.ready_to_act(unit, "take a special action")?;
    let text = text.trim();
    if text.is_empty() || text.chars().count() > 200 {
        return Err(GameError::BadInput(
            "a special action needs `text`: what the unit does, in up to 200 characters".into(),
        ));
    }
    let effects = spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty());
    Ok(Outcome::Resolved { summary: format!("{}: {text} (special action)", unit.name), rolls: Vec::new(), effects })
}

/// Whether `unit` may have its figures rearranged by hand now, and within what.
pub fn placement(ctx: &Ctx, unit: &Unit) -> Result<crate::rules::Placement, GameError> {
    let turn = ctx.turn;
    if turn.fresh.contains(&unit.id) {
        return Ok(crate::rules::Placement::free(format!(
            "{}: the group may be placed anywhere along its starting edge, kept together",
            super::context::SET_UP
        )));
    }
    if turn.moved.contains(&unit.id) {
        let regroup = ctx.charts.movement.regroup;
        let mut placement = crate::rules::Placement::free(format!(
            "{MOVEMENT}: the others are grouped around the figure measured, within {regroup}\""
        ));
        placement.around_leader = Some(regroup);
        placement.step = Some(ctx.profile(unit).movement.max(regroup));
        return Ok(placement);
    }
    Err(Refusal::by_rule(
        format!("{}'s figures are arranged as it moves, or when its group enters", unit.name),
        if turn.melee_of(&unit.id).is_some() { MELEE } else { MOVEMENT },
    )
    .into())
}
