//! The turn's throws and the battle's end: initiative with ties thrown again, activations, withdrawal at
//! half the army's value and the levels of victory; a one-off army's cap.

use sandtable::dice::DiceExpr;
use sandtable::systems::when_empires_clash::victory::{Level, level, must_withdraw};
use sandtable::systems::when_empires_clash::{charts, one_off, turn_odds};

fn dice(text: &str) -> DiceExpr {
    DiceExpr::parse(text).unwrap()
}

/// Each side throws; ties are thrown again (RULINGS), so a side's chance is its share of the throws that
/// are not ties. Counted by hand: 2D6 beats a D12 in 216 of 432 pairs and loses in 180.
#[test]
fn the_initiative_for_2d6_against_a_d12_with_ties_thrown_again_is_a_commanders_share_of_untied_throws() {
    let (mut wins, mut losses) = (0, 0);
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=12 {
                if a + b > c {
                    wins += 1;
                } else if a + b < c {
                    losses += 1;
                }
            }
        }
    }
    assert_eq!((wins, losses), (216, 180));
    let p = turn_odds::initiative(&dice("2D6"), &dice("D12"));
    assert!((p - 216.0 / 396.0).abs() < 1e-15, "{p}");
    assert!((turn_odds::initiative(&dice("D12"), &dice("2D6")) - 180.0 / 396.0).abs() < 1e-15);
    assert!((turn_odds::initiative(&dice("2D6"), &dice("2D6")) - 0.5).abs() < 1e-15);
}

/// "The side with the initiative throws 2D6s or a D12 and adds the Command stand's value."
#[test]
fn activations_are_the_throw_plus_the_commanders_rating() {
    let average = turn_odds::activations(&dice("2D6"), 2);
    assert_eq!((average.min(), average.max()), (4, 14));
    assert!((average.p(9) - 6.0 / 36.0).abs() < 1e-15);
    let exceptional = turn_odds::activations(&dice("D12"), 3);
    assert_eq!((exceptional.min(), exceptional.max()), (4, 15));
}

#[test]
fn an_army_must_withdraw_at_half_its_value_lost_command_stand_apart() {
    let rules = &charts().1.victory;
    assert!(must_withdraw(rules, 36.0, 18.0), "exactly half");
    assert!(!must_withdraw(rules, 36.0, 17.0));
    assert!(must_withdraw(rules, 35.0, 17.5), "35 points: 17.5 lost (an entrenchment's half point counts)");
    assert!(!must_withdraw(rules, 35.0, 17.0));
}

#[test]
fn the_level_of_victory_withdraw_or_turn_twelve_is_set_by_the_remaining_values() {
    let rules = &charts().1.victory;
    assert_eq!(level(rules, [20.0, 20.0]), Level::Draw);
    assert_eq!(level(rules, [29.0, 20.0]), Level::Marginal, "9 apart");
    assert_eq!(level(rules, [20.0, 30.0]), Level::Decisive, "10 apart");
    assert_eq!(level(rules, [39.0, 20.0]), Level::Decisive, "19 apart");
    assert_eq!(level(rules, [40.0, 20.0]), Level::Overwhelming, "20 apart");
}

/// Equal armies: at most 12 points in stands worth 4 or more; an 8D6 army: at most 33% of its value.
#[test]
fn a_one_off_army_caps_stands_worth_4_at_12_points_or_a_third_of_its_thrown_value() {
    let rules = &charts().1.armies;
    assert_eq!(one_off::cap(rules, 36, false), 12);
    assert_eq!(one_off::cap(rules, 28, true), 9, "33% of 28 is 9.24: 9 whole points");
    assert_eq!(one_off::cap(rules, 48, true), 15);
    assert_eq!(one_off::commander(&charts().1, 4).map(|c| c.value), Some(2));
}
