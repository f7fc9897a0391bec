use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the database at {path} was written by a newer version of Sandtable (schema version {newest}; this build \
         knows up to {known_latest}). Upgrade Sandtable, or point --db / SANDTABLE_DB at another file. The file \
         was not changed."
    )]
    NewerSchema { path: PathBuf, newest: i64, known_latest: i64 },
    #[error("{path} is not a Sandtable database (SQLite said: {reason}). The file was not changed.")]
    NotADatabase { path: PathBuf, reason: String },
    #[error("the database at {path} has a schema this build does not recognise: {reason}")]
    SchemaMismatch { path: PathBuf, reason: String },
    #[error("cannot open the database at {path}: {reason}")]
    Open { path: PathBuf, reason: String },
    #[error("{what} does not exist")]
    NotFound { what: String },
    #[error("game {game_id} changed under you: event {seq} already exists; reload the game")]
    Conflict { game_id: i64, seq: i64 },
    #[error("game {game_id}: event {seq} would leave a gap after event {last}")]
    Gap { game_id: i64, seq: i64, last: i64 },
    #[error("the database holds something this build cannot read: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
}
