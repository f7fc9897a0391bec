use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::super::games::insert_game;
use super::super::{GameRecord, NewGame, Store, StoreError, clock::now};

/// A named unit of a campaign's roster, as it was raised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromRow)]
pub struct RosterUnit {
    pub id: i64,
    pub campaign_id: i64,
    pub name: String,
    pub side_id: String,
    /// The side's name where it was raised.
    pub side: String,
    pub kind: String,
    pub system: String,
    /// The figures it was raised with.
    pub raised: i64,
    pub created_at: String,
}

/// A roster unit in one battle. `lost`, `ended`, `next_start` and `rule` are None until the battle is closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromRow)]
pub struct RosterEntry {
    pub roster_unit_id: i64,
    pub game_id: i64,
    /// The id of the game's unit it fought as.
    pub scenario_unit: String,
    pub started: i64,
    pub lost: Option<i64>,
    pub ended: Option<i64>,
    pub next_start: Option<i64>,
    pub rule: Option<String>,
    pub note: String,
}

/// A unit of a game joining its campaign's roster, with that game as its first battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enlisted {
    pub name: String,
    pub side_id: String,
    pub side: String,
    pub kind: String,
    pub system: String,
    pub raised: i64,
    pub scenario_unit: String,
}

/// What a closed battle records of one roster unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closing {
    pub roster_unit_id: i64,
    pub lost: i64,
    pub ended: i64,
    pub next_start: i64,
    pub rule: String,
    pub note: String,
}

/// A roster unit carried into a new game: the game's unit it fights as, and its figures there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    pub roster_unit_id: i64,
    pub scenario_unit: String,
    pub started: i64,
}

const SELECT_ENTRIES: &str = "SELECT r.roster_unit_id, r.game_id, r.scenario_unit, r.started, r.lost, r.ended, \
     r.next_start, r.rule, r.note FROM roster_battles r \
     JOIN roster_units u ON u.id = r.roster_unit_id JOIN games g ON g.id = r.game_id \
     LEFT JOIN battle_records b ON b.game_id = g.id \
     WHERE ($1 IS NULL OR u.campaign_id = $1) AND ($2 IS NULL OR r.game_id = $2) \
     ORDER BY coalesce(b.played_on, substr(g.created_at, 1, 10)), g.id, u.id";

impl Store {
    /// The campaign's roster, in the order its units were raised.
    pub async fn roster_units(&self, campaign_id: i64) -> Result<Vec<RosterUnit>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, campaign_id, name, side_id, side, kind, system, raised, created_at FROM roster_units \
             WHERE campaign_id = $1 ORDER BY id",
        )
        .bind(campaign_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn roster_unit(&self, id: i64) -> Result<RosterUnit, StoreError> {
        sqlx::query_as(
            "SELECT id, campaign_id, name, side_id, side, kind, system, raised, created_at FROM roster_units \
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound { what: "roster unit", id })
    }

    /// Every battle of every unit of the campaign's roster, in the order the battles were fought.
    pub async fn roster_entries(&self, campaign_id: i64) -> Result<Vec<RosterEntry>, StoreError> {
        Ok(sqlx::query_as(SELECT_ENTRIES).bind(campaign_id).bind(None::<i64>).fetch_all(&self.pool).await?)
    }

    /// The roster units that fought in one game.
    pub async fn game_roster(&self, game_id: i64) -> Result<Vec<RosterEntry>, StoreError> {
        Ok(sqlx::query_as(SELECT_ENTRIES).bind(None::<i64>).bind(game_id).fetch_all(&self.pool).await?)
    }

    /// Units of a game join its campaign's roster, all or none.
    pub async fn enlist(&self, campaign_id: i64, game_id: i64, units: &[Enlisted]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let at = now();
        for unit in units {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO roster_units (campaign_id, name, side_id, side, kind, system, raised, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(campaign_id)
            .bind(&unit.name)
            .bind(&unit.side_id)
            .bind(&unit.side)
            .bind(&unit.kind)
            .bind(&unit.system)
            .bind(unit.raised)
            .bind(&at)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| taken(e, &unit.name))?;
            link(
                &mut tx,
                &Carried { roster_unit_id: id, scenario_unit: unit.scenario_unit.clone(), started: unit.raised },
                game_id,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A new game and the roster units carried into it, in one transaction.
    pub async fn create_game_carrying(&self, new: NewGame, carried: &[Carried]) -> Result<GameRecord, StoreError> {
        let mut tx = self.pool.begin().await?;
        let id = insert_game(&mut tx, &new, &now()).await?;
        for unit in carried {
            link(&mut tx, unit, id).await?;
        }
        tx.commit().await?;
        self.game(id).await
    }

    /// Records what a battle left each of its roster units, all or none.
    pub async fn close_battle(&self, game_id: i64, closing: &[Closing]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for c in closing {
            sqlx::query(
                "UPDATE roster_battles SET lost = $1, ended = $2, next_start = $3, rule = $4, note = $5 \
                 WHERE roster_unit_id = $6 AND game_id = $7",
            )
            .bind(c.lost)
            .bind(c.ended)
            .bind(c.next_start)
            .bind(&c.rule)
            .bind(&c.note)
            .bind(c.roster_unit_id)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

async fn link(tx: &mut sqlx::AnyConnection, unit: &Carried, game_id: i64) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO roster_battles (roster_unit_id, game_id, scenario_unit, started) VALUES ($1, $2, $3, $4)")
        .bind(unit.roster_unit_id)
        .bind(game_id)
        .bind(&unit.scenario_unit)
        .bind(unit.started)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

fn taken(e: sqlx::Error, name: &str) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            StoreError::Taken { what: "unit on the campaign's roster", name: name.to_string() }
        }
        _ => e.into(),
    }
}
