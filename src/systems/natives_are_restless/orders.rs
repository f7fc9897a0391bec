//! The single actions besides moving and fighting: natives withdrawing a group (its figures back off the
//! table), squads combining, a squad man crewing a gun and a crewman rejoining a squad, a gun turning, and
//! the special actions the log records in words.

use super::NativesAreRestless;
use super::context::{Ctx, MELEE};
use super::arranging::Room;
use super::deck::spend;
use super::movement::refuse;
use super::tables::{Army, Class};
use super::turn::{Change, Left};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt, nearest, normalise_degrees};
use crate::roster::{Placed, Role, Unit};
use super::words::agrees;
use crate::rules::{RuleSystem, possessive};

/// The natives take a group off the table; its figures may be raised again.
pub fn withdraw(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    let unit = ctx.ready_to_act(unit, "withdraw")?;
    if ctx.army_of(unit) != Army::Natives {
        return refuse(format!("{} cannot withdraw: only the natives take groups off the table", unit.name));
    }
    let mut effects = recycle(ctx, unit, Left::Withdrawn);
    effects.extend(spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!(
            "{} {}: {} back among the natives off the table",
            unit.name,
            agrees(&unit.name, "withdraws", "withdraw"),
            crate::rules::plural(unit.alive_count() as usize, "figure", "figures")
        ),
        rolls: Vec::new(),
        effects,
    })
}

/// A native group off the table, its figures back in the pool (a gun counts as one), and how it left.
pub fn recycle(ctx: &Ctx, unit: &Unit, how: Left) -> Vec<Effect> {
    let alive: Vec<u32> = unit.alive().map(|f| f.id).collect();
    let figures = if ctx.is_gun(unit) { 1 } else { alive.len() as u32 };
    vec![
        Effect::Losses { unit: unit.id.clone(), figures: alive },
        NativesAreRestless::effect(Change::Recycled { kind: unit.kind.clone(), figures }),
        NativesAreRestless::effect(Change::Left { unit: unit.id.clone(), how }),
    ]
}

fn squad_check<'a>(ctx: &Ctx<'a>, unit: &'a Unit, doing: &str) -> Result<&'a Unit, GameError> {
    if ctx.army_of(unit) != Army::Defenders || ctx.is_gun(unit) {
        return refuse(format!("{} is not a squad of the defenders: only squads {doing}", unit.name));
    }
    Ok(unit)
}

/// The table's own limit on how far a man goes to crew a gun or to rejoin a squad: the text gives none.
pub const CREWING_OPTION: &str = "crewing_within_6_inches";

/// Refuses a crewman's move to or from a gun past the table's limit, when it plays one.
fn within_crewing(ctx: &Ctx, squad: &Unit, gun: &Unit, gun_place: &[Pt]) -> Result<(), GameError> {
    if !ctx.option(CREWING_OPTION) {
        return Ok(());
    }
    within(squad, &squad.alive_positions(), &gun.name, gun_place, ctx.charts.movement.crew_within)
}

fn within(unit: &Unit, mine: &[Pt], other: &str, theirs: &[Pt], inches: f64) -> Result<(), GameError> {
    let gap = nearest(mine, theirs).map_or(f64::INFINITY, |p| p.distance);
    if gap > inches + MOVE_TOLERANCE {
        return refuse(format!("{} is {gap:.1}\" from {other}: past {inches}\"", unit.name));
    }
    Ok(())
}

fn not_in_melee(ctx: &Ctx, unit: &Unit) -> Result<(), GameError> {
    match ctx.turn.melee_of(&unit.id) {
        Some(_) => Err(Refusal::by_rule(
            format!("{} {} locked in melee", unit.name, agrees(&unit.name, "is", "are")),
            MELEE,
        )
        .into()),
        None => Ok(()),
    }
}

/// Fallen figures of `role` that may be brought back, oldest casualty first.
fn room(unit: &Unit, role: Role) -> Vec<u32> {
    unit.figures.iter().filter(|f| !f.alive && f.role == role).map(|f| f.id).collect()
}

/// Refuses a unit that may not combine with any squad now.
pub fn combining<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    squad_check(ctx, ctx.ready_to_act(unit, "combine")?, "combine")
}

/// Two small squads within 6" become one: `unit` joins `into`, its Officer/NCO a private for good.
pub fn combine(ctx: &Ctx, unit: &str, into: &str) -> Result<Outcome, GameError> {
    let unit = combining(ctx, unit)?;
    let into = squad_check(ctx, ctx.live_unit(into)?, "combine")?;
    if into.id == unit.id {
        return Err(GameError::BadInput("a squad combines with another squad".into()));
    }
    not_in_melee(ctx, into)?;
    if ctx.profile(into).class == Class::Mounted && ctx.profile(unit).class == Class::Foot {
        return refuse(format!(
            "{} cannot join {}: mounted men may join a squad on foot (and become foot), but men on foot do not join mounted men",
            unit.name, into.name
        ));
    }
    within(unit, &unit.alive_positions(), &into.name, &into.alive_positions(), ctx.charts.movement.combine_within)?;
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
    // The men who join stand round their new Officer/NCO, each at the free place nearest where he stood.
    let officer = into.anchor().expect("live units have figures");
    let mut room = Room::for_unit(ctx, into, false).without(&unit.id).with_own(into, None);
    let mut placed = Vec::new();
    for (slot, man) in restored.iter().zip(&joining) {
        let Some(at) = room.spot(officer, man.pos, ctx.charts.movement.regroup) else {
            return refuse(format!("there is no room round the Officer/NCO of {} for the men of {}", into.name, unit.name));
        };
        room.take(at, &into.id);
        placed.push(Placed { figure: *slot, at });
    }
    let mut effects = vec![
        Effect::Losses { unit: unit.id.clone(), figures: joining.iter().map(|f| f.id).collect() },
        Effect::Restore { unit: into.id.clone(), figures: restored },
        Effect::Place { unit: into.id.clone(), figures: placed },
    ];
    effects.extend(spend(ctx, &unit.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!(
            "{} {} into {} ({}; {} Officer/NCO becomes a private)",
            unit.name,
            agrees(&unit.name, "combines", "combine"),
            into.name,
            crate::rules::plural(joining.len(), "man", "men"),
            agrees(&unit.name, "its", "their")
        ),
        rolls: Vec::new(),
        effects,
    })
}

/// Refuses a unit that may not send a man to crew any gun now.
pub fn crewing<'a>(ctx: &Ctx<'a>, squad: &str) -> Result<&'a Unit, GameError> {
    squad_check(ctx, ctx.ready_to_act(squad, "crew a gun")?, "crew a gun")
}

/// A man of a squad replaces one of a gun's lost crew: one action per man.
pub fn crew(ctx: &Ctx, squad: &str, gun: &str) -> Result<Outcome, GameError> {
    let squad = crewing(ctx, squad)?;
    let gun = ctx.unit(gun)?;
    if !ctx.is_gun(gun) || ctx.army_of(gun) != Army::Defenders {
        return Err(GameError::BadInput(format!("{} is not one of the defenders' guns", gun.name)));
    }
    not_in_melee(ctx, gun)?;
    let Some(&slot) = room(gun, Role::Crew).first() else {
        return refuse(format!("{} has its full crew", gun.name));
    };
    let Some(man) = squad.alive().filter(|f| f.role != Role::Leader).last() else {
        return refuse(format!("{} has only its Officer/NCO left", squad.name));
    };
    // The gun never moves: it stands where its crew stood, whether or not any is left alive.
    let gun_place: Vec<Pt> = gun.figures.iter().map(|f| f.pos).collect();
    within_crewing(ctx, squad, gun, &gun_place)?;
    let mut effects = vec![
        Effect::Losses { unit: squad.id.clone(), figures: vec![man.id] },
        Effect::Restore { unit: gun.id.clone(), figures: vec![slot] },
    ];
    effects.extend(spend(ctx, &squad.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("A man of {} replaces one of {} lost crew", squad.name, possessive(&gun.name)),
        rolls: Vec::new(),
        effects,
    })
}

/// Refuses a gun that may not send a crewman to any squad now.
pub fn sending_crewman<'a>(ctx: &Ctx<'a>, gun: &str) -> Result<&'a Unit, GameError> {
    let gun = ctx.ready_to_act(gun, "send a crewman to a squad")?;
    if !ctx.is_gun(gun) || ctx.army_of(gun) != Army::Defenders {
        return Err(GameError::BadInput(format!("{} is not one of the defenders' guns", gun.name)));
    }
    if ctx.turn.gun_ammunition > 0 {
        return refuse(format!("{} still has ammunition: its crew rejoin a squad only when it has none", gun.name));
    }
    Ok(gun)
}

/// With the gun out of ammunition, a crewman becomes an infantryman again in a squad with room.
pub fn rejoin(ctx: &Ctx, gun: &str, squad: &str) -> Result<Outcome, GameError> {
    let gun = sending_crewman(ctx, gun)?;
    let squad = squad_check(ctx, ctx.live_unit(squad)?, "take in a crewman")?;
    not_in_melee(ctx, squad)?;
    let Some(&slot) = room(squad, Role::Private).first() else {
        return refuse(format!("{} has no room: six men and an Officer/NCO", squad.name));
    };
    within_crewing(ctx, squad, gun, &gun.alive_positions())?;
    let man = gun.alive().last().expect("live units have figures");
    // He joins the squad where it stands, at the free place nearest him beside its Officer/NCO (or first man).
    let officer = squad.anchor().expect("live units have figures");
    let room = Room::for_unit(ctx, squad, false).with_own(squad, None);
    let Some(at) = room.spot(officer, man.pos, ctx.charts.movement.regroup) else {
        return refuse(format!("there is no room beside the Officer/NCO of {} for another man", squad.name));
    };
    let mut effects = vec![
        Effect::Losses { unit: gun.id.clone(), figures: vec![man.id] },
        Effect::Restore { unit: squad.id.clone(), figures: vec![slot] },
        Effect::Place { unit: squad.id.clone(), figures: vec![Placed { figure: slot, at }] },
    ];
    effects.extend(spend(ctx, &gun.id, false, !ctx.turn.melees.is_empty()));
    Ok(Outcome::Resolved {
        summary: format!("A crewman of {} joins {} as an infantryman", gun.name, squad.name),
        rolls: Vec::new(),
        effects,
    })
}

/// Refuses a gun that may not turn now: "if they are fully crewed".
pub fn turnable<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let gun = ctx.ready_to_act(unit, "turn")?;
    if !ctx.is_gun(gun) {
        return Err(GameError::BadInput(format!("{} is not a gun: other units face any way as they move", gun.name)));
    }
    let crew = ctx.charts.fire.gun_crew;
    if gun.crew_alive() < crew {
        return refuse(format!(
            "{} has {} of its {crew} crew: a gun turns only when fully crewed",
            gun.name,
            gun.crew_alive()
        ));
    }
    Ok(gun)
}

/// A machine gun or field gun turns to any facing as a move action, only when fully crewed.
pub fn turn_gun(ctx: &Ctx, unit: &str, facing: f64) -> Result<Outcome, GameError> {
    let gun = turnable(ctx, unit)?;
    if !facing.is_finite() {
        return Err(GameError::BadInput("`facing` is degrees clockwise from up the table".into()));
    }
    // A full turn (360, as a rounded 359.6 reads) is 0; past it is a slip of the finger, not a turn round.
    if !(0.0..=360.0).contains(&facing) {
        return super::movement::refuse(format!(
            "{} turns to a facing from 0 to 359 degrees clockwise from up the table: {facing} is not one",
            gun.name
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
