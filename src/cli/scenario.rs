use super::Failure;
use super::args::{ScenarioArgs, ScenarioCommand};
use crate::scenario::{load_file, shipped_scenarios};

pub fn run(args: ScenarioArgs) -> Result<(), Failure> {
    match args.command {
        ScenarioCommand::Check { files } => {
            let mut failed = 0;
            for file in &files {
                match load_file(file) {
                    Ok(s) => {
                        let figures: usize = s.units.iter().map(|u| u.figures.len()).sum();
                        println!(
                            "ok: {} — {} ({}, {} units, {figures} figures)",
                            file.display(),
                            s.title,
                            s.ruleset.name,
                            s.units.len()
                        );
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
            for s in shipped_scenarios() {
                let loaded = s.load().map_err(|e| Failure::other(e.to_string()))?;
                println!("{}\t{}\t{}", s.path, loaded.ruleset.name, loaded.title);
            }
            Ok(())
        }
    }
}
