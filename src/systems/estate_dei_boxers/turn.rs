//! The system's turn state: the siege, the deck the app draws from, and whether the player follows the
//! Boxers phase by phase. Every action's changes are the difference it made to the siege, recorded piece
//! by piece and track by track, so a replay folds them without running the procedure again.

use serde::{Deserialize, Serialize};

use super::siege::{End, Marks, Piece, Siege, Stage, Today, Tracks};
use crate::cards::{Card, Deck};

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Turn {
    pub siege: Option<Siege>,
    pub deck: Deck,
    /// Whether the deck has been shuffled for its first card.
    pub dealt: bool,
    /// The player follows the Boxers phase by phase instead of letting the day's combat run.
    pub stepping: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// Pieces whose points or place changed, by their number in the scenario's order.
    Pieces {
        pieces: Vec<(u16, Piece)>,
    },
    Tracks {
        tracks: Tracks,
    },
    Marks {
        marks: Marks,
    },
    Today {
        today: Today,
    },
    Stage {
        stage: Stage,
    },
    Ended {
        end: Option<End>,
    },
    /// A card drawn from the app's deck or typed; `order` is the pile after a shuffle, when there was one.
    Drawn {
        card: Card,
        typed: bool,
        order: Option<Vec<Card>>,
    },
    Stepping {
        on: bool,
    },
}

impl Turn {
    pub fn siege(&self) -> &Siege {
        self.siege.as_ref().expect("a game's turn holds its siege from the start")
    }

    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Drawn { card, order, .. } => {
                if let Some(order) = order {
                    self.deck.set_draw_pile(order.clone());
                }
                self.deck.remove_for_draw(*card);
                self.dealt = true;
                return;
            }
            Change::Stepping { on } => {
                self.stepping = *on;
                return;
            }
            _ => {}
        }
        let Some(siege) = self.siege.as_mut() else { return };
        match change {
            Change::Pieces { pieces } => {
                // The fold sets pieces without the rules at hand: the census is counted afresh when asked.
                siege.tally = super::siege::Tally::default();
                for (i, piece) in pieces {
                    if let Some(slot) = siege.pieces.get_mut(*i as usize) {
                        *slot = *piece;
                    }
                }
            }
            Change::Tracks { tracks } => siege.tracks = *tracks,
            Change::Marks { marks } => siege.marks = *marks,
            Change::Today { today } => siege.today = *today,
            Change::Stage { stage } => siege.stage = *stage,
            Change::Ended { end } => siege.end = *end,
            Change::Drawn { .. } | Change::Stepping { .. } => {}
        }
    }
}

/// The changes that turn `before` into `after`.
pub fn diff(before: &Siege, after: &Siege) -> Vec<Change> {
    let mut changes = Vec::new();
    let pieces: Vec<(u16, Piece)> = before
        .pieces
        .iter()
        .zip(&after.pieces)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (_, b))| (i as u16, *b))
        .collect();
    if !pieces.is_empty() {
        changes.push(Change::Pieces { pieces });
    }
    if before.tracks != after.tracks {
        changes.push(Change::Tracks { tracks: after.tracks });
    }
    if before.marks != after.marks {
        changes.push(Change::Marks { marks: after.marks });
    }
    if before.today != after.today {
        changes.push(Change::Today { today: after.today });
    }
    if before.stage != after.stage {
        changes.push(Change::Stage { stage: after.stage });
    }
    if before.end != after.end {
        changes.push(Change::Ended { end: after.end });
    }
    changes
}
