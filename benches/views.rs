//! What an answer costs the host after a tap, on every shipped scenario (issue 36): the whole view built
//! for a seat, and the change from the view built before the action (`ViewChange`), worked out and written
//! as JSON. The goal is under 1 ms for what an action's answer needs.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::{GameView, ViewChange};
use sandtable::game::{Action, Game};
use sandtable::rules::{self, Seat};

fn benches(c: &mut Criterion) {
    let note: Action = serde_json::from_value(serde_json::json!({"type": "note", "text": "a tap"})).unwrap();
    for system in rules::systems() {
        for shipped in system.scenarios() {
            let scenario = Arc::new(shipped.load().unwrap());
            let mut game = Game::new(scenario, 7);
            let before = GameView::seen(1, shipped.path, &game, &Seat::Table);
            game.apply(&note).unwrap();
            let after = GameView::seen(1, shipped.path, &game, &Seat::Table);
            c.bench_function(&format!("{}: the whole view, as JSON", shipped.path), |b| {
                b.iter(|| {
                    serde_json::to_string(&GameView::seen(1, shipped.path, black_box(&game), &Seat::Table)).unwrap()
                })
            });
            c.bench_function(&format!("{}: the change after a note, as JSON", shipped.path), |b| {
                b.iter(|| serde_json::to_string(&ViewChange::between(black_box(&before), black_box(&after))).unwrap())
            });
        }
    }
}

criterion_group!(views, benches);
criterion_main!(views);
