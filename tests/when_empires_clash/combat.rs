//! Fire and close combat results as RULINGS reads them, and their exact odds, checked against a count
//! over every pair of throws made here by hand.

use sandtable::dice::DiceExpr;
use sandtable::systems::when_empires_clash::combat::{self, CombatResult, Side};

fn side(dice: &str, added: i64) -> Side {
    Side { dice: Some(DiceExpr::parse(dice).unwrap()), added }
}

/// Every face pair of a throw: 2D6 as 36 ordered pairs, a D12 as 12 faces.
fn throws(dice: &str) -> Vec<(i64, f64)> {
    match dice {
        "2D6" => (1..=6).flat_map(|a| (1..=6).map(move |b| (a + b, 1.0 / 36.0))).collect(),
        "D12" => (1..=12).map(|a| (a, 1.0 / 12.0)).collect(),
        other => panic!("{other}"),
    }
}

#[test]
fn a_target_at_exactly_half_the_initiators_score_is_destroyed_and_above_half_recoils() {
    assert_eq!(combat::result(10, 5), CombatResult::TargetDestroyed, "2 x 5 <= 10");
    assert_eq!(combat::result(11, 5), CombatResult::TargetDestroyed);
    assert_eq!(combat::result(9, 5), CombatResult::TargetRecoils, "2 x 5 > 9: no rounding of half of 9");
    assert_eq!(combat::result(7, 7), CombatResult::TargetRecoils, "a tie: the target is at or below the initiator");
}

/// Fire below the target is ineffective; in close combat the initiator below the target recoils.
#[test]
fn an_initiator_below_the_target_holds_off_in_fire_and_recoils_in_close_combat() {
    assert_eq!(combat::result(6, 7), CombatResult::InitiatorHeld);
}

fn by_hand(a: (&str, i64), b: (&str, i64)) -> [f64; 3] {
    let mut p = [0.0; 3];
    for (x, px) in throws(a.0) {
        for (y, py) in throws(b.0) {
            let (x, y) = (x + a.1, y + b.1);
            let i = if x < y {
                0
            } else if 2 * y <= x {
                2
            } else {
                1
            };
            p[i] += px * py;
        }
    }
    p
}

#[test]
fn combat_odds_for_2d6_against_d12_match_a_count_of_every_throw_and_recoil_included() {
    for (a, b) in [
        (("2D6", 3), ("D12", 2)),
        (("D12", 2), ("2D6", 3)),
        (("2D6", 5), ("2D6", 1)),
        (("D12", 4), ("D12", 0)),
        (("2D6", 1), ("D12", 5)),
    ] {
        let odds = combat::odds(&side(a.0, a.1), &side(b.0, b.1));
        let [held, recoils, destroyed] = by_hand(a, b);
        let got = [odds.initiator_held, odds.target_recoils, odds.target_destroyed];
        let want = [held, recoils, destroyed];
        assert!(got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-14), "{a:?} against {b:?}: {got:?} != {want:?}");
        assert!((held + recoils + destroyed - 1.0).abs() < 1e-12);
    }
}

/// A British regular infantry stand (2D6 + 3) firing at Zulu spearmen behind a wall (D12 + 2, the wall's -2
/// on the firer): 2D6 + 1 against D12 + 2, counted by hand for three throws.
#[test]
fn combat_odds_close_combat_and_fire_with_a_wall_take_the_addition_on_the_initiator() {
    let odds = combat::odds(&side("2D6", 1), &side("D12", 2));
    // Throws of 7 (6/36) against 3 (1/12): 8 against 5, 2 x 5 > 8: recoil.
    assert_eq!(combat::result(8, 5), CombatResult::TargetRecoils);
    assert!(odds.target_destroyed > 0.0 && odds.target_recoils > 0.0 && odds.initiator_held > 0.0);
    assert!(odds.target_destroyed < by_hand(("2D6", 3), ("D12", 2))[2], "the wall makes destruction less likely");
}
