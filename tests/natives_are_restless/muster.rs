//! Attacking forces and reinforcements: two average dice and a D6 per edge; a six brings better troops, as
//! many as the higher average die, otherwise basic troops, the sum; the field gun on a 5; reinforcements
//! after a picture card or an ace with no melee, 1-4 an edge and 5-6 none; groups withdrawn or routed
//! may be raised again.

use sandtable::systems::natives_are_restless::Stage;

use crate::support::{Siege, squad};

fn siege() -> Siege {
    Siege::new(&squad("a", (20.0, 20.0)))
}

#[test]
fn a_native_group_of_basic_troops_is_the_sum_of_the_average_dice() {
    let mut s = siege();
    let line = s.ok(r#"{"type":"muster","dice":[3,4,2]}"#);
    assert!(line.contains("7 basic troops") && line.contains("north edge"), "{line}");
}

#[test]
fn a_six_brings_better_native_troops_as_many_as_the_higher_average_die() {
    let mut s = siege();
    let line = s.ok(r#"{"type":"muster","dice":[4,3,6]}"#);
    assert!(line.contains("4 better troops"), "{line}");
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    assert_eq!(s.turn().stage, Stage::Draw);
    let view = s.siege_view();
    assert_eq!(view.raise_kinds, ["native_riflemen", "native_fanatics", "native_horsemen"]);
    s.try_act(r#"{"type":"raise"}"#).expect_err("better troops name their kind");
    s.ok(r#"{"type":"raise","kind":"native_horsemen"}"#);
    assert_eq!((s.unit("natives-1").kind.as_str(), s.alive("natives-1")), ("native_horsemen", 4));
    assert!(s.unit("natives-1").figures.iter().all(|f| f.pos.y == 1.0), "placed along the north edge");
    assert_eq!(s.turn().pool["native_horsemen"], 6);
}

#[test]
fn average_dice_take_only_their_faces() {
    let mut s = siege();
    assert!(s.try_act(r#"{"type":"muster","dice":[1,4,2]}"#).is_err(), "an average die has no 1");
}

#[test]
fn the_field_gun_comes_only_with_a_five_on_the_higher_average_die() {
    let mut s = siege();
    s.ok(r#"{"type":"muster","dice":[4,4,6]}"#);
    s.ok(r#"{"type":"muster","dice":[5,2,6]}"#);
    let view = s.siege_view();
    assert!(!view.raise_kinds.contains(&"boxer_field_gun".to_string()));
    s.ok(r#"{"type":"raise","kind":"native_fanatics"}"#);
    assert!(s.siege_view().raise_kinds.contains(&"boxer_field_gun".to_string()));
    s.ok(r#"{"type":"raise","kind":"boxer_field_gun"}"#);
    let gun = s.unit("natives-2");
    assert_eq!((gun.figures.len(), gun.crew_alive()), (4, 4), "the gun comes with its crew of 4");
}

#[test]
fn reinforcements_come_on_the_numbered_edge_and_none_on_5_or_6() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("KH");
    s.ok(r#"{"type":"pass"}"#);
    let odds = s.odds(r#"{"type":"reinforce"}"#);
    let comes = odds.lines.iter().find(|l| l.label == "a group comes").unwrap().p;
    assert!((comes - 4.0 / 6.0).abs() < 1e-12);
    let line = s.ok(r#"{"type":"reinforce","dice":[5]}"#);
    assert!(line.contains("none come"), "{line}");
    s.draw("KC");
    s.ok(r#"{"type":"pass"}"#);
    let line = s.ok(r#"{"type":"reinforce","dice":[3,3,3,2]}"#);
    assert!(line.contains("south edge") && line.contains("6 basic"), "{line}");
    s.refused(r#"{"type":"draw_card"}"#);
    s.ok(r#"{"type":"raise"}"#);
    assert!(s.unit("natives-5").figures.iter().all(|f| f.pos.y == 47.0));
}

#[test]
fn a_withdrawn_native_group_goes_back_to_be_raised_again() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    let before = s.turn().pool["native_warriors"];
    s.draw("4D");
    s.ok(r#"{"type":"withdraw","unit":"natives-2"}"#);
    assert_eq!(s.alive("natives-2"), 0);
    assert_eq!(s.turn().pool["native_warriors"], before + 4);
}

#[test]
fn a_group_is_no_bigger_than_the_figures_left_off_the_table() {
    let mut s = siege();
    for dice in ["[5,5,1]", "[5,5,1]", "[5,5,1]", "[5,4,1]"] {
        s.ok(&format!(r#"{{"type":"muster","dice":{dice}}}"#));
    }
    for _ in 0..4 {
        s.ok(r#"{"type":"raise"}"#);
    }
    assert_eq!(s.turn().pool["native_warriors"], 21);
    for (card, dice) in [("KH", "[1,5,5,1]"), ("KD", "[2,5,5,1]"), ("KC", "[3,5,5,1]")] {
        s.draw(card);
        s.ok(r#"{"type":"pass"}"#);
        s.ok(&format!(r#"{{"type":"reinforce","dice":{dice}}}"#));
        s.ok(r#"{"type":"raise"}"#);
    }
    assert!(s.last_line().contains("only 1 left"), "{}", s.last_line());
    assert_eq!(s.alive("natives-7"), 1);
    s.draw("KS");
    s.ok(r#"{"type":"pass"}"#);
    s.ok(r#"{"type":"reinforce","dice":[4,2,2,1]}"#);
    let line = s.ok(r#"{"type":"raise"}"#);
    assert!(line.contains("does not come"), "{line}");
}
