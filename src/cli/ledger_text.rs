//! The luck ledger as a terminal shows it: a short table per side.

use crate::api::{LedgerRow, LedgerView};

pub fn print(view: &LedgerView, json: bool) {
    if json {
        println!("{}", serde_json::to_string(view).expect("a ledger serialises"));
    } else {
        print!("{}", render(view));
    }
}

fn render(view: &LedgerView) -> String {
    let games = if view.games == 1 { "1 game".to_string() } else { format!("{} games", view.games) };
    let mut out = format!("Luck ledger: {} ({games})\n", view.title);
    if view.rows.is_empty() {
        out += "\nNo dice thrown yet that the ledger counts.\n";
    }
    let mut side: Option<&Option<String>> = None;
    for row in &view.rows {
        if side != Some(&row.side) {
            side = Some(&row.side);
            out += &format!("\n{}\n", row.side.as_deref().unwrap_or("Free rolls (no side's)"));
            out += &format!(
                "  {:<18} {:>6} {:>9} {:>7} {:>8} {:>7} {:>7}  {}\n",
                "measure", "throws", "expected", "actual", "diff", "sd", "chance", "in words"
            );
        }
        out += &line(row);
    }
    if view.withheld > 0 {
        out += &format!("\n{} entries whose dice this seat is not shown are left out.\n", view.withheld);
    }
    out
}

fn line(row: &LedgerRow) -> String {
    format!(
        "  {:<18} {:>6} {:>9.1} {:>7} {:>+8.1} {:>7.1} {:>7}  {}\n",
        row.measure,
        row.throws,
        row.expected,
        row.actual,
        row.actual as f64 - row.expected,
        row.sd,
        percent(row.tail),
        row.words
    )
}

/// A chance as a percentage with two figures that mean something: "45%", "4.5%", "0.45%", "<0.01%".
fn percent(chance: f64) -> String {
    let p = chance * 100.0;
    if p >= 10.0 {
        format!("{p:.0}%")
    } else if p >= 1.0 {
        format!("{p:.1}%")
    } else if p >= 0.01 {
        format!("{p:.2}%")
    } else {
        "<0.01%".to_string()
    }
}
