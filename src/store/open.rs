use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::{StoreError, schema_guard};

static MIGRATOR: Migrator = sqlx::migrate!("src/store/migrations");

/// The campaign database.
#[derive(Clone)]
pub struct Store {
    pub(super) pool: SqlitePool,
    path: PathBuf,
}

impl Store {
    /// Opens the database, creating the file and its folder if missing, and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Open {
                path: path.to_path_buf(),
                reason: format!("cannot create its folder: {e}"),
            })?;
        }
        schema_guard::check(path, &MIGRATOR).await?;
        let options = SqliteConnectOptions::from_str("sqlite://")
            .expect("static options parse")
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL syncs the WAL on every commit: an event acknowledged to the player survives a power cut,
            // not only a killed process. One event per player action makes the cost invisible.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open { path: path.to_path_buf(), reason: e.to_string() })?;
        MIGRATOR.run(&pool).await.map_err(|e| match e {
            MigrateError::VersionMismatch(v) => StoreError::SchemaMismatch {
                path: path.to_path_buf(),
                reason: format!("migration {v} was applied with different contents than this build has"),
            },
            other => StoreError::SchemaMismatch { path: path.to_path_buf(), reason: other.to_string() },
        })?;
        Ok(Store { pool, path: path.to_path_buf() })
    }

    /// `sandtable.db` in the platform's data folder (`~/.local/share/sandtable` on Linux).
    pub fn default_path() -> PathBuf {
        directories::ProjectDirs::from("", "", "sandtable")
            .map(|dirs| dirs.data_dir().join("sandtable.db"))
            .unwrap_or_else(|| PathBuf::from("sandtable.db"))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The migration versions this build knows, newest last.
    pub fn known_schema_versions() -> Vec<i64> {
        MIGRATOR.iter().map(|m| m.version).collect()
    }
}
