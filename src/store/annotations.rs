use sqlx::FromRow;

use super::games::missing_game;
use super::{Store, StoreError, clock::now};

/// A note beside one entry of a game's log, as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Annotation {
    pub id: i64,
    pub game_id: i64,
    pub seq: i64,
    pub text: String,
    pub created_at: String,
}

impl Store {
    /// Stores a note beside entry `seq` of a game. Whether the game has that entry is the caller's to check:
    /// the store knows the log only as rows.
    pub async fn add_annotation(&self, game_id: i64, seq: i64, text: &str) -> Result<Annotation, StoreError> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO annotations (game_id, seq, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(game_id)
        .bind(seq)
        .bind(text)
        .bind(now())
        .fetch_one(&self.pool)
        .await
        .map_err(|e| missing_game(e, game_id))?;
        self.annotation(id).await
    }

    pub async fn annotation(&self, id: i64) -> Result<Annotation, StoreError> {
        let found: Option<Annotation> =
            sqlx::query_as("SELECT id, game_id, seq, text, created_at FROM annotations WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        found.ok_or(StoreError::NotFound { what: "note", id })
    }

    /// A game's notes in the order of its log, those on one entry in the order they were written.
    pub async fn annotations(&self, game_id: i64) -> Result<Vec<Annotation>, StoreError> {
        self.require_game(game_id).await?;
        Ok(sqlx::query_as(
            "SELECT id, game_id, seq, text, created_at FROM annotations WHERE game_id = $1 ORDER BY seq, id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Takes a note away; the game's log is not touched.
    pub async fn remove_annotation(&self, id: i64) -> Result<Annotation, StoreError> {
        let note = self.annotation(id).await?;
        sqlx::query("DELETE FROM annotations WHERE id = $1").bind(id).execute(&self.pool).await?;
        Ok(note)
    }
}
