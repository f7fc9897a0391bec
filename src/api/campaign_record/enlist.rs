//! Named units of a game join its campaign's roster, raised with the figures they began the game with;
//! that game is the first battle of their history.

use super::views::CampaignRecordView;
use crate::api::{Api, ApiError};
use crate::store::Enlisted;

impl Api {
    pub async fn enlist_units(&self, game: i64, units: Vec<String>) -> Result<CampaignRecordView, ApiError> {
        let (record, loaded) = self.load(game).await?;
        let campaign = record.campaign_id.ok_or_else(|| {
            ApiError::bad_input(format!(
                "game {game} is in no campaign, so it has no roster: move it into a campaign first"
            ))
        })?;
        if units.is_empty() {
            return Err(ApiError::bad_input(format!("name the units of game {game} to put on the roster")));
        }
        let scenario = loaded.scenario();
        let secrets = loaded.secrets(&self.seat_in(game));
        // A unit this seat sees only as a counter is not one it can name.
        let seen: Vec<_> = loaded.state().units.iter().filter(|u| secrets.counter(&u.id).is_none()).collect();
        let in_game = self.store().game_roster(game).await?;
        let roster = self.store().roster_units(campaign).await?;
        let mut enlisted: Vec<Enlisted> = Vec::new();
        for id in &units {
            let Some(unit) = seen.iter().find(|u| &u.id == id) else {
                let ids: Vec<&str> = seen.iter().map(|u| u.id.as_str()).collect();
                return Err(ApiError::bad_input(format!(
                    "game {game} has no unit {id:?}; its units are: {}",
                    ids.join(", ")
                )));
            };
            if in_game.iter().any(|e| &e.scenario_unit == id) || enlisted.iter().any(|e| &e.scenario_unit == id) {
                return Err(ApiError::bad_input(format!("{} of game {game} is on the roster already", unit.name)));
            }
            let same_name = |name: &str| name.to_lowercase() == unit.name.to_lowercase();
            if roster.iter().any(|r| same_name(&r.name)) || enlisted.iter().any(|e| same_name(&e.name)) {
                return Err(ApiError::bad_input(format!(
                    "the roster already has a unit named {:?}: to go on with it, carry it into a new game; two \
                     units of one name would be told apart by nobody",
                    unit.name
                )));
            }
            let side = scenario.sides.iter().find(|s| s.id == unit.side);
            enlisted.push(Enlisted {
                name: unit.name.clone(),
                side_id: unit.side.clone(),
                side: side.map_or_else(|| unit.side.clone(), |s| s.name.clone()),
                kind: unit.kind.clone(),
                system: scenario.system().to_string(),
                raised: unit.figures.len() as i64,
                scenario_unit: id.clone(),
            });
        }
        self.store().enlist(campaign, game, &enlisted).await?;
        self.campaign_record(campaign).await
    }
}
