//! Shooting: one D6 per figure totalled, a kill per multiple of 6 / 9 / 12 by cover (optionally 9 / 12 / 18
//! at 24" or more); a gun 8 dice less 2 per crewman lost within 45 degrees of its facing; sight; and the
//! ammunition each volley spends.

use crate::support::{Siege, area, gun, squad};

/// Squad `a` at (20, 20) and natives-1 (four basic natives) at (20, 30), with the defenders' card drawn.
fn facing_off(terrain: &str) -> Siege {
    let mut s = Siege::mustered(&format!("{terrain}{}", squad("a", (20.0, 20.0))));
    s.put("natives-1", (20.0, 30.0));
    s.draw("7C");
    s
}

const TEXT_VOLLEY: &str = r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,5,2,2,3,4,1]}"#;

#[test]
fn a_squad_of_seven_rolling_23_kills_3_natives_in_the_open() {
    let mut s = facing_off("");
    let line = s.ok(TEXT_VOLLEY);
    assert_eq!(s.lost("natives-1"), 3, "{line}");
    assert!(line.contains("in the open") && line.contains("a total of 23: 3 killed"), "{line}");
    // The kill is per 6 of the total, not per die showing a 6 (which this roll has one of).
    assert!(line.contains("every 6 points of the total kill one"), "{line}");
}

#[test]
fn the_same_squad_roll_kills_1_native_in_hard_cover() {
    let mut s = facing_off(&area("Rocks", "rocks", (18.0, 28.0), (26.0, 32.0)));
    let line = s.ok(TEXT_VOLLEY);
    assert_eq!(s.lost("natives-1"), 1, "one 12 and only 11 left: {line}");
}

#[test]
fn natives_in_bushes_take_a_kill_per_9() {
    let mut s = facing_off(&area("Scrub", "bushes", (18.0, 28.0), (26.0, 32.0)));
    s.ok(TEXT_VOLLEY);
    assert_eq!(s.lost("natives-1"), 2);
}

#[test]
fn natives_behind_a_wall_are_in_hard_cover() {
    let mut s = facing_off(&area("Wall", "wall", (17.0, 29.0), (27.0, 29.5)));
    s.ok(TEXT_VOLLEY);
    assert_eq!(s.lost("natives-1"), 1);
}

#[test]
fn the_kills_odds_are_the_exact_sum_of_the_squad_dice() {
    let s = facing_off("");
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert_eq!(odds.dice, vec!["7 D6".to_string()]);
    // 7D6 totals 7..42: no kill needs a total under 6, impossible with seven dice.
    let none = odds.outcomes.iter().find(|o| o.value == 0).map_or(0.0, |o| o.p);
    assert_eq!(none, 0.0);
    let four = odds.outcomes.iter().find(|o| o.value == 4).expect("all four can die").p;
    assert!(four > 0.5, "24 or more on 7D6 is likelier than not: {four}");
}

#[test]
fn a_gun_with_two_crew_lost_rolls_four_dice() {
    let mut s = Siege::mustered(&gun("mg", (24.0, 20.0), 180.0));
    s.put("natives-1", (24.0, 30.0));
    s.ok(r#"{"type":"record_losses","unit":"mg","count":2}"#);
    s.draw("7C");
    let odds = s.odds(r#"{"type":"fire","unit":"mg","target":"natives-1"}"#);
    assert_eq!(odds.dice, vec!["4 D6".to_string()]);
    let refusal = s.refused(r#"{"type":"turn_gun","unit":"mg","facing":90}"#);
    assert!(refusal.message.contains("fully crewed"), "{refusal:?}");
    let wrong = s.try_act(r#"{"type":"fire","unit":"mg","target":"natives-1","dice":[6,6,6,6,6]}"#);
    assert!(wrong.is_err(), "a fifth die is one too many");
    s.ok(r#"{"type":"fire","unit":"mg","target":"natives-1","dice":[6,6,6,6]}"#);
    assert_eq!(s.lost("natives-1"), 4);
    assert_eq!((s.turn().rifle_ammunition, s.turn().gun_ammunition), (20, 4), "a gun shot spends a gun counter");
}

#[test]
fn a_full_gun_rolls_eight_dice_only_within_45_degrees_of_its_facing() {
    let mut s = Siege::mustered(&gun("mg", (24.0, 20.0), 90.0));
    s.put("natives-1", (24.0, 30.0));
    s.draw("7C");
    let refusal = s.refused(r#"{"type":"fire","unit":"mg","target":"natives-1"}"#);
    assert!(refusal.message.contains("arc"), "{refusal:?}");
    s.ok(r#"{"type":"turn_gun","unit":"mg","facing":180}"#);
    s.draw("8C");
    let odds = s.odds(r#"{"type":"fire","unit":"mg","target":"natives-1"}"#);
    assert_eq!(odds.dice, vec!["8 D6".to_string()]);
}

#[test]
fn each_squad_volley_spends_one_rifle_ammunition_counter_whatever_its_size() {
    let mut s = facing_off("");
    s.ok(r#"{"type":"record_losses","unit":"a","count":4}"#);
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1]}"#);
    assert_eq!(s.turn().rifle_ammunition, 19);
    assert!(s.last_line().contains("ammunition counters left: 19 rifle, 5 gun"), "{}", s.last_line());
}

#[test]
fn out_of_ammunition_a_squad_cannot_fire() {
    let mut s = Siege::supplied("", "rifle_ammunition = 1", &squad("a", (20.0, 20.0)));
    s.muster_basic();
    s.put("natives-1", (20.0, 30.0));
    s.draw("7C");
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1,1,1,1,1]}"#);
    s.ok(r#"{"type":"morale","unit":"natives-1","dice":[6]}"#);
    s.draw("8C");
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(refusal.message.contains("no rifle ammunition"), "{refusal:?}");
}

#[test]
fn umpire_ammunition_removes_1d6_counters_in_secret_and_warns_when_low() {
    let mut s = Siege::supplied("umpire_ammunition = true", "rifle_ammunition = 8", &squad("a", (20.0, 20.0)));
    s.refused(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"umpire","dice":[4]}"#);
    assert_eq!(s.turn().rifle_ammunition, 4);
    let view = s.siege_view();
    assert_eq!(view.rifle_ammunition, None, "the defender does not see the count");
    let umpire = s.siege_view_from(&sandtable::rules::Seat::Referee);
    assert_eq!(umpire.rifle_ammunition, Some(4), "the umpire does");
    assert_eq!(view.ammunition_warning.as_deref(), Some("Rifle ammunition is getting low"));
    s.muster_basic();
    s.put("natives-1", (20.0, 30.0));
    s.draw("7C");
    let line = s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1,1,1,1,1]}"#);
    assert!(!line.contains("counters left"), "the log does not tell the count either: {line}");
}

#[test]
fn a_building_blocks_sight_unless_the_table_rules_otherwise() {
    let mut s = facing_off(&area("House", "building", (15.0, 24.0), (30.0, 27.0)));
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(refusal.message.contains("House blocks the line of sight"), "{refusal:?}");
    let line = s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","sight":true,"dice":[1,1,1,1,1,1,1]}"#);
    assert!(line.contains("as the table rules"), "{line}");
}

#[test]
fn friendly_figures_cannot_be_fired_through() {
    let mut s = facing_off(&squad("b", (21.0, 25.0)));
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(refusal.message.contains("friendly forces"), "{refusal:?}");
}

#[test]
fn natives_without_guns_do_not_fire_and_groups_in_melee_cannot_be_fired_into() {
    let mut s = Siege::mustered(&format!("{}{}", squad("a", (20.0, 20.0)), squad("b", (30.0, 40.0))));
    s.put("natives-1", (20.0, 26.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"fire","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("do not fire"), "{refusal:?}");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("5C");
    let refusal = s.refused(r#"{"type":"fire","unit":"b","target":"natives-1"}"#);
    assert!(refusal.message.contains("may not fire into it"), "{refusal:?}");
}

#[test]
fn optional_long_range_needs_9_in_the_open_from_24_inches() {
    let mut s = at_long_range();
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-3"}"#);
    assert!(odds.label.contains("at long range") && odds.label.contains("every 9"), "{}", odds.label);
    s.ok(TEXT_VOLLEY.replace("natives-1", "natives-3").as_str());
    assert_eq!(s.lost("natives-3"), 2, "23 is two lots of 9");
}

#[test]
fn at_long_range_the_other_covers_are_priced_at_long_range_too() {
    let s = at_long_range();
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-3"}"#);
    let labels: Vec<&str> = odds.lines.iter().map(|l| l.label.as_str()).collect();
    assert!(labels.iter().any(|l| l.contains("soft cover (every 12)")), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains("hard cover (every 18)")), "{labels:?}");
}

/// Squad `a` and natives-3 24" apart in the open, with the optional range rule and the defenders' card.
fn at_long_range() -> Siege {
    let mut s = Siege::with_options("long_range = true", &squad("a", (20.0, 10.0)));
    s.muster_basic();
    s.put("natives-3", (20.0, 34.0));
    s.draw("7C");
    s
}

/// A wall running north and south at x 15-15.5, the west wall of a compound.
fn west_wall() -> String {
    area("West wall", "wall", (15.0, 5.0), (15.5, 40.0))
}

/// Shooting: "Every multiple of 12 will kill an enemy protected by 'hard' cover. (Inside a building,
/// behind a barricade or wall, in trees etc.)" Ten natives in a column an inch outside a wall, fired at by
/// a squad in a column 1.5" inside it: the line of fire from the Officer/NCO to every one of them crosses
/// the wall, so every one is behind it, and the group is in hard cover whatever its number and spread.
#[test]
fn natives_in_a_column_outside_a_wall_are_in_hard_cover_from_a_squad_inside_it() {
    let mut s = Siege::new(&format!("{}{}", west_wall(), squad("a", (17.0, 19.0))));
    s.ok(r#"{"type":"muster","dice":[5,5,1]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    for _ in 0..4 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.stand("a", &[(17.0, 19.0), (17.0, 16.0), (17.0, 17.0), (17.0, 18.0), (17.0, 20.0), (17.0, 21.0), (17.0, 22.0)]);
    let column: Vec<(f64, f64)> = (0..10).map(|i| (14.0, 16.0 + f64::from(i))).collect();
    s.stand("natives-1", &column);
    s.draw("5S");
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(odds.label.contains("in hard cover: every 12"), "{}", odds.label);
    // Fewer of them, and the officer an inch further in: the same.
    s.stand(
        "natives-1",
        &column[..6].iter().copied().chain(column[6..].iter().map(|(x, y)| (x - 0.5, *y))).collect::<Vec<_>>(),
    );
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(odds.label.contains("in hard cover: every 12"), "{}", odds.label);
}

/// Shooting, the other way: natives with guns inside a wall fire at a squad along its far side; every
/// line of fire, from the nearest of the natives to each man, crosses the wall: the squad is behind it.
#[test]
fn a_squad_along_the_far_side_of_a_wall_is_in_hard_cover_from_natives_firing_across_it() {
    let wall = area("Wall", "wall", (10.0, 20.0), (38.0, 20.5));
    let mut s = Siege::new(&format!("{wall}{}", squad("a", (15.0, 19.0))));
    s.ok(r#"{"type":"muster","dice":[2,2,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise","kind":"native_riflemen"}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.stand("a", &[(15.0, 19.0), (16.0, 19.0), (17.0, 19.0), (18.0, 19.0), (19.0, 19.0), (20.0, 19.0), (21.0, 19.0)]);
    s.stand("natives-1", &[(18.0, 22.0), (19.0, 22.0)]);
    s.draw("5H");
    let odds = s.odds(r#"{"type":"fire","unit":"natives-1","target":"a"}"#);
    assert!(odds.label.contains("at a in hard cover: every 12"), "{}", odds.label);
}

/// Shooting: "A D6 is rolled for every figure in the firing group and these dice are totalled": a volley's
/// odds are the same whatever card is in play, so a table may weigh a shot before it draws; the shot itself
/// waits for a black card.
#[test]
fn a_volley_may_be_weighed_before_the_card_that_allows_it() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.put("natives-1", (20.0, 30.0));
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(odds.label.contains("7 dice at Native warriors 1 in the open"), "{}", odds.label);
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    assert!(refusal.message.contains("draw a card"), "{refusal:?}");
}
