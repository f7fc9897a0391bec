use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::args::{GameArgs, GameCommand, ServeArgs};
use super::{Failure, input, ledger_text, log_format, output};
use crate::api::{Api, Carry, GameView};
use crate::game::{Action, DiceCheck};
use crate::scenario;

pub async fn run(db: &Path, args: GameArgs) -> Result<(), Failure> {
    let api = super::open_api(db).await?;
    api.choose_seat(args.seat).await?;
    match args.command {
        GameCommand::New { scenario: name, seed, campaign, options, carry } => {
            let mut scenario = if Path::new(&name).is_file() {
                scenario::load_file(Path::new(&name)).map_err(|e| Failure::bad_input(e.to_string()))?
            } else {
                api.scenario_named(&name).await.map_err(|e| {
                    Failure::bad_input(format!(
                        "{e} (a scenario file, a shipped scenario from `sandtable scenario list`, or yours/<file> \
                         from your scenario folder)"
                    ))
                })?
            };
            scenario.set_options(&parse_options(&options)?).map_err(Failure::bad_input)?;
            let seed = seed.unwrap_or_else(rand::random);
            let view = match campaign {
                Some(campaign) if !carry.is_empty() => {
                    let carry = carried(&api, campaign, &carry).await?;
                    api.start_carrying(scenario, seed, campaign, &carry).await?
                }
                _ => api.start_game(scenario, seed, campaign).await?,
            };
            println!("{} — {}{}", view.scenario_title, view.system_name, crate::api::seed_words(&view.seed));
            println!("{}", view.id);
        }
        GameCommand::Record { id, date, result, winner, notes } => {
            let battle = api.record_battle(id, date, result, winner, notes).await?;
            println!("{}", super::campaign_record::battle_line(&battle));
        }
        GameCommand::List { campaign } => {
            for g in api.list_games(campaign).await? {
                println!("{}\t{}\t{} events\t{}", g.id, g.name, g.event_count, g.created_at);
            }
        }
        GameCommand::Act { id, action, json } => act(&api, id, input::action(&action)?, json).await?,
        GameCommand::Export { id, output } => output::text(output.as_deref(), &(api.export_game(id).await? + "\n"))?,
        GameCommand::Report { id, format, at, output } => {
            let moments = if at.is_empty() { None } else { Some(at) };
            let report = api.game_report(id, format.name().into(), moments).await?;
            match (&output, format) {
                (Some(path), super::args::ReportFormat::Md) => output::markdown_with_maps(path, &report)?,
                _ => output::text(output.as_deref(), &report)?,
            }
        }
        GameCommand::Map { id, at, output } => output::png(&output, &api.game_map(id, at).await?)?,
        GameCommand::Csv { id, what, output } => {
            output::text(output.as_deref(), &api.game_csv(id, what.name().into()).await?)?
        }
        GameCommand::Import { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure::bad_input(format!("cannot read {}: {e}", file.display())))?;
            let game = api.import_game(text).await.map_err(|e| Failure::from(e).in_file(&file))?;
            println!(
                "{} — {} ({} entries{})",
                game.scenario_title,
                game.system_name,
                game.event_count,
                crate::api::seed_words(&game.seed)
            );
            println!("{}", game.id);
        }
        GameCommand::Undo { id } => act(&api, id, Action::Undo {}, false).await?,
        GameCommand::Redo { id } => act(&api, id, Action::Redo {}, false).await?,
        GameCommand::Forecast { id, games, json } => {
            let forecast = api.game_forecast(id, games).await?;
            if json {
                println!("{}", serde_json::to_string(&forecast).expect("a forecast serialises"));
            } else {
                print!("{}", forecast_text(&forecast));
            }
        }
        GameCommand::Odds { id, action, json } => {
            let odds = api.game_odds(id, input::action(&action)?).await?;
            if json {
                println!("{}", serde_json::to_string(&odds).expect("odds serialise"));
            } else {
                println!("{} (mean {:.2})", odds.label, odds.mean);
                for o in &odds.outcomes {
                    println!("{:>5}  {:>6.2}%", o.value, o.p * 100.0);
                }
                for line in &odds.lines {
                    println!("{:>6.2}%  {}", line.p * 100.0, line.label);
                }
            }
        }
        GameCommand::Dice { id, action, json } => {
            let check = api.game_dice(id, input::action(&action)?).await?;
            if json {
                println!("{}", serde_json::to_string(&check).expect("a dice check serialises"));
            } else {
                print!("{}", dice_check_text(&check));
            }
        }
        GameCommand::Show { id, json } => {
            let view = api.game_view(id).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&view).expect("views serialise"));
            } else {
                print!("{}", show_text(&view));
            }
        }
        GameCommand::Log { id, format } => {
            let view = api.game_view(id).await?;
            let log = api.game_log(id, None, None).await?;
            print!("{}", log_format::render(&format!("{} (game {id})", view.scenario_title), &log, format));
        }
        GameCommand::Annotate { id, at, text } => {
            let note = api.annotate(id, at, text).await?;
            println!("note {} beside entry {}", note.id, note.at);
        }
        GameCommand::Annotations { id, json } => {
            let notes = api.annotations(id).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&notes).expect("notes serialise"));
            } else {
                let log = api.game_log(id, None, None).await?;
                for note in &notes {
                    // The entry it is beside, so the note reads without the log open beside it.
                    let entry = log.get(note.at as usize).map_or("", |e| e.text.as_str());
                    println!("#{} {entry}\n    Note {}: {}", note.at, note.id, note.text);
                }
            }
        }
        GameCommand::Ledger { id, json } => ledger_text::print(&api.luck_ledger(id).await?, json),
        GameCommand::Measure { id, from, to, json } => {
            let m = api.measure(id, from, to).await?;
            if json {
                println!("{}", serde_json::to_string(&m).expect("measurements serialise"));
            } else {
                println!("{}", m.text);
            }
        }
    }
    Ok(())
}

async fn act(api: &Api, id: i64, action: Action, json: bool) -> Result<(), Failure> {
    let view = api.act(id, action).await?;
    let entry = view.log.last().expect("an action adds a log entry");
    if json {
        println!("{}", serde_json::to_string(entry).expect("log entries serialise"));
    } else {
        println!("{}", entry.text);
    }
    Ok(())
}

fn show_text(view: &GameView) -> String {
    let mut out = format!(
        "{} — {}, turn {}{}\n",
        view.scenario_title,
        view.system_name,
        view.turn,
        crate::api::seed_words(&view.seed)
    );
    let owed = if view.owed.is_empty() { String::new() } else { format!("\n  owed: {}", view.owed.join("; ")) };
    out.push_str(&format!("{}{owed}\n", view.headline));
    for line in &view.status {
        out.push_str(&format!("{line}\n"));
    }
    let options: Vec<String> = view.options.iter().filter(|o| o.on != o.default).map(|o| o.name.clone()).collect();
    if !options.is_empty() {
        out.push_str(&format!("House rules: {}\n", options.join(", ")));
    }
    for side in &view.sides {
        out.push_str(&format!("\n{}\n", side.name));
        let mut counters = 0;
        for u in view.units.iter().filter(|u| u.side == side.id) {
            let at = match &u.rules.place {
                Some(place) => place.clone(),
                None => u
                    .figures
                    .iter()
                    .find(|f| f.alive)
                    .map(|f| format!("({:.1}, {:.1})", f.pos.x, f.pos.y))
                    .unwrap_or_default(),
            };
            // A hidden counter's place is known at the table; its name, strength and state are not.
            if u.rules.concealed {
                counters += 1;
                out.push_str(&format!("  {:<45} {at}\n", format!("hidden counter {counters}")));
                continue;
            }
            let allowance = u
                .allowance
                .as_ref()
                .map(|a| format!("  move {:.1}\" of {}\" left", a.left, a.total))
                .unwrap_or_default();
            let placed = match &u.rules.cover {
                Some(cover) if !u.out && u.rules.place.is_some() => format!(", {cover}"),
                Some(cover) if !u.out => format!("  facing {:.0}°, {cover}", u.facing),
                _ => String::new(),
            };
            // A marker the rules' own note words better (a jam, with how long it lasts) is shown once.
            let notes = &u.rules.notes;
            let flags = u.flags.iter().map(|f| f.name()).filter(|f| !notes.iter().any(|n| n.key == *f));
            let marks: Vec<&str> = flags.chain(notes.iter().map(|n| n.text.as_str())).collect();
            let flags = if marks.is_empty() { String::new() } else { format!("  [{}]", marks.join(", ")) };
            let status = if u.out { "  OUT".to_string() } else { String::new() };
            out.push_str(&format!(
                "  {:<16} {:<28} {:>2}/{:<2} {at}{placed}{allowance}{flags}{status}\n",
                u.id, u.name, u.alive, u.total
            ));
        }
    }
    out
}

pub async fn serve(db: &Path, args: ServeArgs) -> Result<(), Failure> {
    // A wrong certificate is told before anything is opened or listens.
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => {
            Some(crate::serve::Tls::from_pem_files(cert, key).map_err(|e| Failure::bad_input(e.to_string()))?)
        }
        _ => None,
    };
    let api = Arc::new(match &args.database {
        Some(address) => Api::open_address(address).await?,
        None => super::open_api(db).await?,
    });
    if args.club && !api.store().has_admin().await.map_err(|e| Failure::other(e.to_string()))? {
        return Err(Failure::bad_input(
            "the club has no administrator yet, so no one could sign in: run `sandtable club admin NAME` first, \
             on the same database",
        ));
    }
    let ui = match args.ui {
        Some(dir) if dir.join("index.html").is_file() => Some(dir),
        Some(dir) => {
            return Err(Failure::bad_input(format!(
                "{} has no index.html: build the UI first (npm run build in ui/)",
                dir.display()
            )));
        }
        None => default_ui_dir(),
    };
    let listen = crate::serve::Listen {
        addr: SocketAddr::new(args.host, args.port),
        lan: args.lan,
        new_code: args.new_code,
        club: args.club,
        tls,
        public_names: args.public_names,
    };
    crate::serve::run(api, listen, ui).await.map_err(|e| Failure::other(format!("serve: {e}")))
}

/// The built UI next to the working folder (a checkout) or next to the binary.
fn default_ui_dir() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("ui/dist")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).map(|dir| dir.join("ui/dist")));
    }
    candidates.into_iter().find(|d| d.join("index.html").is_file())
}

/// `ROSTER_UNIT=SCENARIO_UNIT` pairs from the command line, the roster unit by its number or its name.
async fn carried(api: &Api, campaign: i64, pairs: &[String]) -> Result<Vec<Carry>, Failure> {
    let roster = api.campaign_record(campaign).await?.roster;
    pairs
        .iter()
        .map(|pair| {
            let (unit, into) = pair.rsplit_once('=').ok_or_else(|| {
                Failure::bad_input(format!("--carry {pair:?}: write it as ROSTER_UNIT=SCENARIO_UNIT"))
            })?;
            let unit = unit.trim();
            let roster_unit = match unit.parse::<i64>() {
                Ok(id) => id,
                Err(_) => {
                    roster.iter().find(|u| u.name.to_lowercase() == unit.to_lowercase()).map(|u| u.id).ok_or_else(
                        || {
                            let names: Vec<&str> = roster.iter().map(|u| u.name.as_str()).collect();
                            Failure::bad_input(format!(
                                "--carry {pair:?}: no unit {unit:?} on campaign {campaign}'s roster; its units are: {}",
                                if names.is_empty() { "none yet".into() } else { names.join(", ") }
                            ))
                        },
                    )?
                }
            };
            Ok(Carry { roster_unit, scenario_unit: into.trim().to_string() })
        })
        .collect()
}

/// `NAME=true` pairs from the command line, as option values.
fn parse_options(pairs: &[String]) -> Result<std::collections::BTreeMap<String, serde_json::Value>, Failure> {
    pairs
        .iter()
        .map(|pair| {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| Failure::bad_input(format!("--option {pair:?}: write it as NAME=true or NAME=false")))?;
            let value: bool = value
                .trim()
                .parse()
                .map_err(|_| Failure::bad_input(format!("--option {pair:?}: the value must be true or false")))?;
            Ok((name.trim().to_string(), serde_json::Value::Bool(value)))
        })
        .collect()
}

fn forecast_text(f: &crate::rules::Forecast) -> String {
    let mut out = format!("What if: {} games per plan (seed {}), {}.\n", f.games, f.seed, f.assumes);
    for plan in &f.plans {
        out += &format!(
            "{}: {}\n  mean VP {:.1} (95% CI {:.1} to {:.1})\n",
            plan.plan, plan.about, plan.mean_points, plan.mean_points_ci95[0], plan.mean_points_ci95[1]
        );
        for s in &plan.shares {
            out += &format!(
                "  {:<18} {:>6.1}%  (95% CI {:.1}% to {:.1}%)\n",
                s.result,
                100.0 * s.share,
                100.0 * s.ci95[0],
                100.0 * s.ci95[1]
            );
        }
    }
    out
}

/// Each roll the rules called for with the faces typed for it, then what is missing or wrong.
fn dice_check_text(check: &DiceCheck) -> String {
    let mut text = String::new();
    for (i, step) in check.steps.iter().enumerate() {
        let faces: Vec<String> = step.faces.iter().map(i64::to_string).collect();
        let missing = step.ask.count.saturating_sub(step.faces.len());
        let more = if missing > 0 { format!(" ({missing} to type)") } else { String::new() };
        text += &format!("{}. {} {}: {}{more}\n", i + 1, step.ask.expr, step.ask.label, faces.join(" "));
    }
    if let Some(problem) = &check.problem {
        let at = problem.step.map(|s| format!(" (roll {})", s + 1)).unwrap_or_default();
        text += &format!("refused{at}: {}\n", problem.message);
    } else if check.ready {
        text += "ready: these dice resolve the action\n";
    }
    text
}
