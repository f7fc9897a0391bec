use std::path::Path;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{ConnectOptions, Connection};

use super::super::open::{MIGRATOR, migrate_error};
use super::super::{Store, StoreError};
use super::support::{db_in, new_game, snapshot};

/// A database made by this build, then changed by `sql` and closed, as another build would leave it.
async fn tampered(dir: &tempfile::TempDir, sql: &'static str) -> std::path::PathBuf {
    let path = db_in(dir);
    let store = Store::open(&path).await.unwrap();
    sqlx::query(sql).execute(&store.pool).await.unwrap();
    store.close().await;
    path
}

async fn refuse(path: &Path) -> StoreError {
    let before = snapshot(path);
    let err = Store::open(path).await.expect_err("the file should have been refused");
    assert_eq!(snapshot(path), before, "a refused file must be left as it was");
    assert!(err.to_string().contains(&path.display().to_string()), "the message must name the file: {err}");
    err
}

const FUTURE: i64 = 29_991_231_000_001;

#[tokio::test]
async fn a_database_from_a_newer_sandtable_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = tampered(
        &dir,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29991231000001, 'from the future', 1, X'00', 0)",
    )
    .await;
    let known_latest = *Store::known_schema_versions().last().unwrap();

    let err = refuse(&path).await;
    match &err {
        StoreError::NewerSchema { path: p, unknown_versions, known_latest: k } => {
            assert_eq!(p, &path);
            assert_eq!(unknown_versions, &[FUTURE]);
            assert_eq!(*k, known_latest);
        }
        other => panic!("expected NewerSchema, got {other:?}"),
    }
    assert_eq!(
        err.to_string(),
        format!(
            "the database at {} was written by a newer version of Sandtable (schema version {FUTURE}, this build \
             knows up to {known_latest}); upgrade Sandtable or point --db / SANDTABLE_DB at another file; the file \
             was not changed",
            path.display()
        )
    );
    // Refusing twice proves the first refusal left nothing behind that would change the answer.
    assert!(matches!(refuse(&path).await, StoreError::NewerSchema { .. }));
}

/// While another Sandtable has the file open, the newest rows may sit only in its WAL; the guard must
/// read them there, still without writing.
#[tokio::test]
async fn a_newer_schema_still_in_the_wal_of_an_open_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let holder = Store::open(&path).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29991231000001, 'from the future', 1, X'00', 0)",
    )
    .execute(&holder.pool)
    .await
    .unwrap();
    assert!(std::fs::metadata(super::super::schema_guard::companion(&path, "-wal")).unwrap().len() > 0);
    let before = std::fs::read(&path).unwrap();
    let err = Store::open(&path).await.unwrap_err();
    assert!(matches!(err, StoreError::NewerSchema { .. }), "{err:?}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    holder.close().await;
}

#[tokio::test]
async fn a_file_that_is_not_sqlite_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    std::fs::write(&path, "hello").unwrap();
    let err = refuse(&path).await;
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("not an SQLite file"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), b"hello");
}

#[tokio::test]
async fn a_file_with_a_forged_header_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut bytes = b"SQLite format 3\0".to_vec();
    bytes.resize(4096, 0xAB);
    std::fs::write(&path, &bytes).unwrap();
    let err = refuse(&path).await;
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
}

#[tokio::test]
async fn another_programs_sqlite_database_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut conn = SqliteConnectOptions::new().filename(&path).create_if_missing(true).connect().await.unwrap();
    sqlx::query("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)").execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();

    let err = refuse(&path).await;
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("recipes"), "{err}");
}

#[tokio::test]
async fn a_migration_with_a_different_checksum_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = tampered(&dir, "UPDATE _sqlx_migrations SET checksum = X'00'").await;
    let first = Store::known_schema_versions()[0];
    match refuse(&path).await {
        StoreError::MigrationChanged { version, .. } => assert_eq!(version, first),
        other => panic!("expected MigrationChanged, got {other:?}"),
    }
}

/// Should the guard be raced, sqlx itself reports the changed migration; it must map to the same error.
#[tokio::test]
async fn sqlx_version_mismatch_maps_to_the_named_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = tampered(&dir, "UPDATE _sqlx_migrations SET checksum = X'00'").await;
    let pool = SqlitePoolOptions::new().connect_with(SqliteConnectOptions::new().filename(&path)).await.unwrap();
    let raw = MIGRATOR.run(&pool).await.unwrap_err();
    assert!(matches!(raw, sqlx::migrate::MigrateError::VersionMismatch(_)), "{raw:?}");
    assert!(matches!(migrate_error(&path, raw), StoreError::MigrationChanged { .. }));
}

#[tokio::test]
async fn a_half_applied_migration_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = tampered(&dir, "UPDATE _sqlx_migrations SET success = 0").await;
    assert!(matches!(refuse(&path).await, StoreError::MigrationDirty { .. }));
}

#[tokio::test]
async fn an_empty_file_the_player_named_is_refused_saying_it_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    std::fs::write(&path, "").unwrap();
    let refused = refuse(&path).await;
    assert!(matches!(refused, StoreError::NotADatabase { .. }), "{refused:?}");
    assert!(refused.to_string().contains("empty, 0 bytes"), "{refused}");
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0, "no schema written into it");
}

/// A database of forty games, closed: a few pages to damage.
async fn forty_games(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let path = db_in(dir);
    let store = Store::open(&path).await.unwrap();
    for n in 0..40 {
        store.create_game(new_game(&format!("game {n}"), None)).await.unwrap();
    }
    store.close().await;
    path
}

/// A database whose last kilobyte was lost (a failed copy or sync) is refused before anything reads a
/// game from it or writes one into it, and left byte for byte as it was.
#[tokio::test]
async fn a_database_cut_short_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = forty_games(&dir).await;
    let whole = std::fs::read(&path).unwrap();
    std::fs::write(&path, &whole[..whole.len() - 1000]).unwrap();
    let refused = refuse(&path).await;
    assert!(matches!(refused, StoreError::Damaged { .. }), "{refused:?}");
    assert!(refused.to_string().contains("cut short"), "{refused}");
}

/// A page damaged in the middle of the file, the length whole: SQLite's own check finds it.
#[tokio::test]
async fn a_database_with_a_damaged_page_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = forty_games(&dir).await;
    let mut bytes = std::fs::read(&path).unwrap();
    let page = 4096;
    // A b-tree page's header (its kind and cell count) overwritten with garbage.
    for b in &mut bytes[3 * page..3 * page + 12] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let refused = refuse(&path).await;
    assert!(matches!(refused, StoreError::Damaged { .. }), "{refused:?}");
}
