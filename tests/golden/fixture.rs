//! One golden log file: a stored game exactly as the store keeps it, and the state it stood in.

use std::path::{Path, PathBuf};
use std::sync::Arc;

#[path = "../common/postgres.rs"]
mod postgres;

use sandtable::api::Api;
use sandtable::game::{Event, Game};
use sandtable::store::NewGame;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Fixture {
    #[serde(skip)]
    pub name: String,
    /// How the game was played, for a reader of the file.
    pub about: String,
    pub system: String,
    pub scenario_path: String,
    /// The scenario as stored with the game when it began: later edits of the shipped file do not
    /// reach a game already under way.
    pub scenario_toml: String,
    pub options_json: String,
    /// Decimal text, as the store keeps it.
    pub seed: String,
    /// Each event row's JSON, byte for byte as the store holds it.
    pub events: Vec<String>,
    /// `snapshot::of` the game when the log was recorded.
    pub state: Value,
}

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/logs")
}

impl Fixture {
    pub fn all() -> Vec<Fixture> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir())
            .expect("tests/golden/logs exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths.iter().map(|p| Fixture::read(p)).collect()
    }

    pub fn read(path: &Path) -> Fixture {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut fixture: Fixture = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        fixture.name = path.file_name().unwrap().to_string_lossy().into_owned();
        fixture
    }

    pub fn events(&self) -> Vec<Event> {
        self.events
            .iter()
            .map(|row| serde_json::from_str(row).unwrap_or_else(|e| panic!("{}: {e}", self.name)))
            .collect()
    }

    /// Writes the game into a fresh store and opens it as the app does: scenario from its stored text,
    /// stored options, events parsed from their rows, one replay.
    pub async fn open_through_the_store(&self) -> Arc<Game> {
        self.try_open_through_the_store().await.unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    /// As `open_through_the_store`, giving back the store's refusal of a log it cannot replay.
    pub async fn try_open_through_the_store(&self) -> Result<Arc<Game>, sandtable::api::ApiError> {
        let dir = tempfile::tempdir().unwrap();
        // On the suite's PostgreSQL pass, a database of the test server's: old games replay on both.
        let address = match postgres::new_database("golden").await {
            Some(address) => address,
            None => dir.path().join("golden.db").to_str().unwrap().to_string(),
        };
        let api = Api::open_address(&address).await.unwrap();
        let record = api
            .store()
            .create_game(NewGame {
                campaign_id: None,
                name: self.name.clone(),
                system: self.system.clone(),
                scenario_path: self.scenario_path.clone(),
                scenario_toml: self.scenario_toml.clone(),
                options_json: self.options_json.clone(),
                seed: self.seed.parse().unwrap(),
            })
            .await
            .unwrap();
        for (seq, row) in self.events.iter().enumerate() {
            api.store().append_event(record.id, seq as i64, row).await.unwrap();
        }
        api.load(record.id).await.map(|(_, game)| game)
    }
}
