//! When Empires Clash! at the table (issue 11): lighting up a stand's legal squares on an 18 x 12 grid
//! with 40 stands on it, its recoil path, and a combat's exact odds, each under 1 ms; and the whole game view
//! the app builds after every action.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::dice::DiceExpr;
use sandtable::measure::Square;
use sandtable::systems::when_empires_clash::board::{Board, Facing, Ground, Mover, Recoiler, Space, reachable, recoil};
use sandtable::systems::when_empires_clash::combat::{Side, odds};

/// An 18 x 12 field with woods, a hill, a road and a wall, two armies of 20 stands facing each other.
fn field() -> (Board, Vec<Square>, Vec<Square>) {
    let mut board = Board::new(18, 12);
    for col in 0..18 {
        board.add_road(Square::new(col, 6));
    }
    for (col, row) in [(3, 3), (4, 3), (12, 8), (13, 8)] {
        board.set_ground(Square::new(col, row), Ground::Woods);
    }
    for (col, row) in [(8, 4), (9, 4), (8, 5), (9, 5)] {
        board.set_level(Square::new(col, row), 1);
    }
    let friends: Vec<Square> = (0..20).map(|i| Square::new(i % 10 * 2 % 18, 9 + i / 10)).collect();
    let enemies: Vec<Square> = (0..20).map(|i| Square::new(i % 10 * 2 % 18 + 1, 1 + i / 10)).collect();
    board.set_occupied(friends.iter().chain(&enemies).copied());
    (board, friends, enemies)
}

fn benches(c: &mut Criterion) {
    let (board, friends, enemies) = field();
    let mut space = Space::new(50, 2);
    for &square in &friends {
        space.take(square, 20);
    }
    let friends = space;
    let cavalry = Mover {
        at: Square::new(8, 8),
        squares: 5,
        infantry: false,
        artillery: false,
        depth_mm: 30,
        friends: &friends,
        enemies: &enemies,
    };
    c.bench_function("legal squares for irregular cavalry, 18 x 12, 40 stands", |b| {
        b.iter(|| reachable(black_box(&board), black_box(&cavalry)))
    });
    let infantry = Mover { at: Square::new(8, 8), squares: 3, infantry: true, ..cavalry };
    c.bench_function("legal squares for native infantry, 18 x 12, 40 stands", |b| {
        b.iter(|| reachable(black_box(&board), black_box(&infantry)))
    });
    let near = [Square::new(8, 7), Square::new(7, 7)];
    let recoiling = Recoiler {
        at: Square::new(8, 8),
        squares: 4,
        infantry: false,
        blocked_by_any_obstacle: false,
        toward_baseline: Facing::South,
        depth_mm: 30,
        friends: &friends,
        enemies: &near,
    };
    c.bench_function("recoil path", |b| b.iter(|| recoil(black_box(&board), black_box(&recoiling))));
    let (european, native) = (DiceExpr::parse("2D6").unwrap(), DiceExpr::parse("D12").unwrap());
    let firer = Side { dice: Some(european), added: 4 };
    let target = Side { dice: Some(native), added: 2 };
    c.bench_function("combat odds, 2D6 + 4 against D12 + 2", |b| {
        b.iter(|| odds(black_box(&firer), black_box(&target)))
    });
    // What a tablet waits for after every action: the whole view of a shipped battle (34 stands), each
    // stand's arc and sight, the active stand's legal squares and every combat it may fight with its odds.
    let game = zulu_war_with_a_stand_active();
    c.bench_function("game view, Zulu War, a stand active", |b| {
        b.iter(|| sandtable::api::GameView::of(1, "bench", black_box(&game)))
    });
}

fn zulu_war_with_a_stand_active() -> sandtable::game::Game {
    let scenario = sandtable::scenario::find_shipped("when-empires-clash/zulu-war").unwrap().load().unwrap();
    let mut game = sandtable::game::Game::new(std::sync::Arc::new(scenario), 1);
    for json in [
        r#"{"type":"initiative","dice":[6,6,1]}"#,
        r#"{"type":"take_initiative","side":"british"}"#,
        r#"{"type":"throw_activations","dice":[3,4]}"#,
        r#"{"type":"activate","unit":"gatling"}"#,
    ] {
        game.apply(&sandtable::game::Action::from_json(json).unwrap()).unwrap();
    }
    game
}

criterion_group!(group, benches);
criterion_main!(group);
