use std::io::Read;
use std::path::{Path, PathBuf};

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection, FromRow};

use super::StoreError;

const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";
/// The database header's length: what the checks before SQLite opens the file read of it.
const HEAD: usize = 100;

/// The migrations a database has applied, as `Applied` rows: read alike from SQLite and PostgreSQL.
pub(super) const SELECT_APPLIED: &str = "SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version";

#[derive(FromRow)]
pub(super) struct Applied {
    version: i64,
    checksum: Vec<u8>,
    success: bool,
}

/// Refuses, before anything writes to it, a file this build must not migrate: one that is not SQLite,
/// a foreign SQLite database, one written by a newer Sandtable, or one whose applied migrations differ
/// from this build's. Migrating any of these would change a file the player may still need as it is.
pub(super) async fn check(path: &Path, migrator: &Migrator) -> Result<(), StoreError> {
    if !has_content(path)? {
        if path.exists() {
            // SQLite would take it as a new database and write a schema into a file the player named,
            // which may be a copy that failed.
            return Err(StoreError::NotADatabase {
                path: path.to_path_buf(),
                reason: "it is empty, 0 bytes, so it holds no games: delete it to start a new database there".into(),
            });
        }
        return Ok(());
    }
    let head = read_head(path)?;
    check_header(path, &head)?;
    // With a write-ahead log beside it, the log holds the newest pages and the main file may be shorter
    // than its header says until the log is copied back; SQLite's own check reads through the log.
    if !has_content(&companion(path, "-wal"))? {
        check_length(path, &head)?;
    }

    let open_err =
        |e: sqlx::Error| StoreError::Open { path: path.to_path_buf(), reason: super::plain_words::explain(&e) };
    // Read-only, and no journal_mode: `PRAGMA journal_mode = WAL` rewrites the header of the main file,
    // and a refused file must stay byte-for-byte as it was. Without a WAL to read, `immutable` also keeps
    // SQLite from creating -wal/-shm files beside it that a read-only connection could not remove.
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .immutable(!has_content(&companion(path, "-wal"))?)
        .create_if_missing(false)
        .connect()
        .await
        .map_err(open_err)?;
    let applied = read_applied(path, &mut conn).await;
    let whole = match applied {
        Ok(_) => quick_check(path, &mut conn).await,
        Err(_) => Ok(()),
    };
    conn.close().await.map_err(open_err)?;
    whole?;
    judge(path, migrator, &applied?)
}

/// SQLite's own check of every page's structure (not of the rows' meaning): a torn page, a page that
/// points nowhere. About as costly as reading the file once.
async fn quick_check(path: &Path, conn: &mut SqliteConnection) -> Result<(), StoreError> {
    let damaged = |reason: String| StoreError::Damaged { path: path.to_path_buf(), reason };
    let found: Vec<String> =
        sqlx::query_scalar("PRAGMA quick_check(3)").fetch_all(&mut *conn).await.map_err(|e| damaged(e.to_string()))?;
    match found.as_slice() {
        [ok] if ok == "ok" => Ok(()),
        problems => Err(damaged(format!("SQLite's check found: {}", problems.join("; ")))),
    }
}

/// A file cut short (a copy or a sync that stopped part way) still starts with a good header, which says
/// how long the file was. SQLite reads the missing pages as nothing and answers some queries from what is
/// left, so the length is checked before anything is read.
fn check_length(path: &Path, head: &[u8]) -> Result<(), StoreError> {
    let length = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let short = |reason: String| StoreError::Damaged { path: path.to_path_buf(), reason };
    if head.len() < HEAD {
        return Err(short(format!("it is {length} bytes, shorter than an SQLite header")));
    }
    let word = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    let page_size = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    // The page count is trusted only when written by a SQLite that keeps it (3.7.0 on), which says so by
    // the change counter and the valid-for number agreeing.
    let pages = u64::from(word(28));
    // A header whose page size is none SQLite writes is no database's: SQLite itself says so, after.
    let sound = page_size.is_power_of_two() && (512..=65_536).contains(&page_size);
    if sound && word(24) == word(92) && pages > 0 && length < pages * page_size {
        return Err(short(format!(
            "it is cut short: its header says {} bytes ({pages} pages), the file holds {length}",
            pages * page_size
        )));
    }
    Ok(())
}

/// The file's first `HEAD` bytes, or all of it when it is shorter.
fn read_head(path: &Path) -> Result<Vec<u8>, StoreError> {
    let mut head = Vec::with_capacity(HEAD);
    std::fs::File::open(path)
        .and_then(|f| f.take(HEAD as u64).read_to_end(&mut head))
        .map_err(|e| StoreError::Open { path: path.to_path_buf(), reason: e.to_string() })?;
    Ok(head)
}

fn has_content(path: &Path) -> Result<bool, StoreError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err(StoreError::Open { path: path.to_path_buf(), reason: "it is a folder, not a file".into() })
        }
        Ok(meta) => Ok(meta.len() > 0),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(StoreError::Open { path: path.to_path_buf(), reason: e.to_string() }),
    }
}

pub(super) fn companion(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// SQLite's own complaint about a random file only comes at the first query, worded "file is not a
/// database"; checking the header first lets the message say what the file is not, and why.
fn check_header(path: &Path, head: &[u8]) -> Result<(), StoreError> {
    if !head.starts_with(SQLITE_HEADER) {
        return Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
            reason: "it is not an SQLite file: it does not start with the SQLite header".into(),
        });
    }
    Ok(())
}

async fn read_applied(path: &Path, conn: &mut SqliteConnection) -> Result<Vec<Applied>, StoreError> {
    let not_db = |e: sqlx::Error| StoreError::NotADatabase { path: path.to_path_buf(), reason: e.to_string() };
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await
    .map_err(not_db)?;
    if !tables.iter().any(|t| t == "_sqlx_migrations") {
        if tables.is_empty() {
            return Ok(Vec::new());
        }
        // Another program's database: adding our tables to it would be a write its owner never asked for.
        return Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
            reason: format!("it is an SQLite database of another program, with tables {}", tables.join(", ")),
        });
    }
    sqlx::query_as(SELECT_APPLIED).fetch_all(&mut *conn).await.map_err(not_db)
}

pub(super) fn judge(path: &Path, migrator: &Migrator, applied: &[Applied]) -> Result<(), StoreError> {
    let known_latest = migrator.iter().map(|m| m.version).max().unwrap_or(0);
    let unknown_versions: Vec<i64> =
        applied.iter().map(|a| a.version).filter(|v| !migrator.version_exists(*v)).collect();
    if !unknown_versions.is_empty() {
        return Err(StoreError::NewerSchema { path: path.to_path_buf(), unknown_versions, known_latest });
    }
    if let Some(dirty) = applied.iter().find(|a| !a.success) {
        return Err(StoreError::MigrationDirty { path: path.to_path_buf(), version: dirty.version });
    }
    for a in applied {
        let ours = migrator.iter().find(|m| m.version == a.version && !m.migration_type.is_down_migration());
        if ours.is_some_and(|m| *m.checksum != *a.checksum) {
            return Err(StoreError::MigrationChanged { path: path.to_path_buf(), version: a.version });
        }
    }
    Ok(())
}
