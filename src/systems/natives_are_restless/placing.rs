//! Arranging a unit's figures by hand: a group just raised anywhere along its edge, kept together; a unit
//! that has just moved, regrouped around the figure measured. Never into contact: contact is a charge.

use super::context::{Ctx, MELEE, MOVEMENT, SET_UP};
use crate::game::{GameError, Refusal};
use crate::roster::Unit;
use crate::rules::{Placement, possessive};

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
            "{MOVEMENT}: the others are grouped around the figure measured, within {regroup}\""
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
