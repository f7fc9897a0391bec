//! The luck of an entry: what each throw counted, against its exact chances before it was thrown, from
//! the same odds the table is shown. The initiative is each side's win; the activations are the side's
//! count; a combat is the initiator's hits (fire) or melee wins (close combat) and kills, and in close
//! combat the target's too, since its throw can make the initiator recoil or die. In fire the target's
//! throw only holds the fire off, which the firer's hits already count.

use super::WhenEmpiresClash;
use super::actions::WecAction;
use super::combat::{self, CombatResult};
use super::context::Ctx;
use super::fight::{self, Judgement, Kind};
use super::turn::{Change, TurnStep};
use super::turn_odds;
use crate::dice::NamedRoll;
use crate::game::{Effect, Outcome};
use crate::odds::Dist;
use crate::rules::measure_words::{HITS, INITIATIVE_WINS, KILLS, MELEE_WINS};
use crate::rules::{Act, Luck, own_changes};

pub const ACTIVATIONS: &str = "activations";

pub fn luck(ctx: &Ctx, action: Act<'_, WhenEmpiresClash>, outcome: &Outcome) -> Vec<Luck> {
    let Outcome::Resolved { rolls, effects, .. } = outcome else { return Vec::new() };
    match action {
        Act::Own(WecAction::Initiative { .. }) => initiative(ctx, effects),
        Act::Own(WecAction::ThrowActivations { .. }) => activations(ctx, effects),
        Act::Own(WecAction::Fire { unit, target, strike, extra, .. }) => {
            fought(ctx, [&unit, &target], Kind::Fire, &Judgement { strike: &strike, extra }, rolls, effects)
        }
        Act::Own(WecAction::CloseCombat { unit, target, strike, extra, .. }) => {
            fought(ctx, [&unit, &target], Kind::Close, &Judgement { strike: &strike, extra }, rolls, effects)
        }
        Act::Own(_) | Act::Shared(_) => Vec::new(),
    }
}

fn luck_of(side: &str, measure: &str, expected: Dist, actual: bool) -> Luck {
    Luck { side: side.to_string(), measure: measure.to_string(), expected, actual: i64::from(actual) }
}

/// Each side's chance of winning the throw, ties thrown again, as the odds show it.
fn initiative(ctx: &Ctx, effects: &[Effect]) -> Vec<Luck> {
    let [a, b] = ctx.scenario.sides.as_slice() else { return Vec::new() };
    let Some(winner) = own_changes::<WhenEmpiresClash>(effects).find_map(|c| match c {
        Change::InitiativeWon { side } => Some(side),
        _ => None,
    }) else {
        return Vec::new();
    };
    let p = turn_odds::initiative(&ctx.dice_of(&a.id), &ctx.dice_of(&b.id));
    vec![
        luck_of(&a.id, INITIATIVE_WINS, Dist::bernoulli(p), *winner == a.id),
        luck_of(&b.id, INITIATIVE_WINS, Dist::bernoulli(1.0 - p), *winner == b.id),
    ]
}

fn activations(ctx: &Ctx, effects: &[Effect]) -> Vec<Luck> {
    let TurnStep::Activating { side, .. } = &ctx.turn.step else { return Vec::new() };
    let Some(count) = own_changes::<WhenEmpiresClash>(effects).find_map(|c| match c {
        Change::ActivationsThrown { count } => Some(*count),
        _ => None,
    }) else {
        return Vec::new();
    };
    let expected = turn_odds::activations(&ctx.dice_of(side), ctx.commander(side));
    vec![Luck { side: side.clone(), measure: ACTIVATIONS.to_string(), expected, actual: i64::from(count) }]
}

/// The combat as it stood before the throw, read again with the same additions: the initiator's throw
/// first, then the target's.
fn fought(
    ctx: &Ctx,
    [unit, target]: [&str; 2],
    kind: Kind,
    judgement: &Judgement,
    rolls: &[NamedRoll],
    effects: &[Effect],
) -> Vec<Luck> {
    let Ok(prepared) = fight::prepare(ctx, unit, target, kind, judgement) else { return Vec::new() };
    // The target's throw, when it threw: a gun towed this turn throws none.
    let [thrown, against @ ..] = rolls else { return Vec::new() };
    let against = against.first().map_or(0, |r| r.roll.total);
    let sides = prepared.sides(ctx);
    let chances = combat::odds(&sides[0], &sides[1]);
    let [initiator_lost, target_lost] = fight::losses(ctx, &prepared, kind, &chances);
    let result = combat::result(thrown.roll.total + sides[0].added, against + sides[1].added);
    let lost = |id: &str| effects.iter().any(|e| matches!(e, Effect::Losses { unit, .. } if unit == id));
    let (initiator, target) = (&prepared.initiator, &prepared.target);
    let told = match kind {
        Kind::Fire => HITS,
        Kind::Close => MELEE_WINS,
    };
    let mut luck = vec![
        luck_of(
            initiator.side(),
            told,
            Dist::bernoulli(chances.target_recoils + chances.target_destroyed),
            result != CombatResult::InitiatorHeld,
        ),
        luck_of(initiator.side(), KILLS, Dist::bernoulli(target_lost), lost(target.id())),
    ];
    if kind == Kind::Close {
        luck.push(luck_of(
            target.side(),
            MELEE_WINS,
            Dist::bernoulli(chances.initiator_held),
            result == CombatResult::InitiatorHeld,
        ));
        luck.push(luck_of(target.side(), KILLS, Dist::bernoulli(initiator_lost), lost(initiator.id())));
    }
    luck
}
