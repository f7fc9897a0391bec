//! The registry: every rule system Sandtable runs, one line each. A system lives in its own folder here
//! (its charts in `scenarios/<id>/ruleset.toml`, its screens in `ui/src/lib/systems/<id>/`) and plugs in
//! through `crate::rules::RuleSystem`; nothing else in the engine names it.

crate::register_systems! {
    "sand-pebbles" => sand_pebbles::SandPebbles,
    "heliograph" => heliograph::Heliograph,
}

/// When Empires Clash! joins the registry once its turn, movement and combat play; its charts, army lists
/// and odds are built and tested here first.
pub mod when_empires_clash;
