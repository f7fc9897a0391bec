use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Store, StoreError, clock::now};

/// A run of linked games, with how many games it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromRow)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub notes: String,
    pub created_at: String,
    pub game_count: i64,
}

impl Store {
    pub async fn create_campaign(&self, name: &str, notes: &str) -> Result<Campaign, StoreError> {
        let id = sqlx::query("INSERT INTO campaigns (name, notes, created_at) VALUES (?, ?, ?)")
            .bind(name)
            .bind(notes)
            .bind(now())
            .execute(&self.pool)
            .await?
            .last_insert_rowid();
        self.campaign(id).await
    }

    pub async fn campaign(&self, id: i64) -> Result<Campaign, StoreError> {
        sqlx::query_as(
            "SELECT c.id, c.name, c.notes, c.created_at, \
             (SELECT count(*) FROM games g WHERE g.campaign_id = c.id) AS game_count \
             FROM campaigns c WHERE c.id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound { what: "campaign", id })
    }

    /// Newest first, like the games list.
    pub async fn list_campaigns(&self) -> Result<Vec<Campaign>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT c.id, c.name, c.notes, c.created_at, \
             (SELECT count(*) FROM games g WHERE g.campaign_id = c.id) AS game_count \
             FROM campaigns c ORDER BY c.id DESC",
        )
        .fetch_all(&self.pool)
        .await?)
    }
}
