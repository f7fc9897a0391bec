use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Store, StoreError, clock::now};

/// What a new game is made of: with its events, enough to rebuild it exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NewGame {
    pub campaign_id: Option<i64>,
    pub name: String,
    pub system: String,
    pub scenario_path: String,
    pub scenario_toml: String,
    pub options_json: String,
    pub seed: u64,
}

/// A stored game with the length of its event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
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
    /// Put away: off the games list, kept whole.
    pub archived: bool,
}

/// The row as SQLite holds it: the seed is decimal text because SQLite integers are signed.
#[derive(FromRow)]
struct GameRow {
    id: i64,
    campaign_id: Option<i64>,
    name: String,
    system: String,
    scenario_path: String,
    scenario_toml: String,
    options_json: String,
    seed: String,
    created_at: String,
    event_count: i64,
    #[sqlx(try_from = "super::flag::Flag")]
    archived: bool,
}

impl TryFrom<GameRow> for GameRecord {
    type Error = StoreError;

    fn try_from(r: GameRow) -> Result<GameRecord, StoreError> {
        let seed = r.seed.parse().map_err(|_| {
            StoreError::Corrupt(format!("game {}: seed {:?} is not a number 0–{}", r.id, r.seed, u64::MAX))
        })?;
        Ok(GameRecord {
            id: r.id,
            campaign_id: r.campaign_id,
            name: r.name,
            system: r.system,
            scenario_path: r.scenario_path,
            scenario_toml: r.scenario_toml,
            options_json: r.options_json,
            seed,
            created_at: r.created_at,
            event_count: r.event_count,
            archived: r.archived,
        })
    }
}

// `$1 IS NULL` lets one statement serve both "all games" and "one campaign's games"; `$3` picks the games
// in play (0), those put away (1), or both (NULL, for one game by its id).
// A log's entries are numbered from 0 without a gap (`append_event` refuses one), so its length is its
// last number and one: read from the (game_id, seq) index at once, where counting walks every entry, and a
// game's record is read with every action.
const SELECT_GAMES: &str = "SELECT g.id, g.campaign_id, g.name, g.system, g.scenario_path, g.scenario_toml, \
     g.options_json, g.seed, g.created_at, \
     (SELECT coalesce(max(e.seq) + 1, 0) FROM events e WHERE e.game_id = g.id) AS event_count, \
     g.archived_at IS NOT NULL AS archived \
     FROM games g WHERE ($1 IS NULL OR g.campaign_id = $1) AND ($2 IS NULL OR g.id = $2) \
     AND ($3 IS NULL OR (g.archived_at IS NOT NULL) = $3) \
     ORDER BY g.id DESC";

/// What of a game's record changes once it is made: its name, campaign, whether it is put away, and its
/// log's length. The rest (scenario, options, seed) is fixed when the game starts, and no game is deleted.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct GameStamp {
    pub name: String,
    pub campaign_id: Option<i64>,
    #[sqlx(try_from = "super::flag::Flag")]
    pub archived: bool,
    pub event_count: i64,
}

impl GameRecord {
    /// This record as `stamp` finds the game now.
    pub fn stamped(self, stamp: GameStamp) -> GameRecord {
        let GameStamp { name, campaign_id, archived, event_count } = stamp;
        GameRecord { name, campaign_id, archived, event_count, ..self }
    }
}

impl Store {
    /// A game's changing parts alone: read before every use of a game kept in memory, to see whether
    /// another process moved it on, without reading its scenario's text each time.
    pub async fn game_stamp(&self, id: i64) -> Result<GameStamp, StoreError> {
        let stamp: Option<GameStamp> = sqlx::query_as(
            "SELECT g.name, g.campaign_id, g.archived_at IS NOT NULL AS archived, \
             (SELECT coalesce(max(e.seq) + 1, 0) FROM events e WHERE e.game_id = g.id) AS event_count \
             FROM games g WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        stamp.ok_or(StoreError::NotFound { what: "game", id })
    }

    pub async fn create_game(&self, new: NewGame) -> Result<GameRecord, StoreError> {
        self.create_game_with_events(new, &[]).await
    }

    pub async fn game(&self, id: i64) -> Result<GameRecord, StoreError> {
        let row: Option<GameRow> = sqlx::query_as(SELECT_GAMES)
            .bind(None::<i64>)
            .bind(id)
            .bind(None::<bool>)
            .fetch_optional(&self.pool)
            .await?;
        row.ok_or(StoreError::NotFound { what: "game", id })?.try_into()
    }

    /// The games in play, newest first; `None` lists every one, in a campaign or not.
    pub async fn list_games(&self, campaign_id: Option<i64>) -> Result<Vec<GameRecord>, StoreError> {
        self.games_where(campaign_id, false).await
    }

    /// The games put away, newest first.
    pub async fn archived_games(&self, campaign_id: Option<i64>) -> Result<Vec<GameRecord>, StoreError> {
        self.games_where(campaign_id, true).await
    }

    async fn games_where(&self, campaign_id: Option<i64>, archived: bool) -> Result<Vec<GameRecord>, StoreError> {
        let rows: Vec<GameRow> = sqlx::query_as(SELECT_GAMES)
            .bind(campaign_id)
            .bind(None::<i64>)
            .bind(archived)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter().map(GameRecord::try_from).collect()
    }

    /// Puts a game away (off the list, kept whole), or brings it back.
    pub async fn archive_game(&self, id: i64, archived: bool) -> Result<GameRecord, StoreError> {
        let done =
            sqlx::query("UPDATE games SET archived_at = CASE WHEN $1 THEN coalesce(archived_at, $2) END WHERE id = $3")
                .bind(archived)
                .bind(now())
                .bind(id)
                .execute(&self.pool)
                .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "game", id });
        }
        self.game(id).await
    }

    pub async fn rename_game(&self, id: i64, name: &str) -> Result<GameRecord, StoreError> {
        let done =
            sqlx::query("UPDATE games SET name = $1 WHERE id = $2").bind(name).bind(id).execute(&self.pool).await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "game", id });
        }
        self.game(id).await
    }

    /// Moves a game into a campaign, or out of any with `None`.
    pub async fn set_game_campaign(&self, id: i64, campaign_id: Option<i64>) -> Result<GameRecord, StoreError> {
        let done = sqlx::query("UPDATE games SET campaign_id = $1 WHERE id = $2")
            .bind(campaign_id)
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(|e| missing_campaign(e, campaign_id))?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "game", id });
        }
        self.game(id).await
    }
}

/// A row naming a game that is not there: the game is missing, not the database broken.
pub(super) fn missing_game(e: sqlx::Error, game_id: i64) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => {
            StoreError::NotFound { what: "game", id: game_id }
        }
        _ => e.into(),
    }
}

fn missing_campaign(e: sqlx::Error, campaign_id: Option<i64>) -> StoreError {
    match (&e, campaign_id) {
        (sqlx::Error::Database(db), Some(id)) if db.is_foreign_key_violation() => {
            StoreError::NotFound { what: "campaign", id }
        }
        _ => e.into(),
    }
}

impl Store {
    /// A whole game at once, its log included, in one transaction: an import that fails part way leaves
    /// nothing behind.
    pub async fn create_game_with_events(&self, new: NewGame, events: &[String]) -> Result<GameRecord, StoreError> {
        let mut tx = self.pool.begin().await?;
        let at = now();
        let id = insert_game(&mut tx, &new, &at).await?;
        for (seq, json) in events.iter().enumerate() {
            sqlx::query("INSERT INTO events (game_id, seq, json, recorded_at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(seq as i64)
                .bind(json)
                .bind(&at)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        self.game(id).await
    }
}

/// The game's row, inside a transaction that stores what comes with it; its id.
pub(super) async fn insert_game(tx: &mut sqlx::AnyConnection, new: &NewGame, at: &str) -> Result<i64, StoreError> {
    sqlx::query_scalar(
        "INSERT INTO games (campaign_id, name, system, scenario_path, scenario_toml, options_json, seed, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(new.campaign_id)
    .bind(&new.name)
    .bind(&new.system)
    .bind(&new.scenario_path)
    .bind(&new.scenario_toml)
    .bind(&new.options_json)
    .bind(new.seed.to_string())
    .bind(at)
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| missing_campaign(e, new.campaign_id))
}
