use std::path::Path;

use sqlx::migrate::Migrator;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};

use super::StoreError;

/// Refuses a database this build must not migrate: one that is not SQLite at all, or one whose applied
/// migrations include a version this build does not know (written by a newer Sandtable). It looks through
/// a read-only connection that sets no journal mode, so a refused file is left byte-for-byte as it was.
pub async fn check(path: &Path, migrator: &Migrator) -> Result<(), StoreError> {
    let has_content = std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
    if !has_content {
        return Ok(());
    }
    let not_db = |e: sqlx::Error| StoreError::NotADatabase { path: path.to_path_buf(), reason: e.to_string() };
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .create_if_missing(false)
        .foreign_keys(false)
        .connect()
        .await
        .map_err(not_db)?;
    let has_table: bool =
        sqlx::query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'")
            .fetch_one(&mut conn)
            .await
            .map_err(not_db)?
            .get::<i64, _>(0)
            > 0;
    let applied: Vec<i64> = if has_table {
        sqlx::query("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(|r| r.get::<i64, _>(0))
            .collect()
    } else {
        Vec::new()
    };
    conn.close().await?;

    let known: Vec<i64> = migrator.iter().map(|m| m.version).collect();
    if let Some(&newest) = applied.iter().filter(|v| !known.contains(v)).max() {
        return Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            newest,
            known_latest: known.iter().copied().max().unwrap_or(0),
        });
    }
    Ok(())
}
