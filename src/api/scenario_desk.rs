//! The scenario editor's commands: the player's scenario folder, a draft checked as it changes, saving,
//! sharing by file, and what a system offers an author (its kinds, sides' and units' own keys, options).

use std::path::PathBuf;

use serde::Serialize;

use super::scenario_draft::{DRAFT_FILE, ScenarioDraft, read_draft};
use super::{Api, ApiError, ErrorKind, OptionView, ScenarioSummary};
use crate::rules::{self, Forecast};
use crate::scenario::edit::{Edit, apply_edits};
use crate::scenario::library::{self, OWN_PREFIX};
use crate::scenario::{self, Scenario};

/// The setting naming the folder the player chose for their scenarios.
const FOLDER_SETTING: &str = "scenario_folder";
/// The environment's override of the default folder (tests, a shared drive), below the player's choice.
const FOLDER_ENV: &str = "SANDTABLE_SCENARIOS";

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioFolderView {
    pub path: String,
    /// Whether the player chose it (false: the default beside the database).
    pub chosen: bool,
}

/// What an author may put in a scenario of one system.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct EditorInfo {
    pub system: String,
    pub system_name: String,
    pub kinds: Vec<KindInfo>,
    /// Keys the system reads on each side and each unit, beyond the shared ones.
    pub side_keys: Vec<String>,
    pub unit_keys: Vec<String>,
    /// Terrain cover classes its shipped scenarios use (a scenario may name others its rules know).
    pub covers: Vec<String>,
    pub options: Vec<OptionView>,
    /// Every unit is this many figures, when the system fixes it.
    pub fixed_figures: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct KindInfo {
    pub id: String,
    pub name: String,
    pub notes: String,
    pub weapon: Option<String>,
}

impl Api {
    pub async fn scenario_folder(&self) -> Result<ScenarioFolderView, ApiError> {
        let (path, chosen) = self.own_folder().await?;
        Ok(ScenarioFolderView { path: path.display().to_string(), chosen })
    }

    /// Chooses the folder the player's scenarios are kept in, or with None goes back to the default.
    pub async fn set_scenario_folder(&self, path: Option<String>) -> Result<ScenarioFolderView, ApiError> {
        if !self.on_host() {
            return Err(ApiError::new(
                ErrorKind::Refused,
                "the scenario folder is a folder on the host's computer: only the host's machine may choose it",
            ));
        }
        let path = path.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
        if let Some(path) = &path {
            let folder = PathBuf::from(path);
            if !folder.is_absolute() {
                return Err(ApiError::bad_input(format!("{path:?} is not a full path; give the folder from the top")));
            }
            if folder.exists() && !folder.is_dir() {
                return Err(ApiError::bad_input(format!("{path} is a file, not a folder")));
            }
        }
        self.store().set_setting(FOLDER_SETTING, path.as_deref()).await?;
        self.scenario_folder().await
    }

    /// The folder and whether the player chose it.
    async fn own_folder(&self) -> Result<(PathBuf, bool), ApiError> {
        if let Some(chosen) = self.store().setting(FOLDER_SETTING).await? {
            return Ok((PathBuf::from(chosen), true));
        }
        let default = std::env::var_os(FOLDER_ENV).map(PathBuf::from).unwrap_or_else(|| self.own_scenarios_default());
        Ok((default, false))
    }

    /// What a game of `loaded` would keep from this device (a side's hidden units); the host's machine,
    /// where scenarios are written, is kept from nothing.
    fn scenario_secrets(&self, loaded: &Scenario) -> crate::rules::Secrets {
        if self.on_host() {
            return crate::rules::Secrets::default();
        }
        crate::game::Game::opening_secrets(loaded, &self.seat())
    }

    /// A scenario's summary as this device may read it: the units a game of it hides from a tablet's seat
    /// are left out, so a tablet at one side does not learn of the other's hidden bands from the list.
    pub(super) fn summary_seen(&self, name: String, loaded: &Scenario, own: bool) -> ScenarioSummary {
        let mut summary = ScenarioSummary::of(name, loaded, own);
        let secrets = self.scenario_secrets(loaded);
        summary.units.retain(|u| !secrets.counters.contains_key(&u.id));
        summary
    }

    /// The player's scenarios after the shipped ones; one that no longer loads is listed with why.
    pub(super) async fn own_summaries(&self) -> Result<Vec<ScenarioSummary>, ApiError> {
        let (folder, _) = self.own_folder().await?;
        Ok(library::own_scenarios(&folder)
            .into_iter()
            .map(|own| match own.loaded {
                Ok(loaded) => self.summary_seen(own.name, &loaded, true),
                Err(error) => ScenarioSummary::broken(own.name, error.to_string()),
            })
            .collect())
    }

    /// A scenario by the name the list gives: shipped (`<system>/<file>`) or the player's (`yours/<file>`).
    pub async fn scenario_named(&self, name: &str) -> Result<Scenario, ApiError> {
        if name.starts_with(OWN_PREFIX) {
            let (folder, _) = self.own_folder().await?;
            let own = library::read_own(&folder, name)
                .ok_or_else(|| ApiError::not_found(format!("no scenario {name:?} in {}", folder.display())))?;
            return Ok(own.loaded?);
        }
        let shipped =
            scenario::find_shipped(name).ok_or_else(|| ApiError::not_found(format!("no scenario {name:?}")))?;
        Ok(shipped.load()?)
    }

    /// A scenario by its listed name with the table's choice of rulings set.
    pub(super) async fn scenario_with(
        &self,
        name: &str,
        options: Option<std::collections::BTreeMap<String, bool>>,
    ) -> Result<Scenario, ApiError> {
        let mut loaded = self.scenario_named(name).await?;
        if let Some(options) = options {
            let values = options.into_iter().map(|(k, v)| (k, serde_json::Value::Bool(v))).collect();
            loaded.set_options(&values).map_err(ApiError::bad_input)?;
        }
        Ok(loaded)
    }

    /// A scenario's text, to edit a copy of it (a shipped one is never changed) or to share it. Its whole
    /// text names every hidden unit, so a tablet whose seat a game of it would keep any from is refused it.
    pub async fn scenario_text(&self, name: String) -> Result<String, ApiError> {
        // A file that no longer loads is shown so it can be mended: no game of it has anything to hide.
        if let Ok(loaded) = self.scenario_named(&name).await
            && !self.scenario_secrets(&loaded).counters.is_empty()
        {
            return Err(ApiError::new(
                ErrorKind::Refused,
                format!("{name} hides units from this device's seat: open it on the host's machine"),
            ));
        }
        if name.starts_with(OWN_PREFIX) {
            let (folder, _) = self.own_folder().await?;
            let own = library::read_own(&folder, &name)
                .ok_or_else(|| ApiError::not_found(format!("no scenario {name:?} in {}", folder.display())))?;
            return std::fs::read_to_string(&own.path)
                .map_err(|e| ApiError::new(ErrorKind::Internal, format!("cannot read {}: {e}", own.path.display())));
        }
        scenario::find_shipped(&name)
            .map(|s| s.source.to_string())
            .ok_or_else(|| ApiError::not_found(format!("no scenario {name:?}")))
    }

    pub async fn blank_scenario(&self, system: String) -> Result<ScenarioDraft, ApiError> {
        Ok(read_draft(library::blank_scenario(&system).map_err(ApiError::bad_input)?))
    }

    pub async fn check_scenario(&self, text: String) -> Result<ScenarioDraft, ApiError> {
        within_bounds(&text)?;
        Ok(read_draft(text))
    }

    /// The draft with the editor's changes made; a change that cannot be made changes nothing.
    pub async fn edit_scenario(&self, text: String, edits: Vec<Edit>) -> Result<ScenarioDraft, ApiError> {
        within_bounds(&text)?;
        let changed = apply_edits(&text, &edits).map_err(ApiError::bad_input)?;
        within_bounds(&changed)?;
        Ok(read_draft(changed))
    }

    /// Saves a scenario that loads into the player's folder as `<file>.toml` (from its title when no file
    /// is named). An existing file is replaced only when `replace` says so.
    pub async fn save_scenario(
        &self,
        text: String,
        file: Option<String>,
        replace: bool,
    ) -> Result<ScenarioSummary, ApiError> {
        within_bounds(&text)?;
        let loaded = scenario::parse(DRAFT_FILE, &text)?;
        let stem = file.as_deref().map(|f| f.strip_prefix(OWN_PREFIX).unwrap_or(f)).unwrap_or(&loaded.title);
        let stem = stem.strip_suffix(".toml").unwrap_or(stem);
        let (folder, _) = self.own_folder().await?;
        let path = library::save_own(&folder, stem, &text, replace).map_err(|why| {
            let kind = if why.contains("already exists") { ErrorKind::Conflict } else { ErrorKind::Internal };
            ApiError::new(kind, why)
        })?;
        let name = format!("{OWN_PREFIX}{}", path.file_stem().unwrap_or_default().to_string_lossy());
        Ok(ScenarioSummary::of(name, &loaded, true))
    }

    /// A scenario file a friend shared: checked whole, then saved beside the player's own under its file
    /// name; a file that does not load, or whose name is taken, is refused and nothing is written.
    pub async fn import_scenario(&self, file_name: String, text: String) -> Result<ScenarioSummary, ApiError> {
        within_bounds(&text)?;
        scenario::parse(&file_name, &text)?;
        let stem = std::path::Path::new(&file_name).file_stem().map(|s| s.to_string_lossy().into_owned());
        self.save_scenario(text, stem, false).await
    }

    pub async fn scenario_editor_info(&self, system: String) -> Result<EditorInfo, ApiError> {
        let registration = rules::system(&system).ok_or_else(|| {
            ApiError::bad_input(format!("unknown rule system {system:?}; known: {}", rules::known_ids().join(", ")))
        })?;
        let ruleset = registration.ruleset();
        let kinds = ruleset
            .kind_ids()
            .into_iter()
            .map(|id| {
                let profile = ruleset.kind(id).expect("listed");
                KindInfo {
                    id: id.to_string(),
                    name: profile.name.clone(),
                    notes: profile.notes.clone(),
                    weapon: registration.weapon_of(id).map(|w| match &w.reach {
                        Some(reach) => format!("{}, {reach}", w.name),
                        None => format!("{}, {}\"", w.name, w.range),
                    }),
                }
            })
            .collect();
        let mut covers: Vec<String> = Vec::new();
        for shipped in registration.scenarios() {
            if let Ok(loaded) = shipped.load() {
                for area in &loaded.terrain {
                    if !covers.contains(&area.cover) {
                        covers.push(area.cover.clone());
                    }
                }
            }
        }
        let own = registration.own_keys();
        let options = ruleset
            .option_defaults()
            .into_iter()
            .filter_map(|(name, value)| {
                let on = value.as_bool()?;
                Some(OptionView { note: ruleset.option_note(&name).to_string(), name, on, default: on })
            })
            .collect();
        Ok(EditorInfo {
            system: system.clone(),
            system_name: ruleset.name.clone(),
            kinds,
            side_keys: own.sides.iter().map(|k| k.to_string()).collect(),
            unit_keys: own.units.iter().map(|k| k.to_string()).collect(),
            covers,
            options,
            fixed_figures: registration.fixed_figures(),
        })
    }

    /// For a system the engine plays to the end by itself: the scenario played out many times from its
    /// start, each result's share. Refused, saying so, for a system it cannot.
    pub async fn scenario_balance(&self, text: String, games: Option<u32>) -> Result<Forecast, ApiError> {
        within_bounds(&text)?;
        let loaded = scenario::parse(DRAFT_FILE, &text)?;
        let game = crate::game::Game::new(std::sync::Arc::new(loaded), 1);
        self.forecast_of(std::sync::Arc::new(game), games).await
    }
}

fn within_bounds(text: &str) -> Result<(), ApiError> {
    crate::game::limits::within("the scenario", text, scenario::bounds::MAX_FILE_BYTES)?;
    Ok(())
}
