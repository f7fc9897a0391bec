//! The exact odds `game odds` shows before a roll: each outcome's value is the quantity the roll decides
//! (Boxer points eliminated, defender points eliminated, Boxer points routed), so the mean is what the
//! roll is expected to take.

use sandtable::game::{Action, Game};
use sandtable::odds::OddsView;
use serde_json::{Value, json};

use crate::common::app::{ok, stage};
use crate::losses::boxers_on_the_wall;

fn odds(game: &Game, json: Value) -> OddsView {
    game.odds(&Action::from_json(&json.to_string()).unwrap()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// The points a result line names ("3 Boxer points eliminated", "1 defender point eliminated"); none for
/// S, B and no effect.
fn points(line: &str) -> i64 {
    line.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0)
}

fn assert_values_are_the_points(view: &OddsView) {
    let expected: f64 = view.lines.iter().map(|l| points(&l.label) as f64 * l.p).sum();
    assert!((view.mean - expected).abs() < 1e-12, "mean {} against {expected}: {view:?}", view.mean);
    let total: f64 = view.outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    for outcome in &view.outcomes {
        let named: f64 = view.lines.iter().filter(|l| points(&l.label) == outcome.value).map(|l| l.p).sum();
        assert!((named - outcome.p).abs() < 1e-12, "{} points: {} against {named}: {view:?}", outcome.value, outcome.p);
    }
}

/// 6.3's table ("1, 2, 3, 4, 5 = numero di boxer/regolari eliminati"): the wall's fire into its own zone
/// (TW2, 6 soldier points with the Colt's 2 joined, +4) reads its values as Boxer points eliminated, S
/// none, and its mean is the points it is expected to take.
#[test]
fn the_odds_of_a_fire_are_the_boxer_points_it_eliminates() {
    let game = boxers_on_the_wall(&["us-1", "us-2"]);
    let view = odds(&game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join"}));
    assert!(view.label.contains("Boxer points eliminated"), "{}", view.label);
    assert!(view.mean > 1.0, "{view:?}");
    assert_values_are_the_points(&view);
}

/// 6.4's table ("1, 2, 3 o 4 = numero di soldati eliminati"): the Boxers' melee that `advance` rolls next
/// reads its values as defender points eliminated, B none.
#[test]
fn the_odds_of_a_boxer_melee_are_the_defender_points_it_eliminates() {
    let mut game = boxers_on_the_wall(&["us-1", "us-2"]);
    ok(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]}));
    assert_eq!(stage(&game), "combat/boxer_melee");
    let view = odds(&game, json!({"type": "advance"}));
    assert!(view.label.contains("defender points eliminated"), "{}", view.label);
    assert_values_are_the_points(&view);
}
