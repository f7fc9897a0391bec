//! A campaign's record: its players, its battles in order (each one's day, scenario, result, losses at a
//! glance and notes), and its roster of named units carried from battle to battle with each one's history.
//! The losses are read from the games themselves; the store keeps only what a log cannot say.

mod battle;
pub(crate) use battle::result_for;
mod carry;
mod close;
mod enlist;
mod figures_text;
mod views;

use std::collections::BTreeMap;

pub use views::{
    BattleUnit, BattleView, CampaignRecordView, Carry, CarryChoices, RecordedResult, ResultFrom, ResultView,
    RosterBattleView, RosterUnitView, SideLosses, SystemUsed, UnitOverride,
};

use super::{Api, ApiError};
use crate::game::limits::{NOTE_CHARS, within};
use crate::store::{BattleRecordEdit, RosterEntry};

/// A player's name, a recorded result: a line each.
const LINE_CHARS: usize = 200;
/// Far more players than sit at one campaign.
const MOST_PLAYERS: usize = 50;

impl Api {
    pub async fn campaign_record(&self, id: i64) -> Result<CampaignRecordView, ApiError> {
        let store = self.store();
        let campaign = store.campaign(id).await?;
        let players = store.campaign_players(id).await?;
        let entries = store.roster_entries(id).await?;
        let units = store.roster_units(id).await?;
        let raised: BTreeMap<i64, i64> = units.iter().map(|u| (u.id, u.raised)).collect();
        let mut battles = Vec::new();
        for record in store.battle_records(id).await? {
            let seat = self.seat_in(record.game_id);
            battles.push(self.battle(&record, &entries, &raised, &seat).await?);
        }
        let mut systems: Vec<SystemUsed> = Vec::new();
        for b in &battles {
            if !systems.iter().any(|s| s.id == b.system) {
                systems.push(SystemUsed { id: b.system.clone(), name: b.system_name.clone() });
            }
        }
        let mut roster = Vec::new();
        for unit in units {
            let mut history = Vec::new();
            for e in entries.iter().filter(|e| e.roster_unit_id == unit.id) {
                history.push(self.history_line(e, &battles).await?);
            }
            let registered = crate::rules::system(&unit.system).map(|s| s.ruleset());
            roster.push(RosterUnitView {
                next: match entries.iter().rfind(|e| e.roster_unit_id == unit.id) {
                    Some(last) => last.next_start.map(|n| n as u32),
                    None => Some(unit.raised as u32),
                },
                kind_name: registered
                    .as_ref()
                    .and_then(|r| r.kind(&unit.kind).map(|k| k.name.clone()))
                    .unwrap_or_else(|| unit.kind.clone()),
                system_name: registered.as_ref().map_or_else(|| unit.system.clone(), |r| r.name.clone()),
                id: unit.id,
                name: unit.name,
                side_id: unit.side_id,
                side: unit.side,
                kind: unit.kind,
                system: unit.system,
                raised: unit.raised as u32,
                history,
            });
        }
        Ok(CampaignRecordView { campaign: campaign.into(), players, systems, battles, roster })
    }

    /// Replaces the campaign's players (blank names dropped), in the order given.
    pub async fn set_campaign_players(&self, id: i64, players: Vec<String>) -> Result<CampaignRecordView, ApiError> {
        let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
        if players.len() > MOST_PLAYERS {
            return Err(ApiError::bad_input(format!(
                "{} players; a campaign lists at most {MOST_PLAYERS}",
                players.len()
            )));
        }
        for (n, name) in players.iter().enumerate() {
            within("a player's name", name, LINE_CHARS)?;
            if players[..n].iter().any(|p| p.to_lowercase() == name.to_lowercase()) {
                return Err(ApiError::bad_input(format!("{name} is named twice")));
            }
        }
        self.store().set_campaign_players(id, &players).await?;
        self.campaign_record(id).await
    }

    /// Records what the players say of a game as a battle. A field left out (null) stays as it was; an
    /// empty one is cleared (an empty date goes back to the day the game was made). `winner` is a side's id
    /// or name.
    pub async fn record_battle(
        &self,
        game: i64,
        played_on: Option<String>,
        result: Option<String>,
        winner: Option<String>,
        notes: Option<String>,
    ) -> Result<BattleView, ApiError> {
        let was = self.store().battle_record(game).await?;
        let (_, loaded) = self.load(game).await?;
        let sides = &loaded.scenario().sides;
        let winner = match winner.as_deref().map(str::trim) {
            None => was.winner,
            Some("") => None,
            Some(given) => Some(
                sides
                    .iter()
                    .find(|s| s.id == given || s.name.to_lowercase() == given.to_lowercase())
                    .map(|s| s.id.clone())
                    .ok_or_else(|| {
                        let known: Vec<String> = sides.iter().map(|s| format!("{} ({})", s.id, s.name)).collect();
                        ApiError::bad_input(format!(
                            "game {game} has no side {given:?}; its sides are: {}",
                            known.join(", ")
                        ))
                    })?,
            ),
        };
        let edit = BattleRecordEdit {
            played_on: match played_on.as_deref().map(str::trim) {
                None => was.played_on,
                Some("") => None,
                Some(day) => Some(calendar_day(day)?),
            },
            result: match result {
                Some(text) => within_line("the result", text.trim())?,
                None => was.result,
            },
            winner,
            notes: match notes {
                Some(text) => {
                    within("the battle's notes", text.trim(), NOTE_CHARS)?;
                    text.trim().to_string()
                }
                None => was.notes,
            },
        };
        let record = self.store().set_battle_record(game, &edit).await?;
        let game_record = self.store().game(game).await?;
        let entries = self.store().game_roster(game).await?;
        let mut raised = BTreeMap::new();
        for e in &entries {
            raised.insert(e.roster_unit_id, self.store().roster_unit(e.roster_unit_id).await?.raised);
        }
        Ok(battle::battle_view(&game_record, &loaded, &record, &entries, &raised, &self.seat_in(game)))
    }

    /// One battle of the record; a game this build cannot open is still listed, saying why.
    async fn battle(
        &self,
        record: &crate::store::BattleRecord,
        entries: &[RosterEntry],
        raised: &BTreeMap<i64, i64>,
        seat: &crate::rules::Seat,
    ) -> Result<BattleView, ApiError> {
        match self.load(record.game_id).await {
            Ok((game_record, game)) => Ok(battle::battle_view(&game_record, &game, record, entries, raised, seat)),
            Err(e) if e.kind == super::ErrorKind::NotFound => Err(e),
            Err(e) => {
                let game_record = self.store().game(record.game_id).await?;
                Ok(battle::unreadable_view(&game_record, record, entries, e.message))
            }
        }
    }

    /// A roster unit's line for one battle, titled as the record titles it (or from the store, for a game
    /// since moved out of the campaign or put away).
    async fn history_line(&self, e: &RosterEntry, battles: &[BattleView]) -> Result<RosterBattleView, ApiError> {
        let battle = battles.iter().find(|b| b.game == e.game_id);
        let seen = battle.and_then(|b| b.units.iter().find(|u| u.id == e.scenario_unit));
        // A battle's units are those the asking seat sees: one it does not (a hidden band still in play) is
        // not named, nor is the scenario's id for it, which would say which counter it is.
        let hidden = battle.is_some() && seen.is_none();
        let fought_as_name = match (seen, hidden) {
            (Some(u), _) => u.name.clone(),
            (None, true) => "a unit this seat does not see".to_string(),
            (None, false) => e.scenario_unit.clone(),
        };
        let fought_as = if hidden { String::new() } else { e.scenario_unit.clone() };
        let (scenario_title, played_on) = match battle {
            Some(b) => (b.scenario_title.clone(), b.played_on.clone()),
            None => {
                let game = self.store().game(e.game_id).await?;
                let day = self.store().battle_record(e.game_id).await?.day().to_string();
                (crate::scenario::title_of(&game.scenario_toml).unwrap_or(game.name), day)
            }
        };
        Ok(RosterBattleView {
            game: e.game_id,
            scenario_title,
            played_on,
            fought_as,
            fought_as_name,
            started: e.started as u32,
            lost: e.lost.map(|n| n as u32),
            ended: e.ended.map(|n| n as u32),
            next: e.next_start.map(|n| n as u32),
            rule: e.rule.clone(),
            note: e.note.clone(),
        })
    }
}

fn within_line(what: &str, text: &str) -> Result<String, ApiError> {
    within(what, text, LINE_CHARS)?;
    Ok(text.to_string())
}

/// A day as YYYY-MM-DD, one the calendar has.
fn calendar_day(day: &str) -> Result<String, ApiError> {
    let refused = || ApiError::bad_input(format!("the day played is a date as YYYY-MM-DD (2026-11-24), not {day:?}"));
    let parts: Vec<&str> = day.split('-').collect();
    let [year, month, day_of_month] = parts[..] else { return Err(refused()) };
    if year.len() != 4 || month.len() != 2 || day_of_month.len() != 2 {
        return Err(refused());
    }
    let number = |s: &str| s.parse::<u16>().ok().filter(|_| s.bytes().all(|b| b.is_ascii_digit()));
    let (Some(y), Some(m), Some(d)) = (number(year), number(month), number(day_of_month)) else {
        return Err(refused());
    };
    let month = time::Month::try_from(m as u8).map_err(|_| refused())?;
    time::Date::from_calendar_date(i32::from(y), month, d as u8).map_err(|_| refused())?;
    Ok(day.to_string())
}

#[cfg(test)]
mod tests {
    use super::calendar_day;

    #[test]
    fn a_day_played_is_a_real_calendar_day() {
        assert_eq!(calendar_day("2026-02-28").unwrap(), "2026-02-28");
        assert!(calendar_day("2024-02-29").is_ok());
        for bad in ["2026-02-29", "2026-13-01", "26-01-01", "2026-1-01", "2026-01-01T10:00", "yesterday", "+026-01-01"]
        {
            assert!(calendar_day(bad).is_err(), "{bad}");
        }
    }
}
