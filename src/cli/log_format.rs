use super::args::LogFormat;
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

/// Quotes a CSV field when it holds a comma, quote or line break (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_commas_and_quotes() {
        assert_eq!(csv_field("a, \"b\""), "\"a, \"\"b\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
