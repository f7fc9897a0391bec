//! The turn: both sides throw for the initiative (ties thrown again), the winner takes it or passes it,
//! the side with it throws for its activations (its dice plus its commander's rating) and activates its
//! stands one at a time, then the other side does the same. Up to twelve turns, or until a side concedes
//! or has withdrawn entirely.

use super::context::{ACTIVATION, Ctx, SEQUENCE, Stand, VICTORY};
use super::markers::{ACTIVATED, MOVED, OF_THE_TURN, TOWED, WITHDRAWN};
use super::turn::{Change, Turn, TurnStep};
use crate::dice::{DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::roster::Unit;
use crate::rules::{Thrower, throw_off};

pub fn refuse(message: impl Into<String>, rule: &str) -> GameError {
    Refusal::by_rule(message, rule).into()
}

/// Nothing is played once the battle has ended.
pub fn not_over(ctx: &Ctx) -> Result<(), GameError> {
    match &ctx.turn.ended {
        Some(why) => Err(refuse(format!("the battle is over: {why}"), VICTORY)),
        None => Ok(()),
    }
}

/// The initiative is thrown by two sides at the beginning of each turn, while the battle lasts: refused
/// otherwise, for the throw and for its odds alike.
pub fn initiative_due(ctx: &Ctx) -> Result<(), GameError> {
    not_over(ctx)?;
    let sides = &ctx.scenario.sides;
    if sides.len() != 2 {
        return Err(refuse(format!("a battle is between two sides; this one has {}", sides.len()), SEQUENCE));
    }
    if ctx.turn.step != TurnStep::Initiative {
        return Err(refuse(format!("the initiative for turn {} has been thrown", ctx.state.turn), SEQUENCE));
    }
    Ok(())
}

/// The side whose throw for its activations is due: its part of the turn has begun and it has not thrown.
/// Refused otherwise, for the throw and for its odds alike.
pub fn activations_due<'a>(ctx: &Ctx<'a>) -> Result<&'a str, GameError> {
    not_over(ctx)?;
    match &ctx.turn.step {
        TurnStep::Activating { side, left: None, .. } => Ok(side),
        _ => Err(refuse("a side throws for its activations when its part of the turn begins", SEQUENCE)),
    }
}

pub fn initiative(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    initiative_due(ctx)?;
    let sides = &ctx.scenario.sides;
    let exprs = [ctx.dice_of(&sides[0].id), ctx.dice_of(&sides[1].id)];
    let mut feed = DiceFeed::new(dice, rng);
    let thrower = |i: usize| Thrower { name: &sides[i].name, dice: &exprs[i], bonus: 0 };
    let (winner, rolls) = throw_off(&mut feed, [thrower(0), thrower(1)], SEQUENCE)?;
    feed.finish()?;
    let n = rolls.len();
    let ties: Vec<String> = rolls[..n - 2].chunks(2).map(|p| format!("{} each", p[0].roll.total)).collect();
    let retold = if ties.is_empty() { String::new() } else { format!(" (after ties: {})", ties.join("; ")) };
    let summary = format!(
        "Initiative, turn {}: {} {} against {} {}{retold}: {} take the initiative or pass it",
        ctx.state.turn,
        sides[0].name,
        rolls[n - 2].roll.total,
        sides[1].name,
        rolls[n - 1].roll.total,
        sides[winner].name
    );
    let effects = vec![Change::InitiativeWon { side: sides[winner].id.clone() }.effect()];
    Ok(Outcome::Resolved { summary, rolls, effects })
}

pub fn take_initiative(ctx: &Ctx, side: &str) -> Result<Outcome, GameError> {
    not_over(ctx)?;
    let TurnStep::Choose { winner } = &ctx.turn.step else {
        return Err(refuse("the initiative is given by the side that won its throw, once thrown", SEQUENCE));
    };
    let Some(chosen) = ctx.scenario.sides.iter().find(|s| s.id == side) else {
        return Err(GameError::BadInput(format!("no side {side:?}")));
    };
    let summary = if chosen.id == *winner {
        format!("{} take the initiative", chosen.name)
    } else {
        format!("{} pass the initiative to {}", ctx.side(winner).name, chosen.name)
    };
    let effects = vec![Change::Activating { side: chosen.id.clone(), first: true }.effect()];
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

pub fn throw_activations(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let side = activations_due(ctx)?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&ctx.dice_of(side), &format!("{} activations", ctx.side(side).name))?;
    feed.finish()?;
    let rating = ctx.commander(side);
    let count = u32::try_from(roll.roll.total + i64::from(rating)).unwrap_or(0);
    let summary =
        format!("{} throw {} + commander {rating}: {count} activations", ctx.side(side).name, roll.roll.total);
    Ok(Outcome::Resolved { summary, rolls: vec![roll], effects: vec![Change::ActivationsThrown { count }.effect()] })
}

/// The stands `side` may still activate this turn.
pub fn waiting<'a>(ctx: &'a Ctx, side: &'a str) -> impl Iterator<Item = &'a Unit> + 'a {
    ctx.state.units.iter().filter(move |u| {
        u.side == side && super::context::on_the_field(u) && !u.flags.contains(&ACTIVATED) && !towed(ctx, u)
    })
}

/// Limbered to a Transport now, or towed earlier this turn: a gun that has moved with its Transport.
fn towed(ctx: &Ctx, unit: &Unit) -> bool {
    unit.flags.contains(&TOWED) || ctx.towed_by(&unit.id).is_some()
}

pub fn activate(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    not_over(ctx)?;
    let stand = ctx.stand(unit)?;
    let Some((side, left)) = ctx.turn.activating() else {
        return Err(refuse("stands are activated once their side has thrown for its activations", SEQUENCE));
    };
    if stand.side() != side {
        return Err(refuse(format!("{} are activating now", ctx.side(side).name), SEQUENCE));
    }
    if stand.unit.flags.contains(&ACTIVATED) {
        return Err(refuse(format!("{} has been activated this turn", stand.name()), ACTIVATION));
    }
    if let Some(transport) = stand.towed_by {
        return Err(refuse(
            format!("{} is limbered to {}: it moves with it", stand.name(), ctx.name_of(transport)),
            super::context::TRANSPORT,
        ));
    }
    // "Artillery stands that are being towed ... may not take part in Fire Combat or Close Combat for the
    // duration of a turn during which they are being towed", and it has moved with its Transport.
    if stand.unit.flags.contains(&TOWED) {
        return Err(refuse(
            format!(
                "{} has been towed this turn: it has moved with its Transport, and takes no part in combat this turn",
                stand.name()
            ),
            super::context::TRANSPORT,
        ));
    }
    if left == 0 {
        return Err(refuse(format!("{} have no activations left this turn", ctx.side(side).name), SEQUENCE));
    }
    owed_withdrawal(ctx)?;
    let mut effects = Vec::new();
    if ctx.turn.active.is_some() {
        effects.push(Change::ActivationEnded.effect());
    }
    effects.push(Effect::Flag { unit: stand.id().to_string(), flag: ACTIVATED, on: true });
    effects.push(Change::Activated { unit: stand.id().to_string() }.effect());
    let summary = format!("{} activate {} in {} ({} left)", ctx.side(side).name, stand.name(), stand.at(), left - 1);
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

pub fn end_activation(ctx: &Ctx) -> Result<Outcome, GameError> {
    let Some(active) = &ctx.turn.active else {
        return Err(refuse("no stand is being activated", ACTIVATION));
    };
    owed_withdrawal(ctx)?;
    let summary = format!("{} activation ends", crate::rules::possessive(&ctx.name_of(active)));
    Ok(Outcome::Resolved { summary, rolls: vec![], effects: vec![Change::ActivationEnded.effect()] })
}

pub fn end_activations(ctx: &Ctx) -> Result<Outcome, GameError> {
    not_over(ctx)?;
    let TurnStep::Activating { side, first, left } = &ctx.turn.step else {
        return Err(refuse("no side is activating", SEQUENCE));
    };
    if left.is_none() {
        return Err(refuse(format!("{} throw for their activations first", ctx.side(side).name), SEQUENCE));
    }
    owed_withdrawal(ctx)?;
    let name = &ctx.side(side).name;
    let (summary, mut effects) = if *first {
        let other = ctx.other_side(side);
        (
            format!("{name} have activated; {} throw for their activations", ctx.side(other).name),
            vec![Change::Activating { side: other.to_string(), first: false }.effect()],
        )
    } else {
        (format!("{name} have activated: turn {} may end", ctx.state.turn), vec![Change::AllActivated.effect()])
    };
    let mut summary = summary;
    if !*first && ctx.state.turn >= ctx.charts.grid.turns {
        let why = format!("turn {} has been completed", ctx.state.turn);
        let ended = Turn { ended: Some(why.clone()), ..ctx.turn.clone() };
        let result = result_words(&Ctx { turn: &ended, ..*ctx }).unwrap_or_default();
        summary = format!("{name} have activated: {why}, the battle is over. {result}");
        effects.push(Change::Ended { why, conceded: None }.effect());
    }
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

pub fn next_turn(ctx: &Ctx) -> Result<Outcome, GameError> {
    not_over(ctx)?;
    if ctx.turn.step != TurnStep::TurnOver {
        return Err(refuse("the turn ends once both sides have activated their stands", SEQUENCE));
    }
    Ok(Outcome::TurnBegan { turn: ctx.state.turn + 1 })
}

pub fn concede(ctx: &Ctx, side: &str) -> Result<Outcome, GameError> {
    not_over(ctx)?;
    let Some(side) = ctx.scenario.sides.iter().find(|s| s.id == side) else {
        return Err(GameError::BadInput(format!("no side {side:?}")));
    };
    let why = format!("{} conceded", side.name);
    let ended = Turn { ended: Some(why.clone()), conceded: Some(side.id.clone()), ..ctx.turn.clone() };
    let result = result_words(&Ctx { turn: &ended, ..*ctx }).unwrap_or_default();
    let summary = format!("{} concede the battle: the battle is over. {result}", side.name);
    let effects = vec![Change::Ended { why, conceded: Some(side.id.clone()) }.effect()];
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

/// "It must begin to withdraw from the battlefield": the active stand of a withdrawing army owes a move
/// toward its baseline, or its leaving from it, before its activation ends, unless it has moved or cannot.
/// It may still fight first. With `withdrawing_stands_may_hold` it owes nothing.
pub fn owed_withdrawal(ctx: &Ctx) -> Result<(), GameError> {
    if ctx.option("withdrawing_stands_may_hold") {
        return Ok(());
    }
    let Some(stand) = ctx.turn.active.as_deref().and_then(|id| ctx.stand(id).ok()) else { return Ok(()) };
    if !ctx.withdrawing().contains(&stand.side()) || stand.unit.flags.contains(&MOVED) {
        return Ok(());
    }
    let may_leave = super::movement::on_baseline(ctx, stand.side(), stand.square);
    if !may_leave && super::movement::legal_squares(ctx, &stand).is_empty() {
        return Ok(());
    }
    Err(refuse(format!("{} before its activation ends", owed_words(ctx, &stand)), VICTORY))
}

/// Mounting, dismounting, limbering and unlimbering each take the place of the move back a withdrawing
/// army's stand owes, so none is open to it; with `withdrawing_stands_may_hold` each is.
pub fn not_instead_of_withdrawing(ctx: &Ctx, stand: &Stand, what: &str) -> Result<(), GameError> {
    if ctx.option("withdrawing_stands_may_hold") || !ctx.withdrawing().contains(&stand.side()) {
        return Ok(());
    }
    Err(refuse(format!("{}; it may not {what} instead", owed_words(ctx, stand)), VICTORY))
}

/// "Blue must withdraw: spears moves toward its baseline (or leaves the battlefield from it)".
fn owed_words(ctx: &Ctx, stand: &Stand) -> String {
    format!(
        "{} must withdraw: {} moves toward its baseline (or leaves the battlefield from it)",
        ctx.side(stand.side()).name,
        stand.name()
    )
}

/// A new turn: the marks of the last one lapse.
pub fn begin_turn(units: &mut [Unit]) {
    for unit in units {
        for flag in OF_THE_TURN {
            unit.flags.remove(&flag);
        }
    }
}

/// "The battle is deemed to have ended when one side has completely withdrawn from the battlefield": a side
/// whose every stand has been destroyed or has left. Once this entry's `destroyed` and `left` stands are
/// gone, the change that ends the battle and the words its entry ends with: why, that the battle is over,
/// and the result with both totals.
pub fn withdrawn_entirely(ctx: &Ctx, destroyed: &[&str], left: &[&str]) -> Option<(Effect, String)> {
    let mut after = ctx.state.clone();
    for unit in &mut after.units {
        if destroyed.contains(&unit.id.as_str()) {
            unit.figures.iter_mut().for_each(|f| f.alive = false);
        }
        if left.contains(&unit.id.as_str()) {
            unit.flags.insert(WITHDRAWN);
        }
    }
    let gone = |side: &str| !after.units.iter().any(|u| u.side == side && super::context::on_the_field(u));
    let side = ctx.scenario.sides.iter().find(|side| gone(&side.id))?;
    let why = if left.is_empty() {
        format!("{} have no stand left on the battlefield", side.name)
    } else {
        format!("{} have left the battlefield", side.name)
    };
    let ended = Turn { ended: Some(why.clone()), ..ctx.turn.clone() };
    let result = result_words(&Ctx { state: &after, turn: &ended, ..*ctx }).unwrap_or_default();
    let words = format!(". {why}, the battle is over. {result}");
    Some((Change::Ended { why, conceded: None }.effect(), words))
}

/// "British win a Decisive victory (31 against 17)": the standing in words (`verdict::standing`).
pub fn result_words(ctx: &Ctx) -> Option<String> {
    super::verdict::standing(ctx).map(|standing| standing.words)
}
