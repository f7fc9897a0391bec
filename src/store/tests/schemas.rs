//! The two migration folders (SQLite's, PostgreSQL's) make the same schema: the same tables, each with the
//! same columns in the same order, each column of the same kind (integer or text), nullable alike, with the
//! same default. Run on the store's PostgreSQL pass (tools/test-all.sh sets `SANDTABLE_TEST_POSTGRES`).

use super::super::{Backend, Store};
use super::support::{db_in, new_postgres_database};

#[derive(Debug, PartialEq)]
struct Column {
    table: String,
    name: String,
    kind: &'static str,
    nullable: bool,
    default: Option<String>,
}

fn kind_of(declared: &str) -> &'static str {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" => "integer",
        "text" => "text",
        "bytea" | "blob" => "bytes",
        "boolean" => "boolean",
        other => panic!("a column of a kind the store does not use: {other}"),
    }
}

/// Defaults as each back end spells them, to one spelling: `''` (PostgreSQL writes `''::text`).
fn default_of(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim_end_matches("::text").to_string())
}

async fn sqlite_columns(store: &Store) -> Vec<Column> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
         AND name != '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(&store.pool)
    .await
    .unwrap();
    let mut columns = Vec::new();
    for table in tables {
        let rows: Vec<(String, String, i64, Option<String>, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('{table}') ORDER BY cid"
        )))
        .fetch_all(&store.pool)
        .await
        .unwrap();
        for (name, declared, not_null, default, primary) in rows {
            // A primary key column is never null in either, whatever SQLite's table_info says of it.
            let nullable = not_null == 0 && primary == 0;
            columns.push(Column {
                table: table.clone(),
                name,
                kind: kind_of(&declared),
                nullable,
                default: default_of(default),
            });
        }
    }
    columns
}

async fn postgres_columns(store: &Store) -> Vec<Column> {
    let rows: Vec<(String, String, String, String, Option<String>)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, column_default::text \
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name != '_sqlx_migrations' \
         ORDER BY table_name, ordinal_position",
    )
    .fetch_all(&store.pool)
    .await
    .unwrap();
    rows.into_iter()
        .map(|(table, name, declared, nullable, default)| Column {
            table,
            name,
            kind: kind_of(&declared),
            nullable: nullable == "YES",
            default: default_of(default),
        })
        .collect()
}

#[tokio::test]
async fn sqlite_and_postgresql_migrations_make_the_same_tables_and_columns() {
    let Ok(server) = std::env::var("SANDTABLE_TEST_POSTGRES") else {
        eprintln!("skipped here: the store's PostgreSQL pass (tools/test-all.sh) runs it");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Store::open(&db_in(&dir)).await.unwrap();
    let postgres = Store::open_address(&new_postgres_database(&server).await).await.unwrap();
    assert_eq!(postgres.backend(), Backend::Postgres);
    let (a, b) = (sqlite_columns(&sqlite).await, postgres_columns(&postgres).await);
    assert!(a.len() > 40, "every table's columns read: {}", a.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y, "SQLite's column, then PostgreSQL's");
    }
    assert_eq!(a.len(), b.len(), "as many columns in each");
    assert_eq!(
        Store::known_schema_versions(),
        super::super::open::postgres_schema_versions(),
        "the same migration versions"
    );
}
