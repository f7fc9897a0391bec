//! The app's settings kept in the database, so they travel with the player's records.

use super::{Store, StoreError};

impl Store {
    pub async fn setting(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT value FROM settings WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Sets the value, or with None goes back to the default.
    pub async fn set_setting(&self, name: &str, value: Option<&str>) -> Result<(), StoreError> {
        match value {
            Some(value) => {
                sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT(name) DO UPDATE SET value = excluded.value")
                    .bind(name)
                    .bind(value)
                    .execute(&self.pool)
                    .await?
            }
            None => sqlx::query("DELETE FROM settings WHERE name = $1").bind(name).execute(&self.pool).await?,
        };
        Ok(())
    }
}
