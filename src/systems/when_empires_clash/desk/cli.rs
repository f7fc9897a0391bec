//! `sandtable armies`: When Empires Clash!'s army lists at the desk. The lists and their checker, and a
//! one-off battle set up by dice from two of them, written as a scenario file `game new` starts.

use std::path::Path;

use super::super::army::{self, ArmyList};
use super::super::{charts, library, one_off};
use crate::cli::{ArmiesArgs, ArmiesCommand, Failure};
use crate::dice::GameRng;
use crate::scenario::parse;

pub fn run(args: ArmiesArgs) -> Result<(), Failure> {
    let tables = &charts().1;
    match args.command {
        ArmiesCommand::List => {
            for (name, source) in library::LISTS {
                let list = army::read(name, source).map_err(|e| Failure::other(e.to_string()))?;
                let totals = army::totals(tables, &list.stands, list.entrenchments.as_ref());
                println!(
                    "{name:<42} {:<32} {:>4} points  {:>2} stands  {}",
                    list.army.name,
                    totals.points,
                    totals.stands,
                    list.army.dice.get_ref()
                );
            }
            Ok(())
        }
        ArmiesCommand::Check { files } => {
            let mut broken = 0;
            for file in &files {
                let (list, source) = read_file(file)?;
                let findings = army::check(tables, &list, &source);
                let breaks = findings.iter().filter(|f| f.breaks).count();
                for f in &findings {
                    let line = f.line.map(|l| format!(", line {l}")).unwrap_or_default();
                    let kind = if f.breaks { "breaks" } else { "note" };
                    println!("{}{line}: {kind}: {}", file.display(), f.message);
                }
                if breaks == 0 {
                    println!("ok: {} — {}", file.display(), list.army.name);
                } else {
                    broken += 1;
                }
            }
            if broken > 0 {
                return Err(Failure::bad_input(format!("{broken} of {} army lists break the rules", files.len())));
            }
            Ok(())
        }
        ArmiesCommand::OneOff { first, second, seed, thrown, checked, dice, out } => {
            let (a, b) = (named(&first)?, named(&second)?);
            let seed = seed.unwrap_or_else(rand::random);
            let mut rng = GameRng::for_event(seed, 0);
            let names = [a.1.army.name.as_str(), b.1.army.name.as_str()];
            let (throws, rolls) =
                one_off::throw(tables, names, thrown, dice.as_deref(), &mut rng).map_err(Failure::bad_input)?;
            for roll in &rolls {
                eprintln!("{}: {}", roll.label, roll.roll.total);
            }
            let armies = [one_off::Army { name: &a.0, list: &a.1 }, one_off::Army { name: &b.0, list: &b.1 }];
            let again = match dice {
                Some(_) => "type the same dice to throw the same set-up again".to_string(),
                None => format!("--seed {seed} throws the same set-up again"),
            };
            let beyond = one_off::fit(tables, &armies, &throws).beyond;
            for warning in &beyond {
                eprintln!("warning: {warning} (Armies)");
            }
            if checked && !beyond.is_empty() {
                return Err(Failure::bad_input(format!(
                    "a checked set-up keeps to the text's recommendation (Armies): {}",
                    beyond.join("; ")
                )));
            }
            let text = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner())
                .map_err(|why| Failure::bad_input(format!("{why}; {again}")))?;
            // What the generator writes must load like any scenario: a failure here is the app's defect.
            parse("one-off.toml", &text)
                .map_err(|e| Failure::other(format!("the generated battle does not load: {e}")))?;
            match out {
                Some(path) => {
                    std::fs::write(&path, &text)
                        .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
                    println!(
                        "wrote {} (seed {seed}); start it with: sandtable game new {}",
                        path.display(),
                        path.display()
                    );
                }
                None => print!("{text}"),
            }
            Ok(())
        }
    }
}

/// A list by name from the text's, or from a file.
fn named(name: &str) -> Result<(String, ArmyList), Failure> {
    if Path::new(name).is_file() {
        let (list, _) = read_file(Path::new(name))?;
        return Ok((name.to_string(), list));
    }
    library::read(name).map_err(|e| Failure::bad_input(e.to_string()))
}

/// An army list file checked as `scenario check` meets it among the scenarios: its name when it keeps the
/// rules, else each rule it breaks, one per line with its line number.
pub fn check_list_file(path: &Path) -> Result<String, String> {
    let (list, source) = read_file(path).map_err(|f| f.message)?;
    let breaks: Vec<String> = army::check(&charts().1, &list, &source)
        .into_iter()
        .filter(|f| f.breaks)
        .map(|f| {
            format!("{}{}: {}", path.display(), f.line.map(|l| format!(", line {l}")).unwrap_or_default(), f.message)
        })
        .collect();
    if breaks.is_empty() { Ok(list.army.name) } else { Err(breaks.join("\n")) }
}

fn read_file(path: &Path) -> Result<(ArmyList, String), Failure> {
    let source = std::fs::read_to_string(path)
        .map_err(|e| Failure::bad_input(format!("{}: cannot read the file: {e}", path.display())))?;
    let list = army::read(&path.display().to_string(), &source).map_err(|e| Failure::bad_input(e.to_string()))?;
    Ok((list, source))
}
