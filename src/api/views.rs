//! What the UI is shown: flat, serialisable pictures of the engine's state. Built fresh for each reply so
//! the engine's own types stay free to change.

use serde::{Deserialize, Serialize};

use crate::game::{Allowance, Game, GameError, GameState, LogEntry};
use crate::measure::{Pt, Table};
use crate::roster::{Flag, Role, Unit};
use crate::rules::{Drawing, MapMarks, Marker, Offer, PlacementView, Prompt, Seat, SystemPart, UnitReport, Weapon};
use crate::scenario::Scenario;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioSummary {
    /// What `new_game` takes: `<system>/<file>.toml` for a shipped scenario, `yours/<file>` for the player's.
    pub path: String,
    /// One of the player's own (in their scenario folder), not shipped.
    pub own: bool,
    /// Why one of the player's files does not load (edited by hand since); None when it loads.
    pub problem: Option<String>,
    pub system: String,
    pub system_name: String,
    pub title: String,
    pub description: String,
    /// The scenario's options as it sets them; `new_game` may change them.
    pub options: Vec<OptionView>,
    /// Its units as it sets them out: what a campaign's roster units may be carried in as.
    pub units: Vec<ScenarioUnit>,
    /// Where every unit of its system is one size, that size: no unit can carry figures into it.
    pub fixed_figures: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioUnit {
    pub id: String,
    pub name: String,
    pub side: String,
    pub side_name: String,
    pub figures: u32,
}

impl ScenarioSummary {
    pub fn of(path: String, loaded: &crate::scenario::Scenario, own: bool) -> ScenarioSummary {
        ScenarioSummary {
            path,
            own,
            problem: None,
            system: loaded.system().to_string(),
            system_name: loaded.ruleset.name.clone(),
            title: loaded.title.clone(),
            description: loaded.description.clone(),
            options: OptionView::list(loaded),
            units: loaded
                .units
                .iter()
                .map(|u| ScenarioUnit {
                    id: u.id.clone(),
                    name: u.name.clone(),
                    side: u.side.clone(),
                    side_name: loaded
                        .sides
                        .iter()
                        .find(|s| s.id == u.side)
                        .map_or_else(String::new, |s| s.name.clone()),
                    figures: u.figures.len() as u32,
                })
                .collect(),
            fixed_figures: crate::rules::system(loaded.system()).and_then(|s| s.fixed_figures()),
        }
    }

    /// One of the player's files that does not load, listed so it can be opened and put right.
    pub fn broken(path: String, problem: String) -> ScenarioSummary {
        let title = path.rsplit('/').next().unwrap_or(&path).to_string();
        ScenarioSummary {
            path,
            own: true,
            problem: Some(problem),
            system: String::new(),
            system_name: String::new(),
            title,
            description: String::new(),
            options: Vec::new(),
            units: Vec::new(),
            fixed_figures: None,
        }
    }
}

/// A named ruling a table may play either way (RULINGS.md), with its value in this game or scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OptionView {
    pub name: String,
    pub on: bool,
    /// The ruleset's default.
    pub default: bool,
    pub note: String,
}

impl OptionView {
    pub fn list(scenario: &crate::scenario::Scenario) -> Vec<OptionView> {
        let defaults = scenario.ruleset.option_defaults();
        scenario
            .options
            .iter()
            .map(|(name, value)| OptionView {
                name: name.clone(),
                on: value.as_bool().unwrap_or(false),
                default: defaults.get(name).and_then(serde_json::Value::as_bool).unwrap_or(false),
                note: scenario.ruleset.option_note(name).to_string(),
            })
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CampaignView {
    pub id: i64,
    pub name: String,
    pub notes: String,
    pub created_at: String,
    pub game_count: i64,
    /// Put away: off the campaigns list (`list_archived` lists it), its games kept.
    pub archived: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GameSummary {
    pub id: i64,
    pub campaign_id: Option<i64>,
    pub name: String,
    pub system: String,
    /// The rule system's name, as the game screen's header shows it.
    pub system_name: String,
    /// The scenario's own title; `name` starts as it and may be changed.
    pub scenario_title: String,
    pub scenario_path: String,
    /// A string because seeds are 64-bit and JavaScript numbers are not. Only the referee's seat on the
    /// host's machine is sent it: from the seed, the app's every die and the secrets dealt at the start
    /// could be worked out.
    pub seed: Option<String>,
    pub created_at: String,
    pub event_count: i64,
    /// Put away: off the games list (`list_archived` lists it), kept whole.
    pub archived: bool,
}

/// What has been put away, to be brought back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ArchivedView {
    pub campaigns: Vec<CampaignView>,
    pub games: Vec<GameSummary>,
}

/// How many of the newest log entries a game view carries.
pub const LOG_WINDOW: usize = 12;

/// The game as the UI shows it. Every system fills the same fields (where the turn stands, what is owed,
/// the rolls due now, what each unit may do); `rules` is the system's own part, tagged with its id.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GameView {
    pub id: i64,
    pub name: String,
    pub system: String,
    pub system_name: String,
    pub scenario_title: String,
    /// The game's seed, for the host's machine at a seat shown everything; none to any other seat, since
    /// the seed tells every die the app will throw and every secret dealt at the start.
    pub seed: Option<String>,
    pub turn: u32,
    pub table: Table,
    pub terrain: Vec<TerrainView>,
    /// What the system draws of its own table beside the terrain (a board's ground, a map's zones and
    /// what each holds), as this seat may see it.
    pub map_marks: MapMarks,
    pub sides: Vec<SideView>,
    pub units: Vec<UnitView>,
    /// The newest `LOG_WINDOW` entries, newest last; `game_log` pages back through the rest. So an action's
    /// answer stays the same size however long the game has run.
    pub log: Vec<LogEntry>,
    /// Entries in the whole log.
    pub log_total: u32,
    pub can_undo: bool,
    pub can_redo: bool,
    pub cards_remaining: u32,
    pub last_card: Option<String>,
    /// The rulings this game is played with, fixed when it was created.
    pub options: Vec<OptionView>,
    /// Where the turn stands, in one line: "Phase C: First side fires (Allies)".
    pub headline: String,
    /// What must happen before the turn (or its phase, or the activation) may move on.
    pub owed: Vec<String>,
    /// More about the turn beside the headline, a line each.
    pub status: Vec<String>,
    /// Rolls due now (tests, melees, drownings), each with the dice to roll or type.
    pub prompts: Vec<Prompt>,
    /// The actions that move the turn on (an initiative, ending a phase), each open or barred with why.
    pub offers: Vec<Offer>,
    /// Rule numbers the table view draws with.
    pub drawing: Drawing,
    /// The status markers this game's units can carry, which a unit card lets a player set by hand.
    pub markers: Vec<Marker>,
    /// The rule system's own part: its turn bar's state.
    pub rules: SystemPart,
    /// Whether one seat at this game is shown less than another (hidden counters, an umpire's count), so
    /// a device's choice of seat matters.
    pub keeps_secrets: bool,
    /// Names this view exactly (`SentView`): a change (`ViewChange`) says which version it applies to, so
    /// a device holding another asks for the whole view. Empty in a view not yet sent.
    #[serde(default)]
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TerrainView {
    pub name: String,
    pub cover: String,
    pub points: Vec<Pt>,
    /// A river's downstream direction.
    pub flow: Option<Pt>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SideView {
    pub id: String,
    pub name: String,
    pub colour: String,
    /// Where the scenario lets the side set out its units (the outline's corners), when it says.
    pub deployment: Option<Vec<Pt>>,
    /// The edge the side came in from.
    pub edge: crate::measure::Edge,
}

impl SideView {
    pub fn of(side: &crate::roster::Side) -> SideView {
        SideView {
            id: side.id.clone(),
            name: side.name.clone(),
            colour: side.colour.clone(),
            deployment: side.deployment.as_ref().map(|d| d.vertices().to_vec()),
            edge: side.edge,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct UnitView {
    pub id: String,
    pub name: String,
    pub side: String,
    pub kind: String,
    pub kind_name: String,
    pub facing: f64,
    pub flags: Vec<Flag>,
    pub figures: Vec<FigureView>,
    pub alive: u32,
    pub total: u32,
    pub out: bool,
    pub leader_alive: bool,
    pub weapon: Option<Weapon>,
    /// Movement rolls the unit may choose from, default first.
    pub move_choices: Vec<String>,
    pub allowance: Option<Allowance>,
    /// Whether its figures may be placed by hand now, and within what (the ring drawn while arranging).
    pub placement: PlacementView,
    /// What the rule system says of it now: its offers, notes, carrier, concealment, move note, path rule.
    #[serde(flatten)]
    pub rules: UnitReport,
    /// Shown to this seat only as a counter (its place and side): what it is stays the other side's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub masked: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FigureView {
    pub id: u32,
    pub role: Role,
    pub pos: Pt,
    pub alive: bool,
}

impl GameView {
    /// The game whole, as the referee sees it.
    pub fn of(id: i64, name: &str, game: &Game) -> GameView {
        GameView::seen(id, name, game, &Seat::Referee)
    }

    /// The game as `seat` may see it: what its rules keep from that seat is not in the view at all.
    pub fn seen(id: i64, name: &str, game: &Game, seat: &Seat) -> GameView {
        GameView::whole(id, name, game, seat).without(&game.secrets(seat), seat)
    }

    fn whole(id: i64, name: &str, game: &Game, seat: &Seat) -> GameView {
        let scenario = game.scenario();
        let state = game.state();
        let ruleset = &scenario.ruleset;
        let mut report = scenario.rules.report(scenario, state, seat);
        let units = state
            .units
            .iter()
            .map(|u| {
                let kind = ruleset.kind(&u.kind);
                let rules = report.units.remove(&u.id).unwrap_or_default();
                UnitView {
                    id: u.id.clone(),
                    name: u.name.clone(),
                    side: u.side.clone(),
                    kind: u.kind.clone(),
                    kind_name: kind.map(|k| k.name.clone()).unwrap_or_default(),
                    facing: u.facing,
                    flags: u.flags.iter().cloned().collect(),
                    figures: u
                        .figures
                        .iter()
                        .map(|f| FigureView { id: f.id, role: f.role, pos: f.pos, alive: f.alive })
                        .collect(),
                    alive: u.alive_count(),
                    total: u.figures.len() as u32,
                    out: u.is_out(),
                    leader_alive: u.leader().is_some(),
                    weapon: scenario.rules.weapon(&u.kind).cloned(),
                    move_choices: kind
                        .map(|k| k.movement_choices().iter().map(ToString::to_string).collect())
                        .unwrap_or_default(),
                    allowance: state.allowances.get(&u.id).cloned().or_else(|| fixed_allowance(&rules)),
                    placement: placement_of(scenario, state, u),
                    rules,
                    masked: false,
                }
            })
            .collect();
        GameView {
            id,
            name: name.to_string(),
            system: scenario.system().to_string(),
            system_name: ruleset.name.clone(),
            scenario_title: scenario.title.clone(),
            seed: Some(game.seed().to_string()),
            turn: state.turn,
            table: scenario.table,
            terrain: scenario
                .terrain
                .iter()
                .map(|t| TerrainView {
                    name: t.name.clone(),
                    cover: t.cover.clone(),
                    points: t.polygon.vertices().to_vec(),
                    flow: t.flow,
                })
                .collect(),
            map_marks: scenario.rules.map_marks(scenario, state, seat),
            sides: scenario.sides.iter().map(SideView::of).collect(),
            units,
            log: game.log_page(None, LOG_WINDOW),
            log_total: game.events().len() as u32,
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            cards_remaining: state.deck.remaining() as u32,
            last_card: state.last_card.map(|c| c.to_string()),
            options: OptionView::list(scenario),
            headline: report.headline,
            owed: report.owed,
            status: report.status,
            prompts: report.prompts,
            offers: report.offers,
            drawing: report.drawing,
            markers: scenario.rules.markers().to_vec(),
            rules: report.own,
            keeps_secrets: scenario.rules.keeps_secrets(scenario, state),
            version: String::new(),
        }
    }
}

/// What the unit's rule system says of placing its figures now, a refusal read as the reason it may not.
fn placement_of(scenario: &Scenario, state: &GameState, unit: &Unit) -> PlacementView {
    if unit.is_out() {
        return PlacementView::barred(format!("{} is out of the game", unit.name), String::new());
    }
    match scenario.rules.placement(scenario, state, unit) {
        Ok(p) => PlacementView::allowed(p),
        Err(GameError::Refused(r)) => PlacementView::barred(r.message, r.rule.unwrap_or_default()),
        Err(other) => PlacementView::barred(other.to_string(), String::new()),
    }
}

/// A fixed move offered as an allowance with nothing rolled, so the table's move tool serves it too.
fn fixed_allowance(rules: &UnitReport) -> Option<Allowance> {
    rules.fixed_move.map(|inches| Allowance {
        expr: format!("{inches}\""),
        faces: Vec::new(),
        total: inches.round() as i64,
        left: inches,
    })
}
