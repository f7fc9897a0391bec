use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, FromRow};

use super::{Store, StoreError, events::now};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromRow)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub notes: String,
    pub created_at: String,
    pub game_count: i64,
}

const SELECT: &str = "SELECT c.id, c.name, c.notes, c.created_at, \
     (SELECT count(*) FROM games g WHERE g.campaign_id = c.id) AS game_count FROM campaigns c";

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
        sqlx::query_as(AssertSqlSafe(format!("{SELECT} WHERE c.id = ?")))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::NotFound { what: format!("campaign {id}") })
    }

    pub async fn list_campaigns(&self) -> Result<Vec<Campaign>, StoreError> {
        Ok(sqlx::query_as(AssertSqlSafe(format!("{SELECT} ORDER BY c.id DESC"))).fetch_all(&self.pool).await?)
    }
}
