//! The pieces every report is written with: escaping for each format, a game's log with its dice as a
//! Markdown table or an HTML one, a map as an image, and the printable page round a body.

use crate::api::AnnotationView;
use crate::game::LogEntry;

/// Text in a Markdown table cell: a `|` would end the cell and a line break the row.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Text in HTML, in an element or a quoted attribute (either quote).
pub fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The date of a stored time stamp (`2026-11-24T10:59:42Z`).
pub fn day(at: &str) -> &str {
    at.get(..10).unwrap_or(at)
}

/// An entry's dice, as the log shows them.
pub fn dice(entry: &LogEntry) -> String {
    entry.rolls.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// The notes the players wrote beside one entry.
fn notes_at<'a>(notes: &'a [AnnotationView], entry: &LogEntry) -> impl Iterator<Item = &'a str> {
    let seq = entry.seq;
    notes.iter().filter(move |n| n.at == seq).map(|n| n.text.as_str())
}

pub fn log_markdown(entries: &[LogEntry], notes: &[AnnotationView]) -> String {
    let mut out = String::from("| # | turn | entry | dice |\n| ---: | ---: | --- | --- |\n");
    for e in entries {
        let mut text = if e.undone { format!("~~{}~~ (undone)", cell(&e.text)) } else { cell(&e.text) };
        for note in notes_at(notes, e) {
            text += &format!(" · *Note: {}*", cell(note));
        }
        out += &format!("| {} | {} | {} | {} |\n", e.seq, e.turn, text, cell(&dice(e)));
    }
    out
}

pub fn log_html(entries: &[LogEntry], notes: &[AnnotationView]) -> String {
    let mut out = String::from(
        "<table class=\"log\"><thead><tr><th>#</th><th>turn</th><th>entry</th><th>dice</th></tr></thead><tbody>\n",
    );
    for e in entries {
        out += &format!(
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            if e.undone { " class=\"undone\"" } else { "" },
            e.seq,
            e.turn,
            esc(&e.text)
                + &notes_at(notes, e)
                    .map(|n| format!("<div class=\"note\">Note: {}</div>", esc(n)))
                    .collect::<String>(),
            esc(&dice(e))
        );
    }
    out + "</tbody></table>\n"
}

/// A PNG as a `data:` address, so a page or a Markdown file carries its maps inside it.
pub fn png_address(png: &[u8]) -> String {
    use base64::Engine;
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

pub fn map_markdown(caption: &str, png: &[u8]) -> String {
    format!("![{}]({})\n\n", cell(caption).replace([']', '['], ""), png_address(png))
}

pub fn map_html(caption: &str, png: &[u8]) -> String {
    format!(
        "<figure class=\"map\"><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>\n",
        png_address(png),
        esc(caption),
        esc(caption)
    )
}

/// A self-contained page to print: its own styles, no outside file, maps kept whole on a sheet.
pub fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n\
         body {{ font: 11pt/1.4 Georgia, serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #111; }}\n\
         table {{ border-collapse: collapse; width: 100%; margin: 0.5em 0 1.5em; }}\n\
         th, td {{ border-bottom: 1px solid #bbb; padding: 3px 6px; text-align: left; vertical-align: top; }}\n\
         td.n, th.n {{ text-align: right; font-variant-numeric: tabular-nums; }}\n\
         td.date {{ white-space: nowrap; }}\n\
         table.forces {{ table-layout: fixed; }}\n\
         table.forces th:first-child {{ width: 45%; }}\n\
         .undone td {{ text-decoration: line-through; color: #777; }}\n\
         /* An inline block: a note beside an undone entry is not struck through with it. */\n\
         .note {{ display: inline-block; width: 100%; font-style: italic; margin-top: 2px; color: #333; }}\n\
         .verdict {{ font-size: 1.2em; font-weight: bold; }}\n\
         figure.map {{ margin: 1em 0; break-inside: avoid; page-break-inside: avoid; }}\n\
         figure.map img {{ max-width: 100%; height: auto; border: 1px solid #ccc; }}\n\
         figcaption {{ font-style: italic; color: #444; }}\n\
         section {{ break-inside: avoid-page; }}\n\
         @media print {{\n\
           body {{ margin: 0; max-width: none; font-size: 10pt; }}\n\
           h2 {{ break-after: avoid; }}\n\
           tr {{ break-inside: avoid; }}\n\
           figure.map img {{ border: none; }}\n\
           a {{ color: inherit; text-decoration: none; }}\n\
         }}\n\
         @page {{ margin: 1.5cm; }}\n\
         </style></head>\n<body>\n{body}</body></html>\n",
        esc(title)
    )
}
