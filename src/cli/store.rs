use super::Failure;
use super::args::{StoreArgs, StoreCommand};
use crate::api::{CopyReport, Replayed, copy_database};

pub async fn run(args: StoreArgs) -> Result<(), Failure> {
    match args.command {
        StoreCommand::Copy { from, to, replace } => {
            let report = copy_database(&from, &to, replace).await?;
            print!("{}", report_text(&report));
            let faults = report.faults();
            if !faults.is_empty() {
                return Err(Failure::other(format!(
                    "the copy in {} does not match {}:\n  {}\nThe copy stays as it was made: find what differs, then \
                     copy again with --replace",
                    report.to,
                    report.from,
                    faults.join("\n  ")
                )));
            }
        }
    }
    Ok(())
}

fn report_text(report: &CopyReport) -> String {
    let mut out = format!(
        "Copied {} into {} in {:.1} s, checked in {:.1} s.\n\n",
        report.from,
        report.to,
        report.copying.as_secs_f64(),
        report.checking.as_secs_f64()
    );
    let width = report.tables.iter().map(|t| t.table.len()).max().unwrap_or(0);
    out += &format!("{:width$}  {:>9}  {:>9}\n", "table", "source", "target");
    for t in &report.tables {
        out += &format!("{:width$}  {:>9}  {:>9}\n", t.table, t.source, t.target);
    }
    let same = report.games.iter().filter(|g| g.outcome == Replayed::Same).count();
    let games = match report.games.len() {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    out += &format!("\n{games} replayed on both: {same} the same.\n");
    for g in &report.games {
        if let Replayed::UnreadableOnBoth(why) = &g.outcome {
            out += &format!("Game {} ({}) opens on neither, as on the source before the copy: {why}\n", g.id, g.name);
        }
    }
    out
}
