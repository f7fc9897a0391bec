//! "The defending player wins if the relief column arrives, the attacking player wins if he kills all the
//! defenders." The text names no other result and counts no points: until one of the two comes, the siege
//! goes on and nobody has won. Whatever ends it, a card or a kill, says so in its own log line.

use super::NativesAreRestless;
use super::context::Ctx;
use super::morale::loss_effects;
use super::tables::Army;
use super::turn::{Change, Relief, Stage};
use crate::game::{Effect, GameError, Outcome};
use crate::rules::{BattleResult, RuleSystem, own_changes};

pub fn result(ctx: &Ctx) -> BattleResult {
    // A game stored before losses recorded by hand ended the siege may have lost its last defender so.
    let winner = ctx.turn.winner.or_else(|| ctx.army_units(Army::Defenders).next().is_none().then_some(Army::Natives));
    let verdict = match (winner, ctx.turn.relief) {
        (Some(army), _) => verdict(ctx, army),
        (None, Relief::Sighted { .. }) => "The siege goes on: the relief column is sighted but has not arrived".into(),
        (None, _) => "The siege goes on: the relief column has not arrived and defenders still stand".into(),
    };
    BattleResult {
        verdict,
        winner: winner.map(|army| ctx.side_of(army).to_string()),
        ended: winner.is_some(),
        points: Default::default(),
    }
}

/// The changes that end the siege with `army` the winner.
pub fn won(army: Army) -> Vec<Effect> {
    vec![
        NativesAreRestless::effect(Change::Won { army }),
        NativesAreRestless::effect(Change::Stage { stage: Stage::Over }),
    ]
}

/// The result once `army` has won, why and who: the same words in the result and in the log.
fn verdict(ctx: &Ctx, army: Army) -> String {
    let why = match army {
        Army::Defenders => "The relief column arrives: the defending player",
        Army::Natives => "All the defenders are killed: the attacking player",
    };
    format!("{why} ({}) wins", ctx.side_name(ctx.side_of(army)))
}

/// The sentence an entry that ends the siege closes with: that it is over, why, and who has won.
pub fn ended(ctx: &Ctx, army: Army) -> String {
    format!("The siege is over. {}.", verdict(ctx, army))
}

/// The army `effects` make the winner, if they end the siege.
fn winner_in(effects: &[Effect]) -> Option<Army> {
    own_changes::<NativesAreRestless>(effects).find_map(|c| match c {
        Change::Won { army } => Some(*army),
        _ => None,
    })
}

/// `summary` closed with the end of the siege, when `effects` end it.
pub fn told(ctx: &Ctx, summary: String, effects: &[Effect]) -> String {
    match winner_in(effects) {
        Some(army) => format!("{}. {}", summary.trim_end_matches('.'), ended(ctx, army)),
        None => summary,
    }
}

/// Losses the table records by hand that kill the last defender end the siege as surely as a volley, and
/// the entry says so; any other record is the engine's own.
pub fn losses_by_hand(ctx: &Ctx, unit: &str, count: u32) -> Result<Option<Outcome>, GameError> {
    let Ok(unit) = ctx.live_unit(unit) else { return Ok(None) };
    if count == 0 || ctx.turn.winner.is_some() || ctx.army_of(unit) != Army::Defenders {
        return Ok(None);
    }
    let effects = loss_effects(ctx, unit, count);
    if winner_in(&effects).is_none() {
        return Ok(None);
    }
    let lost = unit.alive_count().min(count) as usize;
    let summary = told(ctx, format!("{} lost {}", unit.name, crate::rules::plural(lost, "figure", "figures")), &effects);
    Ok(Some(Outcome::Resolved { summary, rolls: Vec::new(), effects }))
}
