//! For the luck ledger: what the dice of a Heliograph entry counted, for the side that threw them, against
//! the exact chances its odds showed before the throw. Every count is one the throwing side wants more of.

use super::context::Ctx;
use super::turn::Change;
use super::{Heliograph, HeliographAction, Pairing, activation, fire, melee, morale, movement};
use crate::game::{Effect, Outcome};
use crate::measure::Pt;
use crate::odds::Dist;
use crate::roster::Unit;
use crate::rules::measure_words::{HITS, INITIATIVE_WINS, KILLS, MORALE_PASSES};
use crate::rules::{Act, Luck, figures_lost, own_changes};

const SIGHTINGS: &str = "sightings";

/// `ctx` is the table before the entry; an entry that threw no dice (every counter sighted without a
/// roll, a melee one side has left) counts nothing.
pub fn luck(ctx: &Ctx, action: Act<'_, Heliograph>, outcome: &Outcome) -> Vec<Luck> {
    use HeliographAction as Own;
    let Outcome::Resolved { rolls, effects, .. } = outcome else { return Vec::new() };
    let Some(first) = rolls.first() else { return Vec::new() };
    match action {
        Act::Own(Own::Initiative { .. }) => toss(ctx, effects),
        Act::Own(Own::Sight { unit, .. }) => sight(ctx, &unit, effects),
        Act::Own(Own::Fire { unit, target, at, .. }) => fire(ctx, &unit, &target, at, &first.roll.faces, effects),
        Act::Own(Own::Morale { unit, .. }) => morale(ctx, &unit, first.roll.total),
        Act::Own(Own::Melee { unit, pairs, .. }) => melee(ctx, &unit, pairs.as_deref(), effects),
        Act::Own(_) | Act::Shared(_) => Vec::new(),
    }
}

fn luck_of(unit: &Unit, measure: &str, expected: Dist, actual: i64) -> Luck {
    Luck { side: unit.side.clone(), measure: measure.to_string(), expected, actual }
}

/// Each side's D10 and its bonus, ties tossed again: one win between them.
fn toss(ctx: &Ctx, effects: &[Effect]) -> Vec<Luck> {
    let Some((_, chances)) = activation::toss_chances(ctx) else { return Vec::new() };
    let Some(winner) = own_changes::<Heliograph>(effects).find_map(|c| match c {
        Change::TossWon { side, .. } => Some(side),
        _ => None,
    }) else {
        return Vec::new();
    };
    ctx.scenario
        .sides
        .iter()
        .zip(chances)
        .map(|(side, p)| Luck {
            side: side.id.clone(),
            measure: INITIATIVE_WINS.to_string(),
            expected: Dist::bernoulli(p),
            actual: i64::from(side.id == *winner),
        })
        .collect()
}

/// The hidden counters revealed, those sighted without a roll included, as the sighting odds count them.
fn sight(ctx: &Ctx, unit: &str, effects: &[Effect]) -> Vec<Luck> {
    let Ok(unit) = ctx.live_unit(unit) else { return Vec::new() };
    let revealed = own_changes::<Heliograph>(effects).filter(|c| matches!(c, Change::Spotted { .. })).count() as i64;
    vec![luck_of(unit, SIGHTINGS, movement::sighted(ctx, unit), revealed)]
}

/// A volley's hits, read from its dice; a cannon's figures killed under the blast, friend or foe.
fn fire(ctx: &Ctx, unit: &str, target: &str, at: Option<Pt>, volley: &[i64], effects: &[Effect]) -> Vec<Luck> {
    let Ok(plan) = fire::plan(ctx, unit, target, false) else { return Vec::new() };
    if plan.weapon.cannon {
        let Some(impact) = at.or_else(|| plan.target.anchor()) else { return Vec::new() };
        return vec![luck_of(
            plan.firer,
            KILLS,
            fire::blast_kills(ctx, &plan, impact),
            figures_lost(effects, |_| true),
        )];
    }
    let hits = volley.iter().filter(|&&face| face + plan.modifier() >= plan.needed).count() as i64;
    vec![luck_of(plan.firer, HITS, plan.hits(), hits)]
}

fn morale(ctx: &Ctx, unit: &str, rolled: i64) -> Vec<Luck> {
    let Ok(test) = morale::owed_test(ctx, unit) else { return Vec::new() };
    vec![luck_of(test.unit, MORALE_PASSES, test.passes(), i64::from(rolled <= test.value()))]
}

/// Both sides' dice: the defenders the attackers kill, and the attackers the defenders kill.
fn melee(ctx: &Ctx, unit: &str, pairs: Option<&[Pairing]>, effects: &[Effect]) -> Vec<Luck> {
    let Ok((attacker, defender)) = melee::pending(ctx, unit) else { return Vec::new() };
    let Ok(melee::Losses { killed, lost: fallen }) = melee::losses(ctx, attacker, defender, pairs) else {
        return Vec::new();
    };
    vec![
        luck_of(attacker, KILLS, killed, figures_lost(effects, |u| u == defender.id)),
        luck_of(defender, KILLS, fallen, figures_lost(effects, |u| u == attacker.id)),
    ]
}
