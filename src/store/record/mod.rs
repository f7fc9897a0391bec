//! The campaign's record beside its games' logs: its players, what the players record of each battle, and
//! the roster of named units with each one's figures battle by battle.

mod battles;
mod players;
mod roster;

pub use battles::{BattleRecord, BattleRecordEdit};
pub use roster::{Carried, Closing, Enlisted, RosterEntry, RosterUnit};
