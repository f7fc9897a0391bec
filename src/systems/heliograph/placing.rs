//! "Move the leader. Figures in unit are placed within 6" from the leader": the active unit places its
//! figures as it moves, from when it has rolled its move until it fires or charges. Placing is part of its
//! move: the unit has moved (no +1 for standing still, its leader moves no more), a hidden unit is seen and
//! a gun limbers, as when it moves. A U.S. unit whose jungle die is 0 changes formation this way without
//! its leader going anywhere. Figures stay out of contact: contact is made by a charge.

use super::context::{Ctx, MOVEMENT};
use super::movement::{moving_reveals, still_moving};
use super::turn::Change;
use crate::game::{GameError, Refusal};
use crate::roster::Unit;
use crate::rules::Placement;

pub fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
    let (unit, active) = still_moving(ctx, &unit.id, "place its figures")?;
    let refuse = |why: &str| Err(Refusal::by_rule(format!("{} {why}", unit.name), MOVEMENT).into());
    if active.charged {
        return refuse("has charged: its figures stand in contact until the melee is fought");
    }
    if !ctx.state.allowances.contains_key(&unit.id) {
        return refuse("places its figures as it moves: roll its move first");
    }
    let coherency = ctx.charts.movement.coherency;
    let mut placement =
        Placement::free(format!("{MOVEMENT}: figures in unit are placed within {coherency}\" from the leader"));
    placement.around_leader = Some(coherency);
    placement.keep_from_enemy = Some(ctx.charts.movement.stop_short);
    if !active.moved {
        placement.costs.push(Change::Moved.effect());
    }
    placement.costs.extend(moving_reveals(ctx, unit));
    Ok(placement)
}
