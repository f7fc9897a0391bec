//! `sandtable store copy`: a whole database copied into another (`Store::copy_into`), then checked the way
//! a player would notice a bad copy: every game opened on the target as it opens on the source, and each
//! table holding as many rows on both.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{Api, ApiError, GameView};
use crate::store::Store;

/// What a copy did and what its check found.
#[derive(Debug, Clone)]
pub struct CopyReport {
    /// The source and the target as messages show them (a PostgreSQL address without its password).
    pub from: String,
    pub to: String,
    pub tables: Vec<TableRows>,
    pub games: Vec<GameReplayed>,
    /// The copy alone, then the check.
    pub copying: Duration,
    pub checking: Duration,
}

/// One table's rows: as many as were copied, and as the source and the target hold once it is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRows {
    pub table: &'static str,
    pub copied: i64,
    pub source: i64,
    pub target: i64,
}

/// One game opened on both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReplayed {
    pub id: i64,
    pub name: String,
    pub outcome: Replayed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replayed {
    /// Its record, log, state and referee's view are the same on both.
    Same,
    /// What differs first.
    Differs(String),
    /// It does not open on the source either, for the same reason (a scenario an earlier build accepted):
    /// the copy is as faithful as it can be.
    UnreadableOnBoth(String),
}

impl CopyReport {
    /// Whatever makes the copy untrustworthy, each named: a table whose rows differ in number, a game
    /// that opens differently.
    pub fn faults(&self) -> Vec<String> {
        let tables = self.tables.iter().filter(|t| t.source != t.target || t.copied != t.target).map(|t| {
            if t.copied != t.source {
                format!(
                    "table {}: {} rows were copied and the source now holds {} (it changed while it was copied: \
                     stop what writes to it and copy again with --replace)",
                    t.table, t.copied, t.source
                )
            } else {
                format!("table {}: {} rows on the source, {} on the target", t.table, t.source, t.target)
            }
        });
        let games = self.games.iter().filter_map(|g| match &g.outcome {
            Replayed::Differs(why) => Some(format!("game {} ({}): {why}", g.id, g.name)),
            _ => None,
        });
        tables.chain(games).collect()
    }
}

/// Copies the database at `from` into the one at `to` (each a SQLite file's path or a `postgres://`
/// address), then checks the copy. The source must exist; the target is made if missing, and must hold
/// nothing of Sandtable's unless `replace`.
pub async fn copy_database(from: &str, to: &str, replace: bool) -> Result<CopyReport, ApiError> {
    let started = Instant::now();
    let source = Store::open_existing(from).await?;
    let target = Store::open_address(to).await?;
    let copied = source.copy_into(&target, replace).await?;
    let copying = started.elapsed();

    let (on_source, on_target) = (source.row_counts().await?, target.row_counts().await?);
    let tables = copied
        .iter()
        .zip(&on_source)
        .zip(&on_target)
        .map(|((c, s), t)| TableRows { table: c.table, copied: c.rows, source: s.rows, target: t.rows })
        .collect();
    let games = replay_every_game(&source, &target).await?;
    let report = CopyReport {
        from: source.path().display().to_string(),
        to: target.path().display().to_string(),
        tables,
        games,
        copying,
        checking: started.elapsed() - copying,
    };
    source.close().await;
    target.close().await;
    Ok(report)
}

/// Every game of either side, opened on both as the app opens it: its log folded from the store.
async fn replay_every_game(source: &Store, target: &Store) -> Result<Vec<GameReplayed>, ApiError> {
    let mut games = source.every_game().await?;
    for game in target.every_game().await? {
        if !games.iter().any(|(id, _)| *id == game.0) {
            games.push(game);
        }
    }
    games.sort();
    let mut replayed = Vec::with_capacity(games.len());
    for (id, name) in games {
        let outcome = replay_one(id, source, target).await;
        replayed.push(GameReplayed { id, name, outcome });
    }
    Ok(replayed)
}

async fn replay_one(id: i64, source: &Store, target: &Store) -> Replayed {
    // An `Api` of its own for each game, so the games folded are let go as soon as they are compared.
    let on = |store: &Store| Api::over(store.clone(), store.path().parent().unwrap_or(Path::new(".")));
    let (from, to) = (on(source), on(target));
    match (from.load(id).await, to.load(id).await) {
        (Ok((record, game)), Ok((copied_record, copied))) => {
            if record != copied_record {
                Replayed::Differs(format!(
                    "its record differs on the target ({})",
                    record_differences(&record, &copied_record)
                ))
            } else if game.events() != copied.events() {
                Replayed::Differs(format!(
                    "its log differs ({} entries on the source, {} on the target)",
                    game.events().len(),
                    copied.events().len()
                ))
            } else if game.state() != copied.state() {
                Replayed::Differs("the same log folds to another state on the target".into())
            } else if view_json(id, &record.name, &game) != view_json(id, &record.name, &copied) {
                Replayed::Differs("the referee's view of it differs".into())
            } else {
                Replayed::Same
            }
        }
        (Err(e), Err(copied)) if e.message == copied.message => Replayed::UnreadableOnBoth(e.message),
        (Err(e), Err(copied)) => Replayed::Differs(format!(
            "it opens on neither, for different reasons: {e} on the source, {copied} on the target"
        )),
        (Err(e), _) => Replayed::Differs(format!("it opens on the target but not on the source ({e})")),
        (_, Err(e)) => Replayed::Differs(format!("it does not open on the target ({e})")),
    }
}

/// The fields of a game's record that differ, named.
fn record_differences(a: &crate::store::GameRecord, b: &crate::store::GameRecord) -> String {
    let fields = [
        ("campaign", a.campaign_id != b.campaign_id),
        ("name", a.name != b.name),
        ("system", a.system != b.system),
        ("scenario path", a.scenario_path != b.scenario_path),
        ("scenario", a.scenario_toml != b.scenario_toml),
        ("options", a.options_json != b.options_json),
        ("seed", a.seed != b.seed),
        ("date made", a.created_at != b.created_at),
        ("number of entries", a.event_count != b.event_count),
        ("put away", a.archived != b.archived),
    ];
    fields.iter().filter(|(_, differs)| *differs).map(|(name, _)| *name).collect::<Vec<_>>().join(", ")
}

fn view_json(id: i64, name: &str, game: &crate::game::Game) -> String {
    serde_json::to_string(&GameView::of(id, name, game)).expect("views serialise")
}
