//! A scenario in the editor, as the loader reads it: the first thing wrong (at its line and field), the
//! document as data for the editor's forms, and, once it loads, the table as a game would begin on it and
//! each side's forces side by side.

use std::sync::Arc;

use serde::Serialize;

use super::GameView;
use crate::game::Game;
use crate::rules::Seat;
use crate::scenario::edit::{PathStep, path_at};
use crate::scenario::{ScenarioError, parse};

/// What the editor shows for the text it holds.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioDraft {
    pub text: String,
    /// The first thing the loader refuses, or None when the scenario loads.
    pub problem: Option<DraftProblem>,
    /// The document's keys and values, for the forms; None when the text is not TOML at all.
    pub document: Option<serde_json::Value>,
    /// The table as a game of it would begin, when it loads.
    pub preview: Option<GameView>,
    /// Each side's forces, when it loads.
    pub forces: Vec<SideForces>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DraftProblem {
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// The field the problem is at (`units`, 3, `at`), empty when it is the whole file's.
    pub path: Vec<PathStep>,
    pub message: String,
}

/// One side's forces for a planner comparing them at a glance.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SideForces {
    pub side: String,
    pub name: String,
    pub colour: String,
    pub units: u32,
    pub figures: u32,
    pub kinds: Vec<KindCount>,
    /// The dice the side throws in a turn when every unit does all it may; None where the system has no
    /// such count for one of its units.
    pub dice_per_turn: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct KindCount {
    pub kind: String,
    pub name: String,
    pub units: u32,
    pub figures: u32,
    /// The kind's weapon and reach as the charts give them ("Rifle, 24\"").
    pub weapon: Option<String>,
}

/// The name every draft is read under in messages: the player's file is not written until it is saved.
pub const DRAFT_FILE: &str = "scenario";

pub fn read_draft(text: String) -> ScenarioDraft {
    let document = toml::from_str::<toml::Table>(&text).ok().and_then(|t| serde_json::to_value(t).ok());
    match parse(DRAFT_FILE, &text) {
        Ok(scenario) => {
            let game = Game::new(Arc::new(scenario), 0);
            let forces = forces(&game);
            let preview = GameView::seen(0, &game.scenario().title, &game, &Seat::Referee);
            ScenarioDraft { text, problem: None, document, preview: Some(preview), forces }
        }
        Err(error) => {
            let problem = problem_of(&text, &error);
            ScenarioDraft { text, problem: Some(problem), document, preview: None, forces: Vec::new() }
        }
    }
}

fn problem_of(text: &str, error: &ScenarioError) -> DraftProblem {
    let path = match (error.line, error.column) {
        (Some(line), Some(column)) => offset_of(text, line, column).map(|at| path_at(text, at)).unwrap_or_default(),
        _ => Vec::new(),
    };
    DraftProblem {
        line: error.line.map(|l| l as u32),
        column: error.column.map(|c| c as u32),
        path,
        message: error.message.clone(),
    }
}

/// The byte offset of a one-based line and column (in characters), as the loader counts them.
fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    let start: usize = text.split_inclusive('\n').take(line.checked_sub(1)?).map(str::len).sum();
    let rest = text.get(start..)?;
    Some(start + rest.char_indices().nth(column.saturating_sub(1)).map_or(rest.len(), |(i, _)| i))
}

/// Each side's forces on the table `game` begins with.
pub fn forces(game: &Game) -> Vec<SideForces> {
    let (scenario, state) = (game.scenario(), game.state());
    scenario
        .sides
        .iter()
        .map(|side| {
            let units: Vec<_> = state.units.iter().filter(|u| u.side == side.id).collect();
            let mut kinds: Vec<KindCount> = Vec::new();
            for unit in &units {
                let figures = unit.figures.len() as u32;
                match kinds.iter_mut().find(|k| k.kind == unit.kind) {
                    Some(k) => {
                        k.units += 1;
                        k.figures += figures;
                    }
                    None => kinds.push(KindCount {
                        kind: unit.kind.clone(),
                        name: scenario.ruleset.kind(&unit.kind).map_or_else(|| unit.kind.clone(), |k| k.name.clone()),
                        units: 1,
                        figures,
                        weapon: scenario.rules.weapon(&unit.kind).map(|w| match &w.reach {
                            Some(reach) => format!("{}, {reach}", w.name),
                            None => format!("{}, {}\"", w.name, w.range),
                        }),
                    }),
                }
            }
            let dice: Option<u32> =
                units.iter().map(|u| scenario.rules.dice_per_turn(scenario, state, u)).sum::<Option<u32>>();
            SideForces {
                side: side.id.clone(),
                name: side.name.clone(),
                colour: side.colour.clone(),
                units: units.len() as u32,
                figures: units.iter().map(|u| u.figures.len() as u32).sum(),
                kinds,
                dice_per_turn: if units.is_empty() { None } else { dice },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_and_column_find_their_byte() {
        let text = "ab\ncdé\nfg";
        assert_eq!(offset_of(text, 1, 1), Some(0));
        assert_eq!(offset_of(text, 2, 3), Some(5));
        assert_eq!(offset_of(text, 3, 2), Some(9));
    }
}
