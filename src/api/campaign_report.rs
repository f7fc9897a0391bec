//! A campaign's report: its battles in order, each with where it stood when last played and its whole log
//! with the dice and the players' notes beside their entries, as Markdown (to paste into a club's forum) or
//! as a page to print, where each battle ends on its map as it stands.

use super::reports::markup::{cell, day, esc, log_html, log_markdown, map_html, page};
use super::{AnnotationView, Api, ApiError, LogEntry};

/// One battle of the campaign, as the report tells it.
struct Battle {
    id: i64,
    title: String,
    system: String,
    name: String,
    created_at: String,
    seed: String,
    standing: String,
    entries: Vec<LogEntry>,
    notes: Vec<AnnotationView>,
    /// The table as it stands, for the printable page.
    map: Option<Vec<u8>>,
}

impl Api {
    /// `format` is `md` or `html`.
    pub async fn campaign_report(&self, id: i64, format: String) -> Result<String, ApiError> {
        let campaign = self.store().campaign(id).await?;
        let mut battles = Vec::new();
        // Oldest first: a campaign is read in the order it was fought.
        for game in self.store().list_games(Some(id)).await?.into_iter().rev() {
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
                entries: self.game_log(game.id, None, None).await?,
                notes: self.annotations(game.id).await?,
                map,
            });
        }
        match format.as_str() {
            "md" => Ok(markdown(&campaign.name, &campaign.notes, &battles)),
            "html" => Ok(html(&campaign.name, &campaign.notes, &battles)),
            other => Err(ApiError::bad_input(format!("a report is md or html, not {other:?}"))),
        }
    }
}

fn markdown(name: &str, notes: &str, battles: &[Battle]) -> String {
    let mut out = format!("# Campaign: {}\n\n", cell(name));
    if !notes.is_empty() {
        out += &format!("{notes}\n\n");
    }
    out += "| # | date | scenario | system | where it stands | entries |\n| ---: | --- | --- | --- | --- | ---: |\n";
    for (n, b) in battles.iter().enumerate() {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            n + 1,
            day(&b.created_at),
            cell(&b.title),
            cell(&b.system),
            cell(&b.standing),
            b.entries.len()
        );
    }
    for (n, b) in battles.iter().enumerate() {
        out += &format!("\n## {}. {} ({})\n\n", n + 1, cell(&b.title), cell(&b.system));
        if b.name != b.title {
            out += &format!("{}  \n", cell(&b.name));
        }
        out += &format!("Game {}, begun {}, seed {}. {}\n\n", b.id, day(&b.created_at), b.seed, cell(&b.standing));
        out += &log_markdown(&b.entries, &b.notes);
    }
    out
}

fn html(name: &str, notes: &str, battles: &[Battle]) -> String {
    let mut body = format!("<h1>Campaign: {}</h1>\n", esc(name));
    if !notes.is_empty() {
        body += &format!("<p>{}</p>\n", esc(notes));
    }
    body += "<table><thead><tr><th>#</th><th>date</th><th>scenario</th><th>system</th><th>where it stands</th>\
             <th>entries</th></tr></thead><tbody>\n";
    for (n, b) in battles.iter().enumerate() {
        body += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            n + 1,
            esc(day(&b.created_at)),
            esc(&b.title),
            esc(&b.system),
            esc(&b.standing),
            b.entries.len()
        );
    }
    body += "</tbody></table>\n";
    for (n, b) in battles.iter().enumerate() {
        body += &format!("<section><h2>{}. {} ({})</h2>\n", n + 1, esc(&b.title), esc(&b.system));
        body += &format!(
            "<p>{}Game {}, begun {}, seed {}. {}</p>\n",
            if b.name != b.title { format!("<b>{}</b>. ", esc(&b.name)) } else { String::new() },
            b.id,
            esc(day(&b.created_at)),
            esc(&b.seed),
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
