//! What the table shows of a Sand Pebbles turn: the phase bar (where the turn stands, who acts, what is
//! still owed), the tests and melees waiting to be rolled with their chances, and each unit's actions for
//! the phase with the reason for any it may not take.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::context::Ctx;
use super::fire;
use super::melee::odds_for;
use super::morale::test_for;
use super::movement::{DROWNS, charger_ready, drowning_odds, may_ever_charge, move_ready};
use super::owed_tests;
use super::sequence::{end_phase, initiative, must_cover_dice, next_turn, owed, ship_still_owes};
use super::turn::Phase;
use crate::dice::GameRng;
use crate::game::{GameError, Outcome};
use crate::roster::Unit;
use crate::rules::{Drawing, Note, Offer, PathRule, Prompt, Report, Tone, UnitReport, agrees, says};

/// The phase bar's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SandPebblesView {
    pub phase: Phase,
    /// "A" to "G"; empty for the initiative steps.
    pub letter: String,
    pub title: String,
    /// The side whose units act in this phase.
    pub acting_side: Option<String>,
    pub initiative_winner: Option<String>,
    /// The phases of a turn in order, for the bar.
    pub steps: Vec<Step>,
    /// The firing chart's cover columns, for a fire's cover override.
    pub cover_columns: Vec<CoverColumn>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CoverColumn {
    /// What a fire's `cover` field takes.
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Step {
    pub phase: Phase,
    pub letter: String,
    pub title: String,
    pub done: bool,
    pub current: bool,
}

const ORDER: [Phase; 11] = [
    Phase::MoveInitiative,
    Phase::MoveOrder,
    Phase::MoveFirst,
    Phase::MoveSecond,
    Phase::FireInitiative,
    Phase::FireOrder,
    Phase::FireFirst,
    Phase::FireSecond,
    Phase::ChargeMorale,
    Phase::StandMorale,
    Phase::Melee,
];

pub fn report(ctx: &Ctx) -> Report<SandPebblesView> {
    let turn = ctx.turn;
    let at = ORDER.iter().position(|p| *p == turn.phase).unwrap_or(0);
    let letter = if turn.phase.letter().is_empty() { String::new() } else { format!("{}: ", turn.phase.letter()) };
    let acting = turn.acting_side().map(|s| format!(" ({})", ctx.side_name(s))).unwrap_or_default();
    Report {
        headline: format!("Phase {letter}{}{acting}", turn.phase.title()),
        owed: owed(ctx),
        status: Vec::new(),
        prompts: prompts(ctx),
        offers: vec![bar_offer(ctx)],
        units: ctx.state.units.iter().map(|u| (u.id.clone(), unit_report(ctx, u))).collect::<BTreeMap<_, _>>(),
        drawing: Drawing { charge_stop_short: ctx.charts.movement.charge_stop_short, charge_contact: false },
        own: SandPebblesView {
            phase: turn.phase,
            letter: turn.phase.letter().to_string(),
            title: turn.phase.title().to_string(),
            acting_side: turn.acting_side().map(str::to_string),
            initiative_winner: turn.initiative_winner.clone(),
            steps: ORDER
                .iter()
                .enumerate()
                .map(|(i, &phase)| Step {
                    phase,
                    letter: phase.letter().to_string(),
                    title: phase.title().to_string(),
                    done: i < at,
                    current: i == at,
                })
                .collect(),
            cover_columns: (0..ctx.charts.fire_rules.cover_columns.len())
                .map(|c| CoverColumn { id: ctx.column_id(c).to_string(), name: ctx.column_name(c).to_string() })
                .collect(),
        },
    }
}

/// What moves the turn on from this phase: the initiative roll, the winner's choice, ending the phase, or
/// after the melee the next turn.
fn bar_offer(ctx: &Ctx) -> Offer {
    let ok = |result: Result<Outcome, GameError>| result.map(|_| ());
    match ctx.turn.phase {
        Phase::MoveInitiative | Phase::FireInitiative => {
            // A seeded roll never ties for good, so only the phase and the sides can refuse it.
            Offer::checked("initiative", ok(initiative(ctx, None, &mut GameRng::for_event(0, 0))))
        }
        Phase::MoveOrder | Phase::FireOrder => {
            Offer::picking("choose_order", "first", ctx.scenario.sides.iter().map(|s| s.id.clone()).collect())
        }
        Phase::Melee => Offer::checked("next_turn", ok(next_turn(ctx))),
        _ => Offer::checked("end_phase", ok(end_phase(ctx))),
    }
}

/// The tests, melees and drowning rolls due now, each with its chance and the dice it takes.
fn prompts(ctx: &Ctx) -> Vec<Prompt> {
    let turn = ctx.turn;
    let mut prompts = Vec::new();
    match turn.phase {
        Phase::ChargeMorale => {
            for c in owed_tests::finishing(ctx, turn) {
                if let Some(unit) = ctx.state.unit(&c.attacker) {
                    let test = test_for(ctx, unit, true);
                    prompts.push(Prompt {
                        action: "morale".into(),
                        unit: unit.id.clone(),
                        text: format!(
                            "{} to finish {} charge on {}: {}",
                            says(&unit.name, "tests", "test"),
                            agrees(&unit.name, "its", "their"),
                            ctx.name_of(&c.defender),
                            test.describe()
                        ),
                        p: Some(test.p_pass()),
                        dice: test.dice(),
                        against: Some(c.defender.clone()),
                    });
                }
            }
        }
        Phase::StandMorale => {
            for (unit, attackers) in owed_tests::standing(ctx, turn) {
                let test = test_for(ctx, unit, false);
                prompts.push(Prompt {
                    action: "morale".into(),
                    unit: unit.id.clone(),
                    text: format!(
                        "{} tests to stand against {}: {}",
                        unit.name,
                        owed_tests::names(&attackers),
                        test.describe()
                    ),
                    p: Some(test.p_pass()),
                    dice: test.dice(),
                    against: None,
                });
            }
        }
        Phase::Melee => {
            for c in turn.charges.iter().filter(|c| c.owes_melee() && ctx.live(c)) {
                if let (Some(a), Some(d)) = (ctx.state.unit(&c.attacker), ctx.state.unit(&c.defender)) {
                    let odds = odds_for(ctx, a, d);
                    let take = odds.lines.last().map(|l| l.p);
                    let how = if c.defender_passed == Some(false) { "defender failed to stand" } else { "both stood" };
                    prompts.push(Prompt {
                        action: "melee".into(),
                        unit: a.id.clone(),
                        text: format!("Melee: {} against {} ({how})", a.name, d.name),
                        p: take,
                        dice: odds.dice,
                        against: Some(d.id.clone()),
                    });
                }
            }
        }
        _ => {}
    }
    for unit in turn.swims_owed.iter().filter_map(|id| ctx.state.unit(id)) {
        prompts.push(Prompt {
            action: "drown".into(),
            unit: unit.id.clone(),
            text: format!("{} roll for drowning: each 6 drowns a swimmer", unit.name),
            p: Some(DROWNS),
            dice: drowning_odds(unit).dice,
            against: None,
        });
    }
    prompts
}

/// What the unit may do in this phase, what it has done, and how it moves.
fn unit_report(ctx: &Ctx, unit: &Unit) -> UnitReport {
    let turn = ctx.turn;
    let mut report = UnitReport { carried_by: ctx.aboard(unit).map(str::to_string), ..UnitReport::default() };
    if unit.is_out() {
        return report;
    }
    report.cover = Some(ctx.column_name(ctx.cover_column(unit)).to_string());
    if report.carried_by.is_none() && ctx.scenario.ruleset.kind(&unit.kind).is_some_and(|k| k.movement.is_some()) {
        match ctx.state.allowances.get(&unit.id) {
            None => report.offers.push(Offer::checked("roll_move", move_ready(ctx, unit, "roll movement"))),
            Some(_) => report.offers.push(Offer::checked("move", move_ready(ctx, unit, "move"))),
        }
    }
    if may_ever_charge(ctx, unit) {
        let ready = ctx
            .require_acting(unit, "charge", Phase::is_movement)
            .and_then(|()| charger_ready(ctx, unit, None, true).map(|_| ()));
        report.offers.push(Offer::checked("charge", ready));
    }
    // Fire is offered in the unit's side's fire phase, where the card turns to it; barred once it has fired.
    if ctx.profile(unit).fire.is_some() && ctx.require_acting(unit, "fire", Phase::is_fire).is_ok() {
        report.offers.push(Offer::checked("fire", fire::may_fire(ctx, unit).map(|_| ())));
    }
    if turn.fired.contains(&unit.id) {
        report.notes.push(Note::new("fired", "Fired", Tone::Plain));
    }
    let outcome = |passed: Option<bool>, yes: &str, no: &str| match passed {
        None => String::new(),
        Some(true) => format!(" · {yes}"),
        Some(false) => format!(" · {no}"),
    };
    if let Some(c) = turn.charge_by(&unit.id) {
        let text = format!("Charging {}{}", ctx.name_of(&c.defender), outcome(c.attacker_passed, "going in", "halted"));
        report.notes.push(Note::new("charging", text, Tone::Bad));
    }
    for c in turn.charges.iter().filter(|c| c.defender == unit.id) {
        let text = format!("Charged by {}{}", ctx.name_of(&c.attacker), outcome(c.defender_passed, "stands", "breaks"));
        report.notes.push(Note::new("charged", text, Tone::Bad));
    }
    if ctx.craft(unit).is_some() {
        let owed = ship_still_owes(ctx, &unit.id, ctx.state.allowances.get(&unit.id)).unwrap_or(0.0);
        let bound = must_cover_dice(ctx, unit);
        report.path = Some(PathRule { turn_cost_per_90: ctx.charts.movement.turn_cost_per_90, bound, owed });
    }
    report
}
