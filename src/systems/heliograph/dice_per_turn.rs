//! For the planner's side-by-side forces: the dice a unit throws in its activation when it does all it
//! may. An activated unit either fires or charges ("If unit didn't charge, fire the unit"), so it throws
//! its weapon's D10s (a cannon its one to hit, once it has the crew to fire) or, charging, one D10 per
//! figure in the melee: whichever are more. The dice a blast or a crew-targeting roll adds depend on the
//! target, so they are not counted; nor are a jam or a limber, which pass.

use super::context::Ctx;
use super::fire;
use crate::roster::Unit;

pub fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> u32 {
    let weapon = ctx.weapon(unit);
    let crewed = !weapon.cannon || unit.crew_alive() >= ctx.charts.cannon.min_crew;
    let volley = if crewed { fire::weapon_dice(weapon, unit) } else { 0 };
    volley.max(unit.alive_count())
}
