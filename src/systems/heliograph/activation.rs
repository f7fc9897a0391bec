//! The activation toss (highest D10, the loser's +1 per toss lost in a row), activating one unit, closing
//! the activation, and the end of the turn once every unit has been activated.

use std::collections::BTreeMap;

use super::context::{ACTIVATION, Ctx, SEQUENCE};
use super::markers::ACTIVATED;
use super::turn::Change;
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::odds::Dist;
use crate::rules::{Thrower, says, throw_off};

/// Units of `side` still to activate this turn.
pub fn waiting<'a>(ctx: &'a Ctx, side: &'a str) -> impl Iterator<Item = &'a crate::roster::Unit> + 'a {
    ctx.state.units.iter().filter(move |u| u.side == side && !u.is_out() && !u.flags.contains(&ACTIVATED))
}

/// What must happen before the next toss or the next turn: what `blocking` lists, then the toss winner's
/// pick of a unit.
pub fn owed(ctx: &Ctx) -> Vec<String> {
    let mut owed = blocking(ctx);
    if let Some(side) = &ctx.turn.chooser {
        let name = &ctx.side(side).name;
        owed.push(format!("{name} {} a unit", crate::rules::agrees(name, "activates", "activate")));
    }
    owed
}

/// The morale tests and melee step still to come: nothing else may happen before them.
pub fn blocking(ctx: &Ctx) -> Vec<String> {
    let mut owed: Vec<String> = ctx
        .turn
        .morale_due
        .iter()
        .map(|d| format!("{} morale {}", says(&ctx.name_of(&d.unit), "tests", "test"), d.reason.words()))
        .collect();
    if let Some(m) = &ctx.turn.melee {
        owed.push(format!(
            "the melee of {} against {} ({})",
            ctx.name_of(&m.attacker),
            ctx.name_of(&m.defender),
            m.step.words()
        ));
    }
    owed
}

/// Closes the open activation as part of the next toss or activation, if nothing is owed.
fn close_open(ctx: &Ctx, effects: &mut Vec<Effect>) -> Result<(), GameError> {
    let owed = owed(ctx);
    if !owed.is_empty() {
        return Err(Refusal::by_rule(format!("first: {}", owed.join("; ")), SEQUENCE).into());
    }
    if ctx.turn.active.is_some() {
        effects.push(Change::ActivationEnded.effect());
    }
    Ok(())
}

/// The first side's margin on the toss, bonuses included, and each side's chance to win it: ties are
/// tossed again, so a side's chance is its share of the decided tosses. None unless there are two sides.
pub fn toss_chances(ctx: &Ctx) -> Option<(Dist, [f64; 2])> {
    let sides = &ctx.scenario.sides;
    if sides.len() != 2 {
        return None;
    }
    let bonus = |i: usize| ctx.turn.toss_bonus_of(&sides[i].id);
    let d10 = Dist::uniform(&(0..10).collect::<Vec<i64>>());
    let margin = d10.shifted(bonus(0)).add(&d10.shifted(bonus(1)).negated());
    let (a, b) = (margin.p_at_least(1), margin.p_at_most(-1));
    Some((margin, [a / (a + b), b / (a + b)]))
}

pub fn toss(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let sides = &ctx.scenario.sides;
    if sides.len() != 2 {
        return Err(Refusal::by_rule(
            format!("the toss is between two sides; this scenario has {}", sides.len()),
            SEQUENCE,
        )
        .into());
    }
    let mut effects = Vec::new();
    close_open(ctx, &mut effects)?;
    let left: Vec<usize> = (0..2).filter(|&i| waiting(ctx, &sides[i].id).next().is_some()).collect();
    match left.as_slice() {
        [] => return Err(Refusal::by_rule("every unit has been activated: begin the next turn", SEQUENCE).into()),
        [only] => {
            return Err(Refusal::by_rule(
                {
                    let name = &sides[*only].name;
                    let (has, it) = match crate::rules::agrees(name, "one", "many") {
                        "one" => ("has", "it activates"),
                        _ => ("have", "they activate"),
                    };
                    format!("only {name} {has} units left to activate: {it} them in turn, with no toss")
                },
                SEQUENCE,
            )
            .into());
        }
        _ => {}
    }
    let bonus = |i: usize| ctx.turn.toss_bonus_of(&sides[i].id);
    let d10 = DiceExpr::parse("D10").expect("D10 parses");
    let mut feed = DiceFeed::new(dice, rng);
    let thrower = |i: usize| Thrower { name: &sides[i].name, dice: &d10, bonus: bonus(i) };
    let (winner, rolls) = throw_off(&mut feed, [thrower(0), thrower(1)], "Rulings: ties are rolled again")?;
    feed.finish()?;
    let loser = 1 - winner;
    let mut next: BTreeMap<String, i64> = BTreeMap::new();
    next.insert(sides[winner].id.clone(), 0);
    next.insert(sides[loser].id.clone(), bonus(loser) + 1);
    let n = rolls.len();
    let show = |i: usize| {
        let face = rolls[n - 2 + i].roll.total;
        if bonus(i) > 0 { format!("{face}+{} = {}", bonus(i), face + bonus(i)) } else { face.to_string() }
    };
    // Ties the app tossed again are named, so the dice shown beside the entry all read plainly.
    let ties: Vec<String> = rolls[..n - 2].chunks(2).map(|p| format!("{} each", p[0].roll.total + bonus(0))).collect();
    let retossed = if ties.is_empty() { String::new() } else { format!(" (after ties: {})", ties.join("; ")) };
    let summary = format!(
        "Activation toss: {} {} against {} {}{retossed}: {} {} a unit ({} now +{} on the next toss)",
        sides[0].name,
        show(0),
        sides[1].name,
        show(1),
        sides[winner].name,
        crate::rules::agrees(&sides[winner].name, "activates", "activate"),
        sides[loser].name,
        bonus(loser) + 1
    );
    effects.push(Change::TossWon { side: sides[winner].id.clone(), bonus: next }.effect());
    Ok(Outcome::Resolved { summary, rolls, effects })
}

pub fn activate(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    let unit = ctx.live_unit(unit)?;
    if unit.flags.contains(&ACTIVATED) {
        return Err(Refusal::by_rule(format!("{} has already been activated this turn", unit.name), ACTIVATION).into());
    }
    let mut effects = Vec::new();
    if ctx.turn.chooser.as_deref() == Some(unit.side.as_str()) {
        // The toss winner's choice: nothing else can be open, the toss closed it.
    } else {
        if let Some(side) = &ctx.turn.chooser {
            return Err(Refusal::by_rule(
                {
                    let name = &ctx.side(side).name;
                    let it = crate::rules::agrees(name, "it activates one of its", "they activate one of their");
                    format!("{name} won the toss: {it} own units")
                },
                SEQUENCE,
            )
            .into());
        }
        close_open(ctx, &mut effects)?;
        let other_waiting =
            ctx.scenario.sides.iter().any(|s| s.id != unit.side && waiting(ctx, &s.id).next().is_some());
        if other_waiting {
            return Err(
                Refusal::by_rule("toss for activation first (both sides have units to activate)", SEQUENCE).into()
            );
        }
    }
    effects.push(Effect::Flag { unit: unit.id.clone(), flag: ACTIVATED, on: true });
    effects.push(Change::Activated { unit: unit.id.clone() }.effect());
    Ok(Outcome::Resolved { summary: format!("{} activates", unit.name), rolls: Vec::new(), effects })
}

pub fn end_activation(ctx: &Ctx) -> Result<Outcome, GameError> {
    let Some(active) = &ctx.turn.active else {
        return Err(Refusal::by_rule("no unit is being activated", SEQUENCE).into());
    };
    let owed = owed(ctx);
    if !owed.is_empty() {
        return Err(Refusal::by_rule(format!("the activation is not finished: {}", owed.join("; ")), SEQUENCE).into());
    }
    let name = ctx.state.unit(&active.unit).map(|u| u.name.as_str()).unwrap_or("");
    Ok(Outcome::Resolved {
        summary: format!("{name}'s activation ends"),
        rolls: Vec::new(),
        effects: vec![Change::ActivationEnded.effect()],
    })
}

pub fn next_turn(ctx: &Ctx) -> Result<Outcome, GameError> {
    let owed = owed(ctx);
    if !owed.is_empty() {
        return Err(Refusal::by_rule(format!("the turn is not finished: {}", owed.join("; ")), SEQUENCE).into());
    }
    let left: Vec<&str> =
        ctx.scenario.sides.iter().flat_map(|s| waiting(ctx, &s.id)).map(|u| u.name.as_str()).collect();
    if !left.is_empty() {
        return Err(Refusal::by_rule(
            format!("the turn ends when every unit has been activated; still to activate: {}", left.join(", ")),
            SEQUENCE,
        )
        .into());
    }
    Ok(Outcome::TurnBegan { turn: ctx.state.turn + 1 })
}
