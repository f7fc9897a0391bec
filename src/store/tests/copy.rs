//! The copy (`store::copy`) knows the schema whole: a table or column a migration adds and the copy's list
//! lacks fails here (and is refused at run time), rather than being left behind on the way to a club's
//! server. Run on SQLite, and on the store's PostgreSQL pass.

use super::super::copy::{Kind, TABLES, kind_of};
use super::super::{Backend, Store};
use super::support::fresh;

/// Each table the schema has, with its columns in order and their kinds, sorted by table.
async fn schema(store: &Store) -> Vec<(String, Vec<(String, Option<Kind>)>)> {
    let mut tables: Vec<(String, Vec<(String, Option<Kind>)>)> = Vec::new();
    for (table, column, declared) in store.schema_columns().await.unwrap() {
        if tables.last().is_none_or(|(t, _)| *t != table) {
            tables.push((table.clone(), Vec::new()));
        }
        tables.last_mut().unwrap().1.push((column, kind_of(&declared)));
    }
    tables.sort_by(|a, b| a.0.cmp(&b.0));
    tables
}

#[tokio::test]
async fn the_copy_knows_every_table_and_column_the_migrations_make() {
    let (_dir, store) = fresh().await;
    let has = schema(&store).await;
    let mut copied: Vec<&str> = TABLES.iter().map(|t| t.name).collect();
    copied.sort_unstable();
    let made: Vec<&str> = has.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        copied, made,
        "store::copy::TABLES, then the tables the migrations make (but _sqlx_migrations): add a new table to \
         TABLES after the tables it refers to"
    );
    for (table, columns) in &has {
        let listed = TABLES.iter().find(|t| t.name == table).unwrap();
        let listed: Vec<(String, Option<Kind>)> =
            listed.columns.iter().map(|(c, k)| (c.to_string(), Some(*k))).collect();
        assert_eq!(&listed, columns, "table {table}: the copy's columns, then the schema's");
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
