use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Backend, Store, StoreError, clock::now};

/// One entry of a game's log: the engine's event as JSON, at its index `seq`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromRow)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct StoredEvent {
    pub seq: i64,
    pub json: String,
    pub recorded_at: String,
}

/// The PostgreSQL channel every server on a database hears new log entries on: "ORIGIN GAME", ORIGIN the
/// storing process's `Store::origin`, so a server can tell its own entries from others'.
pub const LOG_CHANNEL: &str = "sandtable_log";

/// The PostgreSQL advisory lock a write turn holds: any fixed number of Sandtable's own ("Sandtbl").
pub(super) const WRITE_TURN_LOCK: i64 = 0x0053_616e_6474_626c;

/// The database's write lock, held (`Store::write_turn`); dropped without appending, it is let go.
pub struct WriteTurn {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    store: Store,
    _appending: tokio::sync::OwnedMutexGuard<()>,
}

impl WriteTurn {
    /// Appends event `seq` and commits it, letting the lock go.
    pub async fn append_event(mut self, game_id: i64, seq: i64, event_json: &str) -> Result<(), StoreError> {
        let store = self.store.clone();
        store.insert_events(&mut self.tx, game_id, seq, &[event_json]).await?;
        self.tx.commit().await?;
        Ok(())
    }
}

impl Store {
    /// Appends event `seq` to a game's log and commits it before returning: a process killed right after
    /// this returns loses nothing. `seq` must be the game's next index, so when two tablets act on one game
    /// the second gets `Conflict` and reloads instead of forking the log.
    pub async fn append_event(&self, game_id: i64, seq: i64, event_json: &str) -> Result<(), StoreError> {
        self.append_events(game_id, seq, &[event_json]).await
    }

    /// Appends events `first`, `first + 1`, … of a game's log in one statement, committed before returning:
    /// the entries of devices that acted at once, for one write to disk. All or none: when one conflicts,
    /// the log is left as it was.
    pub async fn append_events(&self, game_id: i64, first: i64, events: &[impl AsRef<str>]) -> Result<(), StoreError> {
        match self.backend {
            Backend::Sqlite => {
                let _appending = self.appending.lock().await;
                let mut conn = self.pool.acquire().await?;
                self.insert_events(&mut conn, game_id, first, events).await
            }
            // A write turn (another server's, maybe) holds its lock exclusively: plain appends share it, so
            // they wait for the turn to end rather than land in the middle of it, as on SQLite. Appends to
            // different games do not queue behind each other in this process as SQLite's must (one writer):
            // PostgreSQL commits them side by side, and each game's own appends come one at a time already
            // (the game's turn in the `Api`, and the unique index on its entry numbers).
            Backend::Postgres => {
                let mut tx = self.pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock_shared($1)").bind(WRITE_TURN_LOCK).execute(&mut *tx).await?;
                self.insert_events(&mut tx, game_id, first, events).await?;
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// Waits for the database's write lock (another process's writes included) and holds it: whatever is
    /// read meanwhile is still the latest when the turn's event is appended. What a writer that keeps
    /// losing the race to faster devices takes, so it waits its turn instead of giving up.
    pub async fn write_turn(&self) -> Result<WriteTurn, StoreError> {
        let appending = self.appending.clone().lock_owned().await;
        let tx = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            // SQLite's one write lock, as a lock every server on the database takes in turn, let go at commit.
            Backend::Postgres => {
                // Read committed whatever the server's default: what the turn reads after the lock is granted
                // is what is stored by then, not a snapshot from before it waited.
                let mut tx = self.pool.begin_with("BEGIN ISOLATION LEVEL READ COMMITTED").await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(WRITE_TURN_LOCK).execute(&mut *tx).await?;
                tx
            }
        };
        Ok(WriteTurn { tx, store: self.clone(), _appending: appending })
    }

    async fn insert_events(
        &self,
        conn: &mut sqlx::AnyConnection,
        game_id: i64,
        seq: i64,
        events: &[impl AsRef<str>],
    ) -> Result<(), StoreError> {
        if seq < 0 {
            return Err(StoreError::Gap { game_id, seq, next: self.next_seq(game_id).await? });
        }
        // Sent as one JSON array of the events' texts, each stored as the very text it was.
        let texts = serde_json::to_string(&events.iter().map(AsRef::as_ref).collect::<Vec<&str>>())
            .map_err(|e| StoreError::Corrupt(format!("game {game_id}: an event's text: {e}")))?;
        let inserted = match self.backend {
            // One autocommit statement takes the write lock before it reads the next index, so the check and
            // the insert cannot be split by another writer; UNIQUE(game_id, seq) backs it up regardless.
            Backend::Sqlite => sqlx::query(
                "INSERT INTO events (game_id, seq, json, recorded_at) \
                 SELECT $1, $2 + entry.key, entry.value, $4 FROM json_each($3) AS entry \
                 WHERE $2 = (SELECT coalesce(max(seq) + 1, 0) FROM events WHERE game_id = $1)",
            )
            .bind(game_id)
            .bind(seq)
            .bind(texts)
            .bind(now())
            .execute(&mut *conn)
            .await
            .map(|done| done.rows_affected()),
            // Read committed: two servers may both read the same next index, and UNIQUE(game_id, seq) then
            // fails the second, which is answered as the conflict it is. The same statement tells every
            // server on the database (`LOG_CHANNEL`), delivered when it commits and only if it does.
            Backend::Postgres => sqlx::query_scalar::<_, i64>(
                "WITH stored AS ( \
                   INSERT INTO events (game_id, seq, json, recorded_at) \
                   SELECT $1, $2 + entry.at - 1, entry.text, $4 \
                   FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS entry(text, at) \
                   WHERE $2 = (SELECT coalesce(max(seq) + 1, 0) FROM events WHERE game_id = $1) \
                   RETURNING seq), \
                 told AS (SELECT pg_notify($5, $6 || ' ' || $1) FROM (SELECT 1 FROM stored LIMIT 1) AS any_stored) \
                 SELECT (SELECT count(*) FROM stored) + 0 * (SELECT count(*) FROM told)",
            )
            .bind(game_id)
            .bind(seq)
            .bind(texts)
            .bind(now())
            .bind(LOG_CHANNEL)
            .bind(self.origin.to_string())
            .fetch_one(&mut *conn)
            .await
            .map(|stored| stored as u64),
        };
        match inserted {
            Ok(stored) if stored == events.len() as u64 => Ok(()),
            Ok(_) => {
                let next = self.next_seq(game_id).await?;
                if seq > next {
                    Err(StoreError::Gap { game_id, seq, next })
                } else {
                    Err(StoreError::Conflict { game_id, seq })
                }
            }
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict { game_id, seq }),
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                Err(StoreError::NotFound { what: "game", id: game_id })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The whole log of a game, in order.
    pub async fn events(&self, game_id: i64) -> Result<Vec<StoredEvent>, StoreError> {
        let events: Vec<StoredEvent> =
            sqlx::query_as("SELECT seq, json, recorded_at FROM events WHERE game_id = $1 ORDER BY seq")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        if events.is_empty() {
            self.require_game(game_id).await?;
        }
        Ok(events)
    }

    /// The index the game's next event must take; fails for a game that does not exist.
    async fn next_seq(&self, game_id: i64) -> Result<i64, StoreError> {
        self.require_game(game_id).await?;
        Ok(sqlx::query_scalar("SELECT coalesce(max(seq) + 1, 0) FROM events WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&self.pool)
            .await?)
    }

    pub(super) async fn require_game(&self, game_id: i64) -> Result<(), StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT id FROM games WHERE id = $1").bind(game_id).fetch_optional(&self.pool).await?;
        found.map(|_| ()).ok_or(StoreError::NotFound { what: "game", id: game_id })
    }
}
