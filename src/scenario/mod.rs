//! Scenarios: TOML files under `scenarios/<system>/`, read with serde and checked against their system's
//! ruleset. Every error names the file, and the line and column where it can.

mod check;
pub mod edit;
mod error;
mod file;
pub mod library;
mod load;
mod numbers;
mod shipped;
mod title;

pub use check::{Checked, check_file};
pub use error::ScenarioError;
pub(crate) use load::build;
pub use load::{Scenario, load_file, parse, parse_stored};
pub use numbers::bounds;
pub use shipped::{find_shipped, shipped_scenarios};
pub use title::title_of;
