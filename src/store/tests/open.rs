use sqlx::Row;

use super::super::{Store, StoreError};
use super::support::{db_in, fresh, new_game};

#[tokio::test]
async fn open_creates_the_file_and_its_parent_folders() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a").join("b").join("campaigns.db");
    let store = Store::open(&path).await.unwrap();
    assert!(path.is_file());
    assert_eq!(store.path(), path);
    assert!(store.list_campaigns().await.unwrap().is_empty());
}

#[tokio::test]
async fn the_schema_has_the_tables_and_indexes() {
    let (_dir, store) = fresh().await;
    let names: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            .fetch_all(&store.pool)
            .await
            .unwrap();
    for wanted in ["_sqlx_migrations", "campaigns", "events", "games", "games_by_campaign"] {
        assert!(names.iter().any(|n| n == wanted), "{wanted} missing from {names:?}");
    }
    let unique_on_events: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pragma_index_list('events') l \
         WHERE l.\"unique\" = 1 AND (SELECT group_concat(name, ',') FROM pragma_index_info(l.name)) = 'game_id,seq'",
    )
    .fetch_one(&store.pool)
    .await
    .unwrap();
    assert_eq!(unique_on_events, 1);
    let fks: Vec<String> = sqlx::query_scalar("SELECT \"table\" FROM pragma_foreign_key_list('events')")
        .fetch_all(&store.pool)
        .await
        .unwrap();
    assert_eq!(fks, ["games"]);
}

#[tokio::test]
async fn every_known_migration_is_applied() {
    let (_dir, store) = fresh().await;
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&store.pool)
        .await
        .unwrap();
    assert_eq!(applied, Store::known_schema_versions());
    assert!(!applied.is_empty());
}

#[tokio::test]
async fn connections_use_wal_full_sync_foreign_keys_and_a_busy_timeout() {
    let (_dir, store) = fresh().await;
    let row = sqlx::query(
        "SELECT (SELECT journal_mode FROM pragma_journal_mode), (SELECT synchronous FROM pragma_synchronous), \
         (SELECT foreign_keys FROM pragma_foreign_keys), (SELECT timeout FROM pragma_busy_timeout)",
    )
    .fetch_one(&store.pool)
    .await
    .unwrap();
    assert_eq!(row.get::<String, _>(0), "wal");
    assert_eq!(row.get::<i64, _>(1), 2, "synchronous = FULL");
    assert_eq!(row.get::<i64, _>(2), 1);
    assert_eq!(row.get::<i64, _>(3), 5000);
}

#[tokio::test]
async fn reopening_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let store = Store::open(&path).await.unwrap();
    let campaign = store.create_campaign("Sudan 1884", "river column").await.unwrap();
    let game = store.create_game(new_game("Abu Klea", Some(campaign.id))).await.unwrap();
    store.append_event(game.id, 0, r#"{"kind":"start"}"#).await.unwrap();
    store.close().await;

    let store = Store::open(&path).await.unwrap();
    let campaigns = store.list_campaigns().await.unwrap();
    assert_eq!(campaigns.len(), 1);
    assert_eq!(campaigns[0].name, "Sudan 1884");
    assert_eq!(campaigns[0].game_count, 1);
    let again = store.game(game.id).await.unwrap();
    assert_eq!(again.event_count, 1);
    assert_eq!(again.name, "Abu Klea");
    assert_eq!(store.events(game.id).await.unwrap()[0].json, r#"{"kind":"start"}"#);
}

#[tokio::test]
async fn a_folder_in_place_of_the_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let err = Store::open(dir.path()).await.unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains(&dir.path().display().to_string()), "{err}");
}

#[test]
fn the_default_path_is_sandtable_db_in_a_data_folder() {
    let path = Store::default_path();
    assert_eq!(path.file_name().unwrap(), "sandtable.db");
    if let Some(dirs) = directories::ProjectDirs::from("", "", "sandtable") {
        assert_eq!(path.parent().unwrap(), dirs.data_dir());
    }
}

/// The Any driver takes a SQLite file by URL: every path must come back out of it as the very same file.
#[tokio::test]
async fn a_path_with_accents_spaces_url_characters_or_dot_dot_opens_that_very_file() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("José et Zoë").join("my games");
    for path in [odd.join("a b%20#1?x=y+z.db"), odd.join("..").join("up.db")] {
        let store = Store::open(&path).await.unwrap();
        store.create_campaign("here", "").await.unwrap();
        store.close().await;
        assert!(path.is_file(), "{} holds the database", path.display());
        let reopened = Store::open(&path).await.unwrap();
        assert_eq!(reopened.list_campaigns().await.unwrap().len(), 1, "{}", path.display());
    }
    assert!(
        dir.path().join("José et Zoë").join("up.db").is_file(),
        "`..` is the folder above, as the file system reads it"
    );
}

#[test]
fn a_postgresql_address_is_shown_without_its_password() {
    use super::super::open::shown_address;
    assert_eq!(shown_address("postgres://club:s3cret@db.example:5432/club"), "postgres://club@db.example:5432/club");
    assert_eq!(
        shown_address("postgres://club@db.example/club?password=s3cret&sslmode=require"),
        "postgres://club@db.example/club?sslmode=require"
    );
    let unparsable = shown_address("postgres://club:a/b@db.example/club");
    assert!(!unparsable.contains("a/b") && !unparsable.contains("b@"), "{unparsable}");
}
