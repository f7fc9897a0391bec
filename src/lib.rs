//! Sandtable's engine: rules, dice, measurement, scenarios and the campaign store for colonial-era
//! miniature wargames. No UI lives here; the command line, `sandtable serve` and the Tauri app all
//! drive the same `api`. See ARCHITECTURE.md for the map.

pub mod api;
pub mod cards;
pub mod cli;
pub mod dice;
pub mod game;
pub mod ledger;
pub mod measure;
pub mod odds;
pub mod photo;
pub mod render;
pub mod roster;
pub mod rules;
pub mod scenario;
pub mod serve;
pub mod store;
pub mod systems;
