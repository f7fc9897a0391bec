//! The melee itself, once the defender has held, fired and the attacker has closed: one D10 per figure
//! with modifiers, at most two figures on one; the high total kills, a tie locks; a lone figure against
//! two compares its die with their sum. Then the side that lost more tests morale (both, if equal).

use super::context::{Ctx, Ground, MELEE};
use super::pairing::{self, Pairing};
use super::tables::Army;
use super::turn::{Change, MeleeStep, Reason};
use crate::dice::{DiceExpr, DiceFeed, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::odds::{Dist, OddsView};
use crate::roster::{Figure, Role, Unit};
use crate::rules::{and_list, plural, says};

fn bonus(ctx: &Ctx, unit: &Unit, figure: &Figure, attacking: bool) -> i64 {
    let rules = &ctx.charts.melee;
    // Whether the leader's +1 is his own die only (as written) or every figure's while he stands.
    let led = figure.role == Role::Leader || (ctx.option("leader_bonus_every_figure") && unit.leader().is_some());
    let mut total = if led { rules.leader } else { 0 };
    if attacking && ctx.profile(unit).side == Army::Moro {
        total += rules.moro_charging;
    }
    if !attacking {
        total += match ctx.ground_of(unit) {
            Ground::Fort => rules.defending_fort,
            Ground::Building => rules.defending_building,
            _ => 0,
        };
    }
    total
}

pub fn pending<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<(&'a Unit, &'a Unit), GameError> {
    let attacker = ctx.unit(unit)?;
    // A locked melee is fought on by either unit when it is activated: no charge, tests or fire first.
    if ctx.turn.melee.is_none()
        && ctx.turn.is_active(&attacker.id)
        && let Some(opponent) = ctx.turn.locked_with(&attacker.id)
    {
        return Ok((attacker, ctx.unit(opponent)?));
    }
    match &ctx.turn.melee {
        Some(m) if m.attacker == attacker.id && m.step == MeleeStep::Fight => Ok((attacker, ctx.unit(&m.defender)?)),
        Some(m) if m.attacker == attacker.id => Err(Refusal::by_rule(
            format!(
                "{}'s melee is at {}: the morale tests and defensive fire come first",
                attacker.name,
                m.step.words()
            ),
            MELEE,
        )
        .into()),
        _ => Err(Refusal::by_rule(format!("{} has no melee to fight", attacker.name), MELEE).into()),
    }
}

pub fn melee(
    ctx: &Ctx,
    unit: &str,
    pairs: Option<&[Pairing]>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let (attacker, defender) = pending(ctx, unit)?;
    if attacker.is_out() || defender.is_out() {
        return Ok(Outcome::Resolved {
            summary: format!("No melee between {} and {}: one of them is gone", attacker.name, defender.name),
            rolls: Vec::new(),
            effects: vec![Change::Melee { state: None }.effect()],
        });
    }
    let mut feed = DiceFeed::new(dice, rng);
    let mut rolls: Vec<NamedRoll> = Vec::new();
    let (mut attackers_lost, mut defenders_lost) = (Vec::new(), Vec::new());
    let mut lines = Vec::new();
    let mut ties = 0;
    for fight in pairing::fights(ctx, attacker, defender, pairs)? {
        let attack = throw(ctx, &mut feed, &mut rolls, attacker, &fight.attackers, true)?;
        let defence = throw(ctx, &mut feed, &mut rolls, defender, &fight.defenders, false)?;
        let line = if attack > defence {
            defenders_lost.push(first_to_fall(&fight.defenders));
            format!("{attack} beats {defence}: a defender falls")
        } else if defence > attack {
            attackers_lost.push(first_to_fall(&fight.attackers));
            format!("{defence} beats {attack}: an attacker falls")
        } else {
            ties += 1;
            format!("{defence} ties {attack}: locked")
        };
        lines.push(match (fight.attackers.len(), fight.defenders.len()) {
            (1, 1) => line,
            (2, _) => format!("two on one, {line}"),
            _ => format!("two defenders on one, {line}"),
        });
    }
    feed.finish()?;
    let (a, d) = (attackers_lost.len(), defenders_lost.len());
    let mut effects = Vec::new();
    if a > 0 {
        effects.push(Effect::Losses { unit: attacker.id.clone(), figures: attackers_lost });
    }
    if d > 0 {
        effects.push(Effect::Losses { unit: defender.id.clone(), figures: defenders_lost });
    }
    effects.push(Change::Melee { state: None }.effect());
    effects.push(Change::Fired.effect());
    // A tie leaves the two in contact, locked, until a later melee decides it; any other result ends a
    // lock either was in.
    let still_locked = ties > 0 && (a as u32) < attacker.alive_count() && (d as u32) < defender.alive_count();
    let mut unlocks: Vec<Change> = [&attacker.id, &defender.id].iter().filter_map(|u| ctx.turn.unlock(u)).collect();
    unlocks.dedup();
    effects.extend(unlocks.into_iter().map(Change::effect));
    if still_locked {
        let (attacker, defender) = (attacker.id.clone(), defender.id.clone());
        effects.push(Change::Locked { attacker, defender, on: true }.effect());
    }
    let mut testing = Vec::new();
    if a >= d && (a as u32) < attacker.alive_count() {
        testing.push(attacker);
    }
    if d >= a && (d as u32) < defender.alive_count() {
        testing.push(defender);
    }
    for unit in &testing {
        effects.push(Change::MoraleDue { unit: unit.id.clone(), reason: Reason::AfterMelee }.effect());
    }
    let names: Vec<&str> = testing.iter().map(|u| u.name.as_str()).collect();
    Ok(Outcome::Resolved {
        summary: format!(
            "Melee, {} against {}: {}; {} and {} lost{}",
            attacker.name,
            defender.name,
            lines.join("; "),
            plural(a, "attacker", "attackers"),
            plural(d, "defender", "defenders"),
            match names.len() {
                0 => String::new(),
                1 => format!("; {} morale", says(names[0], "tests", "test")),
                _ => format!("; {} test morale", and_list(&names)),
            }
        ) + if still_locked {
            "; the melee is locked: neither moves away nor fires until a melee decides it"
        } else {
            ""
        },
        rolls,
        effects,
    })
}

/// One side of a fight thrown: a D10 per figure with its bonuses, summed.
fn throw(
    ctx: &Ctx,
    feed: &mut DiceFeed,
    rolls: &mut Vec<NamedRoll>,
    unit: &Unit,
    figures: &[&Figure],
    attacking: bool,
) -> Result<i64, GameError> {
    let d10 = DiceExpr::parse("D10").expect("D10");
    let mut total = 0;
    for figure in figures {
        let roll = feed.roll(&d10, if attacking { "attacker" } else { "defender" })?;
        total += roll.roll.total + bonus(ctx, unit, figure, attacking);
        rolls.push(roll);
    }
    Ok(total)
}

/// The same side's total as a distribution, for the odds.
fn side_total(ctx: &Ctx, unit: &Unit, figures: &[&Figure], attacking: bool) -> Dist {
    let die = Dist::uniform(&(0..10).collect::<Vec<i64>>());
    figures.iter().fold(Dist::constant(0), |acc, f| acc.add(&die.shifted(bonus(ctx, unit, f, attacking))))
}

/// Of a pair that loses to a lone figure, one dies: a private before the leader.
fn first_to_fall(side: &[&Figure]) -> u32 {
    side.iter().min_by_key(|f| f.role == Role::Leader).expect("one or two figures").id
}

/// The dice a melee takes, fight by fight, in the order they are typed.
pub fn dice(ctx: &Ctx, attacker: &Unit, defender: &Unit, pairs: Option<&[Pairing]>) -> Result<Vec<String>, GameError> {
    Ok(pairing::fights(ctx, attacker, defender, pairs)?
        .iter()
        .map(|fight| {
            format!(
                "{} D10 for the attackers, then {} D10 for the defenders",
                fight.attackers.len(),
                fight.defenders.len()
            )
        })
        .collect())
}

/// A melee's exact chances of each number of figures falling on each side.
pub struct Losses {
    /// Defenders killed.
    pub killed: Dist,
    /// Attackers killed.
    pub lost: Dist,
}

/// Fight by fight, a defender falls when the attackers' total beats his, an attacker when it is beaten.
pub fn losses(ctx: &Ctx, attacker: &Unit, defender: &Unit, pairs: Option<&[Pairing]>) -> Result<Losses, GameError> {
    let mut killed = Dist::constant(0);
    let mut lost = Dist::constant(0);
    for fight in pairing::fights(ctx, attacker, defender, pairs)? {
        let margin = side_total(ctx, attacker, &fight.attackers, true)
            .add(&side_total(ctx, defender, &fight.defenders, false).negated());
        killed = killed.add(&Dist::bernoulli(margin.p_at_least(1)));
        lost = lost.add(&Dist::bernoulli(margin.p_at_most(-1)));
    }
    Ok(Losses { killed, lost })
}

/// The chance each fight kills a defender, is lost, or locks, and the expected losses on each side.
pub fn odds(ctx: &Ctx, unit: &str, pairs: Option<&[Pairing]>) -> Result<OddsView, GameError> {
    let (attacker, defender) = pending(ctx, unit).or_else(|refused| match &ctx.turn.melee {
        // Before it closes the melee can already be priced, so a player sees it before the tests.
        Some(m) if m.attacker == unit => Ok((ctx.unit(unit)?, ctx.unit(&m.defender)?)),
        _ => Err(refused),
    })?;
    let Losses { killed, lost } = losses(ctx, attacker, defender, pairs)?;
    let mut view =
        OddsView::new(format!("Melee, {} against {}: defenders killed", attacker.name, defender.name), &killed)
            .with_dice(dice(ctx, attacker, defender, pairs)?);
    view.add_line("at least one defender falls", 1.0 - killed.p(0));
    view.add_line("at least one attacker falls", 1.0 - lost.p(0));
    Ok(view)
}

/// The defender may decline its defensive fire (no weapon in range, or none worth firing).
pub fn skip_defensive_fire(ctx: &Ctx) -> Result<Outcome, GameError> {
    let mut m = ctx.turn.melee.clone().expect("checked");
    let attacker = ctx.unit(&m.attacker)?;
    m.step = MeleeStep::AttackerMorale;
    Ok(Outcome::Resolved {
        summary: format!("No defensive fire; {} morale to close", says(&attacker.name, "tests", "test")),
        rolls: Vec::new(),
        effects: vec![
            Change::Melee { state: Some(m) }.effect(),
            Change::MoraleDue { unit: attacker.id.clone(), reason: Reason::Closing }.effect(),
        ],
    })
}
