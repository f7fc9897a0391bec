//! The text moves units as a whole and says nothing of single figures; Sandtable reads it so that a unit
//! may rearrange its figures in its movement, once it has rolled, each figure going no farther than the
//! unit's roll (docs/rules/sand-pebbles.md). A boat is one model and moves with `move`.

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
    let Some(allowance) = ctx.state.allowances.get(&unit.id) else {
        return Err(Refusal::by_rule(
            format!("{} places its figures as it moves: roll its movement first", unit.name),
            MOVEMENT,
        )
        .into());
    };
    let mut placement =
        Placement::free(format!("{MOVEMENT}: a figure moves no farther than its unit's roll (Sandtable's reading)"));
    placement.step = Some(allowance.total.max(0) as f64);
    Ok(placement)
}
