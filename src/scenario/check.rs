//! `sandtable scenario check` takes every file of a system's folder, and one of them is the folder's
//! ruleset: that one is checked as a ruleset (its shared parts and the system's charts), not refused for
//! lacking a `[scenario]`.

use std::path::Path;

use super::load::read_text;
use super::{Scenario, ScenarioError, parse};
use crate::rules::{self, Ruleset};

pub enum Checked {
    Scenario(Box<Scenario>),
    Ruleset {
        ruleset: Box<Ruleset>,
        /// Whether it reads the same as the ruleset this build carries: the app reads its own copy, so an
        /// edited file takes effect only in a build made from it.
        as_built: bool,
    },
}

pub fn check_file(path: &Path) -> Result<Checked, ScenarioError> {
    let (name, source) = read_text(path)?;
    let Some(system) = ruleset_system(&source) else {
        return parse(&name, &source).map(|s| Checked::Scenario(Box::new(s)));
    };
    let Some(registration) = rules::system(&system) else {
        let known = rules::known_ids().join(", ");
        return Err(ScenarioError::whole_file(
            &name,
            format!("a ruleset of unknown rule system {system:?}; known: {known}"),
        ));
    };
    let ruleset = registration.check_ruleset(&name, &source)?;
    let as_built = ruleset.document == registration.ruleset().document;
    Ok(Checked::Ruleset { ruleset: Box::new(ruleset), as_built })
}

/// The system a ruleset file is for: it has `[system] id` and no `[scenario]`.
fn ruleset_system(source: &str) -> Option<String> {
    let root: toml::Table = toml::from_str(source).ok()?;
    if root.contains_key("scenario") {
        return None;
    }
    root.get("system")?.get("id")?.as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped_ruleset(system: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(system).join("ruleset.toml")
    }

    #[test]
    fn every_shipped_ruleset_checks_as_the_one_the_build_carries() {
        for system in rules::known_ids() {
            match check_file(&shipped_ruleset(system)) {
                Ok(Checked::Ruleset { ruleset, as_built }) => assert!(as_built && ruleset.id == system),
                Ok(Checked::Scenario(_)) => panic!("{system}'s ruleset was read as a scenario"),
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// Each system's ruleset with its last table cut off no longer reads, and the refusal names the file.
    #[test]
    fn a_ruleset_missing_a_chart_is_refused_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("ruleset.toml");
        for system in crate::rules::systems() {
            let source = std::fs::read_to_string(shipped_ruleset(system.id())).unwrap();
            // The last `[table]` (not one entry of an array of tables, which may be left one short).
            let last_table =
                source.match_indices("\n[").map(|(i, _)| i).filter(|&i| !source[i + 2..].starts_with('[')).last();
            let last_table = last_table.expect("a ruleset has tables");
            std::fs::write(&file, &source[..last_table]).unwrap();
            let err = check_file(&file).map(|_| ()).unwrap_err().to_string();
            assert!(err.contains("ruleset.toml"), "{}: {err}", system.id());
        }
    }
}
