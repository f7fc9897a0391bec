//! For the planner's side-by-side forces: the dice a unit throws in a turn when it does all it may. A unit
//! that charges may not fire, so it throws either its volley's D20s or, charging, its melee D6s: whichever
//! are more. A unit that may do neither (a boat, a gun's crew whose row reads NO to charge and has no
//! firing row) throws none.

use super::context::Ctx;
use super::{fire, melee, movement};
use crate::roster::Unit;

pub fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> u32 {
    if unit.is_out() {
        return 0;
    }
    let volley = ctx.profile(unit).fire.as_deref().map_or(0, |row| fire::volley_dice(&ctx.charts.fire[row], unit));
    let charge = if movement::may_ever_charge(ctx, unit) { melee::score(ctx, unit, true).dice } else { 0 };
    volley.max(charge)
}
