//! The copy (`store::copy`) knows the schema whole: a table or column a migration adds and the copy's list
//! lacks fails here (and is refused at run time), rather than being left behind on the way to a club's
//! server. Run on SQLite, and on the store's PostgreSQL pass.

use super::super::Backend;
use super::super::copy::{TABLES, listed_tables};
use super::support::fresh;

#[tokio::test]
async fn the_copy_knows_every_table_and_column_the_migrations_make() {
    let (_dir, store) = fresh().await;
    let (has, listed) = (store.schema_tables().await.unwrap(), listed_tables());
    let names = |tables: &[super::super::copy::TableColumns]| tables.iter().map(|t| t.name.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&listed),
        names(&has),
        "store::copy::TABLES, then the tables the migrations make (but _sqlx_migrations): add a new table to \
         TABLES after the tables it refers to"
    );
    for (listed, has) in listed.iter().zip(&has) {
        assert_eq!(listed.columns, has.columns, "table {}: the copy's columns, then the schema's", has.name);
    }
    assert!(store.knows_every_table().await.is_ok());
}

/// Rows are written table by table in `TABLES`' order with foreign keys on: each table must come after
/// those it refers to.
#[tokio::test]
async fn each_table_is_copied_after_the_tables_it_refers_to() {
    let (_dir, store) = fresh().await;
    if store.backend() != Backend::Sqlite {
        return; // The same references on PostgreSQL: `schemas` holds the two schemas alike.
    }
    for (at, table) in TABLES.iter().enumerate() {
        let refers: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list('{}')",
            table.name
        )))
        .fetch_all(&store.pool)
        .await
        .unwrap();
        for other in refers {
            let before = TABLES[..at].iter().any(|t| t.name == other);
            assert!(before, "{} refers to {other}, which TABLES lists after it", table.name);
        }
    }
}
