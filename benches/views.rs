//! What an answer costs the host after a tap, on every shipped scenario (issue 36): the whole view built
//! for a seat, and an action's answer as `game_act` makes it: the seat's view after the action built and
//! named (`SentView`), its change from the view before (kept from the last answer, or built too) worked out
//! and written as JSON. The goal is under
//! 1 ms for what an action's answer needs.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::{GameView, SentView, ViewChange};
use sandtable::game::{Action, Game};
use sandtable::rules::{self, Seat};

fn benches(c: &mut Criterion) {
    let note: Action = serde_json::from_value(serde_json::json!({"type": "note", "text": "a tap"})).unwrap();
    for system in rules::systems() {
        for shipped in system.scenarios() {
            let scenario = Arc::new(shipped.load().unwrap());
            let earlier = Game::new(scenario, 7);
            let mut game = earlier.clone();
            game.apply(&note).unwrap();
            let sent = |game: &Game| SentView::of(GameView::seen(1, shipped.path, game, &Seat::Table));
            c.bench_function(&format!("{}: the whole view, as JSON", shipped.path), |b| {
                b.iter(|| {
                    serde_json::to_string(&GameView::seen(1, shipped.path, black_box(&game), &Seat::Table)).unwrap()
                })
            });
            // As the server answers: the seat's view before the action is the one it was last sent, kept.
            let held = sent(&earlier);
            c.bench_function(&format!("{}: the answer to a note, the view before kept", shipped.path), |b| {
                b.iter(|| serde_json::to_string(&ViewChange::between(&held, &sent(black_box(&game)))).unwrap())
            });
            c.bench_function(
                &format!("{}: the answer to a note (views before and after, their change), as JSON", shipped.path),
                |b| {
                    b.iter(|| {
                        let (before, after) = (sent(black_box(&earlier)), sent(black_box(&game)));
                        serde_json::to_string(&ViewChange::between(&before, &after)).unwrap()
                    })
                },
            );
        }
    }
}

criterion_group!(views, benches);
criterion_main!(views);
