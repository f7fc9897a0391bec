use super::{Store, StoreError, clock::now};

impl Store {
    /// The code devices on the LAN join this table with, if one has been issued.
    pub async fn join_code(&self) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT join_code FROM table_access WHERE id = 1").fetch_optional(&self.pool).await?)
    }

    /// Replaces the join code: every device that joined with the old one must join again.
    pub async fn set_join_code(&self, code: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO table_access (id, join_code, issued_at) VALUES (1, $1, $2) \
             ON CONFLICT (id) DO UPDATE SET join_code = excluded.join_code, issued_at = excluded.issued_at",
        )
        .bind(code)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
