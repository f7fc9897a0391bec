//! The rule systems Sandtable serves. Each ships a `ruleset.toml` (its tables as data) compiled into the
//! binary, so a stored game always replays against the tables of the build that reads it.

pub mod heliograph;
pub mod procedure;
mod registry;
mod ruleset;
pub mod sand_pebbles;

pub use registry::{known_ids, ruleset};
pub use ruleset::{KindProfile, MoveOption, Ruleset, SystemTables, WeaponProfile};
