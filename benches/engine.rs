//! How fast the engine answers at the table. Targets (issue 3): one action under 1 ms; replaying a
//! 10,000-event game under 100 ms, and its luck ledger (issue 16) in the same; the replay slider's
//! `game_view_at` well under the 100 ms a drag can wait between positions. The Sand Pebbles procedures
//! have their own bench (sand_pebbles.rs).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::Api;
use sandtable::game::{Action, Event, Game};
use sandtable::ledger::{self, Tally};
use sandtable::measure::Pt;
use sandtable::scenario::find_shipped;
use sandtable::systems::sand_pebbles::PINNED;

/// A long evening of Sand Pebbles: whole turns (both initiatives, movement, fire in C and D, the melee
/// phase) with corrections, flags, notes, card draws and the odd undo, 10,000 log entries in all.
fn long_game() -> Game {
    let scenario = Arc::new(find_shipped("legation-wall").unwrap().load().unwrap());
    let mut game = Game::new(scenario, 2026);
    let mut step = 0u32;
    let json = |text: &str| Action::from_json(text).unwrap();
    while game.events().len() < 10_000 {
        let turn = game.state().turn;
        let action = match step % 22 {
            0 | 6 => json(r#"{"type":"initiative"}"#),
            1 | 7 => json(r#"{"type":"choose_order","first":"allies"}"#),
            2 => Action::RollMove { unit: "us-marines".into(), expr: None, dice: None },
            3 => {
                let y = if turn.is_multiple_of(2) { 13.0 } else { 18.0 };
                Action::Move { unit: "us-marines".into(), path: vec![Pt { x: 24.0, y }], facing: None }
            }
            4 | 5 | 9 | 11 => json(r#"{"type":"end_phase"}"#),
            8 => json(r#"{"type":"fire","unit":"colt-gun","target":"boxers-west"}"#),
            10 => json(r#"{"type":"fire","unit":"boxers-west","target":"us-marines"}"#),
            12 => Action::RestoreFigures { unit: "boxers-west".into(), count: 12 },
            13 => Action::RestoreFigures { unit: "us-marines".into(), count: 10 },
            14 => Action::Roll { expr: "9D20".into(), dice: None, label: Some("a fire the app does not run".into()) },
            15 => Action::SetFlag { unit: "boxers-east".into(), flag: PINNED, on: turn.is_multiple_of(2) },
            16 => Action::DrawCard { card: None },
            17 => Action::Note { text: format!("turn {turn} holds") },
            18 => Action::Undo {},
            19 => Action::Redo {},
            20 => Action::RecordLosses { unit: "tiger-men".into(), count: 1 },
            _ => Action::NextTurn {},
        };
        let _ = game.apply(&action);
        step += 1;
    }
    game
}

fn benches(c: &mut Criterion) {
    let game = long_game();
    let scenario = game.shared_scenario();
    let events = game.events().to_vec();

    c.bench_function("replay 10,000 events", |b| {
        b.iter_batched(
            || events.clone(),
            |events| Game::replay(scenario.clone(), 2026, black_box(events)).unwrap(),
            criterion::BatchSize::LargeInput,
        )
    });

    // What opening a stored game costs: every event parsed from its JSON row, then replayed.
    let rows: Vec<String> = events.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    c.bench_function("parse 10,000 events from JSON", |b| {
        b.iter(|| rows.iter().map(|r| serde_json::from_str(black_box(r)).unwrap()).collect::<Vec<Event>>())
    });
    c.bench_function("load 10,000 events from JSON and replay", |b| {
        b.iter(|| {
            let parsed: Vec<Event> = rows.iter().map(|r| serde_json::from_str(r).unwrap()).collect();
            Game::replay(scenario.clone(), 2026, black_box(parsed)).unwrap()
        })
    });

    let losses = Action::RecordLosses { unit: "boxers-east".into(), count: 1 };
    c.bench_function("apply one action (record losses)", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                g.apply(black_box(&losses)).unwrap();
                g
            },
            criterion::BatchSize::LargeInput,
        )
    });

    let roll = Action::Roll { expr: "2D6+6".into(), dice: None, label: None };
    c.bench_function("prepare one action (roll 2D6+6)", |b| b.iter(|| game.prepare(black_box(&roll)).unwrap()));

    // Every throw in force judged against the table before it, then each side's totals convolved exactly.
    let sides: Vec<String> = game.scenario().sides.iter().map(|s| s.name.clone()).collect();
    c.bench_function("luck ledger of a 10,000-event game", |b| {
        b.iter(|| Tally::all(&ledger::throws(black_box(&game)), &sides))
    });

    let undo = Action::Undo {};
    c.bench_function("apply undo on a 10,000-event game", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                g.apply(black_box(&undo)).unwrap();
                g
            },
            criterion::BatchSize::LargeInput,
        )
    });
}

/// The replay slider's read, through the `Api` and a real SQLite file as the app makes it: the game stored
/// once (its 10,000 entries imported as a game file), then the table as it stood after entry 999 and after
/// the last, each read whole (the store's count, the fold up to there, the view).
fn replay_slider(c: &mut Criterion) {
    let game = long_game();
    let scenario = game.shared_scenario();
    let file = serde_json::json!({
        "kind": "sandtable-game",
        "format": sandtable::api::GAME_FILE_FORMAT,
        "written_by": "the engine bench",
        "name": scenario.title,
        "system": scenario.system(),
        "scenario_path": scenario.file,
        "scenario": scenario.source,
        "options": scenario.options,
        "seed": "2026",
        "events": game.events(),
    });
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (api, id) = runtime.block_on(async {
        let api = Api::open(&dir.path().join("bench.db")).await.unwrap();
        let id = api.import_game(file.to_string()).await.unwrap().id;
        (api, id)
    });
    for at in [999u32, 9_999] {
        c.bench_function(&format!("game_view_at entry {at} of a 10,000-entry game"), |b| {
            b.iter(|| runtime.block_on(api.game_view_at(id, black_box(at))).unwrap())
        });
    }
    // Opening the database as every start does: the schema guard, SQLite's quick_check of every page (issue
    // 34: a file cut short or damaged is refused untouched), the migrations.
    runtime.block_on(api.store().clone().close());
    drop(api);
    let path = dir.path().join("bench.db");
    c.bench_function("opening a database holding a 10,000-entry game", |b| {
        b.iter(|| {
            runtime.block_on(async { sandtable::store::Store::open(black_box(&path)).await.unwrap().close().await })
        })
    });
}

criterion_group!(engine, benches, replay_slider);
criterion_main!(engine);
