//! Firing Chart: a D20 per die, hitting within the target's cover column; crew weapons roll surviving crew
//! x dice per crew; natural 1s may kill the leader; cavalry save on 5-6; range; who may not fire.

use sandtable::game::GameError;

use crate::support::{Sp, area, gun, unit};

fn boxers_ahead() -> String {
    unit("boxers", "boxers", "boxers", 12, (30.0, 25.0))
}

#[test]
fn an_mg_with_one_crewman_lost_rolls_6_dice() {
    let mut sp = Sp::new(&(gun("mg", "allies", "mg", 3, (30.0, 10.0)) + &boxers_ahead()));
    sp.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    sp.fire_phase("allies");
    let line = sp.ok(r#"{"type":"fire","unit":"mg","target":"boxers","dice":[9,9,9,9,9,9]}"#);
    assert!(line.contains("6 D20, 0 hits"), "{line}");
}

#[test]
fn a_fully_crewed_mg_rolls_9_dice_and_typing_10_is_an_error() {
    let mut sp = Sp::new(&(gun("mg", "allies", "mg", 3, (30.0, 10.0)) + &boxers_ahead()));
    sp.fire_phase("allies");
    let err = sp.try_act(r#"{"type":"fire","unit":"mg","target":"boxers","dice":[9,9,9,9,9,9,9,9,9,9]}"#);
    assert!(format!("{err:?}").contains("only 9 were needed"), "{err:?}");
    let line = sp.ok(r#"{"type":"fire","unit":"mg","target":"boxers","dice":[8,9,9,9,9,9,9,9,9]}"#);
    assert!(line.contains("9 D20, 1 hit"), "{line}");
}

#[test]
fn a_lewis_gun_rolls_three_dice_per_crewman() {
    let mut sp = Sp::new(&(gun("lewis", "allies", "lewis", 2, (30.0, 10.0)) + &boxers_ahead()));
    assert_eq!(sp.odds(r#"{"type":"fire","unit":"lewis","target":"boxers"}"#).outcomes.len(), 7, "0..=6 lost");
    sp.ok(r#"{"type":"record_losses","unit":"lewis","count":1}"#);
    sp.fire_phase("allies");
    let line = sp.ok(r#"{"type":"fire","unit":"lewis","target":"boxers","dice":[8,8,8]}"#);
    assert!(line.contains("3 D20, 3 hits") && line.contains("3 figures lost"), "{line}");
    assert_eq!(sp.alive("boxers"), 9);
}

#[test]
fn a_jingal_rolls_one_die_per_crewman_hitting_on_1_to_5_in_the_open() {
    let body =
        gun("jingal", "boxers", "jingal", 2, (30.0, 40.0)) + &unit("marines", "allies", "marines", 10, (30.0, 10.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("boxers");
    let line = sp.ok(r#"{"type":"fire","unit":"jingal","target":"marines","dice":[5,6]}"#);
    assert!(line.contains("hit on 1-5") && line.contains("2 D20, 1 hit"), "{line}");
    assert_eq!(sp.alive("marines"), 9);
}

#[test]
fn boxers_firing_at_a_window_hit_only_on_a_1() {
    let body = area("House", "windows_doors", (20.0, 5.0), (40.0, 12.0))
        + &unit("marines", "allies", "marines", 10, (30.0, 10.0))
        + &unit("boxers", "boxers", "boxers", 4, (30.0, 22.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("boxers");
    let missed = sp.odds(r#"{"type":"fire","unit":"boxers","target":"marines"}"#);
    assert!(missed.label.contains("hitting on 1-1 (windows or doors)"), "{}", missed.label);
    // Two natural 1s: each hits, and each rolls the leader die (3, then 4: privates both times).
    let line = sp.ok(r#"{"type":"fire","unit":"boxers","target":"marines","dice":[1,2,2,1,3,4]}"#);
    assert!(line.contains("2 hits") && line.contains("2 figures lost"), "{line}");
    assert!(sp.unit("marines").leader().is_some());
}

#[test]
fn marines_against_boxers_behind_a_wall_hit_on_1_to_6() {
    let body = area("Wall", "walls", (20.0, 22.0), (40.0, 28.0))
        + &unit("marines", "allies", "marines", 2, (30.0, 10.0))
        + &boxers_ahead();
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    let line = sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[6,7]}"#);
    assert!(line.contains("walls, hit on 1-6") && line.contains("1 hit"), "{line}");
}

#[test]
fn a_cover_override_picks_the_column_the_players_agree() {
    let mut sp = Sp::new(&(unit("marines", "allies", "marines", 2, (30.0, 10.0)) + &boxers_ahead()));
    sp.fire_phase("allies");
    let bad = sp.try_act(r#"{"type":"fire","unit":"marines","target":"boxers","cover":"hedge"}"#);
    assert!(format!("{bad:?}").contains("not a firing chart column"), "{bad:?}");
    let line = sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","cover":"redoubt_ships","dice":[5,6]}"#);
    assert!(line.contains("redoubt or ships, hit on 1-5") && line.contains("1 hit"), "{line}");
}

#[test]
fn east_asian_germans_fire_as_marines_and_gurkhas_as_sailors() {
    let body = unit("eag", "allies", "east_asian_germans", 5, (20.0, 10.0))
        + &unit("gurkhas", "allies", "gurkhas", 5, (40.0, 10.0))
        + &boxers_ahead();
    let sp = Sp::new(&body);
    let mut sp = sp;
    sp.fire_phase("allies");
    assert!(sp.odds(r#"{"type":"fire","unit":"eag","target":"boxers"}"#).label.contains("hitting on 1-7"));
    assert!(sp.odds(r#"{"type":"fire","unit":"gurkhas","target":"boxers"}"#).label.contains("hitting on 1-6"));
}

#[test]
fn a_natural_1_then_a_6_kills_the_leader() {
    let mut sp = Sp::new(&(unit("marines", "allies", "marines", 2, (30.0, 10.0)) + &boxers_ahead()));
    sp.fire_phase("allies");
    let line = sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[1,20,6]}"#);
    assert!(line.contains("the leader is killed") && line.contains("1 figure lost"), "{line}");
    assert!(sp.unit("boxers").leader().is_none());
    assert_eq!(sp.alive("boxers"), 11);
}

#[test]
fn a_natural_1_then_less_than_a_6_kills_a_private() {
    let mut sp = Sp::new(&(unit("marines", "allies", "marines", 2, (30.0, 10.0)) + &boxers_ahead()));
    sp.fire_phase("allies");
    sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[1,20,5]}"#);
    assert!(sp.unit("boxers").leader().is_some());
    assert_eq!(sp.alive("boxers"), 11);
}

#[test]
fn cavalry_save_hits_on_5_or_6_before_the_leader_die() {
    let body =
        unit("marines", "allies", "marines", 3, (30.0, 10.0)) + &unit("horse", "boxers", "cavalry", 5, (30.0, 25.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    // Hits on 3 and 1; the 3 is saved on a 5, the natural 1 is not (2), and its leader die is a 6.
    let line = sp.ok(r#"{"type":"fire","unit":"marines","target":"horse","dice":[3,1,20,5,2,6]}"#);
    assert!(line.contains("2 hits, 1 saved") && line.contains("the leader is killed"), "{line}");
    assert_eq!(sp.alive("horse"), 4);
    assert!(sp.unit("horse").leader().is_none());
}

#[test]
fn cavalry_odds_count_the_save() {
    let body =
        unit("marines", "allies", "marines", 1, (30.0, 10.0)) + &unit("horse", "boxers", "cavalry", 5, (30.0, 25.0));
    let sp = Sp::new(&body);
    let odds = sp.odds(r#"{"type":"fire","unit":"marines","target":"horse"}"#);
    let p_loss = odds.outcomes.iter().find(|o| o.value == 1).unwrap().p;
    assert!((p_loss - 7.0 / 20.0 * 4.0 / 6.0).abs() < 1e-12, "{p_loss}");
}

#[test]
fn fire_odds_are_the_exact_binomial() {
    let sp = Sp::new(&(unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &boxers_ahead()));
    let odds = sp.odds(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!((odds.outcomes[0].p - 0.65f64.powi(10)).abs() < 1e-12);
    assert!((odds.mean - 3.5).abs() < 1e-9);
    let leader = odds.lines.iter().find(|l| l.label.contains("leader")).unwrap();
    assert!((leader.p - (1.0 - (1.0 - 1.0 / 120.0f64).powi(10))).abs() < 1e-12);
}

#[test]
fn a_target_out_of_range_is_refused_and_nothing_recorded() {
    let body =
        unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &unit("far", "boxers", "boxers", 5, (30.0, 34.5));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    let r = sp.refused(r#"{"type":"fire","unit":"marines","target":"far"}"#);
    assert!(r.message.contains("24.5\" away, beyond") && r.rule.unwrap().contains("Firing Chart"), "{}", r.message);
}

#[test]
fn a_target_exactly_at_range_may_be_shot() {
    let body =
        unit("marines", "allies", "marines", 1, (30.0, 10.0)) + &unit("edge", "boxers", "boxers", 1, (30.0, 34.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    sp.ok(r#"{"type":"fire","unit":"marines","target":"edge","dice":[20]}"#);
}

#[test]
fn sword_boxers_and_tiger_men_do_not_fire() {
    let body = unit("swords", "boxers", "boxers_sword", 10, (20.0, 25.0))
        + &unit("tigers", "boxers", "tiger_men", 6, (40.0, 25.0))
        + &unit("marines", "allies", "marines", 10, (30.0, 10.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("boxers");
    assert!(sp.refused(r#"{"type":"fire","unit":"swords","target":"marines"}"#).message.contains("do not fire"));
    assert!(sp.refused(r#"{"type":"fire","unit":"tigers","target":"marines"}"#).message.contains("do not fire"));
}

#[test]
fn a_unit_that_charged_may_not_fire_before_its_melee() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    // No odds for a shot it may not take this turn, even before its fire phase comes.
    let odds = sp.try_odds(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!(matches!(&odds, Err(GameError::Refused(r)) if r.message.contains("charged this turn")), "{odds:?}");
    sp.on_to_fire("allies");
    let r = sp.refused(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!(r.rule.unwrap().contains("units that charge may not fire"));
}

#[test]
fn a_unit_fires_once_a_turn_and_only_in_its_own_fire_phase() {
    let mut sp = Sp::new(&(unit("marines", "allies", "marines", 2, (30.0, 10.0)) + &boxers_ahead()));
    sp.movement("allies");
    let early = sp.refused(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!(early.rule.unwrap().contains("Sequence of play"));
    sp.on_to_fire("boxers");
    assert!(sp.refused(r#"{"type":"fire","unit":"marines","target":"boxers"}"#).message.contains("belongs to Boxers"));
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[20,20]}"#);
    assert!(sp.refused(r#"{"type":"fire","unit":"marines","target":"boxers"}"#).message.contains("already fired"));
}

#[test]
fn crews_aboard_a_gun_boat_are_shot_at_behind_ships_and_the_boat_itself_is_not_a_target() {
    let body = unit("boat", "allies", "gun_boat", 1, (30.0, 15.0))
        .replace("figures = 1\n", "figures = 1\nleader = false\n")
        + &unit("crew", "allies", "sailors", 4, (30.0, 15.0))
            .replace("at = [30, 15]\n", "at = [30, 15]\nspacing = 0.5\naboard = \"boat\"\n")
        + &unit("boxers", "boxers", "boxers", 3, (30.0, 25.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("boxers");
    assert!(sp.refused(r#"{"type":"fire","unit":"boxers","target":"boat"}"#).message.contains("fire at the crew"));
    let line = sp.ok(r#"{"type":"fire","unit":"boxers","target":"crew","dice":[2,3,20]}"#);
    assert!(line.contains("redoubt or ships, hit on 1-2") && line.contains("1 hit"), "{line}");
}

#[test]
fn a_gun_that_moved_2d6_plus_6_may_not_fire_but_one_that_moved_1d6_plus_6_may() {
    let body = gun("west", "allies", "west_gun", 3, (20.0, 10.0))
        + &gun("mg", "allies", "mg", 3, (40.0, 10.0))
        + &boxers_ahead();
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"west","dice":[1,1]}"#);
    sp.ok(r#"{"type":"roll_move","unit":"mg","expr":"1D6+6","dice":[1]}"#);
    sp.on_to_fire("allies");
    let r = sp.refused(r#"{"type":"fire","unit":"west","target":"boxers"}"#);
    assert!(r.message.contains("allows no fire"), "{}", r.message);
    sp.ok(r#"{"type":"fire","unit":"mg","target":"boxers","dice":[20,20,20,20,20,20,20,20,20]}"#);
}

#[test]
fn a_unit_split_evenly_between_two_covers_takes_the_better() {
    // Four Boxers set out along x from 30: figures at 30, 31, 29, 32; the wall covers x >= 30.5.
    let body = area("Wall", "walls", (30.5, 20.0), (40.0, 30.0))
        + &unit("marines", "allies", "marines", 1, (30.0, 10.0))
        + &unit("boxers", "boxers", "boxers", 4, (30.0, 25.0));
    let sp = Sp::new(&body);
    let odds = sp.odds(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!(odds.label.contains("(walls)"), "{}", odds.label);
}

/// A range a hair past the limit is shown with the places that tell it apart, not as "24.0"".
#[test]
fn a_target_just_out_of_range_reads_past_the_range() {
    let body =
        unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &unit("far", "boxers", "boxers", 5, (30.0, 34.04));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    let r = sp.refused(r#"{"type":"fire","unit":"marines","target":"far"}"#);
    assert!(r.message.contains("24.04\" away, beyond"), "{}", r.message);
}
