//! `sandtable roll`: seeded, typed-in and refused dice.
mod common;

use common::{Table, stderr};
use serde_json::Value;

fn roll_json(t: &Table, args: &[&str]) -> Value {
    serde_json::from_str(&t.ok(args)).unwrap()
}

#[test]
fn the_same_seed_rolls_the_same_dice() {
    let t = Table::new();
    let a = roll_json(&t, &["roll", "4D6", "--seed", "42", "--json"]);
    let b = roll_json(&t, &["roll", "4D6", "--seed", "42", "--json"]);
    assert_eq!(a, b);
    assert_eq!(a["faces"].as_array().unwrap().len(), 4);
}

#[test]
fn d10_faces_read_zero_to_nine() {
    let t = Table::new();
    let r = roll_json(&t, &["roll", "200D10", "--seed", "1", "--json"]);
    let faces: Vec<i64> = r["faces"].as_array().unwrap().iter().map(|f| f.as_i64().unwrap()).collect();
    assert_eq!((faces.iter().min(), faces.iter().max()), (Some(&0), Some(&9)));
}

#[test]
fn typed_dice_are_used_as_given() {
    let t = Table::new();
    let r = roll_json(&t, &["roll", "2D6+6", "--dice", "3,5", "--json"]);
    assert_eq!(r["faces"], serde_json::json!([3, 5]));
    assert_eq!(r["total"], 14);
    assert_eq!(r["typed"], true);
}

#[test]
fn a_typed_seven_on_a_d6_exits_2_and_says_why() {
    let t = Table::new();
    let out = t.run(&["roll", "2D6", "--dice", "3,7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("7 is not a face of a D6"), "{}", stderr(&out));
}

#[test]
fn percentile_reads_100_for_double_zero() {
    let t = Table::new();
    let r = roll_json(&t, &["roll", "D%", "--dice", "100", "--json"]);
    assert_eq!(r["total"], 100);
}

#[test]
fn nonsense_is_bad_input() {
    let t = Table::new();
    assert_eq!(t.run(&["roll", "2D7"]).status.code(), Some(2));
}

/// Found by probing (issue 17): the total overflowed and the command died in a panic, exit 101. It is
/// refused as bad input, naming the bound.
#[test]
fn a_roll_past_the_bounds_exits_2_and_names_the_bound() {
    let t = Table::new();
    let out = t.run(&["roll", "9223372036854775807+1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("more than 1000000"), "{}", stderr(&out));
}
