//! One game's after-action report: what was fought and by whom, the result by its system's own rules
//! where it names one, the losses of each side, the table drawn at chosen moments, and the whole log with
//! its dice; as Markdown or as a page to print, the maps inside either.

use std::collections::BTreeMap;

use super::map::{Map, Moment};
use super::markup::{cell, day, esc, log_html, log_markdown, map_html, map_markdown, page};
use super::rows;
use crate::api::{Api, ApiError, GameView, LogEntry};
use crate::rules::BattleResult;

/// Maps in one report: each is the table replayed to its moment and drawn, so a map for every entry of a
/// long game would be minutes of the host's work for a page no one reads through.
pub const MOST_MAPS: usize = 24;

struct Report {
    view: GameView,
    created_at: String,
    campaign: Option<String>,
    result: Option<BattleResult>,
    /// Figures lost by each side, in the order the sides are listed.
    losses: Vec<(String, usize)>,
    maps: Vec<Map>,
    entries: Vec<LogEntry>,
    /// The players' notes beside the entries.
    notes: Vec<crate::api::AnnotationView>,
}

impl Api {
    /// `format` is `md` or `html`; `moments` the entries (by `seq`) after which a map is drawn, or null for
    /// the start (as set up) and the end.
    pub async fn game_report(&self, id: i64, format: String, moments: Option<Vec<u32>>) -> Result<String, ApiError> {
        if !matches!(format.as_str(), "md" | "html") {
            return Err(ApiError::bad_input(format!("a report is md or html, not {format:?}")));
        }
        let (record, game) = self.load(id).await?;
        let secrets = game.secrets(&self.seat_in(id));
        let view = self.view_seen(id, &record.name, &game);
        let scenario = game.scenario();
        let result = scenario
            .rules
            .result(scenario, game.state())
            .map(|r| BattleResult { verdict: secrets.text(&r.verdict), ..r });
        let mut losses: Vec<(String, usize)> = view.sides.iter().map(|s| (s.name.clone(), 0)).collect();
        for row in rows::losses(&game, &secrets) {
            if let Some((_, lost)) = losses.iter_mut().find(|(side, _)| *side == row.side) {
                *lost += row.lost;
            }
        }
        let moments = match moments {
            Some(seqs) => seqs.into_iter().map(Moment::After).collect(),
            None => vec![Moment::Start, Moment::end(&game)],
        };
        let moments = dedup(moments);
        if moments.len() > MOST_MAPS {
            return Err(ApiError::bad_input(format!(
                "a report draws at most {MOST_MAPS} maps, not {}: choose the moments that matter",
                moments.len()
            )));
        }
        let mut maps = Vec::new();
        for moment in moments {
            self.still_awaited("the report")?;
            maps.push(self.map_at(id, moment).await?);
        }
        let campaign = match record.campaign_id {
            Some(c) => Some(self.store().campaign(c).await?.name),
            None => None,
        };
        let report = Report {
            view,
            created_at: record.created_at,
            campaign,
            result,
            losses,
            maps,
            entries: self.game_log(id, None, None).await?,
            notes: self.annotations(id).await?,
        };
        Ok(if format == "md" { markdown(&report) } else { html(&report) })
    }
}

/// The moments in the order asked, each once.
fn dedup(moments: Vec<Moment>) -> Vec<Moment> {
    let mut once = Vec::with_capacity(moments.len());
    for moment in moments {
        if !once.contains(&moment) {
            once.push(moment);
        }
    }
    once
}

fn side_name(view: &GameView, id: &str) -> String {
    view.sides.iter().find(|s| s.id == id).map_or_else(|| id.to_string(), |s| s.name.clone())
}

/// The result in a sentence or two, or where the game stands when its rules name none.
fn result_lines(r: &Report) -> Vec<String> {
    let mut lines = Vec::new();
    match &r.result {
        Some(result) => {
            let winner =
                result.winner.as_ref().map(|w| format!(" Winner: {}.", side_name(&r.view, w))).unwrap_or_default();
            if result.ended {
                lines.push(format!("{}.{winner}", result.verdict.trim_end_matches('.')));
            } else {
                lines.push(format!(
                    "Not over yet; were the players to stop now: {}.{winner}",
                    result.verdict.trim_end_matches('.')
                ));
            }
            if !result.points.is_empty() {
                let points: Vec<String> =
                    result.points.iter().map(|(side, p)| format!("{} {p}", side_name(&r.view, side))).collect();
                lines.push(format!("Victory points: {}.", points.join(", ")));
            }
        }
        None => lines.push("The rules name no result for this battle: the players record who held.".to_string()),
    }
    lines.push(format!("Where it stands: {}", r.view.headline));
    lines
}

/// Each side's units: its number of figures at the start and what stands of it now. A unit its seat sees
/// only as a counter is listed under the counter's label and nothing more.
fn forces(view: &GameView) -> BTreeMap<usize, Vec<[String; 3]>> {
    let mut by_side = BTreeMap::new();
    for unit in &view.units {
        let side = view.sides.iter().position(|s| s.id == unit.side).unwrap_or(view.sides.len());
        let row = if unit.masked {
            [unit.name.clone(), String::new(), "hidden".to_string()]
        } else if unit.out {
            // The rules may say how it left: "routed, its survivors back off the table".
            let how = unit.rules.notes.iter().find(|n| n.key == "out").map(|n| format!(": {}", n.text));
            [unit.name.clone(), unit.kind_name.clone(), format!("out (of {}){}", unit.total, how.unwrap_or_default())]
        } else {
            [unit.name.clone(), unit.kind_name.clone(), format!("{} of {}", unit.alive, unit.total)]
        };
        by_side.entry(side).or_insert_with(Vec::new).push(row);
    }
    by_side
}

fn heading(r: &Report) -> String {
    let v = &r.view;
    let campaign = r.campaign.as_ref().map(|c| format!(", in the campaign {c}")).unwrap_or_default();
    format!(
        "{} ({}). Game {}, begun {}{}{campaign}; {} entries, turn {}.",
        v.scenario_title,
        v.system_name,
        v.id,
        day(&r.created_at),
        crate::api::seed_words(&v.seed),
        r.entries.len(),
        v.turn
    )
}

fn markdown(r: &Report) -> String {
    let v = &r.view;
    let mut out = format!("# After-action report: {}\n\n{}\n\n## Result\n\n", cell(&v.name), cell(&heading(r)));
    for line in result_lines(r) {
        out += &format!("{}\n\n", cell(&line));
    }
    out += "## Sides and forces\n\n";
    for (index, rows) in forces(v) {
        let name = v.sides.get(index).map_or("Other", |s| s.name.as_str());
        out += &format!("### {}\n\n| unit | kind | standing |\n| --- | --- | --- |\n", cell(name));
        for [unit, kind, standing] in rows {
            out += &format!("| {} | {} | {} |\n", cell(&unit), cell(&kind), cell(&standing));
        }
        out += "\n";
    }
    out += "## Losses\n\n| side | figures lost |\n| --- | ---: |\n";
    for (side, lost) in &r.losses {
        out += &format!("| {} | {lost} |\n", cell(side));
    }
    out += "\n## Maps\n\n";
    for map in &r.maps {
        out += &map_markdown(&map.caption, &map.png);
    }
    out += "## Log\n\n";
    out += &log_markdown(&r.entries, &r.notes);
    out
}

fn html(r: &Report) -> String {
    let v = &r.view;
    let mut body =
        format!("<h1>After-action report: {}</h1>\n<p>{}</p>\n<h2>Result</h2>\n", esc(&v.name), esc(&heading(r)));
    for (i, line) in result_lines(r).iter().enumerate() {
        let class = if i == 0 && r.result.is_some() { " class=\"verdict\"" } else { "" };
        body += &format!("<p{class}>{}</p>\n", esc(line));
    }
    body += "<h2>Sides and forces</h2>\n";
    for (index, rows) in forces(v) {
        let name = v.sides.get(index).map_or("Other", |s| s.name.as_str());
        body += &format!(
            "<h3>{}</h3>\n<table class=\"forces\"><thead><tr><th>unit</th><th>kind</th><th>standing</th></tr></thead><tbody>\n",
            esc(name)
        );
        for [unit, kind, standing] in rows {
            body += &format!("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", esc(&unit), esc(&kind), esc(&standing));
        }
        body += "</tbody></table>\n";
    }
    body += "<h2>Losses</h2>\n<table><thead><tr><th>side</th><th class=\"n\">figures lost</th></tr></thead><tbody>\n";
    for (side, lost) in &r.losses {
        body += &format!("<tr><td>{}</td><td class=\"n\">{lost}</td></tr>\n", esc(side));
    }
    body += "</tbody></table>\n<h2>Maps</h2>\n";
    for map in &r.maps {
        body += &map_html(&map.caption, &map.png);
    }
    body += "<h2>Log</h2>\n";
    body += &log_html(&r.entries, &r.notes);
    page(&format!("After-action report: {}", v.name), &body)
}
