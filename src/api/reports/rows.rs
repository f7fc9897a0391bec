//! Every roll and every loss of a game, a row each, read off its log as a seat may read it (the log
//! pages' rule: secret words replaced, a secret procedure's dice left out, a counter named by its label).

use crate::dice::Roll;
use crate::game::{Effect, Event, Game, LogEntry, Outcome};
use crate::rules::Secrets;

pub struct RollRow {
    pub seq: u32,
    pub turn: u32,
    pub undone: bool,
    pub side: String,
    pub unit: String,
    pub action: String,
    pub label: String,
    pub roll: Roll,
}

pub struct LossRow {
    pub seq: u32,
    pub turn: u32,
    pub side: String,
    pub unit: String,
    /// The figures' ids; empty where the seat sees the unit only as a counter, since which men fell
    /// would tell what it is.
    pub figures: Vec<u32>,
    pub lost: usize,
    /// The entry's words.
    pub cause: String,
}

/// Each entry of the log (as `secrets` lets it be read) beside its event.
fn entries<'a>(game: &'a Game, secrets: &'a Secrets) -> impl Iterator<Item = (LogEntry, &'a Event)> + 'a {
    game.log_entries().into_iter().map(|e| secrets.entry(e)).zip(game.events())
}

pub fn rolls(game: &Game, secrets: &Secrets) -> Vec<RollRow> {
    let mut rows = Vec::new();
    for (entry, event) in entries(game, secrets) {
        // A procedure whose dice this seat is not shown: its log entry has none, and neither has this.
        if entry.rolls.is_empty() {
            continue;
        }
        let actor = acting_unit(event);
        let (side, unit) = actor.map_or_else(Default::default, |id| who(game, secrets, id));
        for (label, roll) in labelled_rolls(&event.outcome) {
            rows.push(RollRow {
                seq: entry.seq,
                turn: entry.turn,
                undone: entry.undone,
                side: side.clone(),
                unit: unit.clone(),
                action: entry.kind.clone(),
                label: secrets.text(label),
                roll: roll.clone(),
            });
        }
    }
    rows
}

/// The losses in force: an undone entry's losses were taken back.
pub fn losses(game: &Game, secrets: &Secrets) -> Vec<LossRow> {
    let mut rows = Vec::new();
    for (entry, event) in entries(game, secrets) {
        if entry.undone || event.outcome.is_undo_or_redo() {
            continue;
        }
        for (unit_id, figures) in fallen(&event.outcome) {
            let (side, unit) = who(game, secrets, unit_id);
            let shown = if secrets.counter(unit_id).is_some() { Vec::new() } else { figures.clone() };
            rows.push(LossRow {
                seq: entry.seq,
                turn: entry.turn,
                side,
                unit,
                figures: shown,
                lost: figures.len(),
                cause: entry.text.clone(),
            });
        }
    }
    rows
}

/// The unit an action is for, where it names one: every action about a unit calls it `unit`, a system's
/// own as well as the shared ones.
fn acting_unit(event: &Event) -> Option<String> {
    let json = serde_json::to_value(&event.action).ok()?;
    json.get("unit").and_then(|u| u.as_str()).map(str::to_string)
}

/// A unit's side (by name) and its name as the seat may read them.
fn who(game: &Game, secrets: &Secrets, id: impl AsRef<str>) -> (String, String) {
    let id = id.as_ref();
    let scenario = game.scenario();
    // A unit raised during the game is in the state only.
    let unit = game.state().units.iter().chain(&scenario.units).find(|u| u.id == id);
    let side =
        unit.and_then(|u| scenario.sides.iter().find(|s| s.id == u.side)).map_or_else(String::new, |s| s.name.clone());
    let name = match (secrets.counter(id), unit) {
        (Some(chit), _) => chit.label.clone(),
        (None, Some(u)) => secrets.text(&u.name),
        (None, None) => secrets.text(id),
    };
    (side, name)
}

fn labelled_rolls(outcome: &Outcome) -> Vec<(&str, &Roll)> {
    match outcome {
        Outcome::Rolled { label, roll } => vec![(label.as_str(), roll)],
        Outcome::MoveRolled { roll, .. } => vec![("movement", roll)],
        Outcome::Resolved { rolls, .. } => rolls.iter().map(|r| (r.label.as_str(), &r.roll)).collect(),
        _ => Vec::new(),
    }
}

/// The figures each unit lost in one entry, in the order the entry took them.
fn fallen(outcome: &Outcome) -> Vec<(&str, &Vec<u32>)> {
    match outcome {
        Outcome::LossesRecorded { unit, figures } if !figures.is_empty() => vec![(unit.as_str(), figures)],
        Outcome::Resolved { effects, .. } | Outcome::Moved { effects, .. } => effect_losses(effects),
        _ => Vec::new(),
    }
}

fn effect_losses(effects: &[Effect]) -> Vec<(&str, &Vec<u32>)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Losses { unit, figures } if !figures.is_empty() => Some((unit.as_str(), figures)),
            _ => None,
        })
        .collect()
}
