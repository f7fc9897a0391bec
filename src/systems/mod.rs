//! The registry: every rule system Sandtable runs, one line each. A system lives in its own folder here
//! (its charts in `scenarios/<id>/ruleset.toml`, its screens in `ui/src/lib/systems/<id>/`) and plugs in
//! through `crate::rules::RuleSystem`; nothing else in the engine names it.

crate::register_systems! {
    "sand-pebbles" => sand_pebbles::SandPebbles,
    "heliograph" => heliograph::Heliograph,
    "when-empires-clash" => when_empires_clash::WhenEmpiresClash,
}
