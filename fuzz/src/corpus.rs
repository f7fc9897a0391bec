//! The seeds every target grows its inputs from, found rather than listed: the scenarios each registered
//! rule system ships, and the golden logs (games recorded once, in `tests/golden/logs/`), whose actions
//! are real ones a table took and whose prefixes are states a fresh game takes many actions to reach.
//! A new system is fuzzed as soon as it is registered and ships a scenario.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use sandtable::game::{Event, Game};
use sandtable::scenario::{Scenario, parse_stored, shipped_scenarios};
use serde_json::Value;

use crate::offers::offered_actions;

/// A scenario's text as a player could hand it to the loader.
pub struct ScenarioText {
    pub name: String,
    pub source: String,
}

/// A game to act on: fresh from a shipped scenario, or a golden log replayed part way.
pub struct BaseGame {
    pub name: String,
    pub game: Game,
    /// The action the log took next from here, when it was recorded from a log: a good action for
    /// exactly this state, the likeliest of all to be accepted and carry a case deeper.
    pub next: Option<Value>,
    /// What the game offers from here (`offers::offered_actions`).
    pub offered: Vec<Value>,
}

/// A recorded game, as the store keeps it.
struct GoldenLog {
    name: String,
    scenario: Arc<Scenario>,
    seed: u64,
    events: Vec<Event>,
    /// Each event's action as the table sent it.
    actions: Vec<Value>,
}

pub fn scenario_texts() -> &'static [ScenarioText] {
    static TEXTS: OnceLock<Vec<ScenarioText>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let shipped = shipped_scenarios()
            .map(|s| ScenarioText { name: format!("scenarios/{}", s.path), source: s.source.to_string() });
        let recorded = golden_logs()
            .iter()
            .map(|log| ScenarioText { name: format!("{} (stored)", log.name), source: log.scenario.source.clone() });
        shipped.chain(recorded).collect()
    })
}

/// Every base game: each shipped scenario fresh, and each golden log at every tenth of its length.
pub fn base_games() -> &'static [BaseGame] {
    static GAMES: OnceLock<Vec<BaseGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut games = Vec::new();
        for shipped in shipped_scenarios() {
            let scenario = shipped.load().unwrap_or_else(|e| panic!("a shipped scenario does not load: {e}"));
            let game = Game::new(Arc::new(scenario), 1);
            games.push(BaseGame { name: shipped.path.to_string(), offered: offered_actions(&game), game, next: None });
        }
        for log in golden_logs() {
            let n = log.events.len();
            let mut prefixes: Vec<usize> = (0..=10).map(|tenth| tenth * n / 10).collect();
            prefixes.dedup();
            for k in prefixes {
                let game = Game::replay(log.scenario.clone(), log.seed, log.events[..k].to_vec())
                    .unwrap_or_else(|e| panic!("{} does not replay to event {k}: {e}", log.name));
                let (name, next, offered) =
                    (format!("{}@{k}", log.name), log.actions.get(k).cloned(), offered_actions(&game));
                games.push(BaseGame { name, game, next, offered });
            }
        }
        games
    })
}

/// Every action each system's golden logs took, as JSON, by system id; the raw material of the action
/// target's templates.
pub fn logged_actions() -> &'static BTreeMap<&'static str, Vec<Value>> {
    static ACTIONS: OnceLock<BTreeMap<&'static str, Vec<Value>>> = OnceLock::new();
    ACTIONS.get_or_init(|| {
        let mut by_system: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
        for log in golden_logs() {
            let list = by_system.entry(log.scenario.system()).or_default();
            for action in &log.actions {
                if !list.contains(action) {
                    list.push(action.clone());
                }
            }
        }
        by_system
    })
}

fn golden_logs() -> &'static [GoldenLog] {
    static LOGS: OnceLock<Vec<GoldenLog>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/logs");
        // Without the repository beside the binary there are no logs; the shipped scenarios still serve.
        let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths.iter().map(|p| read_log(p)).collect()
    })
}

fn read_log(path: &Path) -> GoldenLog {
    let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let fail = |what: &str| -> ! { panic!("golden log {name}: {what}") };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&e.to_string()));
    let file: Value = serde_json::from_str(&text).unwrap_or_else(|e| fail(&e.to_string()));
    let field = |key: &str| file[key].as_str().unwrap_or_else(|| fail(&format!("no `{key}`")));
    let mut scenario =
        parse_stored(field("scenario_path"), field("scenario_toml")).unwrap_or_else(|e| fail(&e.to_string()));
    let options: BTreeMap<String, Value> =
        serde_json::from_str(field("options_json")).unwrap_or_else(|e| fail(&e.to_string()));
    scenario.set_options(&options).unwrap_or_else(|e| fail(&e));
    let seed = field("seed").parse().unwrap_or_else(|_| fail("a seed that is not a number"));
    let rows = file["events"].as_array().unwrap_or_else(|| fail("no `events`"));
    let events: Vec<Event> = rows
        .iter()
        .map(|row| serde_json::from_str(row.as_str().unwrap_or_default()).unwrap_or_else(|e| fail(&e.to_string())))
        .collect();
    let actions =
        events.iter().map(|e| serde_json::to_value(&e.action).unwrap_or_else(|e| fail(&e.to_string()))).collect();
    GoldenLog { name, scenario: Arc::new(scenario), seed, events, actions }
}
