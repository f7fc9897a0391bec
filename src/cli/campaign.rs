use std::path::Path;

use super::args::{CampaignArgs, CampaignCommand, LogFormat};
use super::campaign_record::{record_text, roster_text};
use super::{Failure, log_format, output};
use crate::api::UnitOverride;

pub async fn run(db: &Path, args: CampaignArgs) -> Result<(), Failure> {
    let api = super::open_api(db).await?;
    // A campaign's record is read at the desk, by whoever keeps it: everything shows.
    api.choose_seat(crate::rules::Seat::Referee).await?;
    match args.command {
        CampaignCommand::New { name } => {
            let c = api.create_campaign(name).await?;
            println!("{}", c.id);
        }
        CampaignCommand::List => {
            for c in api.list_campaigns().await? {
                println!("{}\t{}\t{} games\t{}", c.id, c.name, c.game_count, c.created_at);
            }
        }
        CampaignCommand::Report { id, format } => {
            print!("{}", api.campaign_report(id, format.name().into()).await?);
        }
        CampaignCommand::Csv { id, what, output } => {
            output::text(output.as_deref(), &api.campaign_csv(id, what.name().into()).await?)?;
        }
        CampaignCommand::Ledger { id, json } => super::ledger_text::print(&api.campaign_ledger(id).await?, json),
        CampaignCommand::Show { id } => {
            let record = api.campaign_record(id).await?;
            println!("# Campaign: {}\n", record.campaign.name);
            println!("{}", record_text(&record));
            for b in &record.battles {
                // The whole log: the game view carries only its newest entries.
                let log = api.game_log(b.game, None, None).await?;
                let title = format!("{} (game {}, {})", b.scenario_title, b.game, b.played_on);
                println!("#{}", log_format::render(&title, &log, LogFormat::Md));
            }
        }
        CampaignCommand::Players { id, names } => {
            let record = api.set_campaign_players(id, names).await?;
            println!("{}", record.players.join(", "));
        }
        CampaignCommand::Roster { id } => print!("{}", roster_text(&api.campaign_record(id).await?)),
        CampaignCommand::Enlist { game, units } => print!("{}", roster_text(&api.enlist_units(game, units).await?)),
        CampaignCommand::CloseBattle { game, rule, set } => {
            let overrides = set.iter().map(|pair| own_number(pair)).collect::<Result<_, _>>()?;
            print!("{}", roster_text(&api.close_battle(game, rule, overrides).await?));
        }
    }
    Ok(())
}

/// `UNIT=N` from the command line: a unit's own number of figures for its next battle.
fn own_number(pair: &str) -> Result<UnitOverride, Failure> {
    let said = || Failure::bad_input(format!("--set {pair:?}: write it as UNIT=N, N a whole number of figures"));
    let (unit, n) = pair.rsplit_once('=').ok_or_else(said)?;
    let figures = n.trim().parse::<u32>().map_err(|_| said())?;
    Ok(UnitOverride { unit: unit.trim().to_string(), figures: Some(figures), note: None })
}
