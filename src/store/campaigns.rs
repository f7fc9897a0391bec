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
    /// Put away: off the campaigns list, its games kept.
    #[sqlx(try_from = "super::flag::Flag")]
    pub archived: bool,
}

// `$1` picks one campaign by id (or all when NULL); `$2` those in play (false), put away (true), or both (NULL).
const SELECT_CAMPAIGNS: &str = "SELECT c.id, c.name, c.notes, c.created_at, \
     (SELECT count(*) FROM games g WHERE g.campaign_id = c.id AND g.archived_at IS NULL) AS game_count, \
     c.archived_at IS NOT NULL AS archived FROM campaigns c \
     WHERE ($1 IS NULL OR c.id = $1) AND ($2 IS NULL OR (c.archived_at IS NOT NULL) = $2) \
     ORDER BY c.id DESC";

impl Store {
    pub async fn create_campaign(&self, name: &str, notes: &str) -> Result<Campaign, StoreError> {
        self.name_is_free(name, None).await?;
        let id: i64 =
            sqlx::query_scalar("INSERT INTO campaigns (name, notes, created_at) VALUES ($1, $2, $3) RETURNING id")
                .bind(name)
                .bind(notes)
                .bind(now())
                .fetch_one(&self.pool)
                .await?;
        self.campaign(id).await
    }

    pub async fn campaign(&self, id: i64) -> Result<Campaign, StoreError> {
        sqlx::query_as(SELECT_CAMPAIGNS)
            .bind(id)
            .bind(None::<bool>)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound { what: "campaign", id })
    }

    /// The campaigns in play (or with `archived`, those put away), newest first, like the games list.
    pub async fn list_campaigns(&self) -> Result<Vec<Campaign>, StoreError> {
        self.campaigns_where(false).await
    }

    pub async fn archived_campaigns(&self) -> Result<Vec<Campaign>, StoreError> {
        self.campaigns_where(true).await
    }

    async fn campaigns_where(&self, archived: bool) -> Result<Vec<Campaign>, StoreError> {
        Ok(sqlx::query_as(SELECT_CAMPAIGNS).bind(None::<i64>).bind(archived).fetch_all(&self.pool).await?)
    }

    pub async fn rename_campaign(&self, id: i64, name: &str) -> Result<Campaign, StoreError> {
        self.name_is_free(name, Some(id)).await?;
        let done =
            sqlx::query("UPDATE campaigns SET name = $1 WHERE id = $2").bind(name).bind(id).execute(&self.pool).await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "campaign", id });
        }
        self.campaign(id).await
    }

    /// Puts a campaign away (off the list; its games stay where they are), or brings it back.
    pub async fn archive_campaign(&self, id: i64, archived: bool) -> Result<Campaign, StoreError> {
        let done = sqlx::query(
            "UPDATE campaigns SET archived_at = CASE WHEN $1 THEN coalesce(archived_at, $2) END WHERE id = $3",
        )
        .bind(archived)
        .bind(now())
        .bind(id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "campaign", id });
        }
        self.campaign(id).await
    }

    /// Two campaigns of one name (in any case, archived or not) would be told apart by nobody.
    async fn name_is_free(&self, name: &str, except: Option<i64>) -> Result<(), StoreError> {
        let taken: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM campaigns WHERE lower(name) = lower($1) AND ($2 IS NULL OR id != $3)")
                .bind(name)
                .bind(except)
                .bind(except)
                .fetch_optional(&self.pool)
                .await?;
        match taken {
            Some(_) => Err(StoreError::Taken { what: "campaign", name: name.to_string() }),
            None => Ok(()),
        }
    }
}
