//! Closing a battle: each roster unit's losses read from the game, and what it starts the next battle
//! with by the carry-over rule the players chose (or their own number for a unit).

use std::collections::BTreeMap;

use super::views::{CampaignRecordView, UnitOverride};
use crate::api::{Api, ApiError};
use crate::scenario::bounds::MAX_FIGURES;
use crate::store::Closing;

/// How a unit's figures carry into its next battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CarryRule {
    /// Those alive at the end.
    Survivors,
    /// Back to the strength it was raised with.
    Full,
    /// The survivors and half its losses, rounded down.
    Half,
}

impl CarryRule {
    fn read(rule: &str) -> Result<CarryRule, ApiError> {
        match rule.trim() {
            "survivors" => Ok(CarryRule::Survivors),
            "full" => Ok(CarryRule::Full),
            "half" => Ok(CarryRule::Half),
            other => Err(ApiError::bad_input(format!(
                "the carry-over rule is survivors (those alive), full (back to the strength raised) or half (half \
                 the losses return), not {other:?}"
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            CarryRule::Survivors => "survivors",
            CarryRule::Full => "full",
            CarryRule::Half => "half",
        }
    }

    /// What a unit raised with `raised` figures, which ended a battle with `alive` after losing `lost`,
    /// starts the next with.
    pub(super) fn next(self, raised: u32, lost: u32, alive: u32) -> u32 {
        match self {
            CarryRule::Survivors => alive,
            CarryRule::Full => raised,
            CarryRule::Half => alive + lost / 2,
        }
    }
}

impl Api {
    /// Records, for each roster unit of the game, its losses and what it starts the next battle with by
    /// `rule`, or by the player's own number where `overrides` gives one. Closing again replaces it.
    pub async fn close_battle(
        &self,
        game: i64,
        rule: String,
        overrides: Vec<UnitOverride>,
    ) -> Result<CampaignRecordView, ApiError> {
        let rule = CarryRule::read(&rule)?;
        let (_, loaded) = self.load(game).await?;
        let entries = self.store().game_roster(game).await?;
        if entries.is_empty() {
            return Err(ApiError::bad_input(format!(
                "no unit of game {game} is on a campaign's roster: enlist its units first"
            )));
        }
        let mut units = BTreeMap::new();
        for e in &entries {
            units.insert(e.roster_unit_id, self.store().roster_unit(e.roster_unit_id).await?);
        }
        let mut own: BTreeMap<i64, &UnitOverride> = BTreeMap::new();
        for o in &overrides {
            let named = |e: &&crate::store::RosterEntry| {
                e.scenario_unit == o.unit
                    || units[&e.roster_unit_id].name.to_lowercase() == o.unit.trim().to_lowercase()
            };
            let Some(entry) = entries.iter().find(named) else {
                let known: Vec<String> = entries
                    .iter()
                    .map(|e| format!("{} ({})", e.scenario_unit, units[&e.roster_unit_id].name))
                    .collect();
                return Err(ApiError::bad_input(format!(
                    "no unit {:?} of game {game} is on the roster; its roster units are: {}",
                    o.unit,
                    known.join(", ")
                )));
            };
            if own.insert(entry.roster_unit_id, o).is_some() {
                return Err(ApiError::bad_input(format!("{} is given its own number twice", o.unit)));
            }
            if let Some(n) = o.figures.filter(|n| *n > MAX_FIGURES) {
                return Err(ApiError::bad_input(format!(
                    "{n} figures for {}: a unit holds at most {MAX_FIGURES}",
                    o.unit
                )));
            }
            if let Some(note) = &o.note {
                crate::game::limits::within("a unit's note", note, crate::game::limits::NOTE_CHARS)?;
            }
        }
        let state = loaded.state();
        let mut closing = Vec::new();
        for e in &entries {
            let unit = state.unit(&e.scenario_unit).ok_or_else(|| {
                ApiError::new(
                    crate::api::ErrorKind::Internal,
                    format!("game {game} has no unit {:?}, which its roster names", e.scenario_unit),
                )
            })?;
            let (started, alive) = (unit.figures.len() as u32, unit.alive_count());
            let lost = started - alive;
            let raised = units[&e.roster_unit_id].raised as u32;
            let given = own.get(&e.roster_unit_id);
            let (next, rule_used) = match given.and_then(|o| o.figures) {
                Some(n) => (n, "set"),
                None => (rule.next(raised, lost, alive), rule.name()),
            };
            closing.push(Closing {
                roster_unit_id: e.roster_unit_id,
                lost: lost.into(),
                ended: alive.into(),
                next_start: next.into(),
                rule: rule_used.to_string(),
                note: given.and_then(|o| o.note.clone()).unwrap_or_else(|| e.note.clone()),
            });
        }
        self.store().close_battle(game, &closing).await?;
        let campaign = units.values().next().map(|u| u.campaign_id).expect("a game with roster entries has units");
        self.campaign_record(campaign).await
    }
}
