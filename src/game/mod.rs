//! A game is its scenario, seed and an append-only list of events; everything else is derived.
//! `Action` is what a player asks for, `Event` what happened (with every die that fell), `GameState` the
//! fold of the events still in force after undo and redo.

mod action;
mod dice_check;
mod effect;
mod event;
pub mod limits;
mod log;
mod movement;
mod placing;
mod play;
mod rebase;
mod refusal;
mod reroll;
mod state;
mod tag_first;
mod walk;

pub use action::{Action, SystemAction};
pub use dice_check::{DiceCheck, DiceProblem, DiceStep};
pub use effect::{Effect, NewUnit};
pub use event::{Event, Outcome};
pub use log::LogEntry;
pub(crate) use movement::{movement_choice, resolve_move};
pub(crate) use placing::{arrange, correct_position, place_figure, wheel_effect, wheeled_on_the_table};
pub use play::Game;
pub use refusal::{GameError, Refusal};
pub use reroll::NO_REROLL_AFTER_UNDO;
pub use state::{Allowance, GameState};

#[cfg(test)]
mod tests;
