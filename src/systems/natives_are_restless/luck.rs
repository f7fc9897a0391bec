//! For the luck ledger: what the dice of a siege entry counted, for the side that threw them, against the
//! exact chances its odds showed before the throw. Every count is one the throwing side wants more of, so
//! the umpire's die, thrown against the defenders' supplies, counts the rifle counters they keep.

use super::context::Ctx;
use super::tables::Army;
use super::turn::Change;
use super::{NativesAction, NativesAreRestless, fire, melee, morale, muster};
use crate::dice::NamedRoll;
use crate::game::{Effect, Outcome};
use crate::odds::Dist;
use crate::rules::measure_words::{KILLS, MELEE_WINS, MORALE_PASSES};
use crate::rules::{Act, Luck, figures_lost, own_changes};

const FIGURES_IN_THE_GROUP: &str = "figures in the group";
const AMMUNITION_KEPT: &str = "ammunition counters kept";

/// `ctx` is the table before the entry; an entry that threw no dice (a melee one side has left) counts
/// nothing.
pub fn luck(ctx: &Ctx, action: Act<'_, NativesAreRestless>, outcome: &Outcome) -> Vec<Luck> {
    use NativesAction as Own;
    let Outcome::Resolved { rolls, effects, .. } = outcome else { return Vec::new() };
    if rolls.is_empty() {
        return Vec::new();
    }
    match action {
        Act::Own(Own::Fire { unit, target, sight, .. }) => volley(ctx, &unit, &target, sight, effects),
        Act::Own(Own::Melee { unit, .. }) => fight(ctx, &unit, rolls),
        Act::Own(Own::Morale { unit, .. }) => test(ctx, &unit, rolls[0].roll.total),
        Act::Own(Own::Muster { .. }) => group(ctx, muster::group_size(ctx).0, effects),
        Act::Own(Own::Reinforce { .. }) => group(ctx, muster::reinforcement(ctx), effects),
        Act::Own(Own::Umpire { .. }) => umpire(ctx, effects),
        Act::Own(_) | Act::Shared(_) => Vec::new(),
    }
}

fn luck_of(side: &str, measure: &str, expected: Dist, actual: i64) -> Luck {
    Luck { side: side.to_string(), measure: measure.to_string(), expected, actual }
}

fn volley(ctx: &Ctx, unit: &str, target: &str, sight: Option<bool>, effects: &[Effect]) -> Vec<Luck> {
    let Ok(shot) = fire::shot(ctx, unit, target, sight) else { return Vec::new() };
    vec![luck_of(&shot.unit.side, KILLS, shot.kills(), figures_lost(effects, |u| u == shot.target.id))]
}

/// Both sides' dice: the figures each kills, and who wins the melee; and the natives' morale die, when
/// their losses made them throw it, against the casualties the melee dice had just brought.
fn fight(ctx: &Ctx, unit: &str, rolls: &[NamedRoll]) -> Vec<Luck> {
    let (Ok(f), [defenders_dice, natives_dice, rest @ ..]) = (melee::fight(ctx, unit), rolls) else {
        return Vec::new();
    };
    let chances = melee::chances(ctx, &f);
    // Read from the dice: the losses also take the survivors of a group that flees off the table.
    let kills = |total: i64, threshold: i64, of: Army| (total / threshold).clamp(0, i64::from(f.figures(of)));
    let natives_lost = kills(defenders_dice.roll.total, f.thresholds[0], Army::Natives);
    let defenders_lost = kills(natives_dice.roll.total, f.thresholds[1], Army::Defenders);
    let morale_die = rest.first().map(|r| r.roll.total);
    let fled = morale_die.is_some_and(|face| face <= natives_lost);
    let won = melee::winner(&f, natives_lost as u32, defenders_lost as u32, fled);
    let (defenders, natives) = (ctx.side_of(Army::Defenders), ctx.side_of(Army::Natives));
    let won_by = |army: Army| i64::from(won == Some(army));
    let mut luck = vec![
        luck_of(defenders, KILLS, chances.natives_lost, natives_lost),
        luck_of(natives, KILLS, chances.defenders_lost, defenders_lost),
        luck_of(defenders, MELEE_WINS, Dist::bernoulli(chances.defenders_win), won_by(Army::Defenders)),
        luck_of(natives, MELEE_WINS, Dist::bernoulli(chances.natives_win), won_by(Army::Natives)),
    ];
    if morale_die.is_some() {
        let hold = Dist::bernoulli(morale::pass(natives_lost as u32));
        luck.push(luck_of(natives, MORALE_PASSES, hold, i64::from(!fled)));
    }
    luck
}

/// A native group's test for its losses: 1D6 over the casualties holds.
fn test(ctx: &Ctx, unit: &str, rolled: i64) -> Vec<Luck> {
    let (Ok(unit), Some(due)) = (ctx.unit(unit), ctx.turn.morale_due.iter().find(|d| d.unit == unit)) else {
        return Vec::new();
    };
    let hold = Dist::bernoulli(morale::pass(due.casualties));
    vec![luck_of(&unit.side, MORALE_PASSES, hold, i64::from(rolled > i64::from(due.casualties)))]
}

/// The figures a group roll brought, capped by those left off the table as its odds cap them; 0 when the
/// reinforcement die brought none.
fn group(ctx: &Ctx, expected: Dist, effects: &[Effect]) -> Vec<Luck> {
    let raised = own_changes::<NativesAreRestless>(effects).find_map(|c| match c {
        Change::Pending { groups } => groups.last(),
        _ => None,
    });
    let figures = raised.map_or(0, |g| i64::from(muster::figures_rolled(ctx, g)));
    vec![luck_of(ctx.side_of(Army::Natives), FIGURES_IN_THE_GROUP, expected, figures)]
}

/// The umpire's die as the defenders feel it: the rifle counters left them.
fn umpire(ctx: &Ctx, effects: &[Effect]) -> Vec<Luck> {
    let Some(removed) = own_changes::<NativesAreRestless>(effects).find_map(|c| match c {
        Change::UmpireRemoved { counters } => Some(i64::from(*counters)),
        _ => None,
    }) else {
        return Vec::new();
    };
    let rifles = i64::from(ctx.turn.rifle_ammunition);
    let kept = muster::umpire_removes().map(|face| rifles - face.min(rifles));
    vec![luck_of(ctx.side_of(Army::Defenders), AMMUNITION_KEPT, kept, rifles - removed)]
}
