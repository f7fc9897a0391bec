//! A PostgreSQL database this build must not migrate is refused, and left as it was: another program's,
//! or one a newer Sandtable migrated. Run on the store's PostgreSQL pass (`SANDTABLE_TEST_POSTGRES`).

use sqlx::Connection;

use super::super::{Store, StoreError};
use super::support::new_postgres_database;

async fn tables(address: &str) -> Vec<String> {
    let mut conn = sqlx::PgConnection::connect(address).await.unwrap();
    sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
}

async fn run(address: &str, sql: &'static str) {
    let mut conn = sqlx::PgConnection::connect(address).await.unwrap();
    sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
}

#[tokio::test]
async fn another_programs_postgresql_database_is_refused_untouched() {
    let Ok(server) = std::env::var("SANDTABLE_TEST_POSTGRES") else { return };
    let address = new_postgres_database(&server).await;
    run(&address, "CREATE TABLE invoices (id BIGINT PRIMARY KEY)").await;
    let err = Store::open_address(&address).await.unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("another program, with tables invoices"), "{err}");
    assert_eq!(tables(&address).await, ["invoices"], "nothing of Sandtable's was added");
}

#[tokio::test]
async fn a_postgresql_database_from_a_newer_sandtable_is_refused_untouched() {
    let Ok(server) = std::env::var("SANDTABLE_TEST_POSTGRES") else { return };
    let address = new_postgres_database(&server).await;
    let store = Store::open_address(&address).await.unwrap();
    store.close().await;
    run(
        &address,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29990101000001, 'from the future', true, '\\x00', 1)",
    )
    .await;
    let before = tables(&address).await;
    let err = Store::open_address(&address).await.unwrap_err();
    assert!(
        matches!(err, StoreError::NewerSchema { ref unknown_versions, .. } if unknown_versions == &[29990101000001]),
        "{err:?}"
    );
    assert_eq!(tables(&address).await, before);
}
