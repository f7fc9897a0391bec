use std::process::Command;

use super::super::{Store, StoreError};
use super::support::{another, db_in, fresh, is_rfc3339, new_game, new_postgres_database};

#[tokio::test]
async fn events_come_back_in_order() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("log", None)).await.unwrap();
    let other = store.create_game(new_game("other", None)).await.unwrap();
    for seq in 0..25 {
        store.append_event(game.id, seq, &format!(r#"{{"n":{seq}}}"#)).await.unwrap();
        if seq < 3 {
            store.append_event(other.id, seq, "{}").await.unwrap();
        }
    }
    let events = store.events(game.id).await.unwrap();
    assert_eq!(events.iter().map(|e| e.seq).collect::<Vec<_>>(), (0..25).collect::<Vec<_>>());
    assert!(events.iter().all(|e| e.json == format!(r#"{{"n":{}}}"#, e.seq) && is_rfc3339(&e.recorded_at)));
    assert_eq!(store.game(game.id).await.unwrap().event_count, 25);
    assert_eq!(store.events(other.id).await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_taken_seq_is_a_conflict_and_changes_nothing() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("contested", None)).await.unwrap();
    store.append_event(game.id, 0, "\"first\"").await.unwrap();
    store.append_event(game.id, 1, "\"second\"").await.unwrap();

    let err = store.append_event(game.id, 1, "\"intruder\"").await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict { game_id, seq: 1 } if game_id == game.id), "{err:?}");
    assert_eq!(err.to_string(), format!("game {} changed under you: event 1 already exists; reload the game", game.id));
    let jsons: Vec<String> = store.events(game.id).await.unwrap().into_iter().map(|e| e.json).collect();
    assert_eq!(jsons, ["\"first\"", "\"second\""]);
}

#[tokio::test]
async fn a_seq_that_skips_ahead_or_is_negative_is_refused() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("gappy", None)).await.unwrap();
    store.append_event(game.id, 0, "{}").await.unwrap();
    let err = store.append_event(game.id, 3, "{}").await.unwrap_err();
    assert!(matches!(err, StoreError::Gap { seq: 3, next: 1, .. }), "{err:?}");
    let err = store.append_event(game.id, -1, "{}").await.unwrap_err();
    assert!(matches!(err, StoreError::Gap { seq: -1, next: 1, .. }), "{err:?}");
    assert_eq!(store.events(game.id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn the_unique_constraint_holds_even_for_a_raw_insert() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("raw", None)).await.unwrap();
    store.append_event(game.id, 0, "{}").await.unwrap();
    let err = sqlx::query("INSERT INTO events (game_id, seq, json, recorded_at) VALUES ($1, 0, '{}', 'now')")
        .bind(game.id)
        .execute(&store.pool)
        .await
        .unwrap_err();
    assert!(err.as_database_error().is_some_and(|e| e.is_unique_violation()), "{err:?}");
}

#[tokio::test]
async fn a_missing_game_has_no_log_to_read_or_extend() {
    let (_dir, store) = fresh().await;
    for seq in [0, 4] {
        let err = store.append_event(31, seq, "{}").await.unwrap_err();
        assert!(matches!(err, StoreError::NotFound { what: "game", id: 31 }), "seq {seq}: {err:?}");
    }
    assert!(matches!(store.events(31).await, Err(StoreError::NotFound { what: "game", id: 31 })));
    let game = store.create_game(new_game("quiet", None)).await.unwrap();
    assert!(store.events(game.id).await.unwrap().is_empty());
}

/// Two tablets, each with its own connection pool on the same file, race for the same turn.
#[tokio::test]
async fn two_writers_racing_for_one_seq_leave_one_event() {
    let (dir, store) = fresh().await;
    let other = another(&dir, &store).await;
    let game = store.create_game(new_game("race", None)).await.unwrap();
    for seq in 0..10 {
        let (a, b) = tokio::join!(store.append_event(game.id, seq, "\"a\""), other.append_event(game.id, seq, "\"b\""));
        let conflicts = [&a, &b].iter().filter(|r| matches!(r, Err(StoreError::Conflict { .. }))).count();
        assert!(a.is_ok() ^ b.is_ok() && conflicts == 1, "seq {seq}: {a:?} / {b:?}");
    }
    assert_eq!(other.events(game.id).await.unwrap().len(), 10);
}

const CHILD_DB: &str = "SANDTABLE_STORE_TEST_ABORT_DB";

/// Run alone this does nothing; `an_event_survives_the_process_being_killed` runs it in a child process that
/// appends an event and then aborts, with no destructor, pool close or WAL checkpoint.
#[tokio::test]
async fn aborting_writer_child() {
    let Some(path) = std::env::var_os(CHILD_DB) else { return };
    let store = Store::open_address(&path.to_string_lossy()).await.unwrap();
    let game = store.create_game(new_game("doomed", None)).await.unwrap();
    store.append_event(game.id, 0, "\"kept\"").await.unwrap();
    std::process::abort();
}

#[tokio::test]
async fn an_event_survives_the_process_being_killed() {
    let dir = tempfile::tempdir().unwrap();
    // A file, or a database of its own on the test server, which the killed child must not lose either.
    let path = match std::env::var("SANDTABLE_TEST_POSTGRES") {
        Ok(server) => new_postgres_database(&server).await,
        Err(_) => db_in(&dir).to_string_lossy().into_owned(),
    };
    // The child's test name without the crate's name, as the test harness filters it.
    let module = module_path!().split_once("::").map_or(module_path!(), |(_, rest)| rest);
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &format!("{module}::aborting_writer_child"), "--test-threads=1", "--nocapture"])
        .env(CHILD_DB, &path)
        .output()
        .unwrap();
    assert!(!child.status.success(), "the child should have aborted: {}", String::from_utf8_lossy(&child.stdout));

    let store = Store::open_address(&path).await.unwrap();
    let games = store.list_games(None).await.unwrap();
    assert_eq!(games.len(), 1, "the child never got as far as creating its game");
    let events = store.events(games[0].id).await.unwrap();
    assert_eq!(events.iter().map(|e| e.json.as_str()).collect::<Vec<_>>(), ["\"kept\""]);
}

#[tokio::test]
async fn entries_appended_together_are_stored_as_their_very_texts_or_not_at_all() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("together", None)).await.unwrap();
    store.append_event(game.id, 0, "{}").await.unwrap();
    let texts = [r#"{"text":"Zulu \"impi\" at Isandlwana — 1879"}"#, r#"{"a": [1.0, 2e3], "b":"\\n"}"#, "{ }"];
    store.append_events(game.id, 1, &texts).await.unwrap();
    let stored: Vec<(i64, String)> =
        store.events(game.id).await.unwrap().into_iter().map(|e| (e.seq, e.json)).collect();
    let expected: Vec<(i64, String)> =
        std::iter::once("{}").chain(texts).enumerate().map(|(seq, t)| (seq as i64, t.to_string())).collect();
    assert_eq!(stored, expected);

    // Starting at a taken index, none of them lands, not even those past the log's end.
    let late = store.append_events(game.id, 3, &["{\"late\":1}", "{\"late\":2}"]).await;
    assert!(matches!(late, Err(StoreError::Conflict { seq: 3, .. })), "{late:?}");
    assert_eq!(store.events(game.id).await.unwrap().len(), 4);
}
