//! When Empires Clash!: colonial battles on a grid of 50 mm squares, stand against stand, 2D6 for European
//! armies and a D12 for Native ones. The charts are `scenarios/when-empires-clash/ruleset.toml`, the
//! text's twenty army lists `scenarios/when-empires-clash/armies/`, and the rules as the app reads them
//! `docs/rules/when-empires-clash.md`.
//!
//! Not yet in the registry: the charts, the army lists and their checker, and the exact combat odds are
//! here; the turn, movement and combat procedures join them before the system is offered in New Game.

pub mod additions;
pub mod army;
pub mod board;
pub mod combat;
pub mod one_off;
pub mod tables;
pub mod turn_odds;
pub mod victory;

use std::sync::OnceLock;

use crate::rules::Ruleset;
pub use tables::Tables;

pub const ID: &str = "when-empires-clash";
pub const RULESET: &str = include_str!("../../../scenarios/when-empires-clash/ruleset.toml");

/// The ruleset the build carries and its charts, read once.
pub fn charts() -> &'static (Ruleset, Tables) {
    static CHARTS: OnceLock<(Ruleset, Tables)> = OnceLock::new();
    CHARTS.get_or_init(|| {
        let file = "scenarios/when-empires-clash/ruleset.toml";
        let ruleset = Ruleset::parse(file, RULESET).unwrap_or_else(|e| panic!("{e}"));
        let tables = Tables::read(&ruleset.document).unwrap_or_else(|e| panic!("{file}: {e}"));
        (ruleset, tables)
    })
}
