//! Arranging a unit's figures by hand: a group just raised anywhere along its edge, kept together; a unit
//! that has moved, regrouped around the figure measured until the card ends. Never into contact (contact
//! is a charge), and every base where a base may stand: the engine places the figures, and each is then
//! held to the same room a move arranges men in. A correction, which answers to no rule, still takes a
//! unit it puts outside its building down to the ground.

use super::NativesAreRestless;
use super::arranging::{Room, same_side};
use super::context::{Ctx, MELEE, MOVEMENT, SET_UP};
use super::turn::Change;
use crate::game::{Action, Effect, GameError, Outcome, Refusal};
use crate::roster::{Placed, Unit};
use crate::rules::{Placement, RuleSystem, possessive};

/// Whether `unit` may have its figures rearranged by hand now, and within what.
pub fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
    let turn = ctx.turn;
    let regroup = ctx.charts.movement.regroup;
    let mut placement = if turn.fresh.contains(&unit.id) {
        Placement::free(format!(
            "{SET_UP}: the group goes anywhere along its starting edge, kept together within {regroup}\" of its first figure"
        ))
    } else if turn.moved.contains(&unit.id) {
        let mut placement = Placement::free(format!(
            "{MOVEMENT}: the others are grouped around the figure measured, within {regroup}\", until the card ends"
        ));
        placement.step = Some(ctx.profile(unit).movement.max(regroup));
        placement
    } else {
        return Err(Refusal::by_rule(
            format!("{} figures are arranged as it moves, or when its group enters", possessive(&unit.name)),
            if turn.melee_of(&unit.id).is_some() { MELEE } else { MOVEMENT },
        )
        .into());
    };
    placement.around_leader = Some(regroup);
    placement.keep_from_enemy = Some(ctx.charts.movement.contact);
    Ok(placement)
}

/// The figures an outcome places for `unit`.
fn placed_by(outcome: &Outcome, unit: &str) -> Vec<Placed> {
    match outcome {
        Outcome::Resolved { effects, .. } => effects
            .iter()
            .filter_map(|e| match e {
                Effect::Place { unit: id, figures } if id == unit => Some(figures.clone()),
                _ => None,
            })
            .flatten()
            .collect(),
        _ => Vec::new(),
    }
}

/// A figure put down or a unit arranged by hand: as the engine places it, each figure's base clear of
/// every other figure, wall and building's wall, on the figure measured's side of each.
pub fn by_hand(ctx: &Ctx, action: &Action) -> Result<Option<Outcome>, GameError> {
    let (unit, outcome) = match action {
        Action::PlaceFigure { unit, figure, at } => {
            let unit = ctx.live_unit(unit)?;
            (unit, crate::game::place_figure(ctx.scenario, ctx.state, unit, *figure, *at)?)
        }
        Action::Arrange { unit, formation, facing, spacing, figures } => {
            let unit = ctx.live_unit(unit)?;
            (unit, crate::game::arrange(ctx.scenario, ctx.state, unit, *formation, *facing, *spacing, figures)?)
        }
        _ => return Ok(None),
    };
    let placed = placed_by(&outcome, &unit.id);
    let mut after = unit.clone();
    after.place(&placed);
    let measured = after.anchor_figure().expect("live units have figures");
    for p in placed.iter().filter(|p| p.figure != measured.id) {
        let room = Room::for_unit(ctx, unit, false).with_own(&after, Some(p.figure));
        let why = match room.hindrance(p.at) {
            Some(why) => format!("would stand {why}"),
            None if !same_side(ctx, measured.pos, p.at) => {
                "would stand across a wall from the figure measured: the men stand on his side of every wall".into()
            }
            None => continue,
        };
        return Err(Refusal::by_rule(format!("{}: figure {} {why}", unit.name, p.figure), MOVEMENT).into());
    }
    Ok(Some(outcome))
}

/// A correction, as the engine makes it; a unit it puts outside the building it was upstairs in is on the
/// ground again.
pub fn corrected(ctx: &Ctx, action: &Action) -> Result<Option<Outcome>, GameError> {
    let Action::CorrectPosition { unit, to, facing, figures } = action else { return Ok(None) };
    let Ok(unit) = ctx.live_unit(unit) else { return Ok(None) };
    if ctx.level_of(unit) == 0 {
        return Ok(None);
    }
    let mut outcome = crate::game::correct_position(ctx.scenario, unit, *to, *facing, figures)?;
    let mut after = unit.clone();
    after.place(&placed_by(&outcome, &unit.id));
    let building = |u: &Unit| u.anchor().and_then(|p| ctx.building_at(p)).map(|b| b.name.get_ref().clone());
    if building(&after) != building(unit)
        && let Outcome::Resolved { summary, effects, .. } = &mut outcome
    {
        effects.push(NativesAreRestless::effect(Change::Level { unit: unit.id.clone(), level: 0 }));
        summary.push_str("; it is on the ground, out of its building");
    }
    Ok(Some(outcome))
}
