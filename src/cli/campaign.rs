use std::path::Path;

use super::args::{CampaignArgs, CampaignCommand, LogFormat, ReportFormat};
use super::{Failure, log_format};
use crate::api::Api;

pub async fn run(db: &Path, args: CampaignArgs) -> Result<(), Failure> {
    let api = Api::open(db).await?;
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
            let format = match format {
                ReportFormat::Md => "md",
                ReportFormat::Html => "html",
            };
            print!("{}", api.campaign_report(id, format.into()).await?);
        }
        CampaignCommand::Show { id } => {
            let campaign = api
                .list_campaigns()
                .await?
                .into_iter()
                .find(|c| c.id == id)
                .ok_or_else(|| Failure::bad_input(format!("no campaign {id}")))?;
            println!("# Campaign: {}\n", campaign.name);
            for g in api.list_games(Some(id)).await? {
                // The whole log: the game view carries only its newest entries.
                let log = api.game_log(g.id, None, None).await?;
                let title = format!("{} (game {}, {})", g.scenario_title, g.id, g.created_at);
                println!("#{}", log_format::render(&title, &log, LogFormat::Md));
            }
        }
    }
    Ok(())
}
