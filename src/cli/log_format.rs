use super::args::LogFormat;
use crate::api::reports::csv::field as csv_field;
use crate::game::LogEntry;

pub fn render(title: &str, entries: &[LogEntry], format: LogFormat) -> String {
    match format {
        LogFormat::Json => serde_json::to_string_pretty(entries).expect("log entries serialise"),
        LogFormat::Csv => {
            let mut out = String::from("seq,turn,kind,undone,text\n");
            for e in entries {
                out.push_str(&format!("{},{},{},{},{}\n", e.seq, e.turn, e.kind, e.undone, csv_field(&e.text)));
            }
            out
        }
        LogFormat::Md => {
            let mut out = format!("# {title}\n\n| # | turn | entry | dice |\n| ---: | ---: | --- | --- |\n");
            for e in entries {
                let text = e.text.replace('|', "\\|");
                let text = if e.undone { format!("~~{text}~~ (undone)") } else { text };
                // Free rolls and movement rolls already print their faces in the entry itself.
                let dice = if matches!(e.kind.as_str(), "roll" | "roll_move") {
                    String::new()
                } else {
                    e.rolls.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
                };
                out.push_str(&format!("| {} | {} | {text} | {dice} |\n", e.seq, e.turn));
            }
            out
        }
    }
}
