//! The desk's record keeping: campaigns made, renamed, put away and brought back; games renamed, moved
//! between campaigns, put away and brought back. Nothing is deleted: a game's log is its record, and a
//! campaign put away keeps its games.

use super::{Api, ApiError, ArchivedView, CampaignView, GameSummary};

/// A campaign's or a game's name, as a heading: far above what anyone names one.
const NAME_CHARS: usize = 200;

impl Api {
    pub async fn create_campaign(&self, name: String) -> Result<CampaignView, ApiError> {
        let name = named("a campaign", &name)?;
        Ok(self.store().create_campaign(name, "").await?.into())
    }

    pub async fn rename_campaign(&self, id: i64, name: String) -> Result<CampaignView, ApiError> {
        let name = named("a campaign", &name)?;
        Ok(self.store().rename_campaign(id, name).await?.into())
    }

    pub async fn archive_campaign(&self, id: i64, archived: bool) -> Result<CampaignView, ApiError> {
        Ok(self.store().archive_campaign(id, archived).await?.into())
    }

    /// Renames a game; answered, as every listed game is, with its seed for the host's referee alone.
    pub async fn rename_game(&self, id: i64, name: String) -> Result<GameSummary, ApiError> {
        let name = named("a game", &name)?;
        Ok(self.game_summary_seen(self.store().rename_game(id, name).await?.into()))
    }

    pub async fn move_game(&self, id: i64, campaign: Option<i64>) -> Result<GameSummary, ApiError> {
        Ok(self.game_summary_seen(self.store().set_game_campaign(id, campaign).await?.into()))
    }

    pub async fn archive_game(&self, id: i64, archived: bool) -> Result<GameSummary, ApiError> {
        Ok(self.game_summary_seen(self.store().archive_game(id, archived).await?.into()))
    }

    pub async fn list_archived(&self) -> Result<ArchivedView, ApiError> {
        let store = self.store();
        Ok(ArchivedView {
            campaigns: store.archived_campaigns().await?.into_iter().map(CampaignView::from).collect(),
            games: store.archived_games(None).await?.into_iter().map(|g| self.game_summary_seen(g.into())).collect(),
        })
    }
}

fn named<'a>(what: &str, name: &'a str) -> Result<&'a str, ApiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::bad_input(format!("{what} needs a name")));
    }
    crate::game::limits::within(&format!("{what}'s name"), name, NAME_CHARS)?;
    Ok(name)
}
