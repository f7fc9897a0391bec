use serde::{Deserialize, Serialize};

use super::{Event, Game, Outcome};
use crate::dice::Roll;

/// One line of a game's log as a player reads it, for the UI, `game log` and the campaign record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LogEntry {
    pub seq: u32,
    pub turn: u32,
    /// The action's `type`, e.g. `record_losses`.
    pub kind: String,
    pub text: String,
    /// Taken back by an undo that is still in force.
    pub undone: bool,
    pub rolls: Vec<Roll>,
    /// The entry (by `seq`) whose undone dice this entry rolled again: a re-roll after undo.
    pub reroll_of: Option<u32>,
}

impl Game {
    pub fn log_entries(&self) -> Vec<LogEntry> {
        self.log_page(None, usize::MAX)
    }

    /// The newest `count` entries before `before` (all of the log's end when None), oldest first: what a
    /// screen shows, and pages back through on demand, without describing the whole log each time.
    pub fn log_page(&self, before: Option<usize>, count: usize) -> Vec<LogEntry> {
        let undone = self.undone_flags();
        let end = before.unwrap_or(usize::MAX).min(self.events().len());
        let start = end.saturating_sub(count);
        self.events()[start..end]
            .iter()
            .enumerate()
            .map(|(i, event)| (start + i, event))
            .map(|(seq, event)| LogEntry {
                seq: seq as u32,
                // "Turn 2 begins" opens turn 2, and reads under it.
                turn: match &event.outcome {
                    Outcome::TurnBegan { turn } => *turn,
                    Outcome::Resolved { effects, .. } => effects
                        .iter()
                        .find_map(|e| match e {
                            crate::game::Effect::TurnBegins { turn } => Some(*turn),
                            _ => None,
                        })
                        .unwrap_or(event.turn),
                    _ => event.turn,
                },
                kind: event.action.type_name().to_string(),
                text: self.describe(event),
                undone: undone[seq],
                rolls: event.outcome.rolls().into_iter().cloned().collect(),
                reroll_of: event.reroll_of.map(|s| s as u32),
            })
            .collect()
    }

    fn unit_name<'a>(&'a self, id: &'a str) -> &'a str {
        // A unit raised during the game is in the state only.
        let units = self.scenario().units.iter().chain(&self.state().units);
        units.into_iter().find(|u| u.id == id).map(|u| u.name.as_str()).unwrap_or(id)
    }

    pub fn describe(&self, event: &Event) -> String {
        let text = self.describe_outcome(event);
        match event.reroll_of {
            Some(seq) => {
                let undone = self.describe_outcome(&self.events()[seq]);
                // The new result first: it is what the table now plays on.
                let again = if super::reroll::is_app_draw(&event.action) { "Drawn again" } else { "Re-roll" };
                format!("{again} after undo: {text} (undone: {undone})")
            }
            None => text,
        }
    }

    fn describe_outcome(&self, event: &Event) -> String {
        match &event.outcome {
            Outcome::Rolled { label, roll } if label.is_empty() => format!("Rolled {roll}"),
            Outcome::Rolled { label, roll } => format!("{label}: {roll}"),
            Outcome::MoveRolled { unit, roll } => format!("{} rolled movement {roll}", self.unit_name(unit)),
            Outcome::Moved { unit, length, left, turn_cost, .. } if *turn_cost > 0.0 => format!(
                "{} moved {length:.1}\" and paid {turn_cost:.1}\" for turning ({left:.1}\" left)",
                self.unit_name(unit)
            ),
            Outcome::Moved { unit, length, left, .. } => {
                format!("{} moved {length:.1}\" ({left:.1}\" left)", self.unit_name(unit))
            }
            Outcome::LossesRecorded { unit, figures } => {
                let n = figures.len();
                format!("{} lost {n} figure{}", self.unit_name(unit), if n == 1 { "" } else { "s" })
            }
            Outcome::FiguresRestored { unit, figures } => {
                let n = figures.len();
                format!("{}: {n} figure{} put back", self.unit_name(unit), if n == 1 { "" } else { "s" })
            }
            Outcome::FlagSet { unit, flag, on } => {
                format!("{} {} {}", self.unit_name(unit), if *on { "is now" } else { "is no longer" }, flag.name())
            }
            Outcome::Noted { text } => format!("Note: {text}"),
            Outcome::Resolved { summary, .. } => summary.clone(),
            Outcome::CardDrawn { card, typed, reshuffled } => format!(
                "Drew {card}{}{}",
                if *typed { " (typed)" } else { "" },
                if reshuffled.is_some() { " after reshuffling the discards" } else { "" }
            ),
            Outcome::DeckShuffled { .. } => "Shuffled the deck".to_string(),
            Outcome::TurnBegan { turn } => format!("Turn {turn} begins"),
            Outcome::Undone { seq } => format!("Undid: {}", self.describe(&self.events()[*seq])),
            Outcome::Redone { seq } => format!("Redid: {}", self.describe(&self.events()[*seq])),
        }
    }
}
