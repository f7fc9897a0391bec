//! Game files (`export_game`, `import_game`: a game's scenario text, options, seed and log as JSON),
//! exported from real games and damaged before they are imported: entries dropped, doubled, swapped,
//! cut off or brought in from another game; an entry's field, a roll's faces or an effect changed; the
//! seed, format, kind, system, options or name changed; the scenario text mutated as the scenario target
//! mutates it; the JSON text itself damaged. The games are every shipped scenario fresh and every golden
//! log at each tenth of its length (`corpus::base_games`), written as `export_game` writes them (checked
//! once per child against the engine's own export).
//!
//! The promise: the file is refused with a message (the player's fault, not the engine's) and nothing is
//! stored, or it is imported as one new game whose stored scenario, seed and log are the file's and whose
//! table, replayed from the store, is the one the file's log replays to; nothing half-written either way.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use sandtable::api::{Api, GameView, SentView};
use sandtable::game::{Action, Event, Game};
use sandtable::rules::Seat;
use sandtable::scenario::parse_stored;
use serde_json::{Value, json};

use crate::corpus::{BaseGame, base_games};
use crate::local::{self, Local, Slot};
use crate::mutate::{EDGE_NUMBERS, damage_bytes, edge_string};
use crate::offers::offered_actions;
use crate::rng::Rng;

pub struct Input {
    pub base: usize,
    /// What was done to the base game's file, in words.
    pub changes: Vec<String>,
    pub text: String,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "import_game of {}'s file, {}:", base_games()[self.base].name, self.changes.join("; "))?;
        f.write_str(&self.text)
    }
}

/// What `export_game` would write of a base game.
pub fn file_of(base: &BaseGame) -> Value {
    let game = &base.game;
    let scenario = game.scenario();
    let events: Vec<Value> =
        game.events().iter().map(|e| serde_json::to_value(e).expect("an event writes as JSON")).collect();
    json!({
        "kind": "sandtable-game",
        "format": sandtable::api::GAME_FILE_FORMAT,
        "written_by": "Sandtable (fuzz)",
        "name": format!("{} ({})", scenario.title, base.name),
        "system": scenario.system(),
        "scenario_path": scenario.file,
        "scenario": scenario.source,
        "options": scenario.options,
        "seed": game.seed().to_string(),
        "events": events,
    })
}

fn files() -> &'static [Value] {
    static FILES: OnceLock<Vec<Value>> = OnceLock::new();
    FILES.get_or_init(|| base_games().iter().map(file_of).collect())
}

pub fn generate(rng: &mut Rng) -> Input {
    let base = rng.below(files().len());
    let mut file = files()[base].clone();
    let mut changes = Vec::new();
    for _ in 0..*rng.pick(&[0, 1, 1, 1, 2, 3]) {
        changes.push(change(rng, &mut file));
    }
    let mut text = if rng.one_in(2) { serde_json::to_string_pretty(&file) } else { serde_json::to_string(&file) }
        .expect("a file writes as JSON");
    if rng.one_in(25) {
        text = damage_bytes(rng, &text);
        changes.push("its text damaged".into());
    }
    if changes.is_empty() {
        changes.push("as exported".into());
    }
    Input { base, changes, text }
}

/// One change to the file, said in words.
fn change(rng: &mut Rng, file: &mut Value) -> String {
    let system = file["system"].as_str().unwrap_or_default().to_string();
    let mut kin: Vec<usize> = (0..files().len()).filter(|&i| files()[i]["system"] == system.as_str()).collect();
    if kin.is_empty() {
        // Its system changed by an earlier change: any game's will do.
        kin = (0..files().len()).collect();
    }
    let other = &files()[*rng.pick(&kin)];
    let mut none = Vec::new();
    let events = match file.get_mut("events").and_then(Value::as_array_mut) {
        Some(events) => events,
        // Left out by an earlier change: the changes to entries change nothing.
        None => &mut none,
    };
    let n = events.len();
    match rng.weighted(&[3, 3, 2, 2, 2, 6, 3, 1, 1, 1, 1, 1, 1, 2, 1]) {
        0 if n > 0 => {
            let at = rng.below(n);
            events.remove(at);
            format!("entry {at} dropped")
        }
        1 if n > 0 => {
            let at = rng.below(n);
            let copy = events[at].clone();
            events.insert(at, copy);
            format!("entry {at} doubled")
        }
        2 if n > 1 => {
            let at = rng.below(n - 1);
            events.swap(at, at + 1);
            format!("entries {at} and {} swapped", at + 1)
        }
        3 if n > 0 => {
            let keep = rng.below(n);
            events.truncate(keep);
            format!("cut after {keep} entries")
        }
        4 => {
            let theirs = other["events"].as_array().map(Vec::as_slice).unwrap_or_default();
            if theirs.is_empty() {
                return "nothing brought in".into();
            }
            let from = rng.below(theirs.len());
            let at = rng.below(n + 1);
            events.insert(at, theirs[from].clone());
            format!("another game's entry {from} put in at {at}")
        }
        5 if n > 0 => {
            let at = rng.below(n);
            let (path, new) = changed_leaf(rng, &mut events[at]);
            format!("entry {at}'s {path} made {new}")
        }
        6 if n > 0 => {
            let at = rng.below(n);
            let faces: Vec<i64> = (0..rng.between(0, 4))
                .map(|_| *rng.pick(&[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 20, 100, -1, i64::MAX, i64::MIN]))
                .collect();
            match faces_of(&mut events[at]) {
                Some(slot) => {
                    *slot = json!(faces);
                    format!("entry {at}'s first roll's faces made {faces:?}")
                }
                None => format!("entry {at} has no roll to change"),
            }
        }
        7 => {
            let seed = match rng.below(3) {
                0 => json!(*rng.pick(&[
                    "",
                    " 5 ",
                    "-4",
                    "18446744073709551615",
                    "18446744073709551616",
                    "0x10",
                    "1e3",
                    "5 6"
                ])),
                1 => json!(rng.next_u64().to_string()),
                _ => json!(rng.next_u64()),
            };
            file["seed"] = seed.clone();
            format!("seed made {seed}")
        }
        8 => {
            let formats = [json!(0), json!(2), json!(-1), json!(4294967295u32), json!("1"), Value::Null, json!(1.5)];
            let format = rng.pick(&formats);
            file["format"] = format.clone();
            format!("format made {format}")
        }
        9 => {
            let kinds = [json!("sandtable-game "), json!("Sandtable-Game"), Value::Null, json!(1)];
            let kind = rng.pick(&kinds);
            file["kind"] = kind.clone();
            format!("kind made {kind}")
        }
        10 => {
            let systems =
                ["heliograph", "sand-pebbles", "when-empires-clash", "natives-are-restless", "estate-dei-boxers"];
            let id = if rng.one_in(4) { edge_string(rng) } else { rng.pick(&systems).to_string() };
            file["system"] = json!(id);
            format!("system made {id:?}")
        }
        11 => {
            let options = match rng.below(5) {
                0 => json!({}),
                1 => json!({"no_such_ruling": true}),
                2 => json!({"umpire_ammunition": true, "removal_by_strength": true}),
                3 => json!({"removal_by_strength": 1}),
                _ => json!([true]),
            };
            file["options"] = options.clone();
            format!("options made {options}")
        }
        12 => {
            let (key, value) = match rng.below(4) {
                0 => ("name", json!(edge_string(rng))),
                1 => ("scenario_path", json!(edge_string(rng))),
                2 => ("written_by", Value::Null),
                _ => ("extra", json!({"a": [1, 2]})),
            };
            file[key] = value;
            format!("{key} changed")
        }
        13 => {
            let source = file["scenario"].as_str().unwrap_or_default().to_string();
            file["scenario"] = json!(super::scenario::mutated(rng, &source));
            "its scenario mutated".into()
        }
        _ => {
            let key = *rng.pick(&["kind", "format", "seed", "events", "scenario", "system", "options", "name"]);
            if let Some(fields) = file.as_object_mut() {
                fields.remove(key);
            }
            format!("{key} left out")
        }
    }
}

/// A leaf somewhere in an entry (found by a short random walk) given an edge value, or taken out; the
/// path to it and what it became.
fn changed_leaf(rng: &mut Rng, entry: &mut Value) -> (String, String) {
    // The walk is made on the entry as it is, then the leaf found by its JSON pointer.
    let (mut path, mut pointer) = (String::new(), String::new());
    let mut here: &Value = entry;
    loop {
        let go_on = rng.below(4) != 0;
        here = match here {
            Value::Object(fields) if !fields.is_empty() && go_on => {
                let (key, inner) = fields.iter().nth(rng.below(fields.len())).expect("below len");
                path.push_str(&format!(".{key}"));
                pointer.push_str(&format!("/{}", key.replace('~', "~0").replace('/', "~1")));
                inner
            }
            Value::Array(items) if !items.is_empty() && go_on => {
                let i = rng.below(items.len());
                path.push_str(&format!("[{i}]"));
                pointer.push_str(&format!("/{i}"));
                &items[i]
            }
            _ => break,
        };
    }
    let new = match rng.below(8) {
        0 => Value::Null,
        1 => json!(edge_string(rng)),
        2 => serde_json::from_str(rng.pick::<&str>(EDGE_NUMBERS)).unwrap_or(json!(-1)),
        3 => json!(rng.pick(&["nowhere", "hidden-1", "lieutenant", "moros", "cup", "activated"])),
        4 => json!([]),
        5 => json!({}),
        6 => json!(rng.below(1000)),
        _ => json!(rng.one_in(2)),
    };
    let said = new.to_string();
    if let Some(leaf) = entry.pointer_mut(&pointer) {
        *leaf = new;
    }
    (if path.is_empty() { "whole".into() } else { path }, crate::mutate::clipped(&said, 40))
}

/// The faces of the first roll an entry records, wherever it keeps them.
fn faces_of(entry: &mut Value) -> Option<&mut Value> {
    match entry {
        Value::Object(fields) => {
            if fields.get("faces").is_some_and(Value::is_array) {
                return fields.get_mut("faces");
            }
            fields.values_mut().find_map(faces_of)
        }
        Value::Array(items) => items.iter_mut().find_map(faces_of),
        _ => None,
    }
}

/// The child's table: a fresh database, where the imports pile up until it is made again.
struct Table {
    local: Local,
}

thread_local! {
    static TABLE: RefCell<Slot<Table>> = RefCell::new(Slot::default());
}

/// Imports kept in one database before it is made again: each holds up to a few hundred entries, and
/// counting every game to see that a refusal stored nothing grows with them.
const RENEW_AFTER: u64 = 300;

fn make() -> Table {
    let local = Local::open("table");
    // The host's window at the referee's seat: the whole game, as the file holds it.
    local.run(local.api.choose_seat(Seat::Referee)).expect("the host sits as the referee");
    Table { local }
}

pub fn warm_up() {
    let _ = files();
    local::ready(&TABLE, RENEW_AFTER, make);
    // The files written here are the engine's own exports: one game of each system imported and exported
    // again gives the same file but for who wrote it.
    local::with(&TABLE, |table| {
        let api = &table.local.api;
        let mut seen = Vec::new();
        for file in files() {
            let system = file["system"].clone();
            if seen.contains(&system) || file["events"].as_array().is_none_or(Vec::is_empty) {
                continue;
            }
            seen.push(system);
            let imported = table.local.run(api.import_game(file.to_string())).unwrap_or_else(|e| panic!("{e}"));
            let exported = table.local.run(api.export_game(imported.id)).unwrap_or_else(|e| panic!("{e}"));
            let mut exported: Value = serde_json::from_str(&exported).expect("an export is JSON");
            exported["written_by"] = file["written_by"].clone();
            assert_eq!(&exported, file, "the fuzzer writes a game file as export_game does");
        }
    });
}

pub fn prepare(input: Input) -> Input {
    local::ready(&TABLE, RENEW_AFTER, make);
    input
}

pub fn exercise(input: &Input) {
    local::with(&TABLE, |table| {
        let local = &table.local;
        local.run(import(&local.api, &input.text));
    });
}

async fn import(api: &Api, text: &str) {
    let before = stored(api).await;
    match api.import_game(text.to_string()).await {
        Err(refused) => {
            assert!(!refused.message.trim().is_empty(), "a refusal without a message");
            assert!(refused.is_users(), "the file is refused as the engine's fault: {refused:?}");
            assert_eq!(stored(api).await, before, "a refused file left something stored: {}", refused.message);
        }
        Ok(summary) => {
            let after = stored(api).await;
            let file: Value = serde_json::from_str(text).expect("a file imported is JSON");
            let events = file["events"].as_array().expect("a file imported has its events");
            assert_eq!(after.0, before.0 + 1, "one game stored");
            assert_eq!(after.1, before.1 + events.len() as i64, "the file's entries stored, no more and no fewer");
            assert_eq!(summary.event_count, events.len() as i64, "the game's entries");
            same_as_the_file(api, summary.id, &file).await;
        }
    }
}

/// Games stored, and their entries in all.
async fn stored(api: &Api) -> (usize, i64) {
    let games = api.list_games(None).await.unwrap_or_else(|e| panic!("the games do not list: {e}"));
    (games.len(), games.iter().map(|g| g.event_count).sum())
}

/// The stored game is the file's: its scenario, seed and every entry as written, and the table its log
/// replays to.
async fn same_as_the_file(api: &Api, id: i64, file: &Value) {
    let record = api.store().game(id).await.unwrap_or_else(|e| panic!("the imported game is not stored: {e}"));
    let seed: u64 = file["seed"].as_str().and_then(|s| s.trim().parse().ok()).expect("an imported file's seed reads");
    assert_eq!(record.seed, seed, "the stored seed");
    let stored: Vec<Value> = api
        .store()
        .events(id)
        .await
        .unwrap_or_else(|e| panic!("the imported game's log does not load: {e}"))
        .iter()
        .map(|e| serde_json::from_str(&e.json).expect("a stored entry is JSON"))
        .collect();
    assert_eq!(Some(&stored), file["events"].as_array(), "the stored log is the file's");

    let mut scenario =
        parse_stored(file["scenario_path"].as_str().unwrap_or_default(), file["scenario"].as_str().unwrap_or_default())
            .unwrap_or_else(|e| panic!("an imported scenario does not read: {e}"));
    assert_eq!(record.scenario_toml, scenario.source, "the stored scenario");
    let options: BTreeMap<String, Value> =
        serde_json::from_value(file["options"].clone()).expect("imported options read");
    scenario.set_options(&options).expect("imported options fit");
    let events: Vec<Event> =
        stored.iter().map(|e| serde_json::from_value(e.clone()).expect("an entry reads")).collect();
    let replayed = Game::replay(Arc::new(scenario), seed, events)
        .unwrap_or_else(|e| panic!("the imported log does not replay: {e}"));
    // As it is sent: named by its version, which the same table makes the same.
    let expected = SentView::of(GameView::of(id, &record.name, &replayed)).json;
    let view = api.game_view(id).await.unwrap_or_else(|e| panic!("the imported game does not open: {e}"));
    let view = serde_json::to_value(view).expect("a view writes");
    assert!(view == expected, "the imported game's table is not the one its file replays to");
    play_on(replayed);
}

/// A file's log is taken as the truth, entries the procedures would not have made included: the game it
/// makes must still play on, its offers priced and applied as any game's.
fn play_on(mut game: Game) {
    for offered in offered_actions(&game).into_iter().take(3) {
        let Ok(action) = serde_json::from_value::<Action>(offered) else { continue };
        let _ = game.odds(&action);
        let before = game.events().len();
        match game.apply(&action) {
            Ok(_) => break,
            Err(_) => assert_eq!(game.events().len(), before, "a refusal records nothing"),
        }
    }
}
