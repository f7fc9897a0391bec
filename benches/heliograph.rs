//! Heliograph at the table (issue 5): the 3" blast query over 500 figures, and any action, under 1 ms.

use std::fmt::Write;
use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::game::{Action, Game};
use sandtable::measure::{Pt, within_radius};
use sandtable::scenario::parse;

/// A crowded table: a U.S. cannon and Gatling, and 24 Moro bands of 20 warriors packed around (36, 24),
/// 500 figures in all.
fn crowded() -> Game {
    let mut source = String::from(
        r#"
[scenario]
system = "heliograph"
title = "Bench"
table = { width = 72, depth = 48 }

[[sides]]
id = "us"
name = "U.S."
edge = "south"

[[sides]]
id = "moros"
name = "Moros"
edge = "north"

[[units]]
id = "cannon"
name = "Cannon"
side = "us"
kind = "us_cannon"
figures = 4
leader = false
crew = 4
at = [36, 40]
morale = 70

[[units]]
id = "gatling"
name = "Gatling"
side = "us"
kind = "gatling"
figures = 16
leader = false
crew = 16
at = [20, 40]
spacing = 0.5
morale = 70
"#,
    );
    for i in 0..24 {
        let (x, y) = (14.0 + (i % 6) as f64 * 9.0, 12.0 + (i / 6) as f64 * 5.0);
        write!(
            source,
            "\n[[units]]\nid = \"band{i}\"\nname = \"Band {i}\"\nside = \"moros\"\nkind = \"moro_warriors\"\nfigures = 20\nat = [{x}, {y}]\nspacing = 0.4\nmorale = 70\n"
        )
        .unwrap();
    }
    let scenario = Arc::new(parse("bench.toml", &source).unwrap());
    let mut game = Game::new(scenario, 1902);
    game.apply(&Action::from_json(r#"{"type":"initiative","dice":[9,0]}"#).unwrap()).unwrap();
    game.apply(&Action::from_json(r#"{"type":"activate","unit":"cannon"}"#).unwrap()).unwrap();
    game
}

fn benches(c: &mut Criterion) {
    let game = crowded();
    let figures: Vec<Pt> = game.state().units.iter().flat_map(|u| u.alive_positions()).collect();
    assert_eq!(figures.len(), 500);
    let impact = Pt::new(36.0, 17.0);
    c.bench_function("heliograph: 3-inch blast query over 500 figures", |b| {
        b.iter(|| within_radius(black_box(impact), 3.0, black_box(&figures)))
    });
    let cannon = Action::from_json(r#"{"type":"fire","unit":"cannon","target":"band8","at":{"x":36,"y":17}}"#).unwrap();
    c.bench_function("heliograph: resolve a cannon shot and its blast (500 figures)", |b| {
        b.iter(|| game.prepare(black_box(&cannon)).unwrap())
    });
    c.bench_function("heliograph: odds of a cannon shot (500 figures)", |b| {
        b.iter(|| game.odds(black_box(&cannon)).unwrap())
    });
    let gatling = Action::from_json(r#"{"type":"fire","unit":"gatling","target":"band20"}"#).unwrap();
    c.bench_function("heliograph: odds of a 64-dice Gatling volley", |b| {
        b.iter(|| game.odds(black_box(&gatling)).unwrap())
    });
    c.bench_function("heliograph: game view", |b| {
        b.iter(|| sandtable::api::GameView::of(1, "bench", black_box(&game)))
    });
}

criterion_group!(heliograph, benches);
criterion_main!(heliograph);
