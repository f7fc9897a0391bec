//! The registry: every rule system Sandtable runs, one line each. A system lives in its own folder here
//! (its charts in `scenarios/<id>/ruleset.toml`, its screens in `ui/src/lib/systems/<id>/`) and plugs in
//! through `crate::rules::RuleSystem`; nothing else in the engine names it.

crate::register_systems! {
    "sand-pebbles" => sand_pebbles::SandPebbles,
    "heliograph" => heliograph::Heliograph,
    "when-empires-clash" => when_empires_clash::WhenEmpiresClash,
    "natives-are-restless" => natives_are_restless::NativesAreRestless,
    "estate-dei-boxers" => estate_dei_boxers::EstateDeiBoxers,
}

/// The desk side's screens beyond the table (an army builder): When Empires Clash! is the system with
/// points, so its builder is the one the app's commands and `sandtable armies` reach.
pub use when_empires_clash::desk;

/// The simulator the app and `sandtable sim` run: L'Estate dei Boxers is the system Sandtable plays whole
/// games of by itself.
pub use estate_dei_boxers::simulate;
