use super::Failure;
use super::args::{ScenarioArgs, ScenarioCommand};
use crate::scenario::{Checked, check_file};

pub async fn run(db: &std::path::Path, args: ScenarioArgs) -> Result<(), Failure> {
    match args.command {
        ScenarioCommand::Check { files } => {
            let mut failed = 0;
            for file in &files {
                // An army list kept among a system's scenarios is checked by its army checker.
                if is_army_list(file) {
                    match crate::systems::desk::check_list_file(file) {
                        Ok(name) => println!("ok: {} — army list {name}", file.display()),
                        Err(why) => {
                            eprintln!("{why}");
                            failed += 1;
                        }
                    }
                    continue;
                }
                match check_file(file) {
                    Ok(Checked::Scenario(s)) => {
                        let figures: usize = s.units.iter().map(|u| u.figures.len()).sum();
                        println!(
                            "ok: {} — {} ({}, {} units, {figures} figures)",
                            file.display(),
                            s.title,
                            s.ruleset.name,
                            s.units.len()
                        );
                    }
                    Ok(Checked::Ruleset { ruleset, as_built }) => {
                        let note = if as_built {
                            "the one this build carries"
                        } else {
                            "differs from the one this build carries, which the app keeps using until it is rebuilt"
                        };
                        println!("ok: {} — ruleset of {} ({note})", file.display(), ruleset.name);
                    }
                    Err(e) => {
                        eprintln!("{e}");
                        failed += 1;
                    }
                }
            }
            if failed > 0 {
                return Err(Failure::bad_input(format!("{failed} of {} scenario files failed the check", files.len())));
            }
            Ok(())
        }
        ScenarioCommand::List => {
            let api = super::open_api(db).await?;
            for s in api.list_scenarios().await? {
                match &s.problem {
                    None => println!("{}\t{}\t{}", s.path, s.system_name, s.title),
                    Some(problem) => println!("{}\t(does not load)\t{problem}", s.path),
                }
            }
            Ok(())
        }
    }
}

/// A file with an `[army]` table and no `[scenario]`: an army list, not a scenario.
fn is_army_list(file: &std::path::Path) -> bool {
    let Ok(text) = std::fs::read_to_string(file) else { return false };
    toml::from_str::<toml::Table>(&text).is_ok_and(|root| root.contains_key("army") && !root.contains_key("scenario"))
}
