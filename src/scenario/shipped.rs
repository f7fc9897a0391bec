//! The scenarios that ship inside the binary, so the app offers them wherever it is installed.

use super::{Scenario, ScenarioError, parse};

pub struct ShippedScenario {
    /// Path under `scenarios/`, e.g. `sand-pebbles/legation-wall.toml`.
    pub path: &'static str,
    pub source: &'static str,
}

macro_rules! shipped {
    ($($path:literal),* $(,)?) => {
        &[$(ShippedScenario { path: $path, source: include_str!(concat!("../../scenarios/", $path)) }),*]
    };
}

static SHIPPED: &[ShippedScenario] = shipped![
    "sand-pebbles/legation-wall.toml",
    "sand-pebbles/river-junks.toml",
    "sand-pebbles/relief-column.toml",
    "heliograph/jungle-patrol.toml",
    "heliograph/cotta-assault.toml",
];

pub fn shipped_scenarios() -> &'static [ShippedScenario] {
    SHIPPED
}

/// Finds a shipped scenario by the names a player might type: `sand-pebbles/legation-wall`,
/// `sand-pebbles/legation-wall.toml`, `scenarios/sand-pebbles/legation-wall.toml` or just `legation-wall`.
pub fn find_shipped(name: &str) -> Option<&'static ShippedScenario> {
    let name = name.trim_start_matches("./").trim_start_matches("scenarios/");
    let name = name.strip_suffix(".toml").unwrap_or(name);
    SHIPPED.iter().find(|s| {
        let path = s.path.strip_suffix(".toml").unwrap_or(s.path);
        path == name || path.rsplit('/').next() == Some(name)
    })
}

impl ShippedScenario {
    pub fn load(&self) -> Result<Scenario, ScenarioError> {
        parse(&format!("scenarios/{}", self.path), self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_scenario_loads() {
        for s in shipped_scenarios() {
            s.load().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn shipped_scenarios_are_found_by_short_names() {
        assert!(find_shipped("legation-wall").is_some());
        assert!(find_shipped("sand-pebbles/legation-wall.toml").is_some());
        assert!(find_shipped("scenarios/sand-pebbles/legation-wall.toml").is_some());
        assert!(find_shipped("nowhere").is_none());
    }
}
