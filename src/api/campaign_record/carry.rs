//! A new battle of a campaign whose units carry in from the roster: each linked unit of the scenario begins
//! with the figures its roster unit's last battle left it to start the next with.

use std::collections::BTreeMap;

use super::figures_text::with_figures;
use super::views::Carry;
use crate::api::session::game_row;
use crate::api::{Api, ApiError, GameView, read_seed};
use crate::scenario::{self, Scenario};
use crate::store::Carried;

impl Api {
    /// Starts a game of a shipped scenario in `campaign`, with the roster units `carry` names fighting as
    /// the scenario's units.
    pub async fn new_campaign_game(
        &self,
        scenario: String,
        seed: Option<String>,
        campaign: i64,
        options: Option<BTreeMap<String, bool>>,
        carry: Vec<Carry>,
    ) -> Result<GameView, ApiError> {
        let loaded = self.scenario_with(&scenario, options).await?;
        self.start_carrying(loaded, read_seed(seed)?, campaign, &carry).await
    }

    /// Starts a game of any checked scenario in `campaign` with roster units carried in. Every carry is
    /// checked before anything is stored; a refused one stores nothing.
    pub async fn start_carrying(
        &self,
        scenario: Scenario,
        seed: u64,
        campaign: i64,
        carry: &[Carry],
    ) -> Result<GameView, ApiError> {
        let campaign_name = self.store().campaign(campaign).await?.name;
        if carry.is_empty() {
            return self.start_game(scenario, seed, Some(campaign)).await;
        }
        if let Some(every) = crate::rules::system(scenario.system()).and_then(|s| s.fixed_figures()) {
            return Err(ApiError::bad_input(format!(
                "every unit of {} is {every} figure{}, so no unit can carry figures into {}: start it without \
                 carrying units",
                scenario.ruleset.name,
                if every == 1 { "" } else { "s" },
                scenario.title
            )));
        }
        let roster = self.store().roster_units(campaign).await?;
        let history = self.store().roster_entries(campaign).await?;
        let mut figures = BTreeMap::new();
        let mut carried: Vec<Carried> = Vec::new();
        for c in carry {
            let Some(unit) = roster.iter().find(|u| u.id == c.roster_unit) else {
                let known: Vec<String> = roster.iter().map(|u| format!("{} {}", u.id, u.name)).collect();
                return Err(ApiError::not_found(format!(
                    "no unit {} on the roster of {campaign_name}; its units are: {}",
                    c.roster_unit,
                    if known.is_empty() { "none yet".into() } else { known.join(", ") }
                )));
            };
            let Some(target) = scenario.units.iter().find(|u| u.id == c.scenario_unit) else {
                let ids: Vec<&str> = scenario.units.iter().map(|u| u.id.as_str()).collect();
                return Err(ApiError::bad_input(format!(
                    "{} has no unit {:?} for {} to fight as; its units are: {}",
                    scenario.title,
                    c.scenario_unit,
                    unit.name,
                    ids.join(", ")
                )));
            };
            if carried.iter().any(|k| k.roster_unit_id == unit.id) {
                return Err(ApiError::bad_input(format!("{} is carried in twice", unit.name)));
            }
            if figures.contains_key(&target.id) {
                return Err(ApiError::bad_input(format!("two roster units are carried in as {}", target.id)));
            }
            let side = scenario.sides.iter().find(|s| s.id == target.side).expect("a loaded unit's side exists");
            if side.id != unit.side_id && side.name.to_lowercase() != unit.side.to_lowercase() {
                return Err(ApiError::bad_input(format!(
                    "{} fights for {}, and {} ({}) is of {}: carry it into a unit of its own side",
                    unit.name, unit.side, target.name, target.id, side.name
                )));
            }
            let next = match history.iter().rfind(|e| e.roster_unit_id == unit.id) {
                Some(last) => last.next_start.ok_or_else(|| {
                    ApiError::bad_input(format!(
                        "{}'s last battle (game {}) is not closed: close it to say what {} starts the next with",
                        unit.name, last.game_id, unit.name
                    ))
                })?,
                None => unit.raised,
            };
            if next <= 0 {
                return Err(ApiError::bad_input(format!("{} has no figures to start another battle with", unit.name)));
            }
            figures.insert(target.id.clone(), next as u32);
            carried.push(Carried { roster_unit_id: unit.id, scenario_unit: target.id.clone(), started: next });
        }
        let text = with_figures(&scenario.source, &figures).map_err(ApiError::bad_input)?;
        let mut rewritten = scenario::parse(&scenario.file, &text).map_err(|e| {
            ApiError::bad_input(format!("with the carried units' figures, the scenario does not load: {e}"))
        })?;
        rewritten.set_options(&scenario.options).map_err(ApiError::bad_input)?;
        let record = self.store().create_game_carrying(game_row(&rewritten, seed, Some(campaign))?, &carried).await?;
        Ok(self.opened(record, rewritten, seed).await)
    }
}
