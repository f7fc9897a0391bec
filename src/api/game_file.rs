//! A game as a file to share: its scenario's text, options, seed and log, which is all another Sandtable
//! needs to replay it exactly. Read back, it is checked whole (what it is, its format, its scenario, every
//! entry replayed) before anything is stored, and stored in one transaction, so a bad or newer file changes
//! nothing.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Api, ApiError, ErrorKind, GameSummary};
use crate::game::{Event, Game};
use crate::store::NewGame;

/// What a game file says it is, so another JSON file is told apart at once.
const KIND: &str = "sandtable-game";
/// The format this build writes and the newest it reads. A change that an older build could misread
/// raises it.
pub const GAME_FILE_FORMAT: u32 = 1;
/// The largest game file read: 10,000 entries of a busy game are under 10 MB.
const MOST_FILE_BYTES: usize = 32 * 1024 * 1024;

#[derive(Debug, Serialize, Deserialize)]
struct GameFile {
    kind: String,
    format: u32,
    /// The Sandtable that wrote it, for whoever reads the file.
    written_by: String,
    name: String,
    system: String,
    scenario_path: String,
    /// The scenario as the game began with it, so an edit of the file since cannot change the replay.
    scenario: String,
    options: BTreeMap<String, serde_json::Value>,
    /// Text: seeds are 64-bit and JSON readers' numbers often are not.
    seed: String,
    events: Vec<serde_json::Value>,
}

/// Only what says what the file is, read first: a newer file is refused for its format, not for a field
/// this build does not know.
#[derive(Deserialize)]
struct Label {
    kind: Option<String>,
    format: Option<u32>,
}

impl Api {
    /// The game as a file's text (JSON).
    /// A file holds the whole game, seed and secrets included, so it goes only to the host's machine at a
    /// seat shown everything; any other seat is refused plainly rather than sent a file it may not read.
    pub async fn export_game(&self, id: i64) -> Result<String, ApiError> {
        let (_, game) = self.load(id).await?;
        if !self.on_host() || !game.secrets(&self.seat_in(id)).is_empty() {
            return Err(ApiError::new(
                ErrorKind::Refused,
                format!(
                    "game {id}'s file holds the whole game, its seed and every secret: it is exported from the host's own screen, sitting as the referee"
                ),
            ));
        }
        let record = self.store().game(id).await?;
        let events = self
            .store()
            .events(id)
            .await?
            .into_iter()
            .map(|e| serde_json::from_str(&e.json))
            .collect::<Result<Vec<serde_json::Value>, _>>()
            .map_err(|e| ApiError::new(ErrorKind::Internal, format!("game {id}'s log does not read: {e}")))?;
        let file = GameFile {
            kind: KIND.into(),
            format: GAME_FILE_FORMAT,
            written_by: format!("Sandtable {}", env!("CARGO_PKG_VERSION")),
            name: record.name,
            system: record.system,
            scenario_path: record.scenario_path,
            scenario: record.scenario_toml,
            options: serde_json::from_str(&record.options_json)
                .map_err(|e| ApiError::new(ErrorKind::Internal, format!("game {id}'s options do not read: {e}")))?,
            seed: record.seed.to_string(),
            events,
        };
        serde_json::to_string_pretty(&file).map_err(|e| ApiError::new(ErrorKind::Internal, e.to_string()))
    }

    /// A game file read, checked by replaying it whole, and stored as a new game (in no campaign).
    pub async fn import_game(&self, text: String) -> Result<GameSummary, ApiError> {
        crate::game::limits::within("the game file", &text, MOST_FILE_BYTES)?;
        let file = read(&text)?;
        let refused = |why: String| ApiError::bad_input(format!("the game file {why}; nothing was imported"));
        let seed: u64 = file
            .seed
            .trim()
            .parse()
            .map_err(|_| refused(format!("has a seed {:?} that is not a whole number", file.seed)))?;
        let mut scenario = crate::scenario::parse_stored(&file.scenario_path, &file.scenario)
            .map_err(|e| refused(format!("holds a scenario this build does not accept ({e})")))?;
        if scenario.system() != file.system {
            return Err(refused(format!("says it is {} but its scenario is {}", file.system, scenario.system())));
        }
        scenario.set_options(&file.options).map_err(|e| refused(format!("has options that do not fit ({e})")))?;
        let events = file
            .events
            .iter()
            .enumerate()
            .map(|(i, e)| {
                serde_json::from_value::<Event>(e.clone())
                    .map_err(|err| refused(format!("has an entry {i} that does not read ({err})")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let source = scenario.source.clone();
        Game::replay(Arc::new(scenario), seed, events)
            .map_err(|e| refused(format!("does not replay in this build ({e})")))?;
        let new = NewGame {
            campaign_id: None,
            name: file.name,
            system: file.system,
            scenario_path: file.scenario_path,
            scenario_toml: source,
            options_json: serde_json::to_string(&file.options)
                .map_err(|e| ApiError::new(ErrorKind::Internal, e.to_string()))?,
            seed,
        };
        let logged: Vec<String> = file.events.iter().map(serde_json::Value::to_string).collect();
        Ok(self.store().create_game_with_events(new, &logged).await?.into())
    }
}

fn read(text: &str) -> Result<GameFile, ApiError> {
    let not_ours =
        |why: String| ApiError::bad_input(format!("this is not a Sandtable game file ({why}); nothing was imported"));
    let label: Label = serde_json::from_str(text).map_err(|e| not_ours(format!("it does not read as JSON: {e}")))?;
    match (label.kind.as_deref(), label.format) {
        (Some(KIND), Some(format)) if format > GAME_FILE_FORMAT => Err(ApiError::bad_input(format!(
            "this game file was written by a newer Sandtable (format {format}; this one reads up to format \
             {GAME_FILE_FORMAT}): update Sandtable to import it; nothing was imported"
        ))),
        (Some(KIND), Some(_)) => serde_json::from_str(text).map_err(|e| not_ours(format!("{e}"))),
        (Some(KIND), None) => Err(not_ours("it has no format".into())),
        _ => Err(not_ours(format!("it does not say \"kind\": \"{KIND}\""))),
    }
}
