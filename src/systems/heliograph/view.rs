//! The Heliograph turn as the UI shows it: the toss and its bonuses, who chooses, the unit being
//! activated, hidden counters, limbered and jammed guns, and the tests and melee steps due now.

use serde::{Deserialize, Serialize};

use super::activation::owed;
use super::context::Ctx;
use super::morale::test_for;
use super::tables::Tables;
use super::turn::{Activation, MeleeState, Turn};
use crate::game::GameState;
use crate::measure::{EPSILON, distance};
use crate::roster::Flag;

/// Inches a figure may stand from its leader.
const COHERENCY: f64 = 6.0;
use crate::scenario::Scenario;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct HeliographView {
    /// Each side's bonus on the next toss, in side order.
    pub toss_bonus: Vec<i64>,
    /// The side that won the toss and now activates a unit.
    pub chooser: Option<String>,
    pub active: Option<Activation>,
    /// Units still showing as hidden counters: their place is known, their contents not.
    pub hidden: Vec<String>,
    pub limbered: Vec<String>,
    pub jammed: Vec<String>,
    pub melee: Option<MeleeState>,
    pub owed: Vec<String>,
    /// Morale tests due now, with the chance to pass.
    pub tests: Vec<DueTest>,
    /// Units not yet activated this turn.
    pub waiting: Vec<String>,
    /// Units with a figure more than 6" from their leader: "figures in unit are placed within 6 from the
    /// leader", so the table shows them to be put right.
    pub strays: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DueTest {
    pub unit: String,
    pub text: String,
    pub p: f64,
}

pub fn heliograph_view(scenario: &Scenario, state: &GameState, tables: &Tables, turn: &Turn) -> HeliographView {
    let ctx = Ctx { scenario, state, tables, turn };
    HeliographView {
        toss_bonus: scenario.sides.iter().map(|s| turn.toss_bonus.get(&s.id).copied().unwrap_or(0)).collect(),
        chooser: turn.chooser.clone(),
        active: turn.active.clone(),
        hidden: state.units.iter().filter(|u| ctx.is_hidden(u)).map(|u| u.id.clone()).collect(),
        limbered: turn.limbered.iter().cloned().collect(),
        jammed: turn.jammed_until.iter().filter(|(_, t)| **t >= state.turn).map(|(id, _)| id.clone()).collect(),
        melee: turn.melee.clone(),
        owed: owed(&ctx),
        tests: turn
            .morale_due
            .iter()
            .filter_map(|d| state.unit(&d.unit).map(|u| (u, d.reason)))
            .map(|(u, reason)| {
                let test = test_for(&ctx, u, reason);
                DueTest {
                    unit: u.id.clone(),
                    text: format!("{} tests morale {}: {}", u.name, reason.words(), test.describe()),
                    p: test.p_pass(),
                }
            })
            .collect(),
        waiting: state
            .units
            .iter()
            .filter(|u| !u.is_out() && !u.flags.contains(&Flag::Activated))
            .map(|u| u.id.clone())
            .collect(),
        strays: state
            .units
            .iter()
            .filter(|u| u.leader().is_some_and(|l| u.alive().any(|f| distance(f.pos, l.pos) > COHERENCY + EPSILON)))
            .map(|u| u.id.clone())
            .collect(),
    }
}
