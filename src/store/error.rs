use std::path::PathBuf;

/// Everything the store can refuse. Messages are written for the person at the table: they name the
/// file or the game and say what to do next.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the database at {path} was written by a newer version of Sandtable (schema version {newest}, this \
         build knows up to {known_latest}); upgrade Sandtable or point --db / SANDTABLE_DB at another file; \
         the file was not changed",
        path = path.display(),
        newest = unknown_versions.iter().max().copied().unwrap_or_default()
    )]
    NewerSchema { path: PathBuf, unknown_versions: Vec<i64>, known_latest: i64 },

    #[error("{} is not a Sandtable database ({reason}); point --db / SANDTABLE_DB at another file; the file was not changed", path.display())]
    NotADatabase { path: PathBuf, reason: String },

    #[error(
        "the database at {} is damaged ({reason}); restore it from a backup or an earlier copy, or point --db / \
         SANDTABLE_DB at another file; the file was not changed",
        path.display()
    )]
    Damaged { path: PathBuf, reason: String },

    #[error(
        "the database at {} applied schema version {version} with different contents than this build has \
         (sqlx reports a checksum mismatch); it was made by a different build of Sandtable, so it is left \
         alone: use that build, or point --db / SANDTABLE_DB at another file; the file was not changed",
        path.display()
    )]
    MigrationChanged { path: PathBuf, version: i64 },

    #[error(
        "the database at {} has schema version {version} half applied (an upgrade was interrupted); restore \
         it from a backup or point --db / SANDTABLE_DB at another file; the file was not changed",
        path.display()
    )]
    MigrationDirty { path: PathBuf, version: i64 },

    #[error("could not bring the database at {} up to date: {reason}", path.display())]
    Migrate { path: PathBuf, reason: String },

    #[error("cannot open the database at {}: {reason}", path.display())]
    Open { path: PathBuf, reason: String },

    #[error(
        "there is no Sandtable database at {} ({reason}): check the path or address; nothing was created there",
        path.display()
    )]
    Missing { path: PathBuf, reason: String },

    #[error(
        "{} already holds Sandtable data ({holds}): a copy into it would mix two sets of records, so nothing \
         was written; to replace what it holds with the copy, run again with --replace",
        path.display()
    )]
    Holds { path: PathBuf, holds: String },

    #[error("{} is both the source and the target: nothing was copied", path.display())]
    SameDatabase { path: PathBuf },

    #[error("the copy into {} failed at {at}: {reason}; {} was left as it was", path.display(), path.display())]
    CopyFailed { path: PathBuf, at: String, reason: String },

    #[error(
        "{} has tables this build of Sandtable cannot copy whole ({tables}): the schema changed and the copy was \
         not told; nothing was copied",
        path.display()
    )]
    Uncopyable { path: PathBuf, tables: String },

    #[error("{what} {id} does not exist")]
    NotFound { what: &'static str, id: i64 },

    #[error("there is already a {what} named {name:?} (perhaps among those put away): choose another name")]
    Taken { what: &'static str, name: String },

    #[error("game {game_id} changed under you: event {seq} already exists; reload the game")]
    Conflict { game_id: i64, seq: i64 },

    #[error("game {game_id} cannot take event {seq} yet: its next event is {next}; reload the game")]
    Gap { game_id: i64, seq: i64, next: i64 },

    #[error("the database holds something this build cannot read: {0}")]
    Corrupt(String),

    #[error("database error: {}", super::plain_words::explain(.0))]
    Sqlx(#[from] sqlx::Error),
}
