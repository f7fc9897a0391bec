//! The battle's result by the text's Victory rules: the remaining values (Command stands included, and with
//! `entrenchments_count_in_the_result` the entrenchments of a side alone entrenched) compared, the level of victory from their difference, and, with `concession_is_defeat`, the side that
//! conceded the loser. Before the battle has ended it is how the battle would stand if it ended now.

use super::context::Ctx;
use super::victory::{Level, level};
use crate::roster::Side;
use crate::rules::{BattleResult, and_list, possessive};

/// The standing in the text's words, and the side it favours (none in a draw).
pub struct Standing<'a> {
    pub words: String,
    pub winner: Option<&'a Side>,
}

/// "British win a Decisive victory (31 against 17)", once a battle is between two sides.
pub fn standing<'a>(ctx: &Ctx<'a>) -> Option<Standing<'a>> {
    let remaining = ctx.remaining();
    let [a, b] = ctx.scenario.sides.as_slice() else { return None };
    let (ra, rb) = (remaining[a.id.as_str()], remaining[b.id.as_str()]);
    let conceded = ctx.scenario.sides.iter().position(|s| ctx.turn.conceded.as_deref() == Some(s.id.as_str()));
    let level_of = level(&ctx.charts.victory, [ra, rb]);
    let (winner, high, low) = match conceded {
        Some(loser) if ctx.option("concession_is_defeat") => {
            let (w, l) = if loser == 0 { (b, a) } else { (a, b) };
            let words = match level_of {
                Level::Draw | Level::Marginal => "a Marginal",
                Level::Decisive => "a Decisive",
                Level::Overwhelming => "an Overwhelming",
            };
            let (rw, rl) = (remaining[w.id.as_str()], remaining[l.id.as_str()]);
            let words = format!("{} win {words} victory by concession ({rw} against {rl}{})", w.name, counted(ctx));
            return Some(Standing { words, winner: Some(w) });
        }
        _ if ra >= rb => (a, ra, rb),
        _ => (b, rb, ra),
    };
    let counted = counted(ctx);
    let words = match level_of {
        // "38 each" alone leaves a reader asking 38 of what.
        Level::Draw => format!("A draw: each side has {ra}{}", if counted.is_empty() { " remaining" } else { &counted }),
        Level::Marginal => format!("{} win a Marginal victory ({high} against {low}{counted})", winner.name),
        Level::Decisive => format!("{} win a Decisive victory ({high} against {low}{counted})", winner.name),
        Level::Overwhelming => {
            format!("{} win an Overwhelming victory ({high} against {low}{counted})", winner.name)
        }
    };
    let winner = (level_of != Level::Draw).then_some(winner);
    Some(Standing { words, winner })
}

/// What the remaining values count, where a side's entrenchments count toward its army's value and could be
/// taken for part of them: " in stands remaining", or with `entrenchments_count_in_the_result` " remaining,
/// the Boers' 8 of entrenchments counted"; nothing where no side's entrenchments count.
fn counted(ctx: &Ctx) -> String {
    let dug: Vec<(&str, f64)> = ctx
        .scenario
        .sides
        .iter()
        .map(|s| (s.name.as_str(), ctx.entrenchment_points(&s.id)))
        .filter(|&(_, points)| points > 0.0)
        .collect();
    match dug.as_slice() {
        [] => String::new(),
        _ if ctx.option("entrenchments_count_in_the_result") => {
            let each: Vec<String> =
                dug.iter().map(|(name, points)| format!("the {} {points} of entrenchments", possessive(name))).collect();
            let each: Vec<&str> = each.iter().map(String::as_str).collect();
            format!(" remaining, {} counted", and_list(&each))
        }
        _ => " in stands remaining".to_string(),
    }
}

/// The standing with each side's remaining value; ended once a side has conceded or withdrawn entirely, or
/// the last turn is over.
pub fn result(ctx: &Ctx) -> Option<BattleResult> {
    let standing = standing(ctx)?;
    let points = ctx.remaining().into_iter().map(|(side, value)| (side.to_string(), value.round() as i64)).collect();
    Some(BattleResult {
        verdict: standing.words,
        winner: standing.winner.map(|s| s.id.clone()),
        ended: ctx.turn.ended.is_some(),
        points,
    })
}
