//! A game's throws, entry by entry, in one walk of the entries in force.

use super::{FREE_ROLLS, MOVEMENT, Throw};
use crate::dice::{DiceExpr, Roll};
use crate::game::{Game, Outcome};
use crate::odds::Dist;
use crate::scenario::Scenario;

/// Every count the dice of `game` made, in the order the entries in force were played: what its system
/// says of each entry, and where it says nothing, the movement dice and free rolls the engine threw.
pub fn throws(game: &Game) -> Vec<Throw> {
    let scenario = game.scenario();
    let mut found = Vec::new();
    game.walk_in_force(|seq, event, before| {
        let throw = |side: Option<String>, measure: &str, expected: Dist, actual: i64| Throw {
            seq,
            turn: event.turn,
            kind: event.action.type_name().to_string(),
            side,
            measure: measure.to_string(),
            expected,
            actual,
        };
        let said = scenario.rules.luck(scenario, before, &event.action, &event.outcome);
        if !said.is_empty() {
            // The system's word on its own entry replaces the engine's, so no die is counted twice.
            for luck in said {
                found.push(throw(Some(side_name(scenario, &luck.side)), &luck.measure, luck.expected, luck.actual));
            }
            return;
        }
        match &event.outcome {
            Outcome::MoveRolled { unit, roll } => {
                if let (Some(unit), Some(chances)) = (before.unit(unit), chances(roll)) {
                    found.push(throw(Some(side_name(scenario, &unit.side)), MOVEMENT, chances, roll.total));
                }
            }
            Outcome::Rolled { roll, .. } => {
                if let Some(chances) = chances(roll) {
                    found.push(throw(None, FREE_ROLLS, chances, roll.total));
                }
            }
            _ => {}
        }
    });
    found
}

/// The exact chances of a recorded roll's total, read from its expression; None for one the dice
/// reader no longer reads, whose chances the ledger cannot know.
fn chances(roll: &Roll) -> Option<Dist> {
    DiceExpr::parse(&roll.expr).ok().map(|e| e.distribution())
}

/// A side by the name its scenario gives it, whether a system named it by id or by name; one the scenario
/// does not list keeps the system's word.
fn side_name(scenario: &Scenario, side: &str) -> String {
    let listed =
        scenario.sides.iter().find(|s| s.id == side).or_else(|| scenario.sides.iter().find(|s| s.name == side));
    listed.map_or_else(|| side.to_string(), |s| s.name.clone())
}
