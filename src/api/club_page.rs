//! The club's page: its members, every battle with its result and who played it, standings per rule
//! system, and the luck ledger across the club. Each figure is read as the asking member's seat in its
//! game allows (`seat_in`): a result's words and a player's luck pass through that seat's secrets, and the
//! dice it is not shown are left out, as they are on the game's own screens.

use std::collections::BTreeMap;

use serde::Serialize;

use super::campaign_record::result_for;
use super::{Api, ApiError, ErrorKind};
use crate::rules::Seat;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClubPageView {
    pub member: String,
    pub admin: bool,
    pub members: Vec<ClubMemberView>,
    /// Every game in play, newest first.
    pub battles: Vec<ClubBattle>,
    pub standings: Vec<SystemStandings>,
    /// Each member's dice in the games they played a side in, against their exact chances.
    pub luck: Vec<MemberLuck>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClubMemberView {
    pub name: String,
    pub admin: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClubBattle {
    pub game: i64,
    pub name: String,
    pub campaign: Option<String>,
    pub system_name: String,
    /// The day it was played as the players recorded it, else the day it was made.
    pub day: String,
    pub entries: i64,
    /// The result in words ("The legations held"), or "in play".
    pub result: String,
    /// The winning side's name, where the result names one.
    pub winner: Option<String>,
    /// Whether the battle is over: by the rules, or as the players recorded it.
    pub over: bool,
    /// Who sits where: "Ann: U.S. Army", "Cid: referee".
    pub seats: Vec<ClubSeatView>,
    /// The asking member's own seat, where they have one.
    pub your_seat: Option<String>,
    /// The scenario's sides, for the administrator's seat picker.
    pub sides: Vec<ClubSide>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClubSide {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClubSeatView {
    pub member: String,
    /// The side's name, or "referee".
    pub seat: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SystemStandings {
    pub system_name: String,
    /// Most wins first.
    pub rows: Vec<Standing>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Standing {
    pub member: String,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    /// Over with no winner named.
    pub drawn: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MemberLuck {
    pub member: String,
    pub games: u32,
    pub throws: u32,
    /// The sum of the exact expectations of every total they threw, and what they threw.
    pub expected: f64,
    pub actual: i64,
}

impl Api {
    /// The club's page for the asking member (a club server's `GET /club/page`).
    pub async fn club_page(&self) -> Result<ClubPageView, ApiError> {
        let me = self.club_member().ok_or_else(|| {
            ApiError::new(ErrorKind::Refused, "the club's page is a club server's: sign in to one (serve --club)")
        })?;
        let store = self.store();
        let members =
            store.members().await?.into_iter().map(|m| ClubMemberView { admin: m.is_admin(), name: m.name }).collect();
        let campaigns: BTreeMap<i64, String> =
            store.list_campaigns().await?.into_iter().map(|c| (c.id, c.name)).collect();
        let mut seats_by_game: BTreeMap<i64, Vec<(String, Seat)>> = BTreeMap::new();
        for row in store.club_seats().await? {
            if let Ok(seat) = row.seat.parse::<Seat>() {
                seats_by_game.entry(row.game_id).or_default().push((row.member_name, seat));
            }
        }
        let mut battles = Vec::new();
        let mut standings: BTreeMap<String, BTreeMap<String, Standing>> = BTreeMap::new();
        let mut luck: BTreeMap<String, MemberLuck> = BTreeMap::new();
        for record in store.list_games(None).await? {
            self.still_awaited("the club's page")?;
            // A game this build cannot read is left off the page, not the page refused.
            let Ok((_, game)) = self.load(record.id).await else { continue };
            let battle = store.battle_record(record.id).await?;
            let seat = self.seat_in(record.id);
            let result = result_for(&game, &battle, &seat);
            let sides = &game.scenario().sides;
            let side_name = |id: &str| sides.iter().find(|s| s.id == id).map_or(id.to_string(), |s| s.name.clone());
            let seated = seats_by_game.remove(&record.id).unwrap_or_default();
            let system_name = game.scenario().ruleset.name.clone();
            let over = result.ended && result.from != super::ResultFrom::NotRecorded;
            if over {
                let table = standings.entry(system_name.clone()).or_default();
                for (member, seat) in &seated {
                    let Seat::Side(side) = seat else { continue };
                    let row = table
                        .entry(member.clone())
                        .or_insert_with(|| Standing { member: member.clone(), ..Standing::default() });
                    row.played += 1;
                    match &result.winner {
                        Some(winner) if winner == side => row.won += 1,
                        Some(_) => row.lost += 1,
                        None => row.drawn += 1,
                    }
                }
            }
            // The ledger as the asking member's seat reads it: dice kept from that seat count for no one. One
            // that cannot be read leaves this game's dice out, not the page refused.
            let ledger = match seated.iter().any(|(_, seat)| matches!(seat, Seat::Side(_))) {
                true => self.luck_ledger(record.id).await.ok(),
                false => None,
            };
            for (member, seat) in seated.iter().filter(|_| ledger.is_some()) {
                let (Seat::Side(side), Some(ledger)) = (seat, &ledger) else { continue };
                let name = side_name(side);
                let tally = luck
                    .entry(member.clone())
                    .or_insert_with(|| MemberLuck { member: member.clone(), ..MemberLuck::default() });
                tally.games += 1;
                for row in ledger.rows.iter().filter(|r| r.side.as_deref() == Some(name.as_str())) {
                    tally.throws += row.throws;
                    tally.expected += row.expected;
                    tally.actual += row.actual;
                }
            }
            battles.push(ClubBattle {
                game: record.id,
                name: record.name.clone(),
                campaign: record.campaign_id.and_then(|id| campaigns.get(&id).cloned()),
                system_name,
                day: battle.day().to_string(),
                entries: record.event_count,
                // The rules' verdict of a battle still in play is how it would stand were it stopped now:
                // not a result to list.
                result: if over { result.text.clone() } else { "in play".into() },
                winner: result.winner.as_deref().filter(|_| over).map(side_name),
                over,
                your_seat: me.by_game.get(&record.id).map(|seat| seat_words(seat, &side_name)),
                sides: sides.iter().map(|s| ClubSide { id: s.id.clone(), name: s.name.clone() }).collect(),
                seats: seated
                    .iter()
                    .map(|(member, seat)| ClubSeatView { member: member.clone(), seat: seat_words(seat, &side_name) })
                    .collect(),
            });
        }
        let standings = standings
            .into_iter()
            .map(|(system_name, rows)| {
                let mut rows: Vec<Standing> = rows.into_values().collect();
                rows.sort_by(|a, b| b.won.cmp(&a.won).then(a.lost.cmp(&b.lost)).then(a.member.cmp(&b.member)));
                SystemStandings { system_name, rows }
            })
            .collect();
        Ok(ClubPageView {
            member: me.name.clone(),
            admin: me.admin,
            members,
            battles,
            standings,
            luck: luck.into_values().collect(),
        })
    }
}

fn seat_words(seat: &Seat, side_name: &dyn Fn(&str) -> String) -> String {
    match seat {
        Seat::Side(side) => side_name(side),
        Seat::Referee => "referee".into(),
        Seat::Table => "watching".into(),
    }
}
