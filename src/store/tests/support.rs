use std::path::{Path, PathBuf};

use tempfile::TempDir;

use super::super::{NewGame, Store};

/// A fresh store in its own temporary folder; the folder lives as long as the returned guard.
pub async fn fresh() -> (TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_in(&dir)).await.unwrap();
    (dir, store)
}

pub fn db_in(dir: &TempDir) -> PathBuf {
    dir.path().join("sandtable.db")
}

pub fn new_game(name: &str, campaign_id: Option<i64>) -> NewGame {
    NewGame {
        campaign_id,
        name: name.to_string(),
        system: "tsatf".to_string(),
        scenario_path: "scenarios/tsatf/ambush.toml".to_string(),
        scenario_toml: "title = \"Ambush at the ford\"\n".to_string(),
        options_json: r#"{"cards":true}"#.to_string(),
        seed: 42,
    }
}

/// Everything a refusal must leave alone: the file's bytes (compared whole; the hash only keeps a failure
/// message short), and whether WAL/SHM companions exist.
#[derive(PartialEq)]
pub struct Snapshot {
    bytes: Vec<u8>,
    wal: bool,
    shm: bool,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.bytes.hash(&mut hasher);
        write!(
            f,
            "{} bytes hashing to {:016x}, wal: {}, shm: {}",
            self.bytes.len(),
            hasher.finish(),
            self.wal,
            self.shm
        )
    }
}

pub fn snapshot(path: &Path) -> Snapshot {
    let side = |suffix: &str| {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        Path::new(&p).exists()
    };
    Snapshot { bytes: std::fs::read(path).unwrap(), wal: side("-wal"), shm: side("-shm") }
}

/// The crate builds `time` without its parser, so this checks the shape `clock::now` writes:
/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
pub fn is_rfc3339(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
        && b.get(10) == Some(&b'T')
        && digits(11..13)
        && b.get(13) == Some(&b':')
        && digits(14..16)
        && b.get(16) == Some(&b':')
        && digits(17..19)
        && text.ends_with('Z')
}
