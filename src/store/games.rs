use serde::{Deserialize, Serialize};
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, Row};

use super::{Store, StoreError, events::now};

/// What a new game is made of: enough to rebuild it exactly with its events.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub campaign_id: Option<i64>,
    pub name: String,
    pub system: String,
    pub scenario_path: String,
    pub scenario_toml: String,
    pub options_json: String,
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: i64,
    pub campaign_id: Option<i64>,
    pub name: String,
    pub system: String,
    pub scenario_path: String,
    pub scenario_toml: String,
    pub options_json: String,
    pub seed: u64,
    pub created_at: String,
    pub event_count: i64,
}

const SELECT: &str = "SELECT g.id, g.campaign_id, g.name, g.system, g.scenario_path, g.scenario_toml, \
     g.options_json, g.seed, g.created_at, \
     (SELECT count(*) FROM events e WHERE e.game_id = g.id) AS event_count FROM games g";

fn record(row: &SqliteRow) -> Result<GameRecord, StoreError> {
    let seed_text: String = row.try_get("seed")?;
    let seed = seed_text.parse().map_err(|_| {
        StoreError::Corrupt(format!("game {}: seed {seed_text:?} is not a 64-bit number", row.get::<i64, _>("id")))
    })?;
    Ok(GameRecord {
        id: row.try_get("id")?,
        campaign_id: row.try_get("campaign_id")?,
        name: row.try_get("name")?,
        system: row.try_get("system")?,
        scenario_path: row.try_get("scenario_path")?,
        scenario_toml: row.try_get("scenario_toml")?,
        options_json: row.try_get("options_json")?,
        seed,
        created_at: row.try_get("created_at")?,
        event_count: row.try_get("event_count")?,
    })
}

impl Store {
    pub async fn create_game(&self, new: NewGame) -> Result<GameRecord, StoreError> {
        if let Some(c) = new.campaign_id {
            self.campaign(c).await?;
        }
        let id = sqlx::query(
            "INSERT INTO games (campaign_id, name, system, scenario_path, scenario_toml, options_json, seed, created_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(new.campaign_id)
        .bind(&new.name)
        .bind(&new.system)
        .bind(&new.scenario_path)
        .bind(&new.scenario_toml)
        .bind(&new.options_json)
        .bind(new.seed.to_string())
        .bind(now())
        .execute(&self.pool)
        .await?
        .last_insert_rowid();
        self.game(id).await
    }

    pub async fn game(&self, id: i64) -> Result<GameRecord, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!("{SELECT} WHERE g.id = ?")))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::NotFound { what: format!("game {id}") })?;
        record(&row)
    }

    /// Newest first.
    pub async fn list_games(&self, campaign_id: Option<i64>) -> Result<Vec<GameRecord>, StoreError> {
        let rows = match campaign_id {
            Some(c) => {
                sqlx::query(AssertSqlSafe(format!("{SELECT} WHERE g.campaign_id = ? ORDER BY g.id DESC")))
                    .bind(c)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => sqlx::query(AssertSqlSafe(format!("{SELECT} ORDER BY g.id DESC"))).fetch_all(&self.pool).await?,
        };
        rows.iter().map(record).collect()
    }
}
