//! "The defending player wins if the relief column arrives, the attacking player wins if he kills all the
//! defenders." The text names no other result and counts no points: until one of the two comes, the siege
//! goes on and nobody has won.

use super::context::Ctx;
use super::tables::Army;
use super::turn::Relief;
use crate::rules::BattleResult;

pub fn result(ctx: &Ctx) -> BattleResult {
    // The last defender may fall to losses recorded by hand, which no procedure saw: the table decides.
    let winner = ctx.turn.winner.or_else(|| ctx.army_units(Army::Defenders).next().is_none().then_some(Army::Natives));
    let verdict = match (winner, ctx.turn.relief) {
        (Some(Army::Defenders), _) => "The relief column arrives: the defending player wins",
        (Some(Army::Natives), _) => "All the defenders are killed: the attacking player wins",
        (None, Relief::Sighted { .. }) => "The siege goes on: the relief column is sighted but has not arrived",
        (None, _) => "The siege goes on: the relief column has not arrived and defenders still stand",
    };
    BattleResult {
        verdict: verdict.to_string(),
        winner: winner.map(|army| ctx.side_of(army).to_string()),
        ended: winner.is_some(),
        points: Default::default(),
    }
}
