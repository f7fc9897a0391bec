use std::path::{Path, PathBuf};

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::{AnyPool, Executor};

use super::{StoreError, schema_guard};

pub(super) static MIGRATOR: Migrator = sqlx::migrate!("src/store/migrations");
/// The same schema for a club's PostgreSQL server, version by version (a test holds the two in step).
pub(super) static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("src/store/migrations_postgres");

/// Where the store keeps its data: a SQLite file (a table at home, the desktop app), or a PostgreSQL server
/// several `sandtable serve` processes may share (a club's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The campaign database: one SQLite file holding campaigns, games and their event logs.
#[derive(Debug, Clone)]
pub struct Store {
    /// Through sqlx's Any driver, so that each query is written once for every back end the store opens.
    pub(super) pool: AnyPool,
    pub(super) backend: Backend,
    /// The file, or the server's address without its password: what messages name.
    path: PathBuf,
    /// This process's name on the database's channels (`events::LOG_CHANNEL`), new each time a store opens.
    pub(super) origin: std::sync::Arc<str>,
    /// The address the store was opened with, password and all, for the log's listener to connect by;
    /// never shown.
    pub(super) address: Hidden,
    /// Taken by every append to a SQLite log (and by a write turn on either back end): this process's
    /// writers queue here, in order, rather than meet on SQLite's write lock, whose loser sleeps 1, 2, 5,
    /// 10… ms before it looks again (another process's writers still meet there).
    pub(super) appending: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl Store {
    /// Opens the database at `path`, creating the file and its parent folders if missing, and migrates it.
    /// A file this build must not migrate (not SQLite, another program's, or from a newer Sandtable) is
    /// refused before anything is written to it.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let open_err = |reason: String| StoreError::Open { path: path.to_path_buf(), reason };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| open_err(format!("cannot create its folder: {e}")))?;
        }
        schema_guard::check(path, &MIGRATOR).await?;
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, _| Box::pin(async move { conn.execute(SQLITE_PRAGMAS).await.map(drop) }))
            .connect(&sqlite_url(path).map_err(|reason| open_err(reason.to_string()))?)
            .await
            .map_err(|e| open_err(super::plain_words::explain(&e)))?;
        MIGRATOR.run(&pool).await.map_err(|e| migrate_error(path, e))?;
        Ok(Store {
            pool,
            backend: Backend::Sqlite,
            path: path.to_path_buf(),
            origin: new_origin(),
            address: Hidden::default(),
            appending: Default::default(),
        })
    }

    /// Opens a database by its address: `postgres://…` (or `postgresql://…`) for a PostgreSQL server, which
    /// must hold a Sandtable database or nothing at all; anything else is a SQLite file's path.
    pub async fn open_address(address: &str) -> Result<Store, StoreError> {
        if !is_postgres(address) {
            return Store::open(Path::new(sqlite_path(address))).await;
        }
        let shown = PathBuf::from(shown_address(address));
        let open_err =
            |e: sqlx::Error| StoreError::Open { path: shown.clone(), reason: super::plain_words::explain(&e) };
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new().max_connections(8).connect(address).await.map_err(open_err)?;
        super::postgres_guard::check(&pool, &shown, &POSTGRES_MIGRATOR).await?;
        POSTGRES_MIGRATOR.run(&pool).await.map_err(|e| migrate_error(&shown, e))?;
        Ok(Store {
            pool,
            backend: Backend::Postgres,
            path: shown,
            origin: new_origin(),
            address: Hidden(address.into()),
            appending: Default::default(),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// This process's name on the database's channels: an entry heard with it was stored here.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// `sandtable.db` in the platform's data folder (`~/.local/share/sandtable` on Linux), or in the
    /// working folder where the platform has no home directory.
    pub fn default_path() -> PathBuf {
        directories::ProjectDirs::from("", "", "sandtable")
            .map(|dirs| dirs.data_dir().join("sandtable.db"))
            .unwrap_or_else(|| PathBuf::from("sandtable.db"))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema versions this build knows, oldest first.
    pub fn known_schema_versions() -> Vec<i64> {
        MIGRATOR.iter().filter(|m| !m.migration_type.is_down_migration()).map(|m| m.version).collect()
    }

    /// Waits for queries in flight, then checkpoints the WAL into the main file and closes it.
    pub async fn close(self) {
        self.pool.close().await;
    }
}

/// The PostgreSQL schema versions this build knows, oldest first: SQLite's, version for version.
#[cfg(test)]
pub(super) fn postgres_schema_versions() -> Vec<i64> {
    POSTGRES_MIGRATOR.iter().filter(|m| !m.migration_type.is_down_migration()).map(|m| m.version).collect()
}

/// A text kept out of `Debug` output (an address with its password).
#[derive(Clone, Default)]
pub(super) struct Hidden(std::sync::Arc<str>);

impl std::ops::Deref for Hidden {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Hidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("(hidden)")
    }
}

fn new_origin() -> std::sync::Arc<str> {
    uuid::Uuid::new_v4().simple().to_string().into()
}

/// A SQLite address as a file's path: `sqlite://` taken off, if written.
pub fn sqlite_path(address: &str) -> &str {
    address.strip_prefix("sqlite://").unwrap_or(address)
}

/// Whether a database address names a PostgreSQL server rather than a SQLite file.
pub fn is_postgres(address: &str) -> bool {
    address.starts_with("postgres://") || address.starts_with("postgresql://")
}

/// The address as messages and logs may show it: without its password, in the user part or as a
/// `password=` setting; an address that does not parse is shown by its scheme alone.
pub(super) fn shown_address(address: &str) -> String {
    let Ok(mut url) = url::Url::parse(address) else {
        return format!("{}://…", address.split("://").next().unwrap_or("postgres"));
    };
    let _ = url.set_password(None);
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(name, _)| name != "password")
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    url.set_query(None);
    if !kept.is_empty() {
        url.query_pairs_mut().extend_pairs(kept);
    }
    url.to_string()
}

/// A file path as the Any driver's SQLite address, created if missing (`mode=rwc`). Every byte but letters,
/// digits and `-_.~` is escaped and no `//` follows the scheme, so the driver's URL parsing gives back the
/// very path: a folder with an accent, a space, `..`, a Windows drive. A path that is not UTF-8 cannot be
/// written in a URL at all and is refused.
fn sqlite_url(path: &Path) -> Result<String, String> {
    const KEPT: &percent_encoding::AsciiSet =
        &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');
    let text = path.to_str().ok_or("its path is not UTF-8 text, which the database driver cannot take")?;
    Ok(format!("sqlite:{}?mode=rwc", percent_encoding::utf8_percent_encode(text, KEPT)))
}

/// Every SQLite connection's settings (the Any driver's address takes none of them):
/// - WAL lets a tablet read the log while another appends, and commits with one sequential write.
/// - synchronous FULL: NORMAL would already survive a killed process (a commit is in the OS cache once the
///   call returns), but in WAL mode it can lose the last commits on a power cut or OS crash. FULL syncs the
///   WAL on every commit, so an event the table saw acknowledged survives a dead tablet battery too.
///   Measured on a VM disk: ~1.4 ms per commit against ~0.2 ms with NORMAL, unnoticeable at one commit per
///   action.
/// - Two tablets (or the app and the CLI) may write at once: wait 5 s for the other's commit, don't fail.
const SQLITE_PRAGMAS: &str =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;";

/// The schema guard catches these before any write; they can still come here if another process changed
/// the file between the guard and the migration.
pub(super) fn migrate_error(path: &Path, e: MigrateError) -> StoreError {
    let path = path.to_path_buf();
    match e {
        MigrateError::VersionMismatch(version) => StoreError::MigrationChanged { path, version },
        MigrateError::Dirty(version) => StoreError::MigrationDirty { path, version },
        MigrateError::VersionMissing(version) => StoreError::NewerSchema {
            path,
            unknown_versions: vec![version],
            known_latest: MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0),
        },
        other => StoreError::Migrate { path, reason: other.to_string() },
    }
}
