//! Sand Pebbles at the table (issue 4): resolving any action under 1 ms; the odds of the largest fire
//! (a 9-dice MG, and a 20-figure unit) under 5 ms.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::game::{Action, Game};
use sandtable::scenario::parse;

const TABLE: &str = r#"
[scenario]
system = "sand-pebbles"
title = "Bench"
table = { width = 72, depth = 48 }

[[sides]]
id = "allies"
name = "Allies"
western = true

[[sides]]
id = "boxers"
name = "Boxers"

[[units]]
id = "mg"
name = "MG"
side = "allies"
kind = "mg"
figures = 3
leader = false
crew = 3
at = [10, 10]

[[units]]
id = "marines"
name = "Marines"
side = "allies"
kind = "marines"
figures = 20
at = [36, 10]

[[units]]
id = "boxers"
name = "Boxers"
side = "boxers"
kind = "boxers"
figures = 20
at = [36, 21]
"#;

fn act(game: &mut Game, json: &str) {
    game.apply(&Action::from_json(json).unwrap()).unwrap_or_else(|e| panic!("{json}: {e:?}"));
}

/// The marines have charged the Boxers; the game stands at phase C with the allies firing first.
/// The Marines' move rolled, their charge not yet declared.
fn charge_ready() -> Game {
    let scenario = Arc::new(parse("bench.toml", TABLE).unwrap());
    let mut game = Game::new(scenario, 1900);
    act(&mut game, r#"{"type":"initiative","dice":[6,1]}"#);
    act(&mut game, r#"{"type":"choose_order","first":"allies"}"#);
    act(&mut game, r#"{"type":"roll_move","unit":"marines","dice":[6,6]}"#);
    game
}

fn fire_phase() -> Game {
    let mut game = charge_ready();
    act(&mut game, r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    act(&mut game, r#"{"type":"end_phase"}"#);
    act(&mut game, r#"{"type":"end_phase"}"#);
    act(&mut game, r#"{"type":"initiative","dice":[6,1]}"#);
    act(&mut game, r#"{"type":"choose_order","first":"allies"}"#);
    game
}

/// On to phase G with both morale tests passed.
fn melee_phase() -> Game {
    let mut game = fire_phase();
    act(&mut game, r#"{"type":"end_phase"}"#);
    act(&mut game, r#"{"type":"end_phase"}"#);
    // The Marines tested as they declared the charge; the Boxers test to stand before the melee.
    act(&mut game, r#"{"type":"morale","unit":"boxers","dice":[1]}"#);
    act(&mut game, r#"{"type":"end_phase"}"#);
    game
}

fn benches(c: &mut Criterion) {
    let fire = fire_phase();
    let mg = Action::from_json(r#"{"type":"fire","unit":"mg","target":"boxers"}"#).unwrap();
    c.bench_function("sand pebbles: resolve MG fire (9 D20 + leader dice)", |b| {
        b.iter(|| fire.prepare(black_box(&mg)).unwrap())
    });
    c.bench_function("sand pebbles: odds of MG fire (9 dice)", |b| b.iter(|| fire.odds(black_box(&mg)).unwrap()));
    let twenty = Action::from_json(r#"{"type":"fire","unit":"boxers","target":"marines"}"#).unwrap();
    c.bench_function("sand pebbles: odds of a 20-figure unit's fire", |b| {
        b.iter(|| fire.odds(black_box(&twenty)).unwrap())
    });
    // Asked as the charge is declared: once made, the Marines may not charge again this turn.
    let ready = charge_ready();
    let charge = Action::from_json(r#"{"type":"charge","unit":"marines","target":"boxers"}"#).unwrap();
    c.bench_function("sand pebbles: odds of a charge (morale x2 and melee)", |b| {
        b.iter(|| ready.odds(black_box(&charge)).unwrap())
    });

    let melee = melee_phase();
    let fight = Action::from_json(r#"{"type":"melee","unit":"marines"}"#).unwrap();
    c.bench_function("sand pebbles: resolve a melee", |b| b.iter(|| melee.prepare(black_box(&fight)).unwrap()));
    let next = Action::NextTurn {};
    c.bench_function("sand pebbles: apply next turn (rally)", |b| {
        b.iter_batched(
            || melee.clone(),
            |mut g| {
                g.apply(&fight).unwrap();
                g.apply(black_box(&next)).unwrap();
                g
            },
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function("sand pebbles: game view with the phase bar", |b| {
        b.iter(|| sandtable::api::GameView::of(1, "bench", black_box(&melee)))
    });
}

criterion_group!(sand_pebbles, benches);
criterion_main!(sand_pebbles);
