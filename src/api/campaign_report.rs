//! A campaign's report: its battles in order, each with where it stood when last played and its whole log
//! with the dice and the players' notes beside their entries, as Markdown (to paste into a club's forum) or
//! as a page to print, where each battle ends on its map as it stands.

use super::reports::markup::{cell, day, esc, log_html, log_markdown, map_html, page};
use super::{AnnotationView, Api, ApiError, BattleView, CampaignRecordView, LogEntry};

/// One battle of the campaign, as the report tells it.
struct Battle {
    id: i64,
    title: String,
    system: String,
    name: String,
    created_at: String,
    seed: Option<String>,
    standing: String,
    /// As the campaign's record gives it: the day, the result, each side's losses and the players' notes.
    record: Option<BattleView>,
    entries: Vec<LogEntry>,
    notes: Vec<AnnotationView>,
    /// The table as it stands, for the printable page.
    map: Option<Vec<u8>>,
}

impl Battle {
    fn played_on(&self) -> String {
        self.record.as_ref().map_or_else(|| day(&self.created_at).to_string(), |r| r.played_on.clone())
    }

    /// The result as the record gives it (the system's verdict or the players'), else where it stands; a
    /// system's verdict on a battle its rules have not ended says it is so far, as the record's screen does.
    fn result(&self) -> String {
        self.record.as_ref().map_or_else(
            || self.standing.clone(),
            |r| match r.result.from {
                super::ResultFrom::System if !r.result.ended => format!("So far: {}", r.result.text),
                _ => r.result.text.clone(),
            },
        )
    }

    /// Each side's figures lost of those it began with: "U.S. column 3/40 · Moros 5/60".
    fn losses(&self) -> String {
        let Some(record) = &self.record else { return String::new() };
        record.losses.iter().map(super::SideLosses::words).collect::<Vec<_>>().join(" · ")
    }
}

/// A figure the record leaves open until a battle is closed.
fn shown(n: Option<u32>) -> String {
    n.map_or_else(|| "—".into(), |n| n.to_string())
}

impl Api {
    /// `format` is `md` or `html`.
    pub async fn campaign_report(&self, id: i64, format: String) -> Result<String, ApiError> {
        let campaign = self.store().campaign(id).await?;
        let record = self.campaign_record(id).await?;
        let mut battles = Vec::new();
        // Oldest first: a campaign is read in the order it was fought.
        for game in self.store().list_games(Some(id)).await?.into_iter().rev() {
            self.still_awaited("the campaign report")?;
            let view = self.game_view(game.id).await?;
            let map = match format.as_str() {
                "html" => Some(
                    crate::render::battle_map(&view, &format!("{} — where it stands", view.name))
                        .map_err(|e| ApiError::new(super::ErrorKind::Internal, e))?,
                ),
                _ => None,
            };
            battles.push(Battle {
                id: game.id,
                title: view.scenario_title,
                system: view.system_name,
                name: game.name,
                created_at: game.created_at,
                seed: view.seed,
                standing: view.headline,
                record: record.battles.iter().find(|b| b.game == game.id).cloned(),
                entries: self.game_log(game.id, None, None).await?,
                notes: self.annotations(game.id).await?,
                map,
            });
        }
        match format.as_str() {
            "md" => Ok(markdown(&campaign.name, &campaign.notes, &battles, &record)),
            "html" => Ok(html(&campaign.name, &campaign.notes, &battles, &record)),
            other => Err(ApiError::bad_input(format!("a report is md or html, not {other:?}"))),
        }
    }
}

fn markdown(name: &str, notes: &str, battles: &[Battle], record: &CampaignRecordView) -> String {
    let mut out = format!("# Campaign: {}\n\n", cell(name));
    if !notes.is_empty() {
        out += &format!("{notes}\n\n");
    }
    if !record.players.is_empty() {
        out += &format!("Players: {}\n\n", cell(&record.players.join(", ")));
    }
    out += "| # | date | scenario | system | result | losses | notes | entries |\n\
            | ---: | --- | --- | --- | --- | --- | --- | ---: |\n";
    for (n, b) in battles.iter().enumerate() {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            n + 1,
            b.played_on(),
            cell(&b.title),
            cell(&b.system),
            cell(&b.result()),
            cell(&b.losses()),
            cell(b.record.as_ref().map_or("", |r| r.notes.as_str())),
            b.entries.len()
        );
    }
    if !record.roster.is_empty() {
        out += "\n## Roster\n\n| unit | side | battle | started | lost | ended | next |\n\
                | --- | --- | --- | ---: | ---: | ---: | ---: |\n";
        for unit in &record.roster {
            for line in &unit.history {
                out += &format!(
                    "| {} | {} | {} {} | {} | {} | {} | {} |\n",
                    cell(&unit.name),
                    cell(&unit.side),
                    line.played_on,
                    cell(&line.scenario_title),
                    line.started,
                    shown(line.lost),
                    shown(line.ended),
                    shown(line.next)
                );
            }
        }
    }
    for (n, b) in battles.iter().enumerate() {
        out += &format!("\n## {}. {} ({})\n\n", n + 1, cell(&b.title), cell(&b.system));
        if b.name != b.title {
            out += &format!("{}  \n", cell(&b.name));
        }
        out +=
            &format!("Game {}, begun {}{}. {}\n\n", b.id, day(&b.created_at), seed_words(&b.seed), cell(&b.standing));
        out += &log_markdown(&b.entries, &b.notes);
    }
    out
}

fn html(name: &str, notes: &str, battles: &[Battle], record: &CampaignRecordView) -> String {
    let mut body = format!("<h1>Campaign: {}</h1>\n", esc(name));
    if !notes.is_empty() {
        body += &format!("<p>{}</p>\n", esc(notes));
    }
    if !record.players.is_empty() {
        body += &format!("<p>Players: {}</p>\n", esc(&record.players.join(", ")));
    }
    body += "<table><thead><tr><th>#</th><th>date</th><th>scenario</th><th>system</th><th>result</th>\
             <th>losses</th><th>notes</th><th>entries</th></tr></thead><tbody>\n";
    for (n, b) in battles.iter().enumerate() {
        body += &format!(
            "<tr><td>{}</td><td class=\"date\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            n + 1,
            esc(&b.played_on()),
            esc(&b.title),
            esc(&b.system),
            esc(&b.result()),
            esc(&b.losses()),
            esc(b.record.as_ref().map_or("", |r| r.notes.as_str())),
            b.entries.len()
        );
    }
    body += "</tbody></table>\n";
    if !record.roster.is_empty() {
        body += "<h2>Roster</h2>\n<table><thead><tr><th>unit</th><th>side</th><th>battle</th><th>started</th>\
                 <th>lost</th><th>ended</th><th>next</th></tr></thead><tbody>\n";
        for unit in &record.roster {
            for line in &unit.history {
                body += &format!(
                    "<tr><td>{}</td><td>{}</td><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                    esc(&unit.name),
                    esc(&unit.side),
                    esc(&line.played_on),
                    esc(&line.scenario_title),
                    line.started,
                    shown(line.lost),
                    shown(line.ended),
                    shown(line.next)
                );
            }
        }
        body += "</tbody></table>\n";
    }
    for (n, b) in battles.iter().enumerate() {
        body += &format!("<section><h2>{}. {} ({})</h2>\n", n + 1, esc(&b.title), esc(&b.system));
        body += &format!(
            "<p>{}Game {}, begun {}{}. {}</p>\n",
            if b.name != b.title { format!("<b>{}</b>. ", esc(&b.name)) } else { String::new() },
            b.id,
            esc(day(&b.created_at)),
            esc(&seed_words(&b.seed)),
            esc(&b.standing)
        );
        body += &log_html(&b.entries, &b.notes);
        if let Some(png) = &b.map {
            body += &map_html(&format!("{}: the table as it stands", b.title), png);
        }
        body += "</section>\n";
    }
    page(&format!("Campaign: {name}"), &body)
}

/// ", seed 42" where the asking seat is shown the seed; nothing where it is the host's.
pub fn seed_words(seed: &Option<String>) -> String {
    seed.as_ref().map_or_else(String::new, |s| format!(", seed {s}"))
}
