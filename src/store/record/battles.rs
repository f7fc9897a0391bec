use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::super::games::missing_game;
use super::super::{Store, StoreError};

/// What the players record of a game as a battle of its campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromRow)]
pub struct BattleRecord {
    pub game_id: i64,
    /// The day it was played as the players gave it (YYYY-MM-DD); None for the day its game was made.
    pub played_on: Option<String>,
    /// When its game was made (RFC 3339).
    pub created_at: String,
    pub result: String,
    /// A side id of the game's scenario.
    pub winner: Option<String>,
    pub notes: String,
}

impl BattleRecord {
    /// The day it was played: the players' date, else the day its game was made.
    pub fn day(&self) -> &str {
        self.played_on.as_deref().unwrap_or_else(|| self.created_at.get(..10).unwrap_or(&self.created_at))
    }
}

/// A battle's record as it is to be stored, whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattleRecordEdit {
    pub played_on: Option<String>,
    pub result: String,
    pub winner: Option<String>,
    pub notes: String,
}

// A game the players have recorded nothing of reads as blank, dated the day it was made.
const SELECT_RECORDS: &str = "SELECT g.id AS game_id, b.played_on, g.created_at, coalesce(b.result, '') AS result, \
     b.winner, coalesce(b.notes, '') AS notes \
     FROM games g LEFT JOIN battle_records b ON b.game_id = g.id \
     WHERE ($1 IS NULL OR g.id = $1) AND ($2 IS NULL OR (g.campaign_id = $2 AND g.archived_at IS NULL)) \
     ORDER BY coalesce(b.played_on, substr(g.created_at, 1, 10)), g.id";

impl Store {
    pub async fn battle_record(&self, game_id: i64) -> Result<BattleRecord, StoreError> {
        sqlx::query_as(SELECT_RECORDS)
            .bind(game_id)
            .bind(None::<i64>)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound { what: "game", id: game_id })
    }

    /// The campaign's battles in play, in the order they were fought: by day, then as they were made.
    pub async fn battle_records(&self, campaign_id: i64) -> Result<Vec<BattleRecord>, StoreError> {
        self.campaign(campaign_id).await?;
        Ok(sqlx::query_as(SELECT_RECORDS).bind(None::<i64>).bind(campaign_id).fetch_all(&self.pool).await?)
    }

    pub async fn set_battle_record(&self, game_id: i64, edit: &BattleRecordEdit) -> Result<BattleRecord, StoreError> {
        sqlx::query(
            "INSERT INTO battle_records (game_id, played_on, result, winner, notes) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id) DO UPDATE SET played_on = $2, result = $3, winner = $4, notes = $5",
        )
        .bind(game_id)
        .bind(&edit.played_on)
        .bind(&edit.result)
        .bind(&edit.winner)
        .bind(&edit.notes)
        .execute(&self.pool)
        .await
        .map_err(|e| missing_game(e, game_id))?;
        self.battle_record(game_id).await
    }
}
