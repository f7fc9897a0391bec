//! Drawing a battle map for a report: each shipped scenario's table as set up, from its game view to PNG
//! bytes (layout, terrain, every figure, numbers, legend, encoding).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::GameView;
use sandtable::game::Game;
use sandtable::scenario::find_shipped;

fn view_of(scenario: &str) -> GameView {
    let scenario = find_shipped(scenario).expect("a shipped scenario").load().expect("it loads");
    GameView::of(1, &scenario.title.clone(), &Game::new(Arc::new(scenario), 1))
}

fn maps(c: &mut Criterion) {
    // The busiest tables of the generic view: 70 figures and a river; 34 stands on a board with its
    // terrain squares; a zone map of 40-odd zones with their names and counts.
    for scenario in ["legation-wall", "river-junks", "zulu-war", "the-55-days"] {
        let view = view_of(scenario);
        c.bench_function(&format!("battle map of {scenario}"), |b| {
            b.iter(|| sandtable::render::battle_map(black_box(&view), "Bench").expect("it draws"))
        });
    }
}

criterion_group!(benches, maps);
criterion_main!(benches);
