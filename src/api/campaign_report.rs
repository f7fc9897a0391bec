//! A campaign's report: its battles in order, each with where it stood when last played and its whole log
//! with the dice and the players' notes beside their entries, as Markdown (to paste into a club's forum) or
//! as a page to print.

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
}

impl Battle {
    fn notes_at(&self, entry: &LogEntry) -> impl Iterator<Item = &str> {
        self.notes.iter().filter(move |n| n.at == entry.seq).map(|n| n.text.as_str())
    }
}

impl Api {
    /// `format` is `md` or `html`.
    pub async fn campaign_report(&self, id: i64, format: String) -> Result<String, ApiError> {
        let campaign = self.store().campaign(id).await?;
        let mut battles = Vec::new();
        // Oldest first: a campaign is read in the order it was fought.
        for game in self.store().list_games(Some(id)).await?.into_iter().rev() {
            let view = self.game_view(game.id).await?;
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
            });
        }
        match format.as_str() {
            "md" => Ok(markdown(&campaign.name, &campaign.notes, &battles)),
            "html" => Ok(html(&campaign.name, &campaign.notes, &battles)),
            other => Err(ApiError::bad_input(format!("a report is md or html, not {other:?}"))),
        }
    }
}

fn day(at: &str) -> &str {
    at.get(..10).unwrap_or(at)
}

fn dice(entry: &LogEntry) -> String {
    entry.rolls.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

fn markdown(name: &str, notes: &str, battles: &[Battle]) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
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
        out += "| # | turn | entry | dice |\n| ---: | ---: | --- | --- |\n";
        for e in &b.entries {
            let mut text = if e.undone { format!("~~{}~~ (undone)", cell(&e.text)) } else { cell(&e.text) };
            for note in b.notes_at(e) {
                text += &format!(" · *Note: {}*", cell(note));
            }
            out += &format!("| {} | {} | {} | {} |\n", e.seq, e.turn, text, cell(&dice(e)));
        }
    }
    out
}

fn html(name: &str, notes: &str, battles: &[Battle]) -> String {
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
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
        body +=
            "<table class=\"log\"><thead><tr><th>#</th><th>turn</th><th>entry</th><th>dice</th></tr></thead><tbody>\n";
        for e in &b.entries {
            body += &format!(
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                if e.undone { " class=\"undone\"" } else { "" },
                e.seq,
                e.turn,
                esc(&e.text)
                    + &b.notes_at(e).map(|n| format!("<div class=\"note\">Note: {}</div>", esc(n))).collect::<String>(),
                esc(&dice(e))
            );
        }
        body += "</tbody></table></section>\n";
    }
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n\
         body {{ font: 11pt/1.4 Georgia, serif; margin: 2em auto; max-width: 60em; color: #111; }}\n\
         table {{ border-collapse: collapse; width: 100%; margin: 0.5em 0 1.5em; }}\n\
         th, td {{ border-bottom: 1px solid #bbb; padding: 3px 6px; text-align: left; vertical-align: top; }}\n\
         .undone td {{ text-decoration: line-through; color: #777; }}\n\
         /* An inline block: a note beside an undone entry is not struck through with it. */\n\
         .note {{ display: inline-block; width: 100%; font-style: italic; margin-top: 2px; color: #333; }}\n\
         section {{ break-inside: avoid-page; }}\n</style></head>\n<body>\n{body}</body></html>\n",
        esc(name)
    )
}
