//! The turn sequence as the UI's phase bar shows it: where the turn stands, who acts, what is still owed,
//! and the tests and melees waiting to be rolled, each with its chance.

use serde::{Deserialize, Serialize};

use super::context::Ctx;
use super::melee::odds_for;
use super::morale::test_for;
use super::sequence::owed;
use super::tables::Tables;
use super::turn::{Charge, Phase, Turn};
use crate::game::GameState;
use crate::scenario::Scenario;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SequenceView {
    pub phase: Phase,
    /// "A" to "G"; empty for the initiative steps.
    pub letter: String,
    pub title: String,
    /// The side whose units act in this phase.
    pub acting_side: Option<String>,
    pub initiative_winner: Option<String>,
    pub move_order: Vec<String>,
    pub fire_order: Vec<String>,
    /// What must happen before the phase can close.
    pub owed: Vec<String>,
    /// Tests, melees and drowning rolls due now, each a button in the UI.
    pub prompts: Vec<Prompt>,
    pub charges: Vec<Charge>,
    /// Units that have fired this turn.
    pub fired: Vec<String>,
    /// The phases of a turn in order, for the bar.
    pub steps: Vec<Step>,
    /// The firing chart's cover columns, for a fire's cover override.
    pub cover_columns: Vec<String>,
    /// Units whose kind may charge at all (not craft, crews aboard, swimmers, or a morale row reading NO).
    pub may_charge: Vec<String>,
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Prompt {
    /// The action that settles it: `morale`, `melee` or `drown`.
    pub action: String,
    pub unit: String,
    pub text: String,
    /// The chance that matters: to pass the test, for the attacker to take the position.
    pub p: Option<f64>,
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

pub fn sequence_view(scenario: &Scenario, state: &GameState, tables: &Tables, turn: &Turn) -> SequenceView {
    let ctx = Ctx { scenario, state, tables, turn };
    let name = |id: &str| state.unit(id).map(|u| u.name.clone()).unwrap_or_else(|| id.to_string());
    let mut prompts = Vec::new();
    match turn.phase {
        Phase::ChargeMorale => {
            for c in turn.charges.iter().filter(|c| c.attacker_passed.is_none() && ctx.live(c)) {
                if let Some(unit) = state.unit(&c.attacker) {
                    let test = test_for(&ctx, unit, true);
                    prompts.push(Prompt {
                        action: "morale".into(),
                        unit: unit.id.clone(),
                        text: format!(
                            "{} tests to finish its charge on {}: {}",
                            unit.name,
                            name(&c.defender),
                            test.describe()
                        ),
                        p: Some(test.p_pass()),
                    });
                }
            }
        }
        Phase::StandMorale => {
            let mut seen = Vec::new();
            for c in turn.charges.iter().filter(|c| c.owes_stand_test() && ctx.live(c)) {
                if seen.contains(&c.defender) {
                    continue;
                }
                seen.push(c.defender.clone());
                if let Some(unit) = state.unit(&c.defender) {
                    let test = test_for(&ctx, unit, false);
                    prompts.push(Prompt {
                        action: "morale".into(),
                        unit: unit.id.clone(),
                        text: format!(
                            "{} tests to stand against {}: {}",
                            unit.name,
                            name(&c.attacker),
                            test.describe()
                        ),
                        p: Some(test.p_pass()),
                    });
                }
            }
        }
        Phase::Melee => {
            for c in turn.charges.iter().filter(|c| c.owes_melee() && ctx.live(c)) {
                if let (Some(a), Some(d)) = (state.unit(&c.attacker), state.unit(&c.defender)) {
                    let odds = odds_for(&ctx, a, d);
                    let take = odds.lines.last().map(|l| l.p);
                    let how = if c.defender_passed == Some(false) { "defender failed to stand" } else { "both stood" };
                    prompts.push(Prompt {
                        action: "melee".into(),
                        unit: a.id.clone(),
                        text: format!("Melee: {} against {} ({how})", a.name, d.name),
                        p: take,
                    });
                }
            }
        }
        _ => {}
    }
    for id in &turn.swims_owed {
        prompts.push(Prompt {
            action: "drown".into(),
            unit: id.clone(),
            text: format!("{} roll for drowning: each 6 drowns a swimmer", name(id)),
            p: Some(1.0 / 6.0),
        });
    }
    let at = ORDER.iter().position(|p| *p == turn.phase).unwrap_or(0);
    SequenceView {
        phase: turn.phase,
        letter: turn.phase.letter().to_string(),
        title: turn.phase.title().to_string(),
        acting_side: turn.acting_side().map(str::to_string),
        initiative_winner: turn.initiative_winner.clone(),
        move_order: turn.move_order.clone(),
        fire_order: turn.fire_order.clone(),
        owed: owed(&ctx),
        prompts,
        charges: turn.charges.clone(),
        fired: turn.fired.iter().cloned().collect(),
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
        cover_columns: tables.fire_rules.cover_columns.to_vec(),
        may_charge: state.units.iter().filter(|u| may_charge(&ctx, u)).map(|u| u.id.clone()).collect(),
    }
}

fn may_charge(ctx: &Ctx, unit: &crate::roster::Unit) -> bool {
    use super::tables::{MoraleCell, MoraleWord};
    ctx.craft(unit).is_none()
        && unit.aboard.is_none()
        && !ctx.profile(unit).swims
        && ctx.morale_cell(unit, true) != Some(MoraleCell::Word(MoraleWord::No))
}
