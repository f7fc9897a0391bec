//! SQLite's failures in words a player can act on. Its own ("disk I/O error (code 4874)", "unable to
//! open database file") name neither the cause nor the remedy, and a full disk reads as an I/O error.

/// What went wrong and what to do, from SQLite's result code where it says enough; otherwise sqlx's words.
pub fn explain(error: &sqlx::Error) -> String {
    // Only SQLite's codes read so: PostgreSQL's SQLSTATE is another numbering (42501 is no lock).
    let code = error
        .as_database_error()
        .filter(|e| e.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some())
        .and_then(|e| e.code())
        .and_then(|c| c.parse::<i32>().ok());
    let Some(code) = code else { return error.to_string() };
    let what = match (code & 0xff, code) {
        // SQLITE_FULL, and the I/O failures a full disk shows as: growing the -shm file, writing, syncing.
        (13, _) | (10, 4874 | 778 | 1034 | 1546) => {
            "the disk holding the database is full or cannot be written: free some space, then try again \
             (what was recorded before is kept; the last action was not)"
        }
        (14, _) => {
            "SQLite cannot open or create the file: check that its folder exists and that you may write in it \
             (SQLite also writes -wal and -shm files beside it)"
        }
        (8, _) => {
            "the database or its folder is read-only: make them writable, or point --db / SANDTABLE_DB at a \
             file you may write"
        }
        (5 | 6, _) => "another program holds the database locked: close it, then try again",
        (11 | 26, _) => "the file is damaged: restore it from a backup, or point --db / SANDTABLE_DB at another file",
        _ => return error.to_string(),
    };
    format!("{what} [{error}]")
}

#[cfg(test)]
mod tests {
    use sqlx::ConnectOptions;
    use sqlx::sqlite::SqliteConnectOptions;

    use super::explain;

    /// Real SQLite failures, each made the way a player meets it, read back in plain words.
    #[tokio::test]
    async fn full_read_only_and_unopenable_databases_are_explained() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("small.db");
        let mut conn = SqliteConnectOptions::new().filename(&file).create_if_missing(true).connect().await.unwrap();
        sqlx::query("CREATE TABLE notes (text TEXT)").execute(&mut conn).await.unwrap();
        sqlx::query("PRAGMA max_page_count = 3").execute(&mut conn).await.unwrap();
        let full = sqlx::query("INSERT INTO notes VALUES (?1)").bind("x".repeat(20_000)).execute(&mut conn).await;
        assert!(explain(&full.unwrap_err()).starts_with("the disk holding the database is full"));

        let mut reader = SqliteConnectOptions::new().filename(&file).read_only(true).connect().await.unwrap();
        let read_only = sqlx::query("INSERT INTO notes VALUES ('y')").execute(&mut reader).await;
        assert!(explain(&read_only.unwrap_err()).starts_with("the database or its folder is read-only"));

        let folder = SqliteConnectOptions::new().filename(dir.path()).connect().await;
        assert!(explain(&folder.unwrap_err()).starts_with("SQLite cannot open or create the file"));
    }
}
