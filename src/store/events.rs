use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Store, StoreError};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromRow)]
pub struct StoredEvent {
    pub seq: i64,
    pub json: String,
    pub recorded_at: String,
}

pub fn now() -> String {
    time::OffsetDateTime::now_utc().format(&time::format_description::well_known::Rfc3339).expect("UTC time formats")
}

impl Store {
    /// Appends event `seq` of a game and commits it before returning: a process killed right after this
    /// returns loses nothing. `seq` must be the next index, so two writers (two tablets) on one game cannot
    /// both append the same turn: the second gets `Conflict` and reloads.
    pub async fn append_event(&self, game_id: i64, seq: i64, event_json: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let next: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE game_id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        if seq < next {
            return Err(StoreError::Conflict { game_id, seq });
        }
        if seq > next {
            return Err(StoreError::Gap { game_id, seq, last: next - 1 });
        }
        let inserted = sqlx::query("INSERT INTO events (game_id, seq, json, recorded_at) VALUES (?, ?, ?, ?)")
            .bind(game_id)
            .bind(seq)
            .bind(event_json)
            .bind(now())
            .execute(&mut *tx)
            .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::Conflict { game_id, seq });
            }
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                return Err(StoreError::NotFound { what: format!("game {game_id}") });
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn events(&self, game_id: i64) -> Result<Vec<StoredEvent>, StoreError> {
        Ok(sqlx::query_as("SELECT seq, json, recorded_at FROM events WHERE game_id = ? ORDER BY seq")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?)
    }
}
