//! Finding the player's scenarios in their folder. A file that no longer loads (edited by hand since) is
//! still listed, with what is wrong, so it can be opened and put right rather than vanish.

use std::path::{Path, PathBuf};

use crate::scenario::{Scenario, ScenarioError, parse};

/// How a player's scenario is named where a shipped one is named `<system>/<file>`: `yours/<file>`.
pub const OWN_PREFIX: &str = "yours/";

/// One of the player's scenario files and what the loader made of it.
pub struct Own {
    /// `yours/<file stem>`, what `new_game` takes.
    pub name: String,
    pub path: PathBuf,
    pub loaded: Result<Scenario, ScenarioError>,
}

/// Every `.toml` file of the folder, by name; none when the folder is not there yet.
pub fn own_scenarios(folder: &Path) -> Vec<Own> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.into_iter().map(read_path).collect()
}

/// The player's scenario `yours/<stem>` (or `<stem>`, `<stem>.toml`) in `folder`.
pub fn read_own(folder: &Path, name: &str) -> Option<Own> {
    let stem = name.strip_prefix(OWN_PREFIX).unwrap_or(name);
    let stem = stem.strip_suffix(".toml").unwrap_or(stem);
    if stem.is_empty() || stem.contains(['/', '\\']) || stem.starts_with('.') {
        return None;
    }
    let path = folder.join(format!("{stem}.toml"));
    path.is_file().then(|| read_path(path))
}

fn read_path(path: PathBuf) -> Own {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let loaded = crate::scenario::load::read_text(&path).and_then(|(file, source)| parse(&file, &source));
    Own { name: format!("{OWN_PREFIX}{stem}"), path, loaded }
}
