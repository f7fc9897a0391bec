//! One game as a battle of its campaign: its result (the system's own verdict where its rules give one,
//! else what the players recorded) and each side's losses, counted the same way for every system from the
//! figures on the table.

use std::collections::BTreeMap;

use super::close::CarryRule;
use super::views::{BattleUnit, BattleView, CarryChoices, RecordedResult, ResultFrom, ResultView, SideLosses};
use crate::api::SideView;
use crate::game::Game;
use crate::roster::Side;
use crate::rules::{BattleResult, Seat};
use crate::store::{BattleRecord, GameRecord, RosterEntry};

/// The game as a battle, as `seat` may see it: a unit it sees only as a counter is left out of the units
/// and the losses, so neither tells its strength. `raised` gives each roster unit's raised figures.
pub(super) fn battle_view(
    record: &GameRecord,
    game: &Game,
    battle: &BattleRecord,
    roster: &[RosterEntry],
    raised: &BTreeMap<i64, i64>,
    seat: &Seat,
) -> BattleView {
    let scenario = game.scenario();
    let state = game.state();
    let secrets = game.secrets(seat);
    let seen: Vec<_> = state.units.iter().filter(|u| secrets.counter(&u.id).is_none()).collect();
    let losses = scenario
        .sides
        .iter()
        .map(|side| {
            let (lost, started) = seen
                .iter()
                .filter(|u| u.side == side.id)
                .map(|u| (u.figures.len() as u32 - u.alive_count(), u.figures.len() as u32))
                .fold((0, 0), |(l, s), (ul, us)| (l + ul, s + us));
            let hidden =
                state.units.iter().filter(|u| u.side == side.id && secrets.counter(&u.id).is_some()).count() as u32;
            SideLosses { side: side.id.clone(), name: side.name.clone(), lost, started, hidden }
        })
        .collect();
    let in_game: Vec<&RosterEntry> = roster.iter().filter(|e| e.game_id == record.id).collect();
    let units = seen
        .iter()
        .map(|u| {
            let started = u.figures.len() as u32;
            let alive = u.alive_count();
            let entry = in_game.iter().find(|e| e.scenario_unit == u.id);
            let carry_over = entry.map(|e| {
                let full = raised.get(&e.roster_unit_id).copied().unwrap_or(e.started) as u32;
                let next = |rule: CarryRule| rule.next(full, started - alive, alive);
                CarryChoices {
                    survivors: next(CarryRule::Survivors),
                    full: next(CarryRule::Full),
                    half: next(CarryRule::Half),
                }
            });
            BattleUnit {
                id: u.id.clone(),
                name: u.name.clone(),
                side: u.side.clone(),
                started,
                lost: started - alive,
                alive,
                roster_unit: entry.map(|e| e.roster_unit_id),
                carry_over,
            }
        })
        .collect();
    BattleView {
        losses,
        units,
        result: result_for(game, battle, seat),
        sides: sides(&scenario.sides),
        scenario_title: scenario.title.clone(),
        system_name: scenario.ruleset.name.clone(),
        unreadable: None,
        ..unread(record, battle, &in_game)
    }
}

/// A game this build cannot open: its record as the players gave it, with why, and no losses.
pub(super) fn unreadable_view(
    record: &GameRecord,
    battle: &BattleRecord,
    roster: &[RosterEntry],
    why: String,
) -> BattleView {
    let in_game: Vec<&RosterEntry> = roster.iter().filter(|e| e.game_id == record.id).collect();
    BattleView { unreadable: Some(why), ..unread(record, battle, &in_game) }
}

/// What the store alone says of the battle.
fn unread(record: &GameRecord, battle: &BattleRecord, in_game: &[&RosterEntry]) -> BattleView {
    let system_name =
        crate::rules::system(&record.system).map_or_else(|| record.system.clone(), |s| s.ruleset().name.clone());
    BattleView {
        game: record.id,
        campaign_id: record.campaign_id,
        name: record.name.clone(),
        scenario_title: crate::scenario::title_of(&record.scenario_toml).unwrap_or_else(|| record.name.clone()),
        system: record.system.clone(),
        system_name,
        played_on: battle.day().to_string(),
        dated: battle.played_on.is_some(),
        result: result_of(None, battle, &[]),
        recorded: RecordedResult { result: battle.result.clone(), winner: battle.winner.clone() },
        losses: Vec::new(),
        notes: battle.notes.clone(),
        sides: Vec::new(),
        units: Vec::new(),
        closed: !in_game.is_empty() && in_game.iter().all(|e| e.next_start.is_some()),
        unreadable: None,
    }
}

fn sides(sides: &[Side]) -> Vec<SideView> {
    sides.iter().map(SideView::of).collect()
}

/// The system's verdict once its rules have ended the battle; else what the players recorded; else the
/// system's verdict were they to stop now; else nothing.
/// A game's result as `seat` may read it: the rules' verdict once they end the battle (or while the
/// players have recorded none), else what the players recorded.
pub(crate) fn result_for(game: &Game, battle: &BattleRecord, seat: &Seat) -> ResultView {
    let scenario = game.scenario();
    let secrets = game.secrets(seat);
    let verdict = scenario.rules.result(scenario, game.state()).map(|mut v| {
        v.verdict = secrets.text(&v.verdict);
        v
    });
    result_of(verdict, battle, &scenario.sides)
}

fn result_of(verdict: Option<BattleResult>, battle: &BattleRecord, sides: &[Side]) -> ResultView {
    let recorded = !battle.result.trim().is_empty() || battle.winner.is_some();
    match verdict {
        Some(v) if v.ended || !recorded => {
            ResultView { text: v.verdict, winner: v.winner, from: ResultFrom::System, ended: v.ended }
        }
        _ if recorded => {
            let text = match (battle.result.trim(), &battle.winner) {
                ("", Some(side)) => {
                    let name = sides.iter().find(|s| &s.id == side).map_or(side.as_str(), |s| s.name.as_str());
                    format!("{name} won")
                }
                (text, _) => text.to_string(),
            };
            ResultView { text, winner: battle.winner.clone(), from: ResultFrom::Recorded, ended: true }
        }
        _ => ResultView { text: "not recorded".into(), winner: None, from: ResultFrom::NotRecorded, ended: false },
    }
}
