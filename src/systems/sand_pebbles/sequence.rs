//! Initiative, the winner's choice of order, and moving from phase to phase once nothing is owed.

use super::context::{Ctx, SEQUENCE};
use super::owed_tests;
use super::turn::{Change, Phase};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{Allowance, GameError, Outcome, Refusal};
use crate::measure::MOVE_TOLERANCE;
use crate::rules::{Thrower, agrees, says, throw_off};

/// Each side's chance to win an initiative roll: the same die each, ties rolled again.
pub const INITIATIVE_CHANCE: f64 = 0.5;

pub fn initiative(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let fire = match ctx.turn.phase {
        Phase::MoveInitiative => false,
        Phase::FireInitiative => true,
        other => {
            return Err(Refusal::by_rule(
                format!("initiative is rolled before movement and before fire, not during {}", other.title()),
                SEQUENCE,
            )
            .into());
        }
    };
    let sides = &ctx.scenario.sides;
    if sides.len() != 2 {
        return Err(Refusal::by_rule(
            format!("Sand Pebbles is played by two sides; this scenario has {}", sides.len()),
            SEQUENCE,
        )
        .into());
    }
    let d6 = DiceExpr::parse("D6").expect("D6 parses");
    let mut feed = DiceFeed::new(dice, rng);
    let thrower = |i: usize| Thrower { name: &sides[i].name, dice: &d6, bonus: 0 };
    let (winner, rolls) = throw_off(&mut feed, [thrower(0), thrower(1)], "Rulings: ties are rolled again")?;
    feed.finish()?;
    let what = if fire { "fire" } else { "movement" };
    let faces: Vec<String> = rolls.chunks(2).map(|p| format!("{} {}", p[0].roll.total, p[1].roll.total)).collect();
    let summary = format!(
        "Initiative for {what}: {} {} against {} {}{}: {} {} who {} first",
        sides[0].name,
        rolls[rolls.len() - 2].roll.total,
        sides[1].name,
        rolls[rolls.len() - 1].roll.total,
        if rolls.len() > 2 { format!(" (after ties: {})", faces[..faces.len() - 1].join("; ")) } else { String::new() },
        sides[winner].name,
        agrees(&sides[winner].name, "chooses", "choose"),
        if fire { "fires" } else { "moves" },
    );
    let next = if fire { Phase::FireOrder } else { Phase::MoveOrder };
    Ok(Outcome::Resolved {
        summary,
        rolls,
        effects: vec![
            Change::InitiativeWon { side: sides[winner].id.clone() }.effect(),
            Change::Phase { phase: next }.effect(),
        ],
    })
}

pub fn choose_order(ctx: &Ctx, first: &str) -> Result<Outcome, GameError> {
    let fire = match ctx.turn.phase {
        Phase::MoveOrder => false,
        Phase::FireOrder => true,
        other => {
            return Err(Refusal::by_rule(
                format!("the order is chosen after an initiative roll, not during {}", other.title()),
                SEQUENCE,
            )
            .into());
        }
    };
    let sides = &ctx.scenario.sides;
    let Some(chosen) = sides.iter().find(|s| s.id == first) else {
        let ids: Vec<&str> = sides.iter().map(|s| s.id.as_str()).collect();
        return Err(GameError::BadInput(format!("no side {first:?}; sides are: {}", ids.join(", "))));
    };
    let other = sides.iter().find(|s| s.id != first).expect("two sides");
    let winner = ctx.turn.initiative_winner.as_deref().map(|w| ctx.side_name(w)).unwrap_or("the winner");
    let verb = match fire {
        true => agrees(&chosen.name, "fires", "fire"),
        false => agrees(&chosen.name, "moves", "move"),
    };
    Ok(Outcome::Resolved {
        summary: format!("{winner} chose: {} {verb} first, {} second", chosen.name, other.name),
        rolls: Vec::new(),
        effects: vec![
            Change::Order { fire, sides: vec![chosen.id.clone(), other.id.clone()] }.effect(),
            Change::Phase { phase: if fire { Phase::FireFirst } else { Phase::MoveFirst } }.effect(),
        ],
    })
}

/// What the current phase still needs before it may close, in words a player can act on.
pub fn owed(ctx: &Ctx) -> Vec<String> {
    let turn = ctx.turn;
    let name = |id: &str| ctx.state.unit(id).map(|u| u.name.clone()).unwrap_or_else(|| id.to_string());
    match turn.phase {
        Phase::MoveInitiative | Phase::FireInitiative => vec!["roll initiative".into()],
        Phase::MoveOrder | Phase::FireOrder => vec!["the initiative winner chooses who goes first".into()],
        Phase::MoveFirst | Phase::MoveSecond => {
            let side = turn.acting_side().unwrap_or_default();
            let mut owed = Vec::new();
            for unit in ctx.state.units.iter().filter(|u| u.side == side && !u.is_out()) {
                if let Some(short) = ship_still_owes(ctx, unit.id.as_str(), ctx.state.allowances.get(&unit.id)) {
                    owed.push(format!("{} must still move {short:.1}\" (ships move the distance rolled)", unit.name));
                }
            }
            for id in &turn.swims_owed {
                owed.push(format!("{} rolls for drowning", name(id)));
            }
            owed
        }
        Phase::FireFirst | Phase::FireSecond => Vec::new(),
        Phase::ChargeMorale => owed_tests::finishing(ctx, turn)
            .iter()
            .map(|c| {
                let name = name(&c.attacker);
                format!("{} morale to finish {} charge", says(&name, "tests", "test"), agrees(&name, "its", "their"))
            })
            .collect(),
        Phase::StandMorale => owed_tests::standing(ctx, turn)
            .iter()
            .map(|(defender, attackers)| {
                format!("{} morale to stand against {}", says(&defender.name, "tests", "test"), owed_tests::names(attackers))
            })
            .collect(),
        Phase::Melee => turn
            .charges
            .iter()
            .filter(|c| c.owes_melee() && ctx.live(c))
            .map(|c| format!("melee: {} against {}", name(&c.attacker), name(&c.defender)))
            .collect(),
    }
}

/// A craft must move the dice of its roll, unless the table plays that only the gun boat must.
pub fn must_cover_dice(ctx: &Ctx, unit: &crate::roster::Unit) -> bool {
    match ctx.craft(unit) {
        None => false,
        Some(craft) => !ctx.option("must_move_gun_boat_only") || craft == super::tables::Craft::GunBoat,
    }
}

/// A craft that must move its rolled dice (the extra 6" is optional) and has not yet: how far it is short.
pub fn ship_still_owes(ctx: &Ctx, unit: &str, allowance: Option<&Allowance>) -> Option<f64> {
    let unit = ctx.state.unit(unit)?;
    if !must_cover_dice(ctx, unit) {
        return None;
    }
    let allowance = allowance?;
    let expr = DiceExpr::parse(&allowance.expr).ok()?;
    let constant: i64 =
        expr.terms().iter().map(|t| if let crate::dice::Term::Constant { value } = t { *value } else { 0 }).sum();
    let required = (allowance.total - constant).max(0) as f64;
    let moved = allowance.total as f64 - allowance.left;
    let short = required - moved;
    (short > MOVE_TOLERANCE).then_some(short)
}

pub fn end_phase(ctx: &Ctx) -> Result<Outcome, GameError> {
    let turn = ctx.turn;
    let owed = owed(ctx);
    if !owed.is_empty() {
        return Err(
            Refusal::by_rule(format!("{} is not finished: {}", turn.phase.title(), owed.join("; ")), SEQUENCE).into()
        );
    }
    let (next, settled) = match turn.phase {
        Phase::MoveFirst => (Phase::MoveSecond, Vec::new()),
        Phase::MoveSecond => (Phase::FireInitiative, Vec::new()),
        Phase::FireFirst => (Phase::FireSecond, Vec::new()),
        Phase::FireSecond | Phase::ChargeMorale | Phase::StandMorale => owed_tests::after(ctx, turn.phase),
        Phase::Melee => {
            return Err(Refusal::by_rule("the melee phase ends the turn: begin the next turn", SEQUENCE).into());
        }
        // `owed` names their roll or choice, so this is only reached if the two ever disagree.
        Phase::MoveInitiative | Phase::MoveOrder | Phase::FireInitiative | Phase::FireOrder => {
            return Err(Refusal::by_rule(
                format!("{} ends with its roll or choice, not by ending the phase", turn.phase.title()),
                SEQUENCE,
            )
            .into());
        }
    };
    let mut summary = format!("{} ends; next: {}", turn.phase.title(), next.title());
    if let Some(side) = acting_after(ctx, next) {
        summary.push_str(&format!(" ({})", ctx.side_name(side)));
    }
    if next == Phase::Melee && !turn.charges.iter().any(|c| ctx.live(c)) {
        summary.push_str(": no charges this turn");
    }
    let mut effects = Vec::new();
    for (line, change) in settled {
        summary.push_str(&format!(". {line} (no die)"));
        effects.push(change.effect());
    }
    effects.push(Change::Phase { phase: next }.effect());
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

fn acting_after<'a>(ctx: &'a Ctx, phase: Phase) -> Option<&'a str> {
    let turn = ctx.turn;
    match phase {
        Phase::MoveSecond => turn.move_order.get(1),
        Phase::FireSecond => turn.fire_order.get(1),
        _ => None,
    }
    .map(String::as_str)
}

pub fn next_turn(ctx: &Ctx) -> Result<Outcome, GameError> {
    if ctx.turn.phase != Phase::Melee {
        return Err(Refusal::by_rule(
            format!("the turn ends after the melee phase; it is now {}", ctx.turn.phase.title()),
            SEQUENCE,
        )
        .into());
    }
    let owed = owed(ctx);
    if !owed.is_empty() {
        return Err(Refusal::by_rule(format!("the melee phase is not finished: {}", owed.join("; ")), SEQUENCE).into());
    }
    Ok(Outcome::TurnBegan { turn: ctx.state.turn + 1 })
}
