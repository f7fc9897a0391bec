use std::net::IpAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::store::Store;

#[derive(Parser, Debug)]
#[command(name = "sandtable", version, about = "Tabletop assistant for colonial-era miniature wargames")]
pub struct Cli {
    /// The campaign database: a SQLite file, or a club's PostgreSQL server (postgres://…). Defaults to
    /// sandtable.db in the platform's data folder.
    #[arg(long, global = true, env = "SANDTABLE_DB")]
    pub db: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    pub fn db_path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(Store::default_path)
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Roll dice: 2D6+6, D20, 4D6, 2D10 (read 0-9), D% (00 = 100), 2AvD (average dice)
    Roll(RollArgs),
    /// Check scenario files
    Scenario(ScenarioArgs),
    /// Start, play and read games
    Game(GameArgs),
    /// Campaigns: games played across evenings
    Campaign(CampaignArgs),
    /// Serve the app's commands (and the built UI) over HTTP, or HTTPS with --tls-cert and --tls-key
    Serve(ServeArgs),
    /// When Empires Clash! army lists: list them, check them, set up a one-off battle from two
    Armies(ArmiesArgs),
    /// Simulate whole games headless: `sim estate --games 10000 --seed 1 --strategy hold-major-legations --json`
    Sim(SimArgs),
    /// Measure on a photo of the real table: distances, spots, a top-down view
    Photo(super::photo::PhotoArgs),
    /// A club server's members: its administrator, members, passwords (see `serve --club`)
    Club(ClubArgs),
    /// The database as a whole: copy it between a SQLite file and a club's PostgreSQL server
    Store(StoreArgs),
}

#[derive(Args, Debug)]
pub struct StoreArgs {
    #[command(subcommand)]
    pub command: StoreCommand,
}

#[derive(Subcommand, Debug)]
pub enum StoreCommand {
    /// Copy a whole database (every campaign, game, log, note and record, ids kept) into another, then check
    /// the copy: every game replayed on both, every table's rows counted on both. The target is written in
    /// one transaction: a copy that fails leaves it as it was
    Copy {
        /// The database to copy: a SQLite file's path or a PostgreSQL address (postgres://user:password@host/name).
        /// It must exist; it is read, and migrated first if an older Sandtable made it
        #[arg(long, value_name = "FILE|ADDRESS")]
        from: String,
        /// Where to copy it: a SQLite file's path (made if missing) or a PostgreSQL address (an empty database,
        /// or one of Sandtable's)
        #[arg(long, value_name = "FILE|ADDRESS")]
        to: String,
        /// Delete whatever Sandtable data the target holds first, in the same transaction as the copy (a
        /// target holding any is otherwise refused)
        #[arg(long)]
        replace: bool,
    },
}

#[derive(Args, Debug)]
pub struct SimArgs {
    /// The system to simulate: estate (L'Estate dei Boxers, where Sandtable plays the Boxers)
    pub system: String,
    /// Sieges to play
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the run: the same seed gives the same report
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The defenders' strategy: guard-the-roads (the plan a careful player follows), hold-major-legations,
    /// fire-first or random
    #[arg(long, default_value = "guard-the-roads")]
    pub strategy: String,
    /// A scenario file (default: the shipped siege, the-55-days)
    #[arg(long)]
    pub scenario: Option<PathBuf>,
    /// A rulings option to play with (wounded_twelve, stone_walls_do_not_burn, civilians_keep_their_zone, macdonald_loss_at_days_end, psychological_test_unpenalised); repeatable
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Print the report as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ArmiesArgs {
    #[command(subcommand)]
    pub command: ArmiesCommand,
}

#[derive(Subcommand, Debug)]
pub enum ArmiesCommand {
    /// The text's army lists, with their points and stands
    List,
    /// Check army list files: points, stand counts, the 35-36 point total and the cap on stands worth 4+
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// A one-off battle set up by dice from two lists (names or files): writes the scenario file
    OneOff {
        first: String,
        second: String,
        /// Seed for the set-up dice and the players' choices the app makes (terrain, edges, deployment)
        #[arg(long)]
        seed: Option<u64>,
        /// Throw each army's value on 8D6 instead of agreeing 36 points
        #[arg(long)]
        thrown: bool,
        /// Refuse armies beyond the text's recommendation for agreed values (36 points, at most 12 in
        /// stands worth 4 or more), which are otherwise set up with a warning
        #[arg(long)]
        checked: bool,
        /// Faces of the set-up dice in order, comma-separated: terrain, baseline, depth, commander (each
        /// side a D6, ties for who goes first thrown again), then 8D6 each with --thrown
        #[arg(long, value_delimiter = ',')]
        dice: Option<Vec<i64>>,
        /// Where to write the scenario; printed when omitted
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Args, Debug)]
pub struct RollArgs {
    /// A dice expression such as 2D6+6
    pub expr: String,
    /// Seed for the roll (the same seed gives the same dice)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Faces read off physical dice, comma-separated, e.g. 3,5
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
    pub dice: Option<Vec<i64>>,
    /// Print JSON: {"expr", "faces", "total", "typed"}
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ScenarioArgs {
    #[command(subcommand)]
    pub command: ScenarioCommand,
}

#[derive(Subcommand, Debug)]
pub enum ScenarioCommand {
    /// Check that scenario files load: every error names file, line and column
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the scenarios shipped with Sandtable, then yours (`yours/<file>`, from your scenario folder)
    List,
}

#[derive(Args, Debug)]
pub struct GameArgs {
    /// Whose eyes the game is shown with: `referee` (everything), `table` (one screen all players share:
    /// no side's secrets), or `side:<side id>` (what that side knows)
    #[arg(long, global = true, default_value = "referee", value_parser = clap::value_parser!(crate::rules::Seat))]
    pub seat: crate::rules::Seat,
    #[command(subcommand)]
    pub command: GameCommand,
}

#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Start a game from a scenario file or a shipped scenario name; prints the game id last
    New {
        scenario: String,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        campaign: Option<i64>,
        /// A ruling to play, e.g. `--option melee_dice_per_8_figures=true` (repeatable)
        #[arg(long = "option", value_name = "NAME=true|false")]
        options: Vec<String>,
        /// A unit of the campaign's roster (its number or name) fighting as one of the scenario's units,
        /// with the figures its last battle left it, e.g. `--carry "Company A=company-b"` (repeatable; needs
        /// --campaign)
        #[arg(long = "carry", value_name = "ROSTER_UNIT=SCENARIO_UNIT", requires = "campaign")]
        carry: Vec<String>,
    },
    /// Record what the players say of a game as a battle: the day played, the result, the winner, notes.
    /// An option left out stays as it was; an empty one is cleared
    Record {
        id: i64,
        /// The day it was played, YYYY-MM-DD (by default the day the game was made)
        #[arg(long)]
        date: Option<String>,
        #[arg(long)]
        result: Option<String>,
        /// The winning side, by id or name
        #[arg(long)]
        winner: Option<String>,
        #[arg(long)]
        notes: Option<String>,
    },
    /// List games
    List {
        #[arg(long)]
        campaign: Option<i64>,
    },
    /// Take an action (ACTION_JSON, or - to read it from stdin); see docs/actions.md
    Act {
        id: i64,
        action: String,
        #[arg(long)]
        json: bool,
    },
    /// The exact odds of an action's roll in the current state; nothing is applied
    Odds {
        id: i64,
        action: String,
        #[arg(long)]
        json: bool,
    },
    /// Checks the dice typed so far for an action (its "dice"): the rolls the rules call for, each with its
    /// faces, and the next to type. Nothing is applied
    Dice {
        id: i64,
        action: String,
        #[arg(long)]
        json: bool,
    },
    /// What if: the game played out from here under each of the player's plans (L'Estate dei Boxers'
    /// strategies); each result's chance. Nothing is recorded
    Forecast {
        id: i64,
        /// Games per plan
        #[arg(long)]
        games: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Take back the last action in force
    Undo { id: i64 },
    /// Put back the last undone action
    Redo { id: i64 },
    /// Show the table: units, figures, allowances
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Write the game as a file to share (JSON: scenario, options, seed and log), to stdout or -o FILE
    Export {
        id: i64,
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// Read a game file and store it as a new game, checked by replaying it whole; prints the new id last
    Import { file: std::path::PathBuf },
    /// The game's log
    Log {
        id: i64,
        #[arg(long, value_enum, default_value_t = LogFormat::Md)]
        format: LogFormat,
    },
    /// Write a note beside entry AT of the game's log (its # in `game log`); the game is not changed
    Annotate { id: i64, at: u32, text: String },
    /// The notes beside the game's log entries, in the order of the log
    Annotations {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// The after-action report: forces, result, losses, maps and the whole log with the dice. With
    /// `-o FILE.md` the maps are written beside the file as PNGs and linked; otherwise they are inside it
    Report {
        id: i64,
        #[arg(long, value_enum, default_value_t = ReportFormat::Md)]
        format: ReportFormat,
        /// Draw the table after this entry (its #); repeatable. Default: the start and the end
        #[arg(long = "at", value_name = "N")]
        at: Vec<u32>,
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// The battle map as a PNG: the table after entry N, or as it stands
    Map {
        id: i64,
        #[arg(long, value_name = "N")]
        at: Option<u32>,
        #[arg(short, long)]
        output: std::path::PathBuf,
    },
    /// Every roll or every loss of the game as CSV
    Csv {
        id: i64,
        #[arg(long, value_enum)]
        what: CsvRows,
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// The luck ledger: each side's hits, kills, morale passes and movement against their exact chances,
    /// and how rarely a game does as well or as badly
    Ledger {
        id: i64,
        /// Print the ledger as JSON, each throw included
        #[arg(long)]
        json: bool,
    },
    /// Distance between two units, and whether the first can reach the second
    Measure {
        id: i64,
        from: String,
        to: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Md,
    Csv,
    Json,
}

#[derive(Args, Debug)]
pub struct CampaignArgs {
    #[command(subcommand)]
    pub command: CampaignCommand,
}

#[derive(Subcommand, Debug)]
pub enum CampaignCommand {
    /// Start a campaign; prints its id last
    New { name: String },
    /// List campaigns
    List,
    /// A campaign's players, battles (day, result, losses), roster and each game's log, as Markdown
    Show { id: i64 },
    /// Set a campaign's players, in order (none clears them)
    Players { id: i64, names: Vec<String> },
    /// A campaign's roster: each named unit and its figures battle by battle
    Roster { id: i64 },
    /// Put units of a game (by unit id) on its campaign's roster, raised with the figures they began with
    Enlist {
        game: i64,
        #[arg(required = true)]
        units: Vec<String>,
    },
    /// Close a battle: each roster unit's losses, and what it starts the next battle with
    CloseBattle {
        game: i64,
        /// survivors (those alive), full (back to the strength raised) or half (half the losses return,
        /// rounded down)
        #[arg(long, value_parser = ["survivors", "full", "half"])]
        rule: String,
        /// A unit's own number instead of the rule's: the game's unit id or the roster name, e.g.
        /// `--set company-a=6` (repeatable)
        #[arg(long = "set", value_name = "UNIT=N")]
        set: Vec<String>,
    },
    /// A campaign's report: its battles in order, where each stands and its whole log, as Markdown or a
    /// page to print
    Report {
        id: i64,
        #[arg(long, value_enum, default_value_t = ReportFormat::Md)]
        format: ReportFormat,
    },
    /// Every roll or every loss of the campaign's games as CSV, with a column for the game
    Csv {
        id: i64,
        #[arg(long, value_enum)]
        what: CsvRows,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// The luck ledger of a campaign's games: each side's throws (by its name) against their exact chances
    Ledger {
        id: i64,
        /// Print the ledger as JSON
        #[arg(long)]
        json: bool,
    },
}

/// Which rows a CSV export holds.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum CsvRows {
    Rolls,
    Losses,
}

impl CsvRows {
    pub fn name(self) -> &'static str {
        match self {
            CsvRows::Rolls => "rolls",
            CsvRows::Losses => "losses",
        }
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ReportFormat {
    Md,
    Html,
}

impl ReportFormat {
    pub fn name(self) -> &'static str {
        match self {
            ReportFormat::Md => "md",
            ReportFormat::Html => "html",
        }
    }
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; loopback by default (see --lan to let tablets join).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port (0 picks a free one and prints it)
    #[arg(long, default_value_t = 8787)]
    pub port: u16,
    /// Folder of the built UI (ui/dist); found next to the working folder when omitted
    #[arg(long)]
    pub ui: Option<PathBuf>,
    /// Open the table to tablets and phones on this network: listens on every interface and prints the
    /// join link, its QR code and the join code (the token every other device must present)
    #[arg(long)]
    pub lan: bool,
    /// Issue a new join code, so every device that joined with the old one must join again
    #[arg(long)]
    pub new_code: bool,
    /// A club's PostgreSQL database (postgres://user:password@host/name) instead of the SQLite file --db:
    /// several `sandtable serve` on one database act as one server
    #[arg(long, env = "SANDTABLE_DATABASE_URL", hide_env_values = true)]
    pub database: Option<String>,
    /// Serve HTTPS with this PEM certificate chain, the server's own certificate first (certbot's
    /// fullchain.pem); with --tls-key
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert, unencrypted (certbot's privkey.pem)
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Also answer to this name, as the browser's address bar shows it (club.example.org, or
    /// club.example.org:8443): a reverse proxy's public name, or a DNS name for this machine; repeatable
    #[arg(long = "public-name", value_name = "NAME", value_parser = crate::serve::public_name::parse)]
    pub public_names: Vec<String>,
    /// Serve a club: members sign in with a password (`sandtable club admin NAME` makes the first
    /// administrator) and play the seats the administrator gives them, instead of joining with a code
    #[arg(long)]
    pub club: bool,
}

#[derive(Args, Debug)]
pub struct ClubArgs {
    /// The club's PostgreSQL database (postgres://…), as `serve --database`; otherwise the SQLite file --db
    #[arg(long, global = true, env = "SANDTABLE_DATABASE_URL", hide_env_values = true)]
    pub database: Option<String>,
    #[command(subcommand)]
    pub command: ClubCommand,
}

/// A password is asked for on the terminal (twice, not shown); when the input is not a terminal, it is
/// read as the first line of it, so a script can pipe it in without putting it on a command line.
#[derive(Subcommand, Debug)]
pub enum ClubCommand {
    /// Make an administrator: who adds members, resets their passwords and gives seats
    Admin { name: String },
    /// Add a member
    Member { name: String },
    /// Set a new password for a member (a forgotten one): their lockout lifted, every session ended
    Password { name: String },
    /// Sign a member out everywhere (a lost phone)
    SignOut { name: String },
    /// List the club's members
    List,
}
