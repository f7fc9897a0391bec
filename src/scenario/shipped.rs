//! The scenarios that ship inside the binary, each listed by its rule system, so the app offers them
//! wherever it is installed.

use super::{Scenario, ScenarioError, parse};
use crate::rules::{self, Shipped};

/// Every shipped scenario, system by system in the registry's order.
pub fn shipped_scenarios() -> impl Iterator<Item = &'static Shipped> {
    rules::systems().iter().flat_map(|system| system.scenarios())
}

/// Finds a shipped scenario by the names a player might type: `<system>/<name>`, `<system>/<name>.toml`,
/// `scenarios/<system>/<name>.toml` or just `<name>`.
pub fn find_shipped(name: &str) -> Option<&'static Shipped> {
    let name = name.trim_start_matches("./").trim_start_matches("scenarios/");
    let name = name.strip_suffix(".toml").unwrap_or(name);
    shipped_scenarios().find(|s| {
        let path = s.path.strip_suffix(".toml").unwrap_or(s.path);
        path == name || path.rsplit('/').next() == Some(name)
    })
}

impl Shipped {
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
        assert!(shipped_scenarios().count() >= 5);
    }

    #[test]
    fn shipped_scenarios_are_found_by_short_names() {
        let first = shipped_scenarios().next().unwrap();
        let (dir, file) = first.path.split_once('/').unwrap();
        let stem = file.strip_suffix(".toml").unwrap();
        assert!(find_shipped(stem).is_some());
        assert!(find_shipped(first.path).is_some());
        assert!(find_shipped(&format!("scenarios/{}", first.path)).is_some());
        assert!(find_shipped(&format!("{dir}/{stem}")).is_some());
        assert!(find_shipped("nowhere").is_none());
    }
}
