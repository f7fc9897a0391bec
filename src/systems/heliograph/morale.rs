//! Morale: a percentile roll at or under the unit's base morale plus modifiers (per figure lost by unit
//! size, fort or trench, building). A failure routs the unit 12" (and costs its action) while the modified
//! morale is over 50, and removes it at or under 50; a failure when closing into melee never removes it.

use super::context::{Ctx, Ground, MORALE};
use super::markers::{ACTIVATED, ROUTED};
use super::turn::{Change, MeleeStep, Reason};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::rules::{agrees, says};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{EPSILON, Pt, bearing, nearest};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;

/// What a test rolls.
pub const DICE: &str = "1 D% (two D10, 00 = 100)";

pub struct Test<'a> {
    pub unit: &'a Unit,
    pub reason: Reason,
    pub base: i64,
    pub modifiers: Vec<(String, i64)>,
}

impl Test<'_> {
    pub fn value(&self) -> i64 {
        self.base + self.modifiers.iter().map(|(_, m)| m).sum::<i64>()
    }

    pub fn p_pass(&self) -> f64 {
        self.value().clamp(0, 100) as f64 / 100.0
    }

    /// Passes counted as 1, failures as 0: the test's exact chances.
    pub fn passes(&self) -> Dist {
        let p = self.p_pass();
        Dist::from_weights([(0, 1.0 - p), (1, p)])
    }

    pub fn describe(&self) -> String {
        let mods: Vec<String> = self.modifiers.iter().map(|(why, m)| format!("{why} {m:+}")).collect();
        let mods = if mods.is_empty() { String::new() } else { format!(" {}", mods.join(", ")) };
        format!("base {}{mods} = {}%", self.base, self.value())
    }
}

pub fn test_for<'a>(ctx: &Ctx, unit: &'a Unit, reason: Reason) -> Test<'a> {
    let rules = &ctx.charts.morale;
    let size = unit.figures.len() as u32;
    let lost = (size - unit.alive_count()) as i64;
    let mut modifiers = Vec::new();
    if lost > 0 {
        let per = if size <= rules.small_unit_max { rules.per_loss_small } else { rules.per_loss_large };
        modifiers.push((format!("{lost} lost"), per * lost));
    }
    match ctx.ground_of(unit) {
        Ground::Fort => modifiers.push(("fort or trench".to_string(), rules.fort_or_trench)),
        Ground::Building => modifiers.push(("building".to_string(), rules.building)),
        _ => {}
    }
    let base = ctx.unit_fields(&unit.id).morale.as_ref().map(|m| i64::from(*m.get_ref())).unwrap_or(rules.default_base);
    Test { unit, reason, base, modifiers }
}

pub fn owed_test<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<Test<'a>, GameError> {
    let unit = ctx.unit(unit)?;
    let due = ctx.turn.morale_due.iter().find(|d| d.unit == unit.id).ok_or_else(|| {
        Refusal::by_rule(
            format!("{} no morale test", says(&unit.name, "owes", "owe")),
            format!("{MORALE}: units take morale checks for charges and for taking casualties"),
        )
    })?;
    Ok(test_for(ctx, unit, due.reason))
}

/// Whether a failure removes the unit rather than routing it.
fn removal(ctx: &Ctx, test: &Test) -> bool {
    if test.reason.closing_into_melee() {
        return false;
    }
    let at_or_under = ctx.charts.morale.removal_at_or_under;
    if ctx.option("removal_by_strength") {
        i64::from(test.unit.alive_count()) * 100 <= i64::from(test.unit.figures.len() as u32) * at_or_under
    } else {
        test.value() <= at_or_under
    }
}

pub fn morale(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let test = owed_test(ctx, unit)?;
    let unit = test.unit;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&DiceExpr::parse("D%").expect("D%"), "morale (at or under)")?;
    feed.finish()?;
    let passed = roll.roll.total <= test.value();
    let mut effects = vec![Change::MoraleTaken { unit: unit.id.clone() }.effect()];
    let melee = ctx.turn.melee.clone();
    let word = |one: &'static str, many: &'static str| agrees(&unit.name, one, many);
    let result = if passed {
        match (test.reason, melee) {
            (Reason::Charged, Some(mut m)) => {
                m.step = MeleeStep::DefensiveFire;
                effects.push(Change::Melee { state: Some(m) }.effect());
                format!("{}: {} may fire at the charging unit", word("holds", "hold"), word("it", "they"))
            }
            (Reason::Closing, Some(mut m)) => {
                m.step = MeleeStep::Fight;
                effects.push(Change::Melee { state: Some(m) }.effect());
                format!("{}: melee", word("closes", "close"))
            }
            _ => word("passes", "pass").to_string(),
        }
    } else if removal(ctx, &test) {
        effects.push(Effect::Losses { unit: unit.id.clone(), figures: unit.choose_losses(unit.alive_count()) });
        effects.extend(ctx.turn.unlock(&unit.id).map(Change::effect));
        format!("{} at {}%: the unit is removed", word("fails", "fail"), test.value())
    } else {
        match test.reason {
            Reason::Closing => {
                effects.push(Change::Melee { state: None }.effect());
                let defender = melee.as_ref().and_then(|m| ctx.state.unit(&m.defender));
                let drawn_back = defender.and_then(|d| draw_back(ctx, unit, d));
                effects.extend(drawn_back.iter().map(|(_, shift)| shift.clone()));
                match drawn_back {
                    Some((gap, _)) => format!(
                        "{}: {} short, {gap}\" from the enemy, {} activation spent",
                        word("fails", "fail"),
                        word("it stops", "they stop"),
                        word("its", "their")
                    ),
                    None => format!(
                        "{}: {} short, {} activation spent",
                        word("fails", "fail"),
                        word("it stops", "they stop"),
                        word("its", "their")
                    ),
                }
            }
            reason => {
                let (run, rout_effects) = rout(ctx, unit);
                effects.extend(rout_effects);
                if reason == Reason::Charged {
                    effects.push(Change::Melee { state: None }.effect());
                    let (fail, rout, count) = (word("fails", "fail"), word("routs", "rout"), word("counts", "count"));
                    format!("{fail}: {rout} {run:.1}\" without firing, and {count} as activated")
                } else {
                    let (fail, rout, lose) = (word("fails", "fail"), word("routs", "rout"), word("loses its", "lose their"));
                    format!("{fail}: {rout} {run:.1}\" and {lose} action")
                }
            }
        }
    };
    Ok(Outcome::Resolved {
        summary: format!(
            "{} morale {} ({}), {} {}: {result}",
            says(&unit.name, "tests", "test"),
            test.reason.words(),
            test.describe(),
            word("rolls", "roll"),
            roll.roll.total
        ),
        rolls: vec![roll],
        effects,
    })
}

/// An attacker that fails to close draws back out of contact: straight away from the defender's nearest
/// figure until the nearest figures stand `stop_short` apart. None when it already stands that far off, or
/// the table's edge leaves no room.
fn draw_back(ctx: &Ctx, attacker: &Unit, defender: &Unit) -> Option<(f64, Effect)> {
    let gap = ctx.charts.movement.stop_short;
    let theirs = defender.alive_positions();
    let mut mine = attacker.alive_positions();
    let (mut dx, mut dy) = (0.0, 0.0);
    // Each step clears the pair nearest now; another pair may then be the nearest, so a few steps.
    for _ in 0..8 {
        let pair = nearest(&mine, &theirs)?;
        if pair.distance >= gap - EPSILON {
            break;
        }
        let (from, to) = (theirs[pair.b_index], mine[pair.a_index]);
        let away = if pair.distance > EPSILON { bearing(from, to) } else { bearing(defender.anchor()?, to) };
        let (sin, cos) = away.to_radians().sin_cos();
        let back = gap - pair.distance;
        let step = Pt::new(back * sin, -back * cos);
        mine.iter_mut().for_each(|p| *p = Pt::new(p.x + step.x, p.y + step.y));
        (dx, dy) = (dx + step.x, dy + step.y);
    }
    let table = &ctx.scenario.table;
    (dx.hypot(dy) > EPSILON && mine.iter().all(|p| table.contains(*p)))
        .then(|| (gap, Effect::Shift { unit: attacker.id.clone(), dx, dy }))
}

/// 12" straight toward the side's own edge, stopping at the edge, marked and counted as activated.
fn rout(ctx: &Ctx, unit: &Unit) -> (f64, Vec<Effect>) {
    let edge = ctx.side(&unit.side).edge;
    let (run, shift) = edge.retreat(&ctx.scenario.table, &unit.alive_positions(), ctx.charts.morale.rout_inches);
    let mut effects = vec![
        Effect::Shift { unit: unit.id.clone(), dx: shift.x, dy: shift.y },
        Effect::Flag { unit: unit.id.clone(), flag: ROUTED, on: true },
        Effect::Flag { unit: unit.id.clone(), flag: ACTIVATED, on: true },
    ];
    effects.extend(ctx.turn.unlock(&unit.id).map(Change::effect));
    (run, effects)
}

pub fn odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let test = owed_test(ctx, unit)?;
    let mut view = OddsView::new(
        format!("{} morale {}: {} (1 = pass)", test.unit.name, test.reason.words(), test.describe()),
        &test.passes(),
    )
    .with_dice([DICE.to_string()]);
    view.add_line("passes", test.p_pass());
    if !test.reason.closing_into_melee() {
        view.add_line("a failure removes the unit", if removal(ctx, &test) { 1.0 } else { 0.0 });
    }
    Ok(view)
}
