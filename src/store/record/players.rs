use super::super::{Store, StoreError};

impl Store {
    /// The campaign's players, in the order given.
    pub async fn campaign_players(&self, campaign_id: i64) -> Result<Vec<String>, StoreError> {
        self.campaign(campaign_id).await?;
        Ok(sqlx::query_scalar("SELECT name FROM campaign_players WHERE campaign_id = $1 ORDER BY position")
            .bind(campaign_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Replaces the campaign's players with `players`, in that order.
    pub async fn set_campaign_players(&self, campaign_id: i64, players: &[String]) -> Result<(), StoreError> {
        self.campaign(campaign_id).await?;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM campaign_players WHERE campaign_id = $1").bind(campaign_id).execute(&mut *tx).await?;
        for (position, name) in players.iter().enumerate() {
            sqlx::query("INSERT INTO campaign_players (campaign_id, position, name) VALUES ($1, $2, $3)")
                .bind(campaign_id)
                .bind(position as i64)
                .bind(name)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
