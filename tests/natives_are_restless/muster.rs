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

/// The natives of a siege whose only better troops are the field gun.
const GUN_ONLY: &str = r#"[{ kind = "native_warriors", figures = 60 }, { kind = "boxer_field_gun", figures = 1 }]"#;

/// Attacking forces: "If the D6 is a six the group of figures will be better quality troops", and the Boxer
/// field gun is "A better quality element that can be take if there is a five on the 'number of figures'
/// die". With the gun the only better troops left, a 6 and a 5 on the higher average die bring it: 1/6 of
/// 11/36, 11/216. The odds say so, count its crew of four among the group's sizes, and the dice bring it.
#[test]
fn with_only_the_field_gun_left_better_troops_come_on_a_6_and_a_5_and_the_odds_say_so() {
    let mut s = Siege::raised_from("", "", GUN_ONLY, &squad("a", (20.0, 20.0)));
    let gun = 11.0 / 216.0;
    let odds = s.odds(r#"{"type":"muster"}"#);
    let better = odds.lines.iter().find(|l| l.label.starts_with("better troops")).unwrap().p;
    assert!((better - gun).abs() < 1e-15, "{odds:?}");
    // Four figures: basic troops on 2 and 2 without a six, or the gun's crew.
    let four = odds.outcomes.iter().find(|o| o.value == 4).unwrap().p;
    assert!((four - (1.0 / 36.0 * 5.0 / 6.0 + gun)).abs() < 1e-15, "{odds:?}");
    let prompt_p = |s: &Siege| {
        let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
        view.prompts.iter().find(|p| p.action == "muster").and_then(|p| p.p)
    };
    assert_eq!(prompt_p(&s), Some(better), "the prompt's chance is the odds' own");
    let luck = s.luck(r#"{"type":"muster","dice":[5,2,6]}"#);
    assert_eq!(luck[0].actual, 4, "the gun comes with its crew of four: {luck:?}");
    assert_eq!(prompt_p(&s), Some(0.0), "the one gun is rolled: the next edge's better troops bring nobody");
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise"}"#);
    assert_eq!((s.unit("natives-1").kind.as_str(), s.unit("natives-1").crew_alive()), ("boxer_field_gun", 4));
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.draw("KH");
    s.ok(r#"{"type":"pass"}"#);
    let odds = s.odds(r#"{"type":"reinforce"}"#);
    let line = |label: &str| odds.lines.iter().find(|l| l.label.starts_with(label)).unwrap().p;
    // The one gun is on the table: a 6 now brings nobody.
    assert!((line("a group comes") - 4.0 / 6.0 * 5.0 / 6.0).abs() < 1e-15, "{odds:?}");
    assert_eq!(line("it is better troops"), 0.0, "{odds:?}");
}

/// The same, as reinforcements: 4/6 that a group comes, and of it 11/216 the gun.
#[test]
fn the_reinforcement_odds_give_the_field_gun_its_chance_when_it_is_the_only_better_troops_left() {
    let mut s = Siege::raised_from("", "", GUN_ONLY, &squad("a", (20.0, 20.0)));
    s.muster_basic();
    s.draw("KH");
    s.ok(r#"{"type":"pass"}"#);
    let odds = s.odds(r#"{"type":"reinforce"}"#);
    let better = odds.lines.iter().find(|l| l.label.starts_with("it is better troops")).unwrap().p;
    assert!((better - 4.0 / 6.0 * 11.0 / 216.0).abs() < 1e-15, "{odds:?}");
    let line = s.ok(r#"{"type":"reinforce","dice":[2,5,3,6]}"#);
    assert!(line.contains("field gun"), "{line}");
    s.ok(r#"{"type":"raise"}"#);
    assert_eq!(s.unit("natives-5").kind, "boxer_field_gun");
}

/// Five basic natives and the field gun, nothing else.
const FIVE_AND_THE_GUN: &str =
    r#"[{ kind = "native_warriors", figures = 5 }, { kind = "boxer_field_gun", figures = 1 }]"#;

/// Attacking forces: "He may roll once for each board edge", and each group is no bigger than the figures
/// left. The north edge's ten basic troops, rolled but not yet placed, will take all five: the east edge's
/// odds count the reserves as `raise` will find them, so basic troops bring nobody and only the gun (a 6
/// and a 5, 11/216) brings anyone, its crew of four.
#[test]
fn muster_odds_count_the_figures_groups_already_rolled_will_take() {
    let mut s = Siege::raised_from("", "", FIVE_AND_THE_GUN, &squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[5,5,1]}"#);
    let odds = s.odds(r#"{"type":"muster"}"#);
    let p = |v: i64| odds.outcomes.iter().find(|o| o.value == v).map_or(0.0, |o| o.p);
    assert!((p(0) - 205.0 / 216.0).abs() < 1e-12, "{odds:?}");
    assert!((p(4) - 11.0 / 216.0).abs() < 1e-12, "{odds:?}");
    assert_eq!(p(5), 0.0, "{odds:?}");
    let luck = s.luck(r#"{"type":"muster","dice":[3,3,1]}"#);
    assert_eq!(luck[0].actual, 0, "six basic troops bring nobody: {luck:?}");
    for _ in 0..2 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise"}"#);
    let line = s.ok(r#"{"type":"raise"}"#);
    assert!(line.contains("does not come"), "{line}");
}

/// Sample army: the field gun is "A better quality element that can be take if there is a five on the
/// 'number of figures' die". With the gun the only better troops left, a 6 and a 5 bring the gun, and the
/// log says so rather than "5 better troops (or the field gun)".
#[test]
fn with_the_gun_the_only_better_troops_left_the_muster_says_the_gun_comes() {
    let mut s = Siege::raised_from("", "", GUN_ONLY, &squad("a", (20.0, 20.0)));
    let line = s.ok(r#"{"type":"muster","dice":[5,2,6]}"#);
    assert!(line.contains("[5, 2] and a 6: the Boxer field gun (the only better troops left)"), "{line}");
}

/// Attacking forces, as the log tells them: the field gun is one gun, and "arrives"; a group of Boxers
/// "arrive". Every group's figures are numbered as the defenders' are, from the same first number, so a
/// player reads one numbering on the whole table.
#[test]
fn a_gun_arrives_and_a_group_arrive_numbered_as_the_defenders_are() {
    let mut s = Siege::raised_from("", "", GUN_ONLY, &squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[5,2,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    let line = s.ok(r#"{"type":"raise"}"#);
    assert!(line.contains("Boxer field gun 1 arrives on the north edge"), "{line}");
    let line = s.ok(r#"{"type":"raise"}"#);
    assert!(line.contains("Native warriors 2 arrive on the east edge"), "{line}");
    let first = |unit: &str| s.unit(unit).figures.iter().map(|f| f.id).min();
    assert_eq!(first("natives-2"), first("a"));
}

/// Attacking forces: a group is as big as the dice say, from the figures left off the table. Ten basic
/// troops rolled with five left: the log says both, "10 basic troops, 5 left to come".
#[test]
fn a_group_rolled_bigger_than_the_figures_left_says_how_many_are_left_to_come() {
    let five = r#"[{ kind = "native_warriors", figures = 5 }, { kind = "native_fanatics", figures = 5 }]"#;
    let mut s = Siege::raised_from("", "", five, &squad("a", (20.0, 20.0)));
    let line = s.ok(r#"{"type":"muster","dice":[5,5,1]}"#);
    assert!(line.contains("10 basic troops, 5 left to come"), "{line}");
}

/// Attacking forces: "The attacker rolls 2D4 and 1D6 (2 average dice and 1 six sided)". Two dice typed are
/// refused, saying the D6 is thrown every time with the average dice, not only when better troops are hoped
/// for.
#[test]
fn a_group_roll_typed_short_of_its_d6_says_the_third_die_is_always_thrown() {
    let mut s = siege();
    let before = s.game.events().len();
    let err = s.try_act(r#"{"type":"muster","dice":[4,3]}"#).unwrap_err().to_string();
    assert!(err.contains("always three dice") && err.contains("thrown every time"), "{err}");
    assert_eq!(s.game.events().len(), before, "a refusal records nothing");
}
