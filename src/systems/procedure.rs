//! Sends each action to the procedure of its game's rule system, if the app runs one.

use super::SystemTables;
use super::sand_pebbles;
use crate::dice::GameRng;
use crate::game::{Action, GameError, GameState, Outcome, Rules};
use crate::odds::OddsView;
use crate::scenario::Scenario;

/// The system's resolution of `action`, or None when the shared engine handles it.
pub fn prepare(
    scenario: &Scenario,
    state: &GameState,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Option<Outcome>, GameError> {
    match (&scenario.ruleset.tables, &state.rules) {
        (SystemTables::SandPebbles(tables), Rules::SandPebbles(turn)) => {
            sand_pebbles::prepare(scenario, state, tables, turn, action, rng)
        }
        _ => refuse_foreign(scenario, action).map(|()| None),
    }
}

pub fn odds(scenario: &Scenario, state: &GameState, action: &Action) -> Result<Option<OddsView>, GameError> {
    match (&scenario.ruleset.tables, &state.rules) {
        (SystemTables::SandPebbles(tables), Rules::SandPebbles(turn)) => {
            sand_pebbles::odds(scenario, state, tables, turn, action)
        }
        _ => refuse_foreign(scenario, action).map(|()| None),
    }
}

/// Procedure actions in a game whose system has no such procedure are a mistake, not a no-op.
fn refuse_foreign(scenario: &Scenario, action: &Action) -> Result<(), GameError> {
    match action {
        Action::Initiative { .. }
        | Action::ChooseOrder { .. }
        | Action::EndPhase
        | Action::Charge { .. }
        | Action::Fire { .. }
        | Action::Morale { .. }
        | Action::Melee { .. }
        | Action::Drown { .. } => {
            Err(GameError::BadInput(format!("{} is not an action of {}", action.type_name(), scenario.ruleset.name)))
        }
        _ => Ok(()),
    }
}
