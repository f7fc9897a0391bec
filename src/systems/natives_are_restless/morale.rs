//! Morale: the defenders never test. A native group that suffers losses rolls 1D6 and must roll over the
//! casualties or rout: removed at once, its figures back among those the natives may raise again.
//! Fanatical troops never test. Also what losses bring with them: the test owed, and the natives' victory
//! when the last defender falls.

use super::NativesAreRestless;
use super::context::{Ctx, MORALE, WINNING};
use super::orders::recycle;
use super::tables::Army;
use super::turn::{Change, Left, MoraleDue, Stage};
use crate::dice::{DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use super::words::agrees;
use crate::rules::RuleSystem;

pub const DIE: &str = "1 D6";

/// Whether a native group tests for losses at all.
pub fn tests(ctx: &Ctx, unit: &Unit) -> bool {
    let profile = ctx.profile(unit);
    profile.army == Army::Natives && !profile.fanatical
}

/// `kills` figures of `target` fall (officers last): the losses, the test owed, and the end of the siege
/// if they were the last defenders.
pub fn loss_effects(ctx: &Ctx, target: &Unit, kills: u32) -> Vec<Effect> {
    if kills == 0 {
        return Vec::new();
    }
    let mut effects = vec![Effect::Losses { unit: target.id.clone(), figures: target.choose_losses(kills) }];
    if tests(ctx, target) && kills < target.alive_count() {
        let mut due = ctx.turn.morale_due.clone();
        due.push(MoraleDue { unit: target.id.clone(), casualties: kills });
        effects.push(NativesAreRestless::effect(Change::MoraleDue { due }));
    }
    let defenders_left: u32 = ctx
        .army_units(Army::Defenders)
        .map(|u| if u.id == target.id { u.alive_count().saturating_sub(kills) } else { u.alive_count() })
        .sum();
    if defenders_left == 0 {
        effects.extend(super::winning::won(Army::Natives));
    }
    effects
}

/// The chance a native group is still on the table after `kills` and the test they bring; None for a unit
/// that never tests.
pub fn hold_chance(ctx: &Ctx, target: &Unit, kills: &Dist) -> Option<f64> {
    if !tests(ctx, target) {
        return None;
    }
    let alive = target.alive_count() as i64;
    Some(
        kills
            .entries()
            .map(|(k, p)| {
                if k == 0 {
                    p
                } else if k >= alive {
                    0.0
                } else {
                    p * pass(k as u32)
                }
            })
            .sum(),
    )
}

/// The chance 1D6 rolls over `casualties`.
pub fn pass(casualties: u32) -> f64 {
    (6 - casualties.min(6)) as f64 / 6.0
}

fn owed<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<(&'a Unit, u32), GameError> {
    let unit = ctx.unit(unit)?;
    match ctx.turn.morale_due.iter().find(|d| d.unit == unit.id) {
        Some(due) => Ok((unit, due.casualties)),
        None => Err(Refusal::by_rule(format!("{} owes no morale test", unit.name), MORALE).into()),
    }
}

pub fn morale(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    if let Some(army) = ctx.turn.winner {
        return Err(Refusal::by_rule(format!("the siege is over: {} have won", army.name()), WINNING).into());
    }
    let (unit, casualties) = owed(ctx, unit)?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&super::context::d6(), "morale (over the casualties)")?;
    feed.finish()?;
    let due: Vec<MoraleDue> = ctx.turn.morale_due.iter().filter(|d| d.unit != unit.id).cloned().collect();
    let mut effects = vec![NativesAreRestless::effect(Change::MoraleDue { due })];
    let face = roll.roll.total;
    let summary = if face > casualties as i64 {
        let (roll, hold) = (agrees(&unit.name, "rolls", "roll"), agrees(&unit.name, "it holds", "they hold"));
        format!("{} {roll} {face}, over {}: {hold}", unit.name, super::context::casualties(casualties))
    } else {
        let off = recycle(ctx, unit, Left::Routed);
        // Routed out of a melee, it leaves it; with no enemy left there the melee is over, and a picture
        // card with no melee left brings the reinforcement roll.
        if let Some(melees) = super::melee::after_losses(ctx, unit, &off) {
            if melees.is_empty() && ctx.turn.stage == Stage::Melees {
                effects.push(NativesAreRestless::effect(Change::Stage { stage: Stage::Reinforcement }));
            }
            effects.push(NativesAreRestless::effect(Change::Melees { melees }));
        }
        effects.extend(off);
        format!(
            "{} {} {face}, not over {}: {}, back among the natives off the table",
            unit.name,
            agrees(&unit.name, "rolls", "roll"),
            super::context::casualties(casualties),
            agrees(&unit.name, "it routs and is removed", "they rout and are removed")
        )
    };
    Ok(Outcome::Resolved { summary, rolls: vec![roll], effects })
}

pub fn odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let (unit, casualties) = owed(ctx, unit)?;
    let die = Dist::of_die(crate::dice::Die::D6);
    let mut view =
        OddsView::new(format!("{}: morale, over {casualties} to hold", unit.name), &die).with_dice([DIE.to_string()]);
    view.add_line("they hold", pass(casualties));
    view.add_line("they rout", 1.0 - pass(casualties));
    Ok(view)
}
