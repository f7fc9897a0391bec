//! A campaign's record as the command line prints it: players, battles with their day, result and losses,
//! and the roster with each unit's battles.

use crate::api::{BattleView, CampaignRecordView, RosterUnitView};

/// Players and the battles table, as Markdown.
pub fn record_text(record: &CampaignRecordView) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut out = String::new();
    let players = if record.players.is_empty() { "none named".to_string() } else { record.players.join(", ") };
    out += &format!("Players: {}\n", cell(&players));
    let systems: Vec<&str> = record.systems.iter().map(|s| s.name.as_str()).collect();
    if !systems.is_empty() {
        out += &format!("Systems: {}\n", systems.join(", "));
    }
    out += "\n| # | game | date | scenario | system | result | losses | notes |\n\
            | ---: | ---: | --- | --- | --- | --- | --- | --- |\n";
    for (n, b) in record.battles.iter().enumerate() {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            n + 1,
            b.game,
            b.played_on,
            cell(&b.scenario_title),
            cell(&b.system_name),
            cell(&result_text(b)),
            cell(&b.losses_line()),
            cell(&b.notes)
        );
    }
    out
}

/// The result as the record tells it, saying when the system's rules have not ended the battle.
pub fn result_text(b: &BattleView) -> String {
    match (&b.unreadable, b.result.ended) {
        (Some(why), _) => format!("cannot be read: {why}"),
        (None, false) if b.result.from == crate::api::ResultFrom::System => format!("{} (so far)", b.result.text),
        _ => b.result.text.clone(),
    }
}

/// One battle on a line: its game, day, scenario, result and losses.
pub fn battle_line(b: &BattleView) -> String {
    format!("game {} · {} · {} · {} · {}", b.game, b.played_on, b.scenario_title, result_text(b), b.losses_line())
}

/// Each roster unit and its battles in order.
pub fn roster_text(record: &CampaignRecordView) -> String {
    if record.roster.is_empty() {
        return "No units on the roster yet: `sandtable campaign enlist GAME UNIT...` puts a game's units on it.\n"
            .into();
    }
    record.roster.iter().map(unit_text).collect::<Vec<_>>().join("\n")
}

fn unit_text(u: &RosterUnitView) -> String {
    let next = u
        .next
        .map_or_else(|| "its last battle is not closed".to_string(), |n| format!("starts its next battle with {n}"));
    let mut out = format!(
        "{} {} ({}, {}, {}): raised {} figures; {next}\n",
        u.id, u.name, u.side, u.kind_name, u.system_name, u.raised
    );
    for h in &u.history {
        let closed = match (h.lost, h.ended, h.next) {
            (Some(lost), Some(ended), Some(next)) => {
                format!("lost {lost}, ended {ended}, next {next} ({})", h.rule.as_deref().unwrap_or(""))
            }
            _ => "not closed".to_string(),
        };
        let note = if h.note.is_empty() { String::new() } else { format!(" — {}", h.note) };
        out += &format!(
            "  {} game {} {} as {}: started {}, {closed}{note}\n",
            h.played_on, h.game, h.scenario_title, h.fought_as_name, h.started
        );
    }
    out
}
