//! The siege's result by 7.1 and 7.2: the Boxers' total victory when they overrun the Quarter, else the
//! side with more victory points wins (a draw when equal), each side's points falling in its own band.
//! Before the last card it is the count as it stands now, with the siege not ended.

use std::collections::BTreeMap;

use super::luck::side_of;
use super::play::{Compiled, Ctx_};
use super::siege::throws::Whose;
use super::siege::{Band, End, score};
use crate::rules::BattleResult;

pub fn result(ctx: &Ctx_) -> Option<BattleResult> {
    let (powers, boxers) = (side_of(ctx, Whose::Defenders)?, side_of(ctx, Whose::Boxers)?);
    let name = |index: usize| ctx.scenario.sides[index].name.as_str();
    let c = Compiled::of(&ctx.setup.scenario);
    let rules = c.rules(ctx.charts, &|n| ctx.option(n));
    let siege = ctx.turn.siege();
    let score = score(&rules, siege);
    let points = BTreeMap::from([(powers.clone(), i64::from(score.powers)), (boxers.clone(), i64::from(score.boxers))]);
    let ended = siege.end.is_some();
    if siege.end == Some(End::Overrun) {
        return Some(BattleResult {
            verdict: format!("Total victory for the {}: no soldier and no civilian is left (7.1)", name(1)),
            winner: Some(boxers),
            ended,
            points,
        });
    }
    let bands = format!(
        "{} for the {}, {} for the {}",
        band_words(score.powers_band, false),
        name(0),
        band_words(score.boxers_band, true),
        name(1)
    );
    let (verdict, winner) = match score.powers.cmp(&score.boxers) {
        std::cmp::Ordering::Greater => {
            (format!("The {} win, {} VP to {}: {bands}", name(0), score.powers, score.boxers), Some(powers))
        }
        std::cmp::Ordering::Less => {
            (format!("The {} win, {} VP to {}: {bands}", name(1), score.boxers, score.powers), Some(boxers))
        }
        std::cmp::Ordering::Equal => (format!("A draw, {} VP each: {bands}", score.powers), None),
    };
    Some(BattleResult { verdict, winner, ended, points })
}

/// A band as the text names it for each side: 76-99 is the Great Powers' "victory" and the Boxers'
/// "tactical victory" (7.2.1, 7.2.2).
fn band_words(band: Band, boxers: bool) -> &'static str {
    match band {
        Band::Disaster => "a disaster",
        Band::Defeat => "a defeat",
        Band::MarginalVictory => "a marginal victory",
        Band::Victory if boxers => "a tactical victory",
        Band::Victory => "a victory",
        Band::GreatVictory => "a great victory",
    }
}
