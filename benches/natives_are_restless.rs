//! The Natives are Restless Tonight at the table: the exact odds before a volley and before a melee, the
//! whole game view a tablet redraws after every card, and replaying a recorded siege.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::GameView;
use sandtable::game::{Action, Game};
use sandtable::rules::systems;

fn act(game: &mut Game, json: &str) {
    game.apply(&Action::from_json(json).unwrap()).unwrap_or_else(|e| panic!("{json}: {e:?}"));
}

/// The Boxer Compound with four groups of ten on the table, ten Boxers in contact with the U.S. Marines
/// across the north wall.
fn siege() -> Game {
    let shipped =
        systems().iter().flat_map(|s| s.scenarios()).find(|s| s.path.ends_with("boxer-compound.toml")).unwrap();
    let mut game = Game::new(Arc::new(shipped.load().unwrap()), 7);
    for _ in 0..4 {
        act(&mut game, r#"{"type":"muster","dice":[5,5,1]}"#);
    }
    for _ in 0..4 {
        act(&mut game, r#"{"type":"raise"}"#);
    }
    act(&mut game, r#"{"type":"correct_position","unit":"natives-2","to":{"x":40,"y":30}}"#);
    act(&mut game, r#"{"type":"correct_position","unit":"natives-1","to":{"x":18,"y":12}}"#);
    // The Marines man the north wall, so the Boxers' charge meets them across it.
    act(&mut game, r#"{"type":"correct_position","unit":"us-marines","to":{"x":20,"y":16.5}}"#);
    act(&mut game, r#"{"type":"draw_card","card":"5H"}"#);
    act(&mut game, r#"{"type":"charge","unit":"natives-1","target":"us-marines"}"#);
    game
}

fn bench(c: &mut Criterion) {
    let mut volley = siege();
    act(&mut volley, r#"{"type":"draw_card","card":"7C"}"#);
    let fire = Action::from_json(r#"{"type":"fire","unit":"russian-sailors","target":"natives-2"}"#).unwrap();
    c.bench_function("natives: odds of a squad's volley (7 D6, sight and cover)", |b| {
        b.iter(|| black_box(volley.odds(&fire).unwrap()))
    });
    c.bench_function("natives: the game view after a card", |b| {
        b.iter(|| black_box(GameView::of(1, "bench", &volley)))
    });

    let mut melee = siege();
    act(&mut melee, r#"{"type":"draw_card","card":"JC"}"#);
    act(&mut melee, r#"{"type":"pass"}"#);
    let fight = Action::from_json(r#"{"type":"melee","unit":"us-marines"}"#).unwrap();
    c.bench_function("natives: odds of a melee (7 against 10, morale, winner)", |b| {
        b.iter(|| black_box(melee.odds(&fight).unwrap()))
    });

    let events = melee.events().to_vec();
    let scenario = melee.shared_scenario();
    c.bench_function("natives: replay a siege of 15 events", |b| {
        b.iter(|| black_box(Game::replay(scenario.clone(), 7, events.clone()).unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
