//! The player's own scenarios: TOML files in a folder of theirs (beside the database unless they chose
//! another), listed beside the shipped ones, read by the same loader, written whole or not at all.

mod blank;
mod folder;
mod save;

pub use blank::blank_scenario;
pub use folder::{OWN_PREFIX, Own, own_scenarios, read_own};
pub use save::{save_own, slug};
