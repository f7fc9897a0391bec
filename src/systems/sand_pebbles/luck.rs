//! For the luck ledger: what the dice of a Sand Pebbles entry counted, for the side that threw them,
//! against the exact chances its odds showed before the throw. Every count is one the throwing side
//! wants more of, so a ledger can read each the same way round: swimmers are counted afloat, not drowned.

use super::context::Ctx;
use super::markers::ROUTED;
use super::turn::Change;
use super::{SandPebbles, SandPebblesAction, fire, melee, morale, movement, sequence};
use crate::dice::Die;
use crate::game::{Effect, Outcome};
use crate::odds::Dist;
use crate::roster::Unit;
use crate::rules::measure_words::{INITIATIVE_WINS, KILLS, MELEE_WINS, MORALE_PASSES};
use crate::rules::{Act, Luck, figures_lost, own_changes};

const SWIMMERS_AFLOAT: &str = "swimmers afloat";

/// `ctx` is the table before the entry; an entry that threw no dice (a test the chart decides, a melee
/// one side has left) counts nothing.
pub fn luck(ctx: &Ctx, action: Act<'_, SandPebbles>, outcome: &Outcome) -> Vec<Luck> {
    use SandPebblesAction as Own;
    let Outcome::Resolved { rolls, effects, .. } = outcome else { return Vec::new() };
    if rolls.is_empty() {
        return Vec::new();
    }
    match action {
        Act::Own(Own::Initiative { .. }) => initiative(ctx, effects),
        Act::Own(Own::Fire { unit, target, cover, .. }) => fire(ctx, &unit, &target, cover.as_deref(), effects),
        Act::Own(Own::Morale { unit, .. }) => morale(ctx, &unit, effects),
        Act::Own(Own::Melee { unit, .. }) => melee(ctx, &unit, effects),
        Act::Own(Own::Drown { unit, .. }) => drowning(ctx, &unit, effects),
        Act::Own(_) | Act::Shared(_) => Vec::new(),
    }
}

fn luck_of(unit: &Unit, measure: &str, expected: Dist, actual: i64) -> Luck {
    Luck { side: unit.side.clone(), measure: measure.to_string(), expected, actual }
}

/// Each side's die against the other's, ties thrown again: one win between them.
fn initiative(ctx: &Ctx, effects: &[Effect]) -> Vec<Luck> {
    let Some(winner) = own_changes::<SandPebbles>(effects).find_map(|c| match c {
        Change::InitiativeWon { side } => Some(side),
        _ => None,
    }) else {
        return Vec::new();
    };
    ctx.scenario
        .sides
        .iter()
        .map(|side| Luck {
            side: side.id.clone(),
            measure: INITIATIVE_WINS.to_string(),
            expected: Dist::bernoulli(sequence::INITIATIVE_CHANCE),
            actual: i64::from(side.id == *winner),
        })
        .collect()
}

/// The figures the volley took (after any cavalry save), as the fire odds count them.
fn fire(ctx: &Ctx, unit: &str, target: &str, cover: Option<&str>, effects: &[Effect]) -> Vec<Luck> {
    let Ok(plan) = fire::plan(ctx, unit, target, cover, false) else { return Vec::new() };
    vec![luck_of(plan.firer, KILLS, plan.losses(), figures_lost(effects, |u| u == plan.target.id))]
}

fn morale(ctx: &Ctx, unit: &str, effects: &[Effect]) -> Vec<Luck> {
    let Ok(test) = morale::owed_test(ctx, unit) else { return Vec::new() };
    let passed = own_changes::<SandPebbles>(effects).find_map(|c| match c {
        Change::ChargeTested { passed, .. } | Change::StandTested { passed, .. } => Some(*passed),
        _ => None,
    });
    match passed {
        Some(passed) => vec![luck_of(test.unit, MORALE_PASSES, test.passes(), i64::from(passed))],
        None => Vec::new(),
    }
}

/// Both sides' dice: who wins the roll, and the figures each side's win or loss takes from the other
/// (the loser loses 1D6, the winner half a D6). A defender that failed to stand throws no melee die: only
/// its losses are thrown, and they are the attacker's kills.
fn melee(ctx: &Ctx, unit: &str, effects: &[Effect]) -> Vec<Luck> {
    let Ok((attacker, charge, defender)) = melee::melee_of(ctx, unit, false) else { return Vec::new() };
    let d6 = Dist::of_die(Die::D6);
    let whole = |unit: &Unit| d6.map(|n| n.min(unit.alive_count() as i64));
    let half = |unit: &Unit| d6.map(|n| (n / 2).min(unit.alive_count() as i64));
    let kills =
        |unit: &Unit, expected: Dist, of: &Unit| luck_of(unit, KILLS, expected, figures_lost(effects, |u| u == of.id));
    if charge.defender_passed == Some(false) {
        return vec![kills(attacker, whole(defender), defender)];
    }
    let (a, d) = (melee::score(ctx, attacker, true), melee::score(ctx, defender, false));
    let p = melee::attacker_wins_roll(ctx, attacker, defender, &melee::margin(&a, &d));
    let defender_routed = effects
        .iter()
        .any(|e| matches!(e, Effect::Flag { unit, flag, on: true } if *unit == defender.id && *flag == ROUTED));
    let attacker_won = i64::from(defender_routed);
    vec![
        luck_of(attacker, MELEE_WINS, Dist::bernoulli(p), attacker_won),
        luck_of(defender, MELEE_WINS, Dist::bernoulli(1.0 - p), 1 - attacker_won),
        kills(attacker, either(p, &whole(defender), &half(defender)), defender),
        kills(defender, either(p, &half(attacker), &whole(attacker)), attacker),
    ]
}

/// `first` with chance `p`, else `second`.
fn either(p: f64, first: &Dist, second: &Dist) -> Dist {
    Dist::from_weights(
        first.entries().map(|(v, q)| (v, p * q)).chain(second.entries().map(|(v, q)| (v, (1.0 - p) * q))),
    )
}

/// The swimmers who did not drown: the drowning odds turned round.
fn drowning(ctx: &Ctx, unit: &str, effects: &[Effect]) -> Vec<Luck> {
    let Ok(unit) = ctx.live_unit(unit) else { return Vec::new() };
    let swimmers = unit.alive_count() as i64;
    let afloat = movement::drowned(unit).map(|drowned| swimmers - drowned);
    vec![luck_of(unit, SWIMMERS_AFLOAT, afloat, swimmers - figures_lost(effects, |u| u == unit.id))]
}
