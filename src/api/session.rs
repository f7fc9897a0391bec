use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use tokio::sync::Mutex;

mod elsewhere;
mod together;

use super::live::{Live, LiveEntry};
use super::seen::FromSeat;
use super::{
    ApiError, CampaignView, ErrorKind, GameSummary, GameView, Measurement, ScenarioSummary, SentView, TemplateView,
    ViewChange,
};
use crate::game::{Action, DiceCheck, Event, Game, GameError, LogEntry};
use crate::measure::Pt;
use crate::odds::OddsView;
use crate::rules::{FORECAST_GAMES, Forecast, Seat};

/// How long a forecast may play before it answers with the games played so far: well inside the 10 s a
/// device waits over HTTP.
const FORECAST_TIME: std::time::Duration = std::time::Duration::from_secs(5);
use crate::scenario::{self, Scenario};
use crate::store::{GameRecord, NewGame, Store, StoreError};

/// The engine as the app sees it: the campaign store plus the games in play, kept folded in memory
/// and checked against the store's event count so another process's writes are picked up.
pub struct Api {
    store: Store,
    /// Where armies built in the app are saved: `armies/` beside the database.
    armies_dir: std::path::PathBuf,
    /// Where the player's scenarios are kept unless they choose another folder: `scenarios/` beside it.
    own_scenarios_default: std::path::PathBuf,
    games: Mutex<HashMap<i64, Arc<Game>>>,
    /// Each game's record as last read whole; its changing parts are read afresh each time (`load`).
    records: std::sync::Mutex<HashMap<i64, GameRecord>>,
    /// One lock per game: actions on one game queue (a double tap on a tablet waits its turn instead of
    /// conflicting), and actions on different games do not wait for each other.
    acting: Mutex<HashMap<i64, Arc<Turn>>>,
    live: Live,
    /// The view each seat of each game was last sent, the base of its next change.
    pub(super) sent: super::sent::SentViews,
    /// The seat the app's own window sits at (`choose_seat`); a device on the LAN brings its own.
    pub(super) host_seat: std::sync::RwLock<crate::rules::Seat>,
    /// Photos of the real table opened for measuring.
    pub(super) photos: std::sync::Mutex<super::photo::PhotoShelf>,
}

/// One game's turn to be acted on: actions on one game queue on `lock` (a double tap on a tablet waits its
/// turn instead of conflicting); `back` wakes the readers waiting for the game to be back in memory.
#[derive(Default)]
pub(super) struct Turn {
    lock: Mutex<()>,
    back: tokio::sync::Notify,
    /// The actions waiting for `lock`: whichever takes it serves all of them, stored in one write
    /// (`together.rs`), so devices acting at once wait for one commit rather than one each.
    asks: std::sync::Mutex<Vec<together::Ask>>,
}

/// Lets the readers go when an action ends, whichever way.
struct Back<'a>(&'a Turn);

impl Drop for Back<'_> {
    fn drop(&mut self) {
        self.0.back.notify_waiters();
    }
}

impl Api {
    pub async fn open(db: &Path) -> Result<Api, ApiError> {
        Ok(Api::over(Store::open(db).await?, db.parent().unwrap_or(Path::new("."))))
    }

    /// Opens the store at `address`: a SQLite file's path, or a PostgreSQL server's `postgres://…` (a club's,
    /// which several servers may share), whose armies and scenario folders are the platform's data folder's.
    pub async fn open_address(address: &str) -> Result<Api, ApiError> {
        if !crate::store::is_postgres(address) {
            return Api::open(Path::new(crate::store::sqlite_path(address))).await;
        }
        let data = Store::default_path();
        Ok(Api::over(Store::open_address(address).await?, data.parent().unwrap_or(Path::new("."))))
    }

    pub(super) fn over(store: Store, beside: &Path) -> Api {
        Api {
            store,
            armies_dir: beside.join("armies"),
            own_scenarios_default: beside.join("scenarios"),
            games: Mutex::new(HashMap::new()),
            records: Default::default(),
            acting: Mutex::new(HashMap::new()),
            live: Live::default(),
            sent: Default::default(),
            host_seat: Default::default(),
            photos: Default::default(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Every game's new entries, as this process records them.
    pub fn watch(&self) -> tokio::sync::broadcast::Receiver<LiveEntry> {
        self.live.watch()
    }

    /// The entries after `after` (a `seq`; all when None), oldest first, as `seat` may read them: what a
    /// device that lost the connection missed.
    /// The log's length now comes with them.
    pub async fn game_log_after(
        &self,
        id: i64,
        after: Option<u32>,
        seat: &Seat,
    ) -> Result<(Vec<LogEntry>, u32), ApiError> {
        let (_, game) = self.settled(id).await?;
        let total = game.events().len();
        let missed = after.map_or(total, |seq| total.saturating_sub(seq as usize + 1));
        let secrets = game.secrets(seat);
        Ok((game.log_page(None, missed).into_iter().map(|e| secrets.entry(e)).collect(), total as u32))
    }

    /// A new entry heard live, as the asking seat may read it, with the game's view for the seat as it now
    /// stands and what makes it of `before`, the view this seat's stream sent last.
    pub async fn heard(
        &self,
        id: i64,
        entry: LogEntry,
        before: Option<&Arc<SentView>>,
    ) -> Result<(LogEntry, Arc<SentView>, Option<Arc<ViewChange>>), ApiError> {
        // Devices acting at once have their entries stored in one turn, and the first of them heard brings
        // the view past them all: the rest change nothing this stream sent, and are worded from memory.
        if let Some(before) = before.filter(|b| entry.seq < b.view.log_total)
            && let Some(game) = self.games.lock().await.get(&id).cloned()
            && game.events().len() >= before.view.log_total as usize
        {
            let entry = game.secrets(&self.seat_in(id)).entry(entry);
            return Ok((entry, before.clone(), Some(Arc::new(ViewChange::between(before, before)))));
        }
        let (record, game) = self.settled(id).await?;
        let entry = game.secrets(&self.seat_in(id)).entry(entry);
        let now = self.sent_seen(id, &record.name, &game);
        let change = before.map(|before| self.change_seen(id, before, &now));
        Ok((entry, now, change))
    }

    /// The game as it stands, for a reader: when an action has it out of memory, the reader waits for it to
    /// be put back rather than replay the whole log from the store (which, with devices acting in turn,
    /// would be most of the time).
    async fn settled(&self, id: i64) -> Result<(GameRecord, Arc<Game>), ApiError> {
        let turn = self.acting.lock().await.get(&id).cloned();
        if let Some(turn) = turn {
            let back = turn.back.notified();
            tokio::pin!(back);
            back.as_mut().enable();
            let out = !self.games.lock().await.contains_key(&id) && turn.lock.try_lock().is_err();
            if out {
                // Bounded: an action stuck on the store must not hold its readers.
                let _ = tokio::time::timeout(std::time::Duration::from_millis(200), back).await;
            }
        }
        self.load(id).await
    }

    /// The seat the current command is answered for, and what it may not see of `game`.
    fn seen_in(&self, id: i64, game: &Game) -> (Seat, crate::rules::Secrets) {
        let seat = self.seat_in(id);
        let secrets = game.secrets(&seat);
        (seat, secrets)
    }

    /// Where armies built in the app are saved.
    pub fn armies_dir(&self) -> &Path {
        &self.armies_dir
    }

    pub(super) fn own_scenarios_default(&self) -> std::path::PathBuf {
        self.own_scenarios_default.clone()
    }

    /// The shipped scenarios, then the player's own.
    pub async fn list_scenarios(&self) -> Result<Vec<ScenarioSummary>, ApiError> {
        let mut list = scenario::shipped_scenarios()
            .map(|s| Ok(self.summary_seen(s.path.to_string(), &s.load()?, false)))
            .collect::<Result<Vec<_>, ApiError>>()?;
        list.extend(self.own_summaries().await?);
        Ok(list)
    }

    pub async fn list_campaigns(&self) -> Result<Vec<CampaignView>, ApiError> {
        Ok(self.store.list_campaigns().await?.into_iter().map(CampaignView::from).collect())
    }

    pub async fn list_games(&self, campaign: Option<i64>) -> Result<Vec<GameSummary>, ApiError> {
        Ok(self.store.list_games(campaign).await?.into_iter().map(|g| self.game_summary_seen(g.into())).collect())
    }

    /// Starts a game from a shipped scenario or one of the player's (by the name the scenario list gives).
    pub async fn new_game(
        &self,
        scenario: String,
        seed: Option<String>,
        campaign: Option<i64>,
        options: Option<BTreeMap<String, bool>>,
    ) -> Result<GameView, ApiError> {
        let loaded = self.scenario_with(&scenario, options).await?;
        self.start_game(loaded, read_seed(seed)?, campaign).await
    }

    /// Starts a game from a scenario's text (one the app wrote, as a one-off battle), checked as a file is.
    pub async fn new_game_from_text(
        &self,
        name: String,
        source: String,
        seed: Option<String>,
        campaign: Option<i64>,
    ) -> Result<GameView, ApiError> {
        crate::game::limits::within("the scenario", &source, crate::scenario::bounds::MAX_FILE_BYTES)?;
        let loaded = scenario::parse(&name, &source)?;
        self.start_game(loaded, read_seed(seed)?, campaign).await
    }

    /// Starts a game from any checked scenario, e.g. a file named on the command line.
    pub async fn start_game(&self, scenario: Scenario, seed: u64, campaign: Option<i64>) -> Result<GameView, ApiError> {
        let record = self.store.create_game(game_row(&scenario, seed, campaign)?).await?;
        Ok(self.opened(record, scenario, seed).await)
    }

    /// A game just stored, kept folded and shown.
    pub(super) async fn opened(&self, record: GameRecord, scenario: Scenario, seed: u64) -> GameView {
        let game = Arc::new(Game::new(Arc::new(scenario), seed));
        self.games.lock().await.insert(record.id, game.clone());
        self.view_seen(record.id, &record.name, &game)
    }

    pub async fn game_view(&self, id: i64) -> Result<GameView, ApiError> {
        let (record, game) = self.settled(id).await?;
        Ok(self.sent_seen(id, &record.name, &game).view.clone())
    }

    /// The game as it stands for the asking seat, as it is sent: the first view a live stream keeps, to send
    /// each entry after it as what it changed (`heard`).
    pub async fn sent_view(&self, id: i64) -> Result<Arc<SentView>, ApiError> {
        let (record, game) = self.settled(id).await?;
        Ok(self.sent_seen(id, &record.name, &game))
    }

    /// Resolves an action, commits its event to the store, and only then folds it into the game: a
    /// crash between the two loses nothing, because the next load replays the stored event. When another
    /// process stores an event first, the action is checked again against the game as it now stands and
    /// stored if it is still allowed, so two devices on one game both land without asking anyone to retry.
    pub async fn act(&self, id: i64, action: Action) -> Result<GameView, ApiError> {
        Ok(self.acted(id, action, false).await?.after.view.clone())
    }

    /// The same, answered with what the action changed in the view the asking seat held before it: what a
    /// device at the table is sent, so a tap's answer is the units it touched and the new entry, not the
    /// whole table. A device holding another version (it missed a change) asks for the whole view.
    pub async fn game_act(&self, id: i64, action: Action) -> Result<ViewChange, ApiError> {
        match self.acted(id, action, true).await? {
            Answered { before: Some(before), after, made } => {
                Ok(ViewChange { made: Some(made), ..self.change_seen(id, &before, &after).as_ref().clone() })
            }
            Answered { before: None, .. } => Err(internal("the view before the action was not kept")),
        }
    }

    /// Acts, answering with the view after the action as sent, and the one before it when `before` asks.
    /// Queued behind another device's action, it is served with that one's turn.
    async fn acted(&self, id: i64, action: Action, before: bool) -> Acted {
        let queue = self.acting.lock().await.entry(id).or_default().clone();
        let (ask, mut answered) = together::Ask::new(action, before, self.device());
        queue.asks.lock().expect("the asks' lock").push(ask);
        let _turn = queue.lock.lock().await;
        // Whoever held the turn answered every ask it took before letting the turn go, so an ask not
        // answered by now is still waiting, for this call to serve.
        match answered.try_recv() {
            Ok(acted) => return acted,
            Err(tokio::sync::oneshot::error::TryRecvError::Closed) => return Err(together::cut_short()),
            Err(tokio::sync::oneshot::error::TryRecvError::Empty) => {}
        }
        let asks = together::still_awaited(std::mem::take(&mut *queue.asks.lock().expect("the asks' lock")));
        {
            // However the turn ends, readers waiting for the game to be back in memory are let go.
            let _back = Back(&queue);
            self.act_together(id, asks, &queue).await;
        }
        answered.try_recv().unwrap_or_else(|_| Err(together::cut_short()))
    }

    /// One action alone on the game, with the turn held: tried again when another process stored an
    /// entry first.
    async fn act_alone(&self, id: i64, action: Action, before: bool, queue: &Turn) -> Acted {
        let mut lost_race: Option<Event> = None;
        for attempt in 0..STORE_ATTEMPTS {
            // Lost once, the action waits for the database's write lock before it reads the game again, so
            // no device (nor another process) can slip an entry in between: it waits its turn, as a
            // tablet's tap waits behind another's, and does not give up however fast the others write.
            let turn = match lost_race {
                Some(_) => Some(self.store.write_turn().await?),
                None => None,
            };
            let (record, mut game) = self.load(id).await?;
            let (seat, secrets) = self.seen_in(id, &game);
            let mut from_seat = FromSeat::new(&secrets, &game);
            let action = from_seat.action(action.clone(), &seat)?;
            self.club_may_act(&seat, &game, &action)?;
            let held = before.then(|| self.sent_seen(id, &record.name, &game));
            let prepared = match &lost_race {
                Some(earlier) => game.prepare_again(&action, earlier),
                None => game.prepare(&action),
            };
            // A refusal names the units it is about, so it is worded for the seat too.
            let event = prepared.map_err(|e| from_seat.said(ApiError::from(e)))?;
            let seq = game.events().len() as i64;
            let json = serde_json::to_string(&event).map_err(internal)?;
            // Out of the cache while it changes, so the game is folded in place rather than copied whole
            // (a reader meanwhile loads it from the store, where the event already is).
            self.games.lock().await.remove(&id);
            let appended = match turn {
                Some(turn) => turn.append_event(id, seq, &json).await,
                None => self.store.append_event(id, seq, &json).await,
            };
            match appended {
                Ok(()) => {
                    Arc::make_mut(&mut game).commit(event);
                    let entry = game.log_page(None, 1).pop();
                    let total = game.events().len() as u32;
                    // Back in the cache before anyone hears of it, so the devices that read it then are
                    // answered from memory. Every device hears the entry whole; each one's stream takes out
                    // what its seat may not read.
                    self.games.lock().await.insert(id, game.clone());
                    queue.back.notify_waiters();
                    if let Some(entry) = entry {
                        self.live.publish(LiveEntry { game: id, entry, total, change: None });
                    }
                    return Ok(Answered {
                        before: held,
                        after: self.sent_seen(id, &record.name, &game),
                        made: seq as u32,
                    });
                }
                Err(StoreError::Conflict { .. }) => {
                    lost_race.get_or_insert(event);
                    // Spread the next try so two processes that collided do not collide again in step.
                    let pause = rand::random_range(1..=4 * (attempt + 1));
                    tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
                }
                Err(other) => return Err(other.into()),
            }
        }
        Err(ApiError::new(
            super::ErrorKind::Conflict,
            format!(
                "game {id} is being changed by other devices so fast that this action lost the race \
                 {STORE_ATTEMPTS} times; nothing was recorded: try again"
            ),
        ))
    }

    pub async fn game_odds(&self, id: i64, action: Action) -> Result<OddsView, ApiError> {
        let (_, game) = self.load(id).await?;
        let (seat, secrets) = self.seen_in(id, &game);
        let mut from_seat = FromSeat::new(&secrets, &game);
        let action = from_seat.action(action, &seat)?;
        let odds = game.odds(&action).map_err(|e| from_seat.said(ApiError::from(e)))?;
        super::seen::worded(odds, &secrets)
    }

    pub async fn game_dice(&self, id: i64, action: Action) -> Result<DiceCheck, ApiError> {
        let (_, game) = self.load(id).await?;
        let (seat, secrets) = self.seen_in(id, &game);
        let mut from_seat = FromSeat::new(&secrets, &game);
        let action = from_seat.action(action, &seat)?;
        let mut check = super::seen::worded(game.check_dice(&action), &secrets)?;
        // A problem is an answer, not a refusal, but is worded as one: its list of units in the order the
        // seat knows, what was sent put back.
        if let Some(problem) = check.problem.as_mut() {
            problem.message = from_seat.put_back(super::error::seen_message(&problem.message, &secrets));
        }
        Ok(check)
    }

    /// The game as the table stood just after entry `at` (a `seq`): a replay of the log up to there, for
    /// reading a game back. Nothing is changed; its `log_total` says how far it goes.
    pub async fn game_view_at(&self, id: i64, at: u32) -> Result<GameView, ApiError> {
        let (record, game) = self.load(id).await?;
        let upto = game.events()[..=entry_of(id, &game, at)?].to_vec();
        let then = Game::replay(game.shared_scenario(), game.seed(), upto)?;
        Ok(self.view_seen(id, &record.name, &then))
    }

    pub async fn game_log(&self, id: i64, before: Option<u32>, count: Option<u32>) -> Result<Vec<LogEntry>, ApiError> {
        let (_, game) = self.load(id).await?;
        let (_, secrets) = self.seen_in(id, &game);
        let page = game.log_page(before.map(|b| b as usize), count.map_or(usize::MAX, |c| c as usize));
        Ok(page.into_iter().map(|e| secrets.entry(e)).collect())
    }

    pub async fn game_forecast(&self, id: i64, games: Option<u32>) -> Result<Forecast, ApiError> {
        let (_, game) = self.load(id).await?;
        // Played out from the game whole, a forecast's odds would tell a seat what it is not shown (a hidden
        // band's strength, the umpire's count).
        if !game.secrets(&self.seat_in(id)).is_empty() {
            return Err(ApiError::new(
                ErrorKind::Refused,
                "a forecast plays the game out with what this seat is not shown: ask for it at the referee's seat",
            ));
        }
        let mut forecast = self.forecast_of(game, games).await?;
        // Its seed is the game's (mixed with the log's length, so as good as the game's to whoever has the
        // log): the host's alone, as in every view.
        if !self.on_host() {
            forecast.seed.clear();
        }
        Ok(forecast)
    }

    /// `game` played out from where it stands, under each plan: exactly `games` times when they are asked
    /// for, so the same moment forecasts the same on any machine; else as many of the usual number as fit
    /// the time allowed, for a screen that must answer on a slow machine.
    pub(super) async fn forecast_of(&self, game: Arc<Game>, games: Option<u32>) -> Result<Forecast, ApiError> {
        let (games, until) = match games {
            Some(games) => (games, None),
            None => (FORECAST_GAMES, Some(std::time::Instant::now() + FORECAST_TIME)),
        };
        // Seconds of simulation: off the async threads, so the app's other commands are answered meanwhile.
        // Asked for, they are bounded by `MOST_FORECAST_GAMES`.
        let forecast = tokio::task::spawn_blocking(move || game.forecast_within(games, until))
            .await
            .map_err(|e| ApiError::new(ErrorKind::Internal, format!("the forecast stopped: {e}")))?;
        Ok(forecast?)
    }

    pub async fn measure(&self, id: i64, from: String, to: String) -> Result<Measurement, ApiError> {
        let (_, game) = self.load(id).await?;
        let (_, secrets) = self.seen_in(id, &game);
        let mut from_seat = FromSeat::new(&secrets, &game);
        let (from, to) = (from_seat.id(&from), from_seat.id(&to));
        Measurement::between(&game, &from, &to, &secrets).map_err(|e| from_seat.said(e))
    }

    pub async fn template(&self, id: i64, center: Pt, radius: f64) -> Result<TemplateView, ApiError> {
        let (_, game) = self.load(id).await?;
        TemplateView::place(&game, center, radius, &self.seen_in(id, &game).1)
    }

    /// The game folded from the store, reusing the in-memory copy while no one else has written.
    pub async fn load(&self, id: i64) -> Result<(GameRecord, Arc<Game>), ApiError> {
        let stamp = self.store.game_stamp(id).await?;
        let known = self.records.lock().expect("the records' lock").get(&id).cloned();
        let record = match known {
            Some(record) => record.stamped(stamp),
            None => {
                let record = self.store.game(id).await?;
                self.records.lock().expect("the records' lock").insert(id, record.clone());
                record
            }
        };
        if let Some(game) = self.games.lock().await.get(&id)
            && game.events().len() as i64 == record.event_count
        {
            return Ok((record, game.clone()));
        }
        let mut scenario = scenario::parse_stored(&record.scenario_path, &record.scenario_toml).map_err(|e| {
            ApiError::bad_input(format!(
                "game {id} cannot open: the scenario stored with it does not pass this build's checks ({e}); \
                 it was made with a value an earlier build accepted, and its log is left as it was"
            ))
        })?;
        let stored: BTreeMap<String, serde_json::Value> = serde_json::from_str(&record.options_json)
            .map_err(|e| ApiError::new(super::ErrorKind::Internal, format!("game {id}: stored options: {e}")))?;
        scenario
            .set_options(&stored)
            .map_err(|e| ApiError::new(super::ErrorKind::Internal, format!("game {id}: stored options: {e}")))?;
        let events = self
            .store
            .events(id)
            .await?
            .into_iter()
            .map(|e| {
                // A row that does not read is a corrupt log, named by its entry as the replay names them.
                serde_json::from_str::<Event>(&e.json)
                    .map_err(|err| ApiError::from(GameError::CorruptLog(format!("entry {}: {err}", e.seq))))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let game = Arc::new(Game::replay(Arc::new(scenario), record.seed, events)?);
        let mut games = self.games.lock().await;
        // A turn may have put a newer game back while this one was read: the older never replaces it (a live
        // entry's secrets are taken out by the cached game, which must know every entry before it).
        if games.get(&id).is_none_or(|cached| cached.events().len() <= game.events().len()) {
            games.insert(id, game.clone());
        }
        Ok((record, game))
    }
}

/// Entry `at` of the game's log, as an index, or why the game has no such entry.
pub(super) fn entry_of(id: i64, game: &Game, at: u32) -> Result<usize, ApiError> {
    match game.events().len() {
        0 => Err(ApiError::bad_input(format!("game {id} has no entries yet, so there is no entry {at}"))),
        total if at as usize >= total => {
            Err(ApiError::bad_input(format!("game {id} has entries 0 to {}, not {at}", total - 1)))
        }
        _ => Ok(at as usize),
    }
}

/// How often an action is re-checked and stored again after other processes' events land first: each
/// try costs one replay, and a table with a handful of devices rarely needs a second.
const STORE_ATTEMPTS: u64 = 12;

/// An action's answer: the view after it as sent, the one before it when asked, and the entry it made.
struct Answered {
    before: Option<Arc<SentView>>,
    after: Arc<SentView>,
    made: u32,
}

type Acted = Result<Answered, ApiError>;

/// A shipped scenario (by the name the scenario list gives) with the rulings chosen for this game.
/// The store's row for a new game of `scenario`.
pub(super) fn game_row(scenario: &Scenario, seed: u64, campaign: Option<i64>) -> Result<NewGame, ApiError> {
    Ok(NewGame {
        campaign_id: campaign,
        name: scenario.title.clone(),
        system: scenario.system().to_string(),
        scenario_path: scenario.file.clone(),
        scenario_toml: scenario.source.clone(),
        options_json: serde_json::to_string(&scenario.options).map_err(internal)?,
        seed,
    })
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(super::ErrorKind::Internal, e.to_string())
}

impl From<crate::store::Campaign> for CampaignView {
    fn from(c: crate::store::Campaign) -> CampaignView {
        CampaignView {
            id: c.id,
            name: c.name,
            notes: c.notes,
            created_at: c.created_at,
            game_count: c.game_count,
            archived: c.archived,
        }
    }
}

impl From<GameRecord> for GameSummary {
    fn from(g: GameRecord) -> GameSummary {
        // A game whose system this build lacks still lists, under its id; one whose stored text has no
        // readable title, under its name.
        let system_name =
            crate::rules::system(&g.system).map_or_else(|| g.system.clone(), |s| s.ruleset().name.clone());
        let scenario_title = scenario::title_of(&g.scenario_toml).unwrap_or_else(|| g.name.clone());
        GameSummary {
            id: g.id,
            campaign_id: g.campaign_id,
            name: g.name,
            system: g.system,
            system_name,
            scenario_title,
            scenario_path: g.scenario_path,
            seed: Some(g.seed.to_string()),
            created_at: g.created_at,
            event_count: g.event_count,
            archived: g.archived,
        }
    }
}

/// A seed typed as text, or a random one when none is.
pub(crate) fn read_seed(seed: Option<String>) -> Result<u64, ApiError> {
    match seed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| ApiError::bad_input(format!("seed {text:?} is not a whole number 0–18446744073709551615"))),
        None => Ok(rand::random()),
    }
}
