//! The siege's result by 7.1 and 7.2: the Boxers' total victory when they overrun the Quarter, else the
//! side with more victory points wins (a draw when equal), each side's points falling in its own band.
//! Before the last card it is the count as it stands now, with the siege not ended.

use std::collections::BTreeMap;

use super::luck::side_of;
use super::play::{Compiled, Ctx_};
use super::siege::throws::Whose;
use super::siege::{Band, End, Score, score};
use crate::rules::BattleResult;

/// Who has won, by the side's place in the scenario (the Great Powers first, the Boxers second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Winner {
    Powers,
    Boxers,
    Neither,
}

pub fn result(ctx: &Ctx_) -> Option<BattleResult> {
    let (powers, boxers) = (side_of(ctx, Whose::Defenders)?, side_of(ctx, Whose::Boxers)?);
    let c = Compiled::of(&ctx.setup.scenario);
    let rules = c.rules(ctx.charts, &|n| ctx.option(n));
    let siege = ctx.turn.siege();
    let score = score(&rules, siege);
    let points = BTreeMap::from([(powers.clone(), i64::from(score.powers)), (boxers.clone(), i64::from(score.boxers))]);
    let (verdict, winner) = judge(names(ctx), &score, siege.end);
    let winner = match winner {
        Winner::Powers => Some(powers),
        Winner::Boxers => Some(boxers),
        Winner::Neither => None,
    };
    Some(BattleResult { verdict, winner, ended: siege.end.is_some(), points })
}

/// The log's word on the entry that ends the siege: that it is over, and the result as 7.2 counts it, both
/// sides' points and bands (the entry's own lines have said why, 7.1).
pub fn ended(ctx: &Ctx_, score: &Score, end: End) -> String {
    let names = names(ctx);
    let (verdict, _) = judge(names, score, Some(end));
    match end {
        End::Relief => format!("The siege is over. {verdict}"),
        // The overrun decides, not the count: the count is given for the record only, so the bands are
        // not set beside points they do not follow from.
        End::Overrun => format!(
            "The siege is over. {verdict}: {} whatever the count ({} {} VP, {} {} VP)",
            bands(names, score),
            names[0],
            score.powers,
            names[1],
            score.boxers
        ),
    }
}

/// The scenario's names for the two sides: the Great Powers' first, the Boxers' second.
fn names<'a>(ctx: &'a Ctx_) -> [&'a str; 2] {
    [0, 1].map(|i| ctx.scenario.sides.get(i).map_or("", |s| s.name.as_str()))
}

fn judge(names: [&str; 2], score: &Score, end: Option<End>) -> (String, Winner) {
    if end == Some(End::Overrun) {
        return (
            format!("Total victory for the {}: no soldier and no civilian is left (7.1)", names[1]),
            Winner::Boxers,
        );
    }
    let bands = bands(names, score);
    match score.powers.cmp(&score.boxers) {
        std::cmp::Ordering::Greater => {
            (format!("The {} win, {} VP to {}: {bands}", names[0], score.powers, score.boxers), Winner::Powers)
        }
        std::cmp::Ordering::Less => {
            (format!("The {} win, {} VP to {}: {bands}", names[1], score.boxers, score.powers), Winner::Boxers)
        }
        std::cmp::Ordering::Equal => (format!("A draw, {} VP each: {bands}", score.powers), Winner::Neither),
    }
}

/// Each side's band in the text's words: "a victory for the Great Powers, a defeat for the Boxers".
fn bands(names: [&str; 2], score: &Score) -> String {
    format!(
        "{} for the {}, {} for the {}",
        band_words(score.powers_band, false),
        names[0],
        band_words(score.boxers_band, true),
        names[1]
    )
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
