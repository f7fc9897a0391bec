use std::path::{Path, PathBuf};

use tempfile::TempDir;

use super::super::{Backend, NewGame, Store};

/// A fresh store in its own temporary folder; the folder lives as long as the returned guard. With
/// `SANDTABLE_TEST_POSTGRES` set to a PostgreSQL server's address (tools/test-all.sh starts a throwaway
/// cluster and runs the store's tests again so), a new database of its own on that server instead.
pub async fn fresh() -> (TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = match std::env::var("SANDTABLE_TEST_POSTGRES") {
        Ok(server) => Store::open_address(&new_postgres_database(&server).await).await.unwrap(),
        Err(_) => Store::open(&db_in(&dir)).await.unwrap(),
    };
    (dir, store)
}

/// A second store on the database `store` (made by `fresh` in `dir`) opened, as another process would.
pub async fn another(dir: &TempDir, store: &Store) -> Store {
    match store.backend() {
        Backend::Sqlite => Store::open(&db_in(dir)).await.unwrap(),
        // Its address as shown: the test server's addresses carry no password to leave out.
        Backend::Postgres => Store::open_address(&store.path().to_string_lossy()).await.unwrap(),
    }
}

/// A new, empty database on the server at `server` (an address naming any database there), for one test;
/// its address.
pub async fn new_postgres_database(server: &str) -> String {
    use sqlx::Connection;
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let name = format!(
        "test_{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos()
    );
    let mut admin = sqlx::PgConnection::connect(server).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.unwrap();
    admin.close().await.unwrap();
    let (base, _) = server.rsplit_once('/').expect("a server address ends in /database");
    format!("{base}/{name}")
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
