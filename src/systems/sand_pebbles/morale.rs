//! Morale tests, taken only to finish a charge (phase E) and to stand against one (phase F), on a D6
//! against the morale chart's column for leader or no leader. A defender in cover widens its pass range
//! by one (RULINGS), or with `morale_cover_literal` adds 1 to the die.

use super::context::{Ctx, MORALE, SEQUENCE};
use super::owed_tests;
use super::tables::{MoraleCell, MoraleWord};
use super::turn::{Change, Phase};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::rules::{agrees, says};
use crate::game::{GameError, Outcome, Refusal};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;

/// A test as the chart sets it for this unit now.
#[derive(Debug, Clone, PartialEq)]
pub struct Test<'a> {
    pub unit: &'a Unit,
    pub charging: bool,
    /// What the chart says, before cover.
    pub cell: MoraleCell,
    pub in_cover: bool,
    /// Passes on a D6 roll (after any literal +1) of at most this; None when no roll is made.
    pub pass_on: Option<i64>,
    /// Added to the die (the literal reading of "+1 to the roll").
    pub die_bonus: i64,
    pub column: String,
}

impl Test<'_> {
    pub fn p_pass(&self) -> f64 {
        match (self.cell, self.pass_on) {
            (MoraleCell::Word(MoraleWord::Always), _) => 1.0,
            (MoraleCell::Word(MoraleWord::No), _) => 0.0,
            (_, Some(n)) => ((n - self.die_bonus).clamp(0, 6)) as f64 / 6.0,
            (_, None) => 1.0,
        }
    }

    /// Passes counted as 1, failures as 0: the test's exact chances.
    pub fn passes(&self) -> Dist {
        let p = self.p_pass();
        Dist::from_weights([(0, 1.0 - p), (1, p)])
    }

    /// The result when no die decides it: "Always" passes, "No" fails.
    pub fn decided(&self) -> Option<bool> {
        self.pass_on.is_none().then(|| self.cell != MoraleCell::Word(MoraleWord::No))
    }

    /// The die the test takes: one D6, or none for a test that is always passed (or never).
    pub fn dice(&self) -> Vec<String> {
        if self.pass_on.is_some() { vec!["1 D6".to_string()] } else { Vec::new() }
    }

    pub fn describe(&self) -> String {
        let pass = match (self.cell, self.pass_on) {
            (MoraleCell::Word(MoraleWord::Always), _) => "always passes".to_string(),
            (MoraleCell::Word(MoraleWord::No), _) => "cannot pass".to_string(),
            (_, Some(n)) if self.die_bonus > 0 => format!("passes on 1-{n} with +{} to the die", self.die_bonus),
            (_, Some(n)) => format!("passes on 1-{n}"),
            (_, None) => "passes".to_string(),
        };
        format!("{} ({}) {pass}", self.column, if self.in_cover { "in cover" } else { "no cover" })
    }
}

/// The test `unit` owes in this phase, or why it owes none.
pub fn owed_test<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<Test<'a>, GameError> {
    let unit = ctx.unit(unit)?;
    let charging = match ctx.turn.phase {
        Phase::ChargeMorale => {
            if !owed_tests::finishing(ctx, ctx.turn).iter().any(|c| c.attacker == unit.id) {
                return Err(owes_none(ctx, unit, "to finish a charge"));
            }
            true
        }
        Phase::StandMorale => {
            if !owed_tests::standing(ctx, ctx.turn).iter().any(|(d, _)| d.id == unit.id) {
                return Err(owes_none(ctx, unit, "to stand"));
            }
            false
        }
        other => {
            return Err(Refusal::by_rule(
                format!("morale is tested in phases E and F, not during {}", other.title()),
                format!("{MORALE}: you only test morale to complete a charge and to stand for a charge"),
            )
            .into());
        }
    };
    Ok(test_for(ctx, unit, charging))
}

/// Why a unit owes no test now, naming a test it has already taken this turn: the player may have missed
/// that the app recorded one no die decides.
fn owes_none(ctx: &Ctx, unit: &Unit, what: &str) -> GameError {
    let it = agrees(&unit.name, "it", "they");
    let result = |passed: bool| if passed { format!("{it} passed") } else { format!("{it} failed") };
    let has_its = agrees(&unit.name, "has taken its", "have taken their");
    let stood = ctx.turn.charges.iter().find(|c| c.defender == unit.id).and_then(|c| c.defender_passed);
    let finished = ctx.turn.charge_by(&unit.id).and_then(|c| c.attacker_passed);
    let message = match (stood, finished) {
        (Some(passed), _) => format!("{} {} test to stand this turn: {}", unit.name, has_its, result(passed)),
        (None, Some(passed)) => {
            let its = agrees(&unit.name, "its", "their");
            format!("{} {} test to finish {its} charge this turn: {}", unit.name, has_its, result(passed))
        }
        (None, None) => match ctx.turn.charge_by(&unit.id).filter(|c| !ctx.live(c)) {
            Some(c) => format!(
                "{} {} no test {what}: {} charge on {} is over, one of them is no longer there",
                unit.name,
                agrees(&unit.name, "owes", "owe"),
                agrees(&unit.name, "its", "their"),
                ctx.name_of(&c.defender)
            ),
            None => format!("{} {} no test {what}", unit.name, agrees(&unit.name, "owes", "owe")),
        },
    };
    Refusal::by_rule(message, MORALE).into()
}

pub fn test_for<'a>(ctx: &Ctx, unit: &'a Unit, charging: bool) -> Test<'a> {
    let leader = unit.leader().is_some();
    let row = ctx.morale_row(unit);
    let cell = ctx.morale_cell(unit, charging).unwrap_or(MoraleCell::Word(MoraleWord::Always));
    let in_cover = !charging && ctx.cover_column(unit) > 0;
    let literal = ctx.option("morale_cover_literal");
    let (pass_on, die_bonus) = match cell {
        MoraleCell::UpTo(n) if in_cover && literal => (Some(n), 1),
        MoraleCell::UpTo(n) if in_cover => (Some((n + 1).min(6)), 0),
        MoraleCell::UpTo(n) => (Some(n), 0),
        MoraleCell::Word(_) => (None, 0),
    };
    let column = match row {
        Some((_, row)) => format!(
            "{}, {} {}",
            row.name,
            if charging { "charge" } else { "hold" },
            if leader { "with leader" } else { "no leader" }
        ),
        None => "no morale row: holds".to_string(),
    };
    Test { unit, charging, cell, in_cover, pass_on, die_bonus, column }
}

pub fn morale(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let test = owed_test(ctx, unit)?;
    let mut rolls = Vec::new();
    let passed = match (test.cell, test.pass_on) {
        (MoraleCell::Word(MoraleWord::No), _) => false,
        (_, Some(n)) => {
            let mut feed = DiceFeed::new(dice, rng);
            let roll = feed.roll(&DiceExpr::parse("D6").expect("D6 parses"), "morale")?;
            feed.finish()?;
            let passed = roll.roll.total + test.die_bonus <= n;
            rolls.push(roll);
            passed
        }
        _ => {
            if dice.is_some_and(|d| !d.is_empty()) {
                return Err(GameError::BadInput(format!("{}: no die is rolled", test.describe())));
            }
            true
        }
    };
    let roll_text = rolls.first().map(|r| format!(", rolled {}", r.roll.total)).unwrap_or_default();
    let against = owed_tests::opponents(ctx, ctx.turn, test.unit, test.charging);
    let (summary, change) = recorded(&test, passed, &roll_text, &against);
    Ok(Outcome::Resolved { summary, rolls, effects: vec![change.effect()] })
}

/// A test's result in the log's words, and the change that records it.
pub fn recorded(test: &Test, passed: bool, roll_text: &str, against: &str) -> (String, Change) {
    let unit = test.unit;
    let word = |one: &'static str, many: &'static str| agrees(&unit.name, one, many);
    let (passes, fails) = (word("passes", "pass"), word("fails", "fail"));
    let result = match (test.charging, passed) {
        (true, true) => format!("{passes}: the charge goes in"),
        (true, false) => format!("{fails}: {} in place, and the defender need not test", word("it holds", "they hold")),
        (false, true) => format!("{passes}: {}", word("it stands", "they stand")),
        (false, false) => format!("{fails}: {} rout 2D6 and lose 1D6 figures", word("it will", "they will")),
    };
    let change = if test.charging {
        Change::ChargeTested { attacker: unit.id.clone(), passed }
    } else {
        Change::StandTested { defender: unit.id.clone(), passed }
    };
    let summary = format!(
        "{} morale to {} {against} — {}{roll_text}: {result}",
        says(&unit.name, "tests", "test"),
        if test.charging { agrees(&unit.name, "finish its charge on", "finish their charge on") } else { "stand against" },
        test.describe()
    );
    (summary, change)
}

pub fn odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let test = owed_test(ctx, unit)?;
    let mut view = OddsView::new(format!("{} morale — {} (1 = pass)", test.unit.name, test.describe()), &test.passes());
    view.add_line("passes", test.p_pass());
    Ok(view.with_dice(test.dice()))
}

pub fn require_phase(ctx: &Ctx, phase: Phase, doing: &str) -> Result<(), GameError> {
    if ctx.turn.phase != phase {
        return Err(Refusal::by_rule(
            format!("{doing} belongs to {}, and the phase is {}", phase.title(), ctx.turn.phase.title()),
            SEQUENCE,
        )
        .into());
    }
    Ok(())
}
