//! One Tauri command per row of docs/commands.md. Each is a thin call into `sandtable::api::Api`,
//! which `sandtable serve` shares, so the window and a browser see the same engine and the same errors.
//! Argument names are part of the IPC contract: Tauri takes them in camelCase (all are one word here).

use sandtable::api::{Api, ApiError, CampaignView, GameSummary, GameView, Measurement, ScenarioSummary, TemplateView};
use sandtable::game::Action;
use sandtable::measure::Pt;
use sandtable::odds::OddsView;
use tauri::State;

/// The app's managed state: the engine, or why the campaign database could not be opened. Keeping the
/// error (instead of refusing to start) lets the window open and show it, since every command returns it.
pub struct Engine {
    api: Result<Api, ApiError>,
}

impl Engine {
    pub fn new(api: Result<Api, ApiError>) -> Engine {
        Engine { api }
    }

    fn api(&self) -> Result<&Api, ApiError> {
        self.api.as_ref().map_err(Clone::clone)
    }
}

/// The scenarios shipped with the app.
#[tauri::command]
#[specta::specta]
pub async fn list_scenarios(engine: State<'_, Engine>) -> Result<Vec<ScenarioSummary>, ApiError> {
    engine.api()?.list_scenarios().await
}

/// Every campaign in the database.
#[tauri::command]
#[specta::specta]
pub async fn list_campaigns(engine: State<'_, Engine>) -> Result<Vec<CampaignView>, ApiError> {
    engine.api()?.list_campaigns().await
}

/// Creates a campaign with this name.
#[tauri::command]
#[specta::specta]
pub async fn create_campaign(engine: State<'_, Engine>, name: String) -> Result<CampaignView, ApiError> {
    engine.api()?.create_campaign(name).await
}

/// The games of one campaign, or every game when `campaign` is null.
#[tauri::command]
#[specta::specta]
pub async fn list_games(engine: State<'_, Engine>, campaign: Option<i64>) -> Result<Vec<GameSummary>, ApiError> {
    engine.api()?.list_games(campaign).await
}

/// Starts a game from a shipped scenario; `seed` is a whole number as text, or null for a random one;
/// `options` sets the ruleset's named rulings for this game (others keep the scenario's values).
#[tauri::command]
#[specta::specta]
pub async fn new_game(
    engine: State<'_, Engine>,
    scenario: String,
    seed: Option<String>,
    campaign: Option<i64>,
    options: Option<std::collections::BTreeMap<String, bool>>,
) -> Result<GameView, ApiError> {
    engine.api()?.new_game(scenario, seed, campaign, options).await
}

/// The game as it stands, folded from its log.
#[tauri::command]
#[specta::specta]
pub async fn game_view(engine: State<'_, Engine>, id: i64) -> Result<GameView, ApiError> {
    engine.api()?.game_view(id).await
}

/// Applies an action (committed to the log before it is shown) and returns the game after it.
#[tauri::command]
#[specta::specta]
pub async fn game_act(engine: State<'_, Engine>, id: i64, action: Action) -> Result<GameView, ApiError> {
    engine.api()?.game_act(id, action).await
}

/// The exact odds of an action's outcome; nothing is applied or recorded.
#[tauri::command]
#[specta::specta]
pub async fn game_odds(engine: State<'_, Engine>, id: i64, action: Action) -> Result<OddsView, ApiError> {
    engine.api()?.game_odds(id, action).await
}

/// The distance and line between two units (by unit id).
#[tauri::command]
#[specta::specta]
pub async fn measure(engine: State<'_, Engine>, id: i64, from: String, to: String) -> Result<Measurement, ApiError> {
    engine.api()?.measure(id, from, to).await
}

/// Every figure of either side under a circular template (inches), a figure on the edge included.
#[tauri::command]
#[specta::specta]
pub async fn template(engine: State<'_, Engine>, id: i64, center: Pt, radius: f64) -> Result<TemplateView, ApiError> {
    engine.api()?.template(id, center, radius).await
}
