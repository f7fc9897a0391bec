//! The text moves units as a whole and says nothing of single figures; Sandtable reads it so that a unit
//! may rearrange its figures in its movement, once it has rolled, out of its roll: the farthest figure
//! placed takes its distance off what is left (docs/rules/sand-pebbles.md). Figures stay an inch from the
//! enemy, where a charge stops. A boat is one model and moves with `move`.

use super::context::{Ctx, MOVEMENT};
use super::movement::move_ready;
use crate::game::{GameError, Refusal};
use crate::roster::Unit;
use crate::rules::Placement;

pub fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
    move_ready(ctx, unit, "place its figures")?;
    if ctx.craft(unit).is_some() {
        return Err(Refusal::by_rule(format!("{} is a boat: it moves with its move", unit.name), MOVEMENT).into());
    }
    if !ctx.state.allowances.contains_key(&unit.id) {
        return Err(Refusal::by_rule(
            format!("{} places its figures as it moves: roll its movement first", unit.name),
            MOVEMENT,
        )
        .into());
    }
    let mut placement =
        Placement::free(format!("{MOVEMENT}: figures are carried out of their unit's roll (Sandtable's reading)"));
    placement.spends_allowance = true;
    placement.keep_from_enemy = Some(ctx.charts.movement.charge_stop_short);
    Ok(placement)
}
