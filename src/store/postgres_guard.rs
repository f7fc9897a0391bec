//! A PostgreSQL database this build must not migrate is refused before anything is written to it, as a
//! SQLite file is (`schema_guard`): one holding another program's tables, one migrated by a newer Sandtable,
//! one whose applied migrations differ from this build's, or one whose upgrade stopped half way.

use std::path::Path;

use sqlx::AnyPool;
use sqlx::migrate::Migrator;

use super::StoreError;
use super::schema_guard::{Applied, SELECT_APPLIED, judge};

pub(super) async fn check(pool: &AnyPool, shown: &Path, migrator: &Migrator) -> Result<(), StoreError> {
    let not_db = |e: sqlx::Error| StoreError::NotADatabase { path: shown.to_path_buf(), reason: e.to_string() };
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() ORDER BY table_name",
    )
    .fetch_all(pool)
    .await
    .map_err(not_db)?;
    if tables.is_empty() {
        return Ok(());
    }
    if !tables.iter().any(|t| t == "_sqlx_migrations") {
        return Err(StoreError::NotADatabase {
            path: shown.to_path_buf(),
            reason: format!(
                "it is a PostgreSQL database of another program, with tables {}: give Sandtable a database of \
                 its own (createdb)",
                tables.join(", ")
            ),
        });
    }
    let applied: Vec<Applied> = sqlx::query_as(SELECT_APPLIED).fetch_all(pool).await.map_err(not_db)?;
    judge(shown, migrator, &applied)
}
