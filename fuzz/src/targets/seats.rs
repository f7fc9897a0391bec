//! What each seat is sent. A game with secrets is set up by the host's referee (Heliograph's hidden
//! counters in jungle-patrol and cotta-assault; The Natives are Restless Tonight's umpire's ammunition in
//! chakdara-fort and boxer-compound; L'Estate dei Boxers' cup in the-55-days; and the golden logs of
//! those systems part way through), a few of the actions it offers played in, now and then a note of the
//! referee's naming a hidden unit; then a tablet at a random seat that may not see everything (a side,
//! the whole table, a side no game has) asks it what a tablet asks, inside `api::as_device`: the game,
//! its log, lists, measures and templates (to chits, to hidden units' real ids and names, to nothing),
//! odds, dice and actions (offered ones, pointed at hidden units, notes naming them), reports, CSVs,
//! maps, the export, notes, the luck ledger, the campaign's record and report, renames and moves.
//!
//! The promise, the leak checker's: no answer or refusal carries the game's seed; the names, kinds or
//! real ids of the units the seat sees only as chits (taken from the referee's view, less any a unit the
//! seat does see shares); the umpire's count or die; or which Boxer counters are in the cup. And, since
//! a chit's real id or name said by a seat must tell it nothing, every request that names one is asked
//! again with a name no unit has in its place: the two answers must be word for word the same.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use sandtable::api::{Api, ApiError, Device, as_device};
use sandtable::game::{Action, Event, Game};
use sandtable::measure::Pt;
use sandtable::rules::{Seat, Secrets};
use sandtable::scenario::{Scenario, parse_stored};
use serde_json::{Value, json};

use crate::corpus::base_games;
use crate::local::{self, Local, Slot};
use crate::mutate::edge_string;
use crate::offers::offered_actions;
use crate::rng::Rng;

/// The shipped games with secrets, with the options that make them.
const FRESH: &[(&str, bool)] = &[
    ("heliograph/jungle-patrol.toml", false),
    ("heliograph/cotta-assault.toml", false),
    ("natives-are-restless/chakdara-fort.toml", true),
    ("natives-are-restless/boxer-compound.toml", true),
    ("estate-dei-boxers/the-55-days.toml", false),
    // One with no secrets but the seed.
    ("sand-pebbles/legation-wall.toml", false),
];

const UMPIRE: &str = "umpire_ammunition";

#[derive(Debug, Clone)]
pub enum Base {
    Fresh(usize),
    /// A golden log part way (a `corpus::base_games` index), imported with the case's seed.
    Logged(usize),
}

/// A unit a request names, resolved when the case runs against the game as it then stands.
#[derive(Debug, Clone)]
pub enum Unit {
    /// The real id of the n-th unit the seat sees only as a chit.
    Hidden(usize),
    /// Its name, as written, in lower or upper case, or in the plural.
    HiddenName(usize, Spelling),
    /// The id the seat knows the n-th chit by.
    Alias(usize),
    /// A unit the seat sees.
    Seen(usize),
    Unknown(String),
}

#[derive(Debug, Clone, Copy)]
pub enum Spelling {
    AsIs,
    Lower,
    Upper,
    Plural,
}

/// An entry of the log, by where it stands.
#[derive(Debug, Clone, Copy)]
pub enum Entry {
    First,
    Middle,
    Last,
    PastTheEnd,
    Max,
}

#[derive(Debug, Clone)]
pub enum Act {
    /// The n-th action the game offers the referee now, maybe pointed at a unit.
    Offered(u64, Option<Unit>),
    /// A note naming a unit.
    Note(Unit),
    Raw(Value),
}

#[derive(Debug, Clone)]
pub enum Ask {
    View,
    ViewAt(Entry),
    Log(Option<Entry>, Option<u32>),
    ListGames(bool),
    ListArchived,
    Measure(Unit, Unit),
    Template(Option<Unit>, f64),
    Odds(Act),
    Dice(Act),
    Act(Act),
    Report(&'static str, Option<Vec<Entry>>),
    Map(Option<Entry>),
    Csv(&'static str),
    Export,
    Annotations,
    Annotate(Entry, Unit),
    Ledger,
    CampaignLedger,
    CampaignReport(&'static str),
    CampaignCsv(&'static str),
    CampaignRecord,
    Rename(String),
    Move(bool),
    Archive(bool),
    Enlist(Vec<Unit>),
    Forecast,
    DeviceSeat,
}

pub struct Input {
    pub base: Base,
    pub seed: u64,
    /// The referee's plays: each the n-th action offered then.
    pub plays: Vec<u64>,
    /// A note of the referee's naming a hidden unit, beside an entry.
    pub note: Option<(Entry, Unit)>,
    /// None for the whole table; a side by its place in the scenario's list; or a side no game has.
    pub seat: Option<Result<usize, String>>,
    pub asks: Vec<Ask>,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.base {
            Base::Fresh(i) => write!(f, "{} fresh", FRESH[i % FRESH.len()].0)?,
            Base::Logged(i) => write!(f, "{}", base_games()[*i].name)?,
        }
        writeln!(f, ", seed {}, the referee playing offers {:?}, noting {:?}", self.seed, self.plays, self.note)?;
        let seat = match &self.seat {
            None => "the whole table".to_string(),
            Some(Ok(n)) => format!("the scenario's side {n}"),
            Some(Err(side)) => format!("side {side:?}"),
        };
        writeln!(f, "a tablet at {seat} asks:")?;
        for ask in &self.asks {
            writeln!(f, "  {ask:?}")?;
        }
        Ok(())
    }
}

/// The base games with secrets among the golden logs', by their `corpus::base_games` index.
fn logged() -> &'static [usize] {
    static LOGGED: OnceLock<Vec<usize>> = OnceLock::new();
    LOGGED.get_or_init(|| {
        let secret_systems = ["heliograph", "natives-are-restless", "estate-dei-boxers"];
        (0..base_games().len())
            .filter(|&i| {
                let game = &base_games()[i].game;
                !game.events().is_empty() && secret_systems.contains(&game.scenario().system())
            })
            .collect()
    })
}

pub fn generate(rng: &mut Rng) -> Input {
    let base = if rng.one_in(3) && !logged().is_empty() {
        Base::Logged(*rng.pick(logged()))
    } else {
        Base::Fresh(rng.weighted(&[4, 3, 3, 2, 3, 1]))
    };
    // A seed no other figure of an answer could be taken for.
    let seed = 1_000_000_000_000_000 + rng.next_u64() % 9_000_000_000_000_000_000;
    // A golden log part way is a game well begun: a play or two more (each reads the game's offers, which
    // for a siege of a hundred entries is most of a case's work in a debug build).
    let most = if matches!(base, Base::Logged(_)) { 2 } else { 6 };
    let plays = (0..*rng.pick(&[0, 0, 1, 2, 3, 4, 6]).min(&most)).map(|_| rng.next_u64()).collect();
    let note = rng.one_in(3).then(|| (an_entry(rng), a_hidden(rng)));
    let seat = match rng.below(6) {
        0 | 1 => None,
        2 => Some(Err(rng.pick(&["nobody", "referee", "Moros", ""]).to_string())),
        _ => Some(Ok(rng.below(3))),
    };
    let mut asks = vec![Ask::View];
    for _ in 0..rng.between(3, 10) {
        asks.push(an_ask(rng));
    }
    Input { base, seed, plays, note, seat, asks }
}

fn an_entry(rng: &mut Rng) -> Entry {
    [Entry::First, Entry::Middle, Entry::Last, Entry::PastTheEnd, Entry::Max][rng.weighted(&[2, 3, 4, 1, 1])]
}

fn a_hidden(rng: &mut Rng) -> Unit {
    let n = rng.below(4);
    match rng.below(3) {
        0 => Unit::Hidden(n),
        _ => Unit::HiddenName(n, [Spelling::AsIs, Spelling::Lower, Spelling::Upper, Spelling::Plural][rng.below(4)]),
    }
}

fn a_unit(rng: &mut Rng) -> Unit {
    match rng.weighted(&[3, 2, 3, 3, 1]) {
        0 => Unit::Hidden(rng.below(4)),
        1 => a_hidden(rng),
        2 => Unit::Alias(rng.below(4)),
        3 => Unit::Seen(rng.below(12)),
        _ => Unit::Unknown(if rng.one_in(2) { "nowhere".into() } else { edge_string(rng) }),
    }
}

fn an_act(rng: &mut Rng) -> Act {
    match rng.weighted(&[5, 2, 1, 1]) {
        0 => Act::Offered(rng.next_u64(), rng.one_in(2).then(|| a_unit(rng))),
        1 => Act::Note(a_hidden(rng)),
        // The umpire's secret throw, typed by a tablet.
        2 => Act::Raw(json!({"type": "umpire", "dice": [rng.between(1, 6)]})),
        _ => Act::Raw(
            rng.pick(&[
                json!({"type": "undo"}),
                json!({"type": "next_turn"}),
                json!({"type": "roll", "expr": "2D6"}),
                json!({"type": "umpire", "dice": [3]}),
                json!({"type": "reveal", "unit": "hidden-1"}),
                json!({"type": "sight", "unit": "first-squad", "target": "hidden-2"}),
            ])
            .clone(),
        ),
    }
}

fn an_ask(rng: &mut Rng) -> Ask {
    match rng.below(30) {
        0 => Ask::ViewAt(an_entry(rng)),
        1 => Ask::Log(rng.one_in(2).then(|| an_entry(rng)), rng.one_in(2).then(|| rng.below(5) as u32)),
        2 => Ask::ListGames(rng.one_in(2)),
        3 => Ask::ListArchived,
        4..=6 => Ask::Measure(a_unit(rng), a_unit(rng)),
        7 => Ask::Template(
            rng.one_in(4).then(|| a_unit(rng)).or(Some(Unit::Alias(rng.below(4)))),
            *rng.pick(&[0.5, 4.0, 12.0, 100.0]),
        ),
        8 | 9 => Ask::Odds(an_act(rng)),
        10 => Ask::Dice(an_act(rng)),
        11..=13 => Ask::Act(an_act(rng)),
        14 => {
            let moments = rng.one_in(2).then(|| (0..rng.between(1, 3)).map(|_| an_entry(rng)).collect());
            Ask::Report(rng.pick::<&str>(&["md", "html"]), moments)
        }
        15 => Ask::Map(rng.one_in(2).then(|| an_entry(rng))),
        16 => Ask::Csv(rng.pick::<&str>(&["rolls", "losses"])),
        17 => Ask::Export,
        18 => Ask::Annotations,
        19 => Ask::Annotate(an_entry(rng), a_hidden(rng)),
        20 => Ask::Ledger,
        21 => Ask::CampaignLedger,
        22 => Ask::CampaignReport(rng.pick::<&str>(&["md", "html"])),
        23 => Ask::CampaignCsv(rng.pick::<&str>(&["rolls", "losses"])),
        24 => Ask::CampaignRecord,
        25 => Ask::Rename(if rng.one_in(3) { edge_string(rng) } else { "Tuesday's game".into() }),
        26 => Ask::Move(rng.one_in(2)),
        27 => Ask::Archive(rng.one_in(2)),
        28 => Ask::Enlist((0..rng.between(1, 3)).map(|_| a_unit(rng)).collect()),
        _ => {
            if rng.one_in(2) {
                Ask::Forecast
            } else {
                Ask::DeviceSeat
            }
        }
    }
}

/// The child's table, where each case starts its game in a campaign of its own, so what a campaign's
/// report or record says is of that game alone.
struct Table {
    local: Local,
}

thread_local! {
    static TABLE: RefCell<Slot<Table>> = RefCell::new(Slot::default());
}

/// Games started in one database before it is made again (listing the games grows with them).
const RENEW_AFTER: u64 = 200;

fn make() -> Table {
    let local = Local::open("table");
    local.run(local.api.choose_seat(Seat::Referee)).expect("the host sits as the referee");
    Table { local }
}

pub fn warm_up() {
    let _ = (base_games(), logged());
    local::ready(&TABLE, RENEW_AFTER, make);
}

pub fn prepare(input: Input) -> Input {
    local::ready(&TABLE, RENEW_AFTER, make);
    input
}

pub fn exercise(input: &Input) {
    local::with(&TABLE, |table| {
        let api = table.local.api.clone();
        table.local.run(async move {
            let listed = api.list_campaigns().await.map_or(0, |c| c.len());
            let campaign = api.create_campaign(format!("Campaign {}", listed + 1)).await;
            let campaign = campaign.unwrap_or_else(|e| panic!("no campaign: {e}")).id;
            let id = set_up(&api, input, campaign).await;
            let mut case = Case::new(&api, id, campaign, input).await;
            for ask in &input.asks {
                case.ask(ask).await;
            }
        })
    });
}

/// The game as the referee sets it up: started (or imported), played a few offers in, noted.
async fn set_up(api: &Api, input: &Input, campaign: i64) -> i64 {
    let id = match &input.base {
        Base::Fresh(i) => {
            let (scenario, umpire) = FRESH[i % FRESH.len()];
            let options = umpire.then(|| BTreeMap::from([(UMPIRE.to_string(), true)]));
            let seed = Some(input.seed.to_string());
            let game = api.new_game(scenario.into(), seed, Some(campaign), options).await;
            game.unwrap_or_else(|e| panic!("{scenario} does not start: {e}")).id
        }
        Base::Logged(i) => {
            let mut file = super::game_file::file_of(&base_games()[*i]);
            file["seed"] = json!(input.seed.to_string());
            let imported = api.import_game(file.to_string()).await;
            let id = imported.unwrap_or_else(|e| panic!("a golden log part way does not import: {e}")).id;
            api.move_game(id, Some(campaign)).await.unwrap_or_else(|e| panic!("{e}"));
            id
        }
    };
    // Played on a copy as well as through the engine's door (the same dice: each entry's own stream of
    // the seed), so the offers are read without replaying the stored game each time.
    let mut game = stored(api, id).await;
    for choice in &input.plays {
        let offered = offered_actions(&game);
        if offered.is_empty() {
            break;
        }
        let Ok(action) = serde_json::from_value::<Action>(offered[*choice as usize % offered.len()].clone()) else {
            continue;
        };
        if api.game_act(id, action.clone()).await.is_ok() {
            game.apply(&action).unwrap_or_else(|e| panic!("an action the engine took is refused on a copy: {e}"));
        }
    }
    if let Some((at, unit)) = &input.note {
        let secrets = game.secrets(&Seat::Table);
        let words = format!("{} moves up", resolve(unit, &game, &secrets));
        let at = entry(*at, game.events().len());
        let _ = api.annotate(id, at, words).await;
    }
    id
}

/// The game as the store holds it, replayed.
async fn stored(api: &Api, id: i64) -> Game {
    let record = api.store().game(id).await.unwrap_or_else(|e| panic!("game {id} is not stored: {e}"));
    let mut scenario: Scenario = parse_stored(&record.scenario_path, &record.scenario_toml)
        .unwrap_or_else(|e| panic!("game {id}'s scenario does not read: {e}"));
    let options: BTreeMap<String, Value> = serde_json::from_str(&record.options_json).expect("options read");
    scenario.set_options(&options).expect("stored options fit");
    let events: Vec<Event> = api
        .store()
        .events(id)
        .await
        .unwrap_or_else(|e| panic!("game {id}'s log does not load: {e}"))
        .iter()
        .map(|e| serde_json::from_str(&e.json).expect("a stored entry reads"))
        .collect();
    Game::replay(Arc::new(scenario), record.seed, events).unwrap_or_else(|e| panic!("game {id} does not replay: {e}"))
}

fn entry(at: Entry, total: usize) -> u32 {
    let last = total.saturating_sub(1) as u32;
    match at {
        Entry::First => 0,
        Entry::Middle => last / 2,
        Entry::Last => last,
        Entry::PastTheEnd => total as u32,
        Entry::Max => u32::MAX,
    }
}

/// The n-th of the units the seat sees only as chits, by real id, in the order of their ids.
fn hidden_ids(secrets: &Secrets) -> Vec<&String> {
    secrets.counters.keys().collect()
}

fn resolve(unit: &Unit, game: &Game, secrets: &Secrets) -> String {
    let hidden = hidden_ids(secrets);
    let seen: Vec<&str> =
        game.scenario().units.iter().map(|u| u.id.as_str()).filter(|id| secrets.counter(id).is_none()).collect();
    let name_of =
        |id: &str| game.scenario().units.iter().find(|u| u.id == id).map(|u| u.name.clone()).unwrap_or_default();
    match unit {
        _ if hidden.is_empty() && matches!(unit, Unit::Hidden(_) | Unit::HiddenName(..) | Unit::Alias(_)) => {
            seen.first().map_or_else(|| "nowhere".into(), |s| s.to_string())
        }
        Unit::Hidden(n) => hidden[n % hidden.len()].clone(),
        Unit::HiddenName(n, case) => {
            let name = name_of(hidden[n % hidden.len()]);
            match case {
                Spelling::AsIs => name,
                Spelling::Lower => name.to_lowercase(),
                Spelling::Upper => name.to_uppercase(),
                Spelling::Plural => format!("{name}s"),
            }
        }
        Unit::Alias(n) => secrets.counters[hidden[n % hidden.len()]].alias.clone(),
        Unit::Seen(n) => seen.get(n % seen.len().max(1)).map_or_else(|| "nowhere".into(), |s| s.to_string()),
        Unit::Unknown(id) => id.clone(),
    }
}

/// What the seat may not be sent of the game as it stands.
struct Kept {
    seed: String,
    /// The hidden units' real ids, names, kinds and kinds' names, less any a unit the seat sees shares.
    words: Vec<String>,
    secrets: Secrets,
    umpire: bool,
    cup: bool,
}

impl Kept {
    fn of(game: &Game, seat: &Seat) -> Kept {
        let secrets = game.secrets(seat);
        let mut words: Vec<String> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        // Each unit as the referee's view names it: its id, name, kind and the kind's name.
        let scenario = game.scenario();
        for unit in &game.state().units {
            let kind_name = scenario.ruleset.kind(&unit.kind).map(|k| k.name.clone()).unwrap_or_default();
            let terms = [&unit.id, &unit.name, &unit.kind, &kind_name].map(|t| t.to_lowercase());
            if secrets.counter(&unit.id).is_some() {
                words.extend(terms);
            } else {
                seen.extend(terms);
            }
        }
        seen.push(scenario.title.to_lowercase());
        seen.extend(scenario.sides.iter().flat_map(|s| [s.id.to_lowercase(), s.name.to_lowercase()]));
        words.retain(|w| !w.is_empty() && !seen.iter().any(|s| contains_word(s, w)));
        words.sort();
        words.dedup();
        let options = &scenario.options;
        Kept {
            seed: game.seed().to_string(),
            words,
            umpire: options.get(UMPIRE) == Some(&json!(true)) && !seat.is_referee(),
            cup: scenario.system() == "estate-dei-boxers" && !seat.is_referee(),
            secrets,
        }
    }
}

/// Whether `word` stands in `text` as a whole word (in any case; `text` already lower case), or in the
/// plural.
fn contains_word(text: &str, word: &str) -> bool {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let mut end = at + word.len();
        for plural in ["es", "s"] {
            if text[end..].starts_with(plural) && !is_word(text[end + plural.len()..].chars().next()) {
                end += plural.len();
                break;
            }
        }
        if !is_word(text[..at].chars().last()) && !is_word(text[end..].chars().next()) {
            return true;
        }
        from = at + word.len().max(1);
        while !text.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

/// One case's asking: the game, the seat, what it may not be sent, and the words it has said itself
/// (which an answer may say back).
struct Case<'a> {
    api: &'a Api,
    id: i64,
    campaign: i64,
    seat: Seat,
    game: Game,
    kept: Kept,
    said: Vec<String>,
    stand_ins: u32,
}

impl<'a> Case<'a> {
    async fn new(api: &'a Api, id: i64, campaign: i64, input: &Input) -> Case<'a> {
        let game = stored(api, id).await;
        let sides = &game.scenario().sides;
        let seat = match &input.seat {
            None => Seat::Table,
            Some(Ok(n)) if !sides.is_empty() => Seat::Side(sides[n % sides.len()].id.clone()),
            Some(Ok(_)) => Seat::Table,
            Some(Err(side)) => Seat::Side(side.clone()),
        };
        let kept = Kept::of(&game, &seat);
        Case { api, id, campaign, seat, game, kept, said: Vec::new(), stand_ins: 0 }
    }

    /// Asks as the tablet, checks the answer, and asks again with a stand-in for any hidden unit's real
    /// id or name the request names.
    async fn ask(&mut self, ask: &Ask) {
        let (command, args) = self.request(ask);
        let answer = self.send(&command, &args).await;
        let twin = self.twin_of(&args);
        // An action's answer is the table after it, as the seat may see it then (a band it sighted shown).
        if command == "game_act" && answer.is_ok() {
            self.game = stored(self.api, self.id).await;
            self.kept = Kept::of(&self.game, &self.seat);
        }
        self.check(&command, &args, &answer);
        let mut twin_answer = None;
        if let Some((twin_args, swaps)) = twin {
            let again = self.send(&command, &twin_args).await;
            // Words a player writes (a note, an annotation) that name a hidden unit are scrubbed for every
            // seat kept from it, the writer's included: the writer learns the name is of a unit still
            // hidden, which its side can count from the chits anyway. Checked for leaks (`check`), not for
            // sameness; every id a command reads is held to it.
            let player_words = command == "annotate" || args["action"]["type"] == "note";
            if !player_words {
                self.same_answers(&command, &args, &answer, &again, &swaps);
            }
            twin_answer = Some(again);
        }
        // An action taken changes what the seat may see (a band sighted); a note changes nothing of the game.
        if command == "game_act" && (answer.is_ok() || matches!(&twin_answer, Some(Ok(_)))) {
            self.game = stored(self.api, self.id).await;
            self.kept = Kept::of(&self.game, &self.seat);
        }
    }

    /// The command and its arguments (as the HTTP door reads them) for an ask, against the game now.
    fn request(&self, ask: &Ask) -> (String, Value) {
        let (id, game, secrets) = (self.id, &self.game, &self.kept.secrets);
        let total = game.events().len();
        let unit = |u: &Unit| resolve(u, game, secrets);
        let (name, args) = match ask {
            Ask::View => ("game_view", json!({"id": id})),
            Ask::ViewAt(at) => ("game_view_at", json!({"id": id, "at": entry(*at, total)})),
            Ask::Log(before, count) => {
                ("game_log", json!({"id": id, "before": before.map(|b| entry(b, total)), "count": count}))
            }
            Ask::ListGames(mine) => ("list_games", json!({"campaign": mine.then_some(self.campaign_of())})),
            Ask::ListArchived => ("list_archived", json!({})),
            Ask::Measure(from, to) => ("measure", json!({"id": id, "from": unit(from), "to": unit(to)})),
            Ask::Template(at, radius) => {
                let center =
                    at.as_ref().and_then(|u| place_of(game, secrets, &unit(u))).unwrap_or(Pt { x: 36.0, y: 24.0 });
                ("template", json!({"id": id, "center": center, "radius": radius}))
            }
            Ask::Odds(act) => ("game_odds", json!({"id": id, "action": self.action(act)})),
            Ask::Dice(act) => ("game_dice", json!({"id": id, "action": self.action(act)})),
            Ask::Act(act) => ("game_act", json!({"id": id, "action": self.action(act)})),
            Ask::Report(format, moments) => {
                let moments: Option<Vec<u32>> = moments.as_ref().map(|m| m.iter().map(|e| entry(*e, total)).collect());
                ("game_report", json!({"id": id, "format": format, "moments": moments}))
            }
            Ask::Map(at) => ("game_map", json!({"id": id, "at": at.map(|e| entry(e, total))})),
            Ask::Csv(what) => ("game_csv", json!({"id": id, "what": what})),
            Ask::Export => ("export_game", json!({"id": id})),
            Ask::Annotations => ("annotations", json!({"game": id})),
            Ask::Annotate(at, about) => {
                ("annotate", json!({"game": id, "at": entry(*at, total), "text": format!("{} holds", unit(about))}))
            }
            Ask::Ledger => ("luck_ledger", json!({"id": id})),
            Ask::CampaignLedger => ("campaign_ledger", json!({"id": self.campaign_of()})),
            Ask::CampaignReport(format) => ("campaign_report", json!({"id": self.campaign_of(), "format": format})),
            Ask::CampaignCsv(what) => ("campaign_csv", json!({"id": self.campaign_of(), "what": what})),
            Ask::CampaignRecord => ("campaign_record", json!({"id": self.campaign_of()})),
            Ask::Rename(name) => ("rename_game", json!({"id": id, "name": name})),
            Ask::Move(out) => ("move_game", json!({"id": id, "campaign": (!out).then_some(self.campaign_of())})),
            Ask::Archive(archived) => ("archive_game", json!({"id": id, "archived": archived})),
            Ask::Enlist(units) => {
                ("enlist_units", json!({"game": id, "units": units.iter().map(unit).collect::<Vec<_>>()}))
            }
            Ask::Forecast => ("game_forecast", json!({"id": id, "games": 2})),
            Ask::DeviceSeat => ("device_seat", json!({})),
        };
        (name.to_string(), args)
    }

    /// The case's game starts in a campaign of its own (a move may take it out, which is asked too).
    fn campaign_of(&self) -> i64 {
        self.campaign
    }

    fn action(&self, act: &Act) -> Value {
        let (game, secrets) = (&self.game, &self.kept.secrets);
        match act {
            Act::Offered(choice, pointed) => {
                let offered = offered_actions(game);
                if offered.is_empty() {
                    return json!({"type": "next_turn"});
                }
                let mut action = offered[*choice as usize % offered.len()].clone();
                if let Some(unit) = pointed {
                    let field = if action.get("target").is_some() { "target" } else { "unit" };
                    action[field] = json!(resolve(unit, game, secrets));
                }
                action
            }
            Act::Note(about) => {
                json!({"type": "note", "text": format!("{} was seen by the river", resolve(about, game, secrets))})
            }
            Act::Raw(action) => action.clone(),
        }
    }

    /// The request again with every hidden unit's real id or name it says swapped for a stand-in no unit
    /// has, and the swaps made; None when it says none.
    fn twin_of(&mut self, args: &Value) -> Option<(Value, Vec<(String, String)>)> {
        let hidden = hidden_terms(&self.game, &self.kept.secrets);
        let mut swaps: Vec<(String, String)> = Vec::new();
        let mut twin = args.clone();
        swap_strings(&mut twin, &mut |text: &str| {
            let mut out = text.to_string();
            for term in &hidden {
                if let Some(found) = find_ignoring_case(&out, term) {
                    let said = out[found..found + term.len()].to_string();
                    let stand_in = match swaps.iter().find(|(s, _)| *s == said) {
                        Some((_, stand_in)) => stand_in.clone(),
                        None => {
                            self.stand_ins += 1;
                            let stand_in = format!("qz{}vex", "k".repeat(self.stand_ins as usize));
                            swaps.push((said.clone(), stand_in.clone()));
                            stand_in
                        }
                    };
                    out = out.replace(&said, &stand_in);
                }
            }
            out
        });
        for (said, _) in &swaps {
            self.said.push(said.to_lowercase());
        }
        (!swaps.is_empty()).then_some((twin, swaps))
    }

    async fn send(&self, command: &str, args: &Value) -> Result<Value, ApiError> {
        let device = Device { seat: self.seat.clone(), may_referee: false, club: None };
        as_device(device, call(self.api, command, args)).await
    }

    /// The leak checker.
    fn check(&self, command: &str, args: &Value, answer: &Result<Value, ApiError>) {
        let text = match answer {
            Ok(value) => value.to_string(),
            Err(refused) => serde_json::to_string(refused).expect("an error writes"),
        };
        let leak = |what: String| -> ! {
            panic!(
                "LEAK to {} by {command} {args}: {what}\nthe answer: {}",
                self.seat,
                crate::mutate::clipped(&text, 3000)
            )
        };
        if let Some(at) = text.find(&self.kept.seed) {
            leak(format!("the seed, at {:?}", near(&text, at)));
        }
        let lower = text.to_lowercase();
        // A map is pixels, its base64 text no words: what it draws is the view the seat is sent, checked
        // in the view.
        let words_readable = command != "game_map";
        for word in self.kept.words.iter().filter(|w| words_readable && !self.said.iter().any(|s| contains_word(s, w)))
        {
            if contains_word(&lower, word) {
                leak(format!("the hidden {word:?}, at {:?}", near(&lower, lower.find(word.as_str()).unwrap_or(0))));
            }
        }
        if let Ok(value) = answer {
            // A seed in any form (a forecast's is the game's mixed with the log's length) is the host's.
            if let Some(seed) = seeds(value) {
                leak(format!("a seed: {seed}"));
            }
            if self.kept.umpire
                && let Some(what) = umpires(value)
            {
                leak(what);
            }
            if self.kept.cup
                && let Some(what) = in_the_cup(value)
            {
                leak(what);
            }
        }
        if self.kept.umpire {
            // The die's label alone is no secret (the odds of a D6 are anyone's); beside a roll, in a report,
            // a CSV or the ledger's throws, it is the die.
            let rolls_in_words =
                ["game_report", "game_csv", "campaign_report", "campaign_csv", "luck_ledger", "campaign_ledger"];
            if rolls_in_words.contains(&command)
                && (text.contains("counters the umpire removes") || text.contains("ammunition counters kept"))
            {
                leak("the umpire's die, in words".into());
            }
            if text.contains("ammunition: only") {
                leak("the umpire's count, in words".into());
            }
            if command == "game_act"
                && answer.is_ok()
                && args["action"]["type"] == "umpire"
                && args["action"].get("dice").is_some()
            {
                leak("the tablet typed the umpire's secret die itself, and it was taken".into());
            }
        }
    }

    /// A request naming a hidden unit's real id or name, and the same with a stand-in: the same answer,
    /// but for the words swapped.
    fn same_answers(
        &self,
        command: &str,
        args: &Value,
        first: &Result<Value, ApiError>,
        second: &Result<Value, ApiError>,
        swaps: &[(String, String)],
    ) {
        let back = |text: String| swaps.iter().fold(text, |t, (said, stand_in)| t.replace(stand_in, said));
        let shown = |answer: &Result<Value, ApiError>| -> String {
            match answer {
                Err(refused) => format!("refused: {}", refused.message),
                // An action or a note is made twice: what differs is the entry it added, its place and id.
                // The dice differ (each entry's own stream): the entry's words are compared, numbers left out.
                Ok(change) if command == "game_act" => {
                    let last = newest_entry(change);
                    let words: String = last["text"].to_string().chars().filter(|c| !c.is_ascii_digit()).collect();
                    format!("done: {} {words}", last["kind"])
                }
                Ok(note) if command == "annotate" => format!("noted: {}", note["text"]),
                Ok(value) => format!("answered: {value}"),
            }
        };
        let (a, b) = (shown(first), back(shown(second)));
        if a != b {
            panic!(
                "LEAK to {} by {command} {args}: said with a hidden unit's real id or name, it is answered otherwise than with a name no unit has ({swaps:?}):\n  {}\n  {}",
                self.seat,
                crate::mutate::clipped(&a, 1500),
                crate::mutate::clipped(&b, 1500)
            );
        }
    }
}

/// The words of the text around `at`, for a leak's report.
fn near(text: &str, at: usize) -> String {
    let start = text.floor_char_boundary(at.saturating_sub(80));
    let end = text.ceil_char_boundary((at + 80).min(text.len()));
    text[start..end].to_string()
}

/// Every hidden unit's real id and name, as a seat might say them.
fn hidden_terms(game: &Game, secrets: &Secrets) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for id in secrets.counters.keys() {
        terms.push(id.clone());
        if let Some(unit) = game.scenario().units.iter().find(|u| &u.id == id) {
            terms.push(unit.name.clone());
        }
    }
    terms.retain(|t| !t.is_empty());
    // The longest first, so a name holding another is swapped whole.
    terms.sort_by_key(|t| std::cmp::Reverse(t.len()));
    terms
}

fn find_ignoring_case(text: &str, term: &str) -> Option<usize> {
    let (lower, term) = (text.to_lowercase(), term.to_lowercase());
    // Lower-casing keeps byte offsets only for ASCII; a name that is not ASCII is matched as written.
    if lower.len() == text.len() { lower.find(&term) } else { text.find(&term) }
}

fn swap_strings(value: &mut Value, swap: &mut dyn FnMut(&str) -> String) {
    match value {
        Value::String(s) => *s = swap(s),
        Value::Array(items) => items.iter_mut().for_each(|v| swap_strings(v, swap)),
        Value::Object(fields) => fields.values_mut().for_each(|v| swap_strings(v, swap)),
        _ => {}
    }
}

/// Where a unit the seat names stands, by its real id or its alias.
fn place_of(game: &Game, secrets: &Secrets, said: &str) -> Option<Pt> {
    let id = secrets.real_id(said).unwrap_or(said);
    game.state().unit(id).and_then(|u| u.figures.first()).map(|f| f.pos)
}

/// The umpire's count or die in an answer: an ammunition count, or an umpire's entry with its dice.
fn umpires(value: &Value) -> Option<String> {
    match value {
        Value::Object(fields) => {
            for (key, inner) in fields {
                if key.contains("ammunition") && inner.is_number() {
                    return Some(format!("{key}: {inner}"));
                }
            }
            if fields.get("kind") == Some(&json!("umpire")) && fields.get("rolls").is_some_and(|r| r != &json!([])) {
                return Some(format!("the umpire's entry with its dice: {value}"));
            }
            fields.values().find_map(umpires)
        }
        Value::Array(items) => items.iter().find_map(umpires),
        _ => None,
    }
}

/// A `seed` an answer carries, of any value but none.
fn seeds(value: &Value) -> Option<String> {
    match value {
        Value::Object(fields) => {
            if let Some(seed) = fields.get("seed").filter(|s| !s.is_null() && s.as_str() != Some("")) {
                return Some(seed.to_string());
            }
            fields.values().find_map(seeds)
        }
        Value::Array(items) => items.iter().find_map(seeds),
        _ => None,
    }
}

/// A Boxer counter in the cup, named.
fn in_the_cup(value: &Value) -> Option<String> {
    match value {
        Value::Object(fields) => {
            if fields.get("at") == Some(&json!("cup")) {
                return Some(format!("a counter in the cup: {value}"));
            }
            fields.values().find_map(in_the_cup)
        }
        Value::Array(items) => items.iter().find_map(in_the_cup),
        _ => None,
    }
}

/// Calls a command of the app's list with its arguments as the HTTP door reads them.
async fn call(api: &Api, command: &str, args: &Value) -> Result<Value, ApiError> {
    fn arg<T: serde::de::DeserializeOwned>(args: &Value, key: &str) -> Result<T, ApiError> {
        serde_json::from_value(args.get(key).cloned().unwrap_or(Value::Null))
            .map_err(|e| ApiError::bad_input(format!("bad arguments: {key}: {e}")))
    }
    fn out<T: serde::Serialize>(answer: Result<T, ApiError>) -> Result<Value, ApiError> {
        answer.map(|a| serde_json::to_value(a).expect("an answer writes as JSON"))
    }
    let id = || arg::<i64>(args, "id");
    let game = || arg::<i64>(args, "game");
    let action = || arg::<Action>(args, "action");
    match command {
        "game_view" => out(api.game_view(id()?).await),
        "game_view_at" => out(api.game_view_at(id()?, arg(args, "at")?).await),
        "game_log" => out(api.game_log(id()?, arg(args, "before")?, arg(args, "count")?).await),
        "list_games" => out(api.list_games(arg(args, "campaign")?).await),
        "list_archived" => out(api.list_archived().await),
        "measure" => out(api.measure(id()?, arg(args, "from")?, arg(args, "to")?).await),
        "template" => out(api.template(id()?, arg(args, "center")?, arg(args, "radius")?).await),
        "game_odds" => out(api.game_odds(id()?, action()?).await),
        "game_dice" => out(api.game_dice(id()?, action()?).await),
        "game_act" => out(api.game_act(id()?, action()?).await),
        "game_report" => out(api.game_report(id()?, arg(args, "format")?, arg(args, "moments")?).await),
        "game_map" => out(api.game_map(id()?, arg(args, "at")?).await),
        "game_csv" => out(api.game_csv(id()?, arg(args, "what")?).await),
        "export_game" => out(api.export_game(id()?).await),
        "annotations" => out(api.annotations(game()?).await),
        "annotate" => out(api.annotate(game()?, arg(args, "at")?, arg(args, "text")?).await),
        "luck_ledger" => out(api.luck_ledger(id()?).await),
        "campaign_ledger" => out(api.campaign_ledger(id()?).await),
        "campaign_report" => out(api.campaign_report(id()?, arg(args, "format")?).await),
        "campaign_csv" => out(api.campaign_csv(id()?, arg(args, "what")?).await),
        "campaign_record" => out(api.campaign_record(id()?).await),
        "rename_game" => out(api.rename_game(id()?, arg(args, "name")?).await),
        "move_game" => out(api.move_game(id()?, arg(args, "campaign")?).await),
        "archive_game" => out(api.archive_game(id()?, arg(args, "archived")?).await),
        "enlist_units" => out(api.enlist_units(game()?, arg(args, "units")?).await),
        "game_forecast" => out(api.game_forecast(id()?, arg(args, "games")?).await),
        "device_seat" => out(api.device_seat(None).await),
        other => Err(ApiError::not_found(format!("no command {other:?}"))),
    }
}

/// The newest log entry an action's answer (a `ViewChange`) brings: a new entry is sent whole, in a patch of
/// the log's entries by `seq`, or in the log sent whole.
fn newest_entry(change: &Value) -> Value {
    let log = &change["patch"]["~"]["log"];
    let newest = match log.get("=") {
        Some(whole) => whole.as_array().and_then(|l| l.last()),
        None => log["items"].as_array().and_then(|items| items.last()).map(|item| &item[1]["="]),
    };
    newest.cloned().unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::contains_word;

    #[test]
    fn a_word_is_found_whole_and_in_the_plural_only() {
        assert!(contains_word("the south-band moves", "south-band"));
        assert!(contains_word("two south-bands", "south-band"));
        assert!(!contains_word("the south-bandit", "south-band"));
        assert!(!contains_word("riflemen_2", "riflemen"));
        assert!(contains_word("\"riflemen\"", "riflemen"));
    }
}
