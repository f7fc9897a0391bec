//! L'Estate dei Boxers: the simulator's whole 54-day siege under the careful player's plan and under
//! holding the major legations (the figures behind "games per second on one core"), one attack day, and
//! the app's side: an action resolved and the view a tablet redraws.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::api::GameView;
use sandtable::game::{Action, Game};
use sandtable::rules::systems;
use sandtable::systems::estate_dei_boxers::siege::{DayCard, Rules, Siege, Stage};
use sandtable::systems::estate_dei_boxers::sim::{Quiet, full_deck, game_seed, play};
use sandtable::systems::estate_dei_boxers::strategy::{Adviser, FastRng, Strategy};
use sandtable::systems::estate_dei_boxers::{charts, simulate};

fn bench(c: &mut Criterion) {
    let (map, roster) = simulate::shipped();
    let rules = Rules::plain(&map, &roster, charts());
    let start = Siege::new(&rules);
    let deck = full_deck();
    let mut n = 0u64;
    for strategy in [Strategy::GuardTheRoads, Strategy::HoldMajorLegations] {
        c.bench_function(&format!("estate: one whole siege (54 days, {})", strategy.name()), |b| {
            b.iter(|| {
                n += 1;
                black_box(play(&rules, &start, &deck, strategy, game_seed(1, n)))
            })
        });
    }
    c.bench_function("estate: one attack day (black king)", |b| {
        b.iter(|| {
            n += 1;
            let mut siege = start.clone();
            siege.begin();
            let mut io = Quiet(FastRng::new(n));
            let mut adviser = Adviser { strategy: Strategy::HoldMajorLegations, rng: FastRng::new(n + 1) };
            siege.draw(&mut io, DayCard::Picture { red: false });
            siege.run(&rules, &mut io, &mut adviser, false);
            assert_eq!(siege.stage, Stage::Draw);
            black_box(siege)
        })
    });

    let shipped = systems().iter().flat_map(|s| s.scenarios()).find(|s| s.path.ends_with("the-55-days.toml")).unwrap();
    let mut game = Game::new(Arc::new(shipped.load().unwrap()), 7);
    for json in [r#"{"type":"advance"}"#, r#"{"type":"draw_card","card":"5H"}"#, r#"{"type":"advance"}"#] {
        game.apply(&Action::from_json(json).unwrap()).unwrap();
    }
    let draw = Action::from_json(r#"{"type":"draw_card","card":"KS"}"#).unwrap();
    c.bench_function("estate app: draw a black king (to the first decision)", |b| {
        b.iter(|| black_box(game.prepare(&draw).unwrap()))
    });
    c.bench_function("estate app: the game view", |b| b.iter(|| black_box(GameView::of(1, "bench", &game))));
    // The app's "what if": 2,000 sieges under each of the four strategies, a thread each, from day 1.
    let mut slow = c.benchmark_group("estate app: what if");
    slow.sample_size(10);
    slow.bench_function("forecast from day 1 (4 x 2,000 sieges)", |b| {
        b.iter(|| black_box(game.forecast(2_000).unwrap()))
    });
    slow.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
