//! Morale: percentile at or under base morale plus modifiers; over 50 a failure routs 12" and costs the
//! action, at or under 50 it removes the unit; never removal for a failure to close into melee.

use sandtable::systems::heliograph::{Change, Heliograph};

use crate::support::{Hg, area, unit};

/// `shooters` U.S. riflemen fire at the Moro `target` and kill `kills` of them with typed dice.
fn shoot(body: &str, kills: usize, shooters: usize) -> Hg {
    let mut hg = Hg::new(body);
    hg.activate("us", "rifles");
    let faces: Vec<String> = (0..shooters).map(|i| if i < kills { "9".into() } else { "0".into() }).collect();
    hg.ok(&format!(r#"{{"type":"fire","unit":"rifles","target":"moros","dice":[{}]}}"#, faces.join(",")));
    hg
}

#[test]
fn morale_of_a_10_man_unit_with_3_lost_in_a_fort_is_base_minus_15_plus_20() {
    let body = area("Cotta", "fort", (25.0, 0.0), (40.0, 20.0))
        + &unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 60);
    let hg = shoot(&body, 3, 5);
    let odds = hg.odds(r#"{"type":"morale","unit":"moros"}"#);
    assert!(odds.label.contains("base 60 3 lost -15, fort or trench +20 = 65%"), "{}", odds.label);
    assert!((odds.lines[0].p - 0.65).abs() < 1e-12);
}

#[test]
fn a_large_unit_loses_3_percent_a_figure_and_a_building_adds_10() {
    let body = area("House", "building", (25.0, 0.0), (50.0, 20.0))
        + &unit("rifles", "us", "us_infantry", 4, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 20, (36.0, 10.0), 60);
    let hg = shoot(&body, 2, 4);
    let odds = hg.odds(r#"{"type":"morale","unit":"moros"}"#);
    assert!(odds.label.contains("base 60 2 lost -6, building +10 = 64%"), "{}", odds.label);
}

#[test]
fn a_percentile_failure_over_50_routs_12_inches_and_costs_the_action() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 60);
    let mut hg = shoot(&body, 1, 5);
    let leader = hg.unit("moros").leader().unwrap().pos;
    let line = hg.ok(r#"{"type":"morale","unit":"moros","dice":[56]}"#);
    assert!(line.contains("roll 56") && line.contains("rout 12"), "{line}");
    assert_eq!(hg.unit("moros").leader().unwrap().pos.x, leader.x + 12.0, "back toward the Moros' east edge");
    assert!(hg.unit("moros").flags.contains(&sandtable::systems::heliograph::ACTIVATED), "it loses its action");
    assert!(hg.unit("moros").flags.contains(&sandtable::systems::heliograph::ROUTED));
    assert_eq!(hg.lost("moros"), 0, "a rout over 50 costs no figures");
    assert!(hg.changes::<Heliograph>().contains(&Change::MoraleTaken { unit: "moros".into() }));
}

#[test]
fn a_percentile_roll_of_00_reads_100_and_fails() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 99);
    let mut hg = shoot(&body, 1, 5);
    let line = hg.ok(r#"{"type":"morale","unit":"moros","dice":[100]}"#);
    assert!(line.contains("roll 100") && line.contains("fail"), "{line}");
}

#[test]
fn a_failure_at_or_under_50_percent_morale_removes_the_unit() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 60);
    let mut hg = shoot(&body, 2, 5);
    let line = hg.ok(r#"{"type":"morale","unit":"moros","dice":[51]}"#);
    assert!(line.contains("fail at 50%: the unit is removed"), "{line}");
    assert!(hg.unit("moros").is_out());
}

#[test]
fn the_removal_by_strength_option_compares_the_figures_left_instead() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 60);
    let mut hg = Hg::with_options("removal_by_strength = true", &body);
    hg.activate("us", "rifles");
    hg.ok(r#"{"type":"fire","unit":"rifles","target":"moros","dice":[9,9,0,0,0]}"#);
    let line = hg.ok(r#"{"type":"morale","unit":"moros","dice":[99]}"#);
    assert!(line.contains("rout 12"), "8 of 10 left is over half: {line}");
}

#[test]
fn a_morale_test_is_owed_before_the_next_activation_toss() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_riflemen", 10, (30.0, 10.0), 60);
    let mut hg = shoot(&body, 1, 5);
    let r = hg.refused(r#"{"type":"initiative"}"#);
    assert!(r.message.contains("moros test morale"), "{}", r.message);
    assert!(hg.refused(r#"{"type":"morale","unit":"rifles"}"#).message.contains("no morale test"));
}
