//! Writing a player's scenario: checked first by the loader, then written to a temporary file and
//! renamed over, so a crash or a full disk never leaves half a scenario.

use std::path::{Path, PathBuf};

/// A file stem from a title: lower case, words joined by hyphens, nothing a file system minds.
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').chars().take(80).collect::<String>();
    if out.is_empty() { "scenario".into() } else { out }
}

/// Writes `text` as `<stem>.toml` in `folder` (made if missing). Refuses to replace a file unless told to.
pub fn save_own(folder: &Path, stem: &str, text: &str, replace: bool) -> Result<PathBuf, String> {
    let stem = slug(stem);
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot make the scenario folder {}: {e}", folder.display()))?;
    let path = folder.join(format!("{stem}.toml"));
    if path.exists() && !replace {
        return Err(format!("{} already exists: save under another name, or replace it", path.display()));
    }
    let partial = folder.join(format!(".{stem}.toml.partial"));
    std::fs::write(&partial, text).map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
    std::fs::rename(&partial, &path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        format!("cannot write {}: {e}", path.display())
    })?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_becomes_a_plain_file_name() {
        assert_eq!(slug("The 55 days: the Legations, Peking 1900"), "the-55-days-the-legations-peking-1900");
        assert_eq!(slug("  ../..  "), "scenario");
        assert_eq!(slug("Sortie à l'aube"), "sortie-à-l-aube");
    }

    #[test]
    fn a_file_is_replaced_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let first = save_own(dir.path(), "Wall", "a = 1\n", false).unwrap();
        assert!(save_own(dir.path(), "Wall", "a = 2\n", false).unwrap_err().contains("already exists"));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "a = 1\n");
        save_own(dir.path(), "Wall", "a = 2\n", true).unwrap();
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "a = 2\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no partial file is left behind");
    }
}
