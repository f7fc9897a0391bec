//! For the planner's side-by-side forces: the dice a group throws for one of a card's actions, doing all it
//! may: a volley (one D6 per figure; a gun 8, less 2 per crewman lost) or, in a melee, one D6 per
//! combatant, whichever are more. A card is a turn, and most cards give a group one action; a picture card
//! or an ace may give one group two or three, which the planner counts once, as it counts every group.
//! Ammunition, which runs out, is not counted against the defenders.

use super::context::Ctx;
use super::fire;
use crate::roster::Unit;

pub fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> u32 {
    let volley = if ctx.profile(unit).fires { fire::gun_dice(ctx, unit) } else { 0 };
    volley.max(unit.alive_count())
}
