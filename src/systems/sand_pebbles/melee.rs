//! Melee, steps C to H: a defender that failed to stand routs and loses 1D6 while the attacker takes
//! its place; otherwise each side rolls D6 + figures + modifiers, ties to the Western forces, the loser
//! routs 2D6 and loses 1D6, the winner loses half a D6 (rounded down).

use super::context::{Ctx, MELEE};
use super::markers::ROUTED;
use super::morale::{require_phase, test_for};
use super::turn::{Change, Charge, Phase};
use crate::dice::{DiceExpr, DiceFeed, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{MOVE_TOLERANCE, Pt};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{agrees, plural};

/// One side's melee score before the dice: figures plus every modifier that applies, in words.
pub struct Score {
    pub figures: i64,
    pub modifiers: Vec<(String, i64)>,
    pub dice: u32,
}

impl Score {
    pub fn fixed(&self) -> i64 {
        self.figures + self.modifiers.iter().map(|(_, m)| m).sum::<i64>()
    }

    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{} figures", self.figures)];
        parts.extend(self.modifiers.iter().map(|(why, m)| format!("{why} {m:+}")));
        format!("{}D6 + {} ({})", self.dice, self.fixed(), parts.join(", "))
    }

    fn distribution(&self) -> Dist {
        Dist::of_die(crate::dice::Die::D6).sum_of(self.dice).shifted(self.fixed())
    }
}

pub fn score(ctx: &Ctx, unit: &Unit, attacking: bool) -> Score {
    let rules = &ctx.charts.melee;
    let figures = unit.alive_count() as i64;
    let mut modifiers = Vec::new();
    if attacking {
        modifiers.push(("charging".to_string(), rules.charging));
    }
    let own = ctx.profile(unit).melee;
    if own != 0 {
        let kind = ctx.scenario.ruleset.kind(&unit.kind).map(|k| k.name.as_str()).unwrap_or(&unit.kind);
        modifiers.push((kind.to_string(), own));
    }
    if unit.leader().is_some() {
        modifiers.push(("leader".to_string(), rules.leader));
    }
    if !attacking {
        let column = ctx.cover_column(unit);
        if let Some(&bonus) = rules.defending.get(ctx.column_id(column)) {
            modifiers.push((format!("defending {}", ctx.column_name(column)), bonus));
        }
    }
    let dice = if ctx.option("melee_dice_per_8_figures") {
        (figures as u32).div_ceil(rules.figures_per_die.max(1)).max(1)
    } else {
        1
    };
    Score { figures, modifiers, dice }
}

/// Who takes a tie: the Western side; between two Western (or two non-Western) units, the defender.
fn attacker_wins_ties(ctx: &Ctx, attacker: &Unit, defender: &Unit) -> bool {
    ctx.western(&attacker.side) && !ctx.western(&defender.side)
}

/// The unit's charge this turn, with both sides, or the refusal naming why it has none. The melee action
/// is refused only for a melee not owed (fought, never gone in, or still waiting on the charge test): one
/// whose side has since left is owed, and recorded as not fought. Odds are refused for any melee that will
/// not be fought.
pub fn melee_of<'a>(ctx: &Ctx<'a>, unit: &str, pricing: bool) -> Result<(&'a Unit, &'a Charge, &'a Unit), GameError> {
    let attacker = ctx.unit(unit)?;
    let charge = ctx.turn.charge_by(&attacker.id).ok_or_else(|| {
        Refusal::by_rule(format!("{} made no charge this turn, so it has no melee to fight", attacker.name), MELEE)
    })?;
    let defender = ctx.unit(&charge.defender)?;
    let why = if pricing {
        unfought(charge, attacker, defender)
    } else if !charge.owes_melee() {
        let waiting = "waits on the attacker's test to finish the charge (phase E)";
        Some(unfought(charge, attacker, defender).unwrap_or_else(|| waiting.to_string()))
    } else {
        None
    };
    match why {
        Some(why) => Err(Refusal::by_rule(format!("{}'s melee {why}", attacker.name), MELEE).into()),
        None => Ok((attacker, charge, defender)),
    }
}

/// A unit routed by an earlier melee this turn has left, attacker or defender, as has one wiped out.
fn gone(unit: &Unit) -> bool {
    unit.is_out() || unit.flags.contains(&ROUTED)
}

/// Why a charge's melee will not be fought, if it will not: fought already, a side no longer there, or the
/// charge never went in.
fn unfought(charge: &Charge, attacker: &Unit, defender: &Unit) -> Option<String> {
    if charge.resolved {
        Some("has already been fought".to_string())
    } else if let Some(gone) = [attacker, defender].into_iter().find(|u| gone(u)) {
        Some(format!("will not be fought: {} is no longer there", gone.name))
    } else if charge.attacker_passed == Some(false) {
        Some("did not go in: the attacker failed its test to finish the charge".to_string())
    } else {
        None
    }
}

pub fn melee(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    require_phase(ctx, Phase::Melee, "melee")?;
    let (attacker, charge, defender) = melee_of(ctx, unit, false)?;
    let defender_failed = charge.defender_passed == Some(false);
    let done = Change::MeleeResolved { attacker: attacker.id.clone() }.effect();
    // The other holds; the attacker's own charge is not fought by a unit that has run from another melee.
    if gone(attacker) || gone(defender) {
        let gone = if gone(attacker) { &attacker.name } else { &defender.name };
        // Dice typed for it are not silently dropped: the log says they were not used.
        let unused = match dice {
            Some(faces) if !faces.is_empty() => {
                let faces: Vec<String> = faces.iter().map(i64::to_string).collect();
                format!("; the dice typed ({}) were not used", faces.join(", "))
            }
            _ => String::new(),
        };
        return Ok(Outcome::Resolved {
            summary: format!(
                "No melee between {} and {}: {gone} is no longer there{unused}",
                attacker.name, defender.name
            ),
            rolls: Vec::new(),
            effects: vec![done],
        });
    }
    let d6 = DiceExpr::parse("D6").expect("D6 parses");
    let two_d6 = DiceExpr::parse("2D6").expect("2D6 parses");
    let mut feed = DiceFeed::new(dice, rng);
    let mut rolls: Vec<NamedRoll> = Vec::new();
    let mut effects = Vec::new();
    let summary;
    if defender_failed {
        let rout = feed.roll(&two_d6, "rout distance")?;
        let lost = feed.roll(&d6, "defender's losses")?;
        feed.finish()?;
        let losses = defender.choose_losses(lost.roll.total as u32);
        let (fate, routed) = loser_routs(ctx, defender, rout.roll.total, losses);
        summary = format!(
            "{} failed to stand: {fate}; {} {} {} position unharmed",
            defender.name,
            attacker.name,
            agrees(&attacker.name, "takes", "take"),
            agrees(&defender.name, "its", "their"),
        );
        effects.extend(take_position(ctx, attacker, defender));
        effects.extend(routed);
        rolls.extend([rout, lost]);
    } else {
        let (a, d) = (score(ctx, attacker, true), score(ctx, defender, false));
        let a_roll = feed.roll(&DiceExpr::parse(&format!("{}D6", a.dice))?, "attacker")?;
        let d_roll = feed.roll(&DiceExpr::parse(&format!("{}D6", d.dice))?, "defender")?;
        let (a_total, d_total) = (a_roll.roll.total + a.fixed(), d_roll.roll.total + d.fixed());
        let attacker_wins = a_total > d_total || (a_total == d_total && attacker_wins_ties(ctx, attacker, defender));
        let (winner, loser) = if attacker_wins { (attacker, defender) } else { (defender, attacker) };
        let rout = feed.roll(&two_d6, "loser's rout")?;
        let lost = feed.roll(&d6, "loser's losses")?;
        let winner_lost = feed.roll(&d6, "winner's losses (halved)")?;
        feed.finish()?;
        let loser_losses = loser.choose_losses(lost.roll.total as u32);
        let winner_losses = winner.choose_losses((winner_lost.roll.total / 2) as u32);
        let (fate, routed) = loser_routs(ctx, loser, rout.roll.total, loser_losses);
        summary = format!(
            "Melee: {} {a_total} ({}) against {} {d_total} ({}){}: {} {} and {} {}; {} {fate}",
            attacker.name,
            a.describe(),
            defender.name,
            d.describe(),
            if a_total == d_total { ", a tie" } else { "" },
            winner.name,
            agrees(&winner.name, "wins", "win"),
            agrees(&winner.name, "loses", "lose"),
            plural(winner_losses.len(), "figure", "figures"),
            loser.name,
        );
        if !winner_losses.is_empty() {
            effects.push(Effect::Losses { unit: winner.id.clone(), figures: winner_losses });
        }
        if attacker_wins {
            effects.extend(take_position(ctx, attacker, defender));
        }
        effects.extend(routed);
        rolls.extend([a_roll, d_roll, rout, lost, winner_lost]);
    }
    effects.push(done);
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// The winner moves onto the ground the defender held (its leader to where the defender's leader stood).
fn take_position(ctx: &Ctx, attacker: &Unit, defender: &Unit) -> Vec<Effect> {
    let (Some(from), Some(to)) = (attacker.anchor(), defender.anchor()) else { return Vec::new() };
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let table = &ctx.scenario.table;
    if attacker.alive().any(|f| !table.contains(Pt::new(f.pos.x + dx, f.pos.y + dy))) {
        return Vec::new();
    }
    vec![Effect::Shift { unit: attacker.id.clone(), dx, dy }]
}

/// A melee's loser: its losses and its rout toward its edge, as effects and in words (the rout cut short by
/// the table's edge, if it was); when the losses take every figure, none is left to rout.
fn loser_routs(ctx: &Ctx, unit: &Unit, rolled: i64, losses: Vec<u32>) -> (String, Vec<Effect>) {
    let lost = plural(losses.len(), "figure", "figures");
    let wiped_out = losses.len() as u32 >= unit.alive_count();
    let (run, effects) = rout_effects(ctx, unit, rolled as f64, losses);
    let (loses, routs) = (agrees(&unit.name, "loses", "lose"), agrees(&unit.name, "routs", "rout"));
    let words = if wiped_out {
        format!("{loses} {lost}: none is left to rout")
    } else if run + MOVE_TOLERANCE < rolled as f64 {
        let stops = agrees(&unit.name, "it stops", "they stop");
        format!("{routs} {rolled}\" rolled, {run:.1}\" to the table edge, where {stops}, and {loses} {lost}")
    } else {
        format!("{routs} {rolled}\" and {loses} {lost}")
    };
    (words, effects)
}

/// Losses, then a rout of `inches` straight toward the edge the side came in from, stopping at the edge;
/// with how far it went.
fn rout_effects(ctx: &Ctx, unit: &Unit, inches: f64, losses: Vec<u32>) -> (f64, Vec<Effect>) {
    let edge = ctx.side(&unit.side).edge;
    let survivors: Vec<Pt> = unit.alive().filter(|f| !losses.contains(&f.id)).map(|f| f.pos).collect();
    let (run, shift) = edge.retreat(&ctx.scenario.table, &survivors, inches);
    let mut effects = Vec::new();
    if !losses.is_empty() {
        effects.push(Effect::Losses { unit: unit.id.clone(), figures: losses });
    }
    if run > 0.0 && !survivors.is_empty() {
        effects.push(Effect::Shift { unit: unit.id.clone(), dx: shift.x, dy: shift.y });
    }
    effects.push(Effect::Flag { unit: unit.id.clone(), flag: ROUTED, on: true });
    (if survivors.is_empty() { inches } else { run }, effects)
}

/// The attacker's total less the defender's, before the dice.
pub fn margin(attacker: &Score, defender: &Score) -> Dist {
    attacker.distribution().add(&defender.distribution().negated())
}

/// The chance the attacker wins the melee roll: beats the defender's total, or ties where ties are its.
pub fn attacker_wins_roll(ctx: &Ctx, attacker: &Unit, defender: &Unit, margin: &Dist) -> f64 {
    margin.p_at_least(1) + if attacker_wins_ties(ctx, attacker, defender) { margin.p(0) } else { 0.0 }
}

/// The chances in a charge: that it goes in, that the defender stands, and that the attacker wins the roll.
pub fn odds_for(ctx: &Ctx, attacker: &Unit, defender: &Unit) -> OddsView {
    let charge = ctx.turn.charge_by(&attacker.id);
    let p_go_in = match charge.and_then(|c| c.attacker_passed) {
        Some(passed) => f64::from(u8::from(passed)),
        None => test_for(ctx, attacker, true).p_pass(),
    };
    let p_stand = match charge.and_then(|c| c.defender_passed) {
        Some(passed) => f64::from(u8::from(passed)),
        None => test_for(ctx, defender, false).p_pass(),
    };
    let (a, d) = (score(ctx, attacker, true), score(ctx, defender, false));
    let margin = margin(&a, &d);
    let p_win_roll = attacker_wins_roll(ctx, attacker, defender, &margin);
    let mut view = OddsView::new(
        format!("{} ({}) against {} ({}): attacker's margin", attacker.name, a.describe(), defender.name, d.describe()),
        &margin,
    );
    view.add_line("the charge goes in (attacker passes its test)", p_go_in);
    view.add_line("the defender stands (passes its test)", p_stand);
    view.add_line("the attacker wins the melee roll", p_win_roll);
    view.add_line("the attacker takes the position", p_go_in * ((1.0 - p_stand) + p_stand * p_win_roll));
    let dice = if charge.and_then(|c| c.defender_passed) == Some(false) {
        vec!["2 D6: the defender's rout".to_string(), "then 1 D6: the defender's losses".to_string()]
    } else {
        vec![
            format!("{} D6 for the attacker", a.dice),
            format!("then {} D6 for the defender", d.dice),
            "then 2 D6: the loser's rout".to_string(),
            "then 1 D6: the loser's losses".to_string(),
            "then 1 D6: the winner's losses (halved)".to_string(),
        ]
    };
    view.with_dice(dice)
}

pub fn odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let (attacker, _, defender) = melee_of(ctx, unit, true)?;
    Ok(odds_for(ctx, attacker, defender))
}
