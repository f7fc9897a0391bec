//! A database of its own on the test suite's PostgreSQL server (tools/test-all.sh starts a throwaway
//! cluster and sets `SANDTABLE_TEST_POSTGRES`), for the tests that run on both back ends.

use sqlx::Connection;

/// A new, empty database's address, or None when no server was given (the SQLite pass).
pub async fn new_database(prefix: &str) -> Option<String> {
    let server = std::env::var("SANDTABLE_TEST_POSTGRES").ok()?;
    let name = format!("{prefix}_{}_{}", std::process::id(), rand::random::<u32>());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.unwrap();
    let (base, _) = server.rsplit_once('/').unwrap();
    Some(format!("{base}/{name}"))
}
