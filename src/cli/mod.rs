//! The `sandtable` command line: the same engine and store as the app, for scripting, tests and players
//! who prefer a terminal. Exit codes: 0 ok, 2 bad input (message on stderr), 1 anything else.

mod args;
mod campaign;
mod campaign_record;
mod club;
mod failure;
mod game;
mod input;
mod ledger_text;
mod log_format;
mod output;
mod photo;
mod roll;
mod scenario;
mod store;

use std::process::ExitCode;

use clap::Parser;

use args::Command;
pub use args::{ArmiesArgs, ArmiesCommand, Cli};
pub use failure::Failure;

/// The store `--db` names: a SQLite file, or a club's PostgreSQL server (`postgres://…`), so every command
/// works on a club's database as on a file.
async fn open_api(db: &std::path::Path) -> Result<crate::api::Api, Failure> {
    Ok(match db.to_str().filter(|address| crate::store::is_postgres(address)) {
        Some(address) => crate::api::Api::open_address(address).await?,
        None => crate::api::Api::open(db).await?,
    })
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("sandtable: cannot start: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("sandtable: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

async fn run(cli: Cli) -> Result<(), Failure> {
    let db = cli.db_path();
    match cli.command {
        Command::Roll(args) => roll::run(args),
        Command::Scenario(args) => scenario::run(&db, args).await,
        Command::Game(args) => game::run(&db, args).await,
        Command::Campaign(args) => campaign::run(&db, args).await,
        Command::Serve(args) => game::serve(&db, args).await,
        Command::Armies(args) => crate::systems::desk::run_cli(args),
        Command::Sim(args) => simulate(args),
        Command::Photo(args) => photo::run(args),
        Command::Club(args) => club::run(&db, args).await,
        Command::Store(args) => store::run(args).await,
    }
}

fn simulate(args: args::SimArgs) -> Result<(), Failure> {
    if !matches!(args.system.as_str(), "estate" | "estate-dei-boxers") {
        return Err(Failure::bad_input(format!(
            "sim {}: Sandtable simulates L'Estate dei Boxers (estate), where it plays the Boxers",
            args.system
        )));
    }
    let request = crate::systems::simulate::SimRequest {
        games: args.games,
        seed: args.seed,
        strategy: args.strategy,
        scenario: args.scenario,
        options: args.options,
        json: args.json,
    };
    let out = crate::systems::simulate::run(request).map_err(Failure::bad_input)?;
    println!("{out}");
    Ok(())
}
