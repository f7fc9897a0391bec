//! Sends each action to the procedure of its game's rule system, if the app runs one.

use super::SystemTables;
use super::{heliograph, sand_pebbles};
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
    let resolved = match (&scenario.ruleset.tables, &state.rules) {
        (SystemTables::SandPebbles(tables), Rules::SandPebbles(turn)) => {
            sand_pebbles::prepare(scenario, state, tables, turn, action, rng)?
        }
        (SystemTables::Heliograph(tables), Rules::Heliograph(turn)) => {
            heliograph::prepare(scenario, state, tables, turn, action, rng)?
        }
        _ => None,
    };
    if resolved.is_none() && is_procedure(action) {
        return Err(GameError::BadInput(format!(
            "{} is not an action of {}",
            action.type_name(),
            scenario.ruleset.name
        )));
    }
    Ok(resolved)
}

pub fn odds(scenario: &Scenario, state: &GameState, action: &Action) -> Result<Option<OddsView>, GameError> {
    match (&scenario.ruleset.tables, &state.rules) {
        (SystemTables::SandPebbles(tables), Rules::SandPebbles(turn)) => {
            sand_pebbles::odds(scenario, state, tables, turn, action)
        }
        (SystemTables::Heliograph(tables), Rules::Heliograph(turn)) => {
            heliograph::odds(scenario, state, tables, turn, action)
        }
        _ => Ok(None),
    }
}

/// Actions that only a rule system's procedure can resolve; in a game whose system has no such
/// procedure they are a mistake, not a no-op.
fn is_procedure(action: &Action) -> bool {
    matches!(
        action,
        Action::Initiative { .. }
            | Action::ChooseOrder { .. }
            | Action::EndPhase
            | Action::Charge { .. }
            | Action::Fire { .. }
            | Action::Morale { .. }
            | Action::Melee { .. }
            | Action::Drown { .. }
            | Action::Activate { .. }
            | Action::Sight { .. }
            | Action::Unlimber { .. }
            | Action::CrewGun { .. }
    )
}
