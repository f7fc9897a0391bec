//! Fire combat: a D10 per figure against the weapon's number for the range band, after modifiers; the
//! Gatling's 4 dice per crewman and its jam; the cannon's single roll, 4 crew and 3" blast; crew targeting.

use sandtable::systems::heliograph::{Change, Heliograph, JAMMED};

use crate::support::{Hg, area, gun, unit};

#[test]
fn a_gatling_with_2_crew_rolls_8_dice_and_jams_on_four_zeros() {
    let body =
        gun("gatling", "us", "gatling", 2, (10.0, 10.0)) + &unit("moro", "moros", "moro_warriors", 6, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "gatling");
    let odds = hg.odds(r#"{"type":"fire","unit":"gatling","target":"moro"}"#);
    assert!(odds.label.contains("8 D10"), "{}", odds.label);
    assert!(odds.lines.iter().any(|l| l.label.contains("jam")));
    let line = hg.ok(r#"{"type":"fire","unit":"gatling","target":"moro","dice":[0,0,0,0,9,9,9,9]}"#);
    assert!(line.contains("8 D10, 4 hits") && line.contains("4 zeros jam the gun"), "{line}");
    assert_eq!(hg.alive("moro"), 2);
    assert_eq!(hg.lost("moro"), 4);
    assert!(hg.changes::<Heliograph>().contains(&Change::Jammed { unit: "gatling".into(), until: 2 }));
    assert!(hg.unit("gatling").flags.contains(&JAMMED));
    hg.ok(r#"{"type":"morale","unit":"moro","dice":[1]}"#);
    hg.activate("moros", "moro");
    hg.ok(r#"{"type":"next_turn"}"#);
    hg.activate("us", "gatling");
    let r = hg.refused(r#"{"type":"fire","unit":"gatling","target":"moro"}"#);
    assert!(r.message.contains("jammed"), "{}", r.message);
}

#[test]
fn three_zeros_do_not_jam_a_gatling() {
    let body =
        gun("gatling", "us", "gatling", 1, (10.0, 10.0)) + &unit("moro", "moros", "moro_warriors", 6, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "gatling");
    let line = hg.ok(r#"{"type":"fire","unit":"gatling","target":"moro","dice":[0,0,0,4]}"#);
    assert!(!line.contains("jam"), "{line}");
}

#[test]
fn a_cannon_hit_kills_only_figures_within_3_inches_of_the_impact_of_either_side() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("scout", "us", "us_infantry", 1, (30.0, 12.0), 70)
        + &unit("near", "moros", "moro_warriors", 6, (30.0, 10.0), 70)
        + &unit("far", "moros", "moro_warriors", 6, (30.0, 20.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "cannon");
    let odds = hg.odds(r#"{"type":"fire","unit":"cannon","target":"near","at":{"x":30,"y":10}}"#);
    assert!(odds.lines.iter().any(|l| l.label.contains("7 figures under the blast")), "{:?}", odds.lines);
    let line =
        hg.ok(r#"{"type":"fire","unit":"cannon","target":"near","at":{"x":30,"y":10},"dice":[9,5,5,4,9,0,6,1]}"#);
    assert!(line.contains("a hit") && line.contains("covers 7 figures") && line.contains("4 figures killed"), "{line}");
    assert_eq!(hg.alive("scout"), 0, "the blast takes friend and foe alike");
    assert_eq!((hg.lost("scout"), hg.lost("near"), hg.lost("far")), (1, 3, 0));
    assert_eq!(hg.alive("near"), 3);
    assert_eq!(hg.alive("far"), 6);
}

#[test]
fn a_cannon_miss_does_nothing() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("near", "moros", "moro_warriors", 6, (30.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "cannon");
    let line = hg.ok(r#"{"type":"fire","unit":"cannon","target":"near","dice":[4]}"#);
    assert!(line.contains("a miss") && line.contains("0 figures killed"), "{line}");
}

#[test]
fn a_cannon_with_3_crew_may_not_fire() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("near", "moros", "moro_warriors", 6, (30.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.ok(r#"{"type":"record_losses","unit":"cannon","count":1}"#);
    hg.activate("us", "cannon");
    let r = hg.refused(r#"{"type":"fire","unit":"cannon","target":"near"}"#);
    assert!(r.message.contains("3 crew") && r.rule.unwrap().contains("at least 4 crew"), "{}", r.message);
}

#[test]
fn cannon_grapeshot_adds_4_under_6_inches() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("close", "moros", "moro_warriors", 4, (16.0, 14.0), 70);
    let hg = Hg::new(&body);
    let odds = hg.odds(r#"{"type":"fire","unit":"cannon","target":"close"}"#);
    assert!(odds.label.contains("grapeshot +4"), "{}", odds.label);
    // 7+ needed, +1 open, +1 did not move, +4 grapeshot: a 1 or better hits.
    assert!((odds.lines[0].p - 0.9).abs() < 1e-12);
}

#[test]
fn crew_targeting_3_crew_among_12_figures_within_5_inches_is_25_percent() {
    let body = gun("gatling", "us", "gatling", 3, (10.0, 10.0))
        + &unit("escort", "us", "us_infantry", 9, (10.0, 13.0), 70)
        + &unit("riflemen", "moros", "moro_riflemen", 4, (10.0, 22.0), 70);
    let mut hg = Hg::new(&body);
    let odds = hg.odds(r#"{"type":"fire","unit":"riflemen","target":"gatling"}"#);
    let crew = odds.lines.iter().find(|l| l.label.contains("crew")).unwrap();
    assert!(crew.label.contains("(25%)") && (crew.p - 0.25).abs() < 1e-12, "{}", crew.label);
    hg.activate("moros", "riflemen");
    let line = hg.ok(r#"{"type":"fire","unit":"riflemen","target":"gatling","dice":[9,9,0,0,25,26]}"#);
    assert!(line.contains("1 on the crew, 1 on escort"), "{line}");
    assert_eq!((hg.alive("gatling"), hg.alive("escort")), (2, 8));
}

#[test]
fn modifiers_target_in_a_fort_minus_1_and_moving_loses_the_stationary_plus_1() {
    let body = area("Cotta", "fort", (25.0, 0.0), (40.0, 20.0))
        + &unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("cotta", "moros", "moro_riflemen", 5, (30.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    let still = hg.odds(r#"{"type":"fire","unit":"rifles","target":"cotta"}"#);
    assert!(still.label.contains("8+ with target in a fort -1, did not move +1"), "{}", still.label);
    hg.activate("us", "rifles");
    hg.ok(r#"{"type":"roll_move","unit":"rifles","dice":[1,1]}"#);
    hg.ok(r#"{"type":"move","unit":"rifles","path":[{"x":11,"y":10}]}"#);
    let moved = hg.odds(r#"{"type":"fire","unit":"rifles","target":"cotta"}"#);
    assert!(moved.label.contains("8+ with target in a fort -1)"), "{}", moved.label);
    assert!((moved.lines[0].p - 0.1).abs() < 1e-12, "only a 9 hits");
}

#[test]
fn out_of_long_range_is_refused() {
    let body = unit("pistols", "us", "us_officers", 2, (10.0, 10.0), 70)
        + &unit("m", "moros", "moro_warriors", 5, (22.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "pistols");
    let r = hg.refused(r#"{"type":"fire","unit":"pistols","target":"m"}"#);
    assert!(r.message.contains("beyond the U.S. Pistol's long range of 8\""), "{}", r.message);
}

#[test]
fn infantry_crewing_a_gatling_fire_two_dice_each_after_a_full_action() {
    let body = gun("gatling", "us", "gatling", 2, (10.0, 10.0))
        + &unit("squad", "us", "us_infantry", 3, (10.0, 11.0), 70)
        + &unit("m", "moros", "moro_warriors", 8, (20.0, 10.0), 70)
        + &unit("n", "moros", "moro_warriors", 8, (20.0, 30.0), 70);
    let mut hg = Hg::new(&body);
    hg.ok(r#"{"type":"record_losses","unit":"gatling","count":2}"#);
    hg.activate("us", "squad");
    hg.ok(r#"{"type":"crew_gun","unit":"squad","gun":"gatling"}"#);
    let r = hg.refused(r#"{"type":"fire","unit":"squad","target":"m"}"#);
    assert!(r.message.contains("spent this activation taking over"), "{}", r.message);
    let notes = hg.notes("squad").join(" | ");
    assert!(notes.contains("crewed the gun") && !notes.contains("fired"), "{notes}");
    hg.activate("moros", "m");
    hg.activate("moros", "n");
    hg.ok(r#"{"type":"next_turn"}"#);
    let odds = hg.odds(r#"{"type":"fire","unit":"squad","target":"m"}"#);
    assert!(odds.label.contains("6 D10"), "3 infantry x 2 dice: {}", odds.label);
    assert!(odds.lines.iter().any(|l| l.label.contains("jam")), "the Gatling can still jam");
}

/// Getting to the gun and crewing it are two activations: crewing is a full action at the gun.
#[test]
fn infantry_that_moved_to_a_gatling_crew_it_in_a_later_activation() {
    let body = gun("gatling", "us", "gatling", 2, (10.0, 10.0))
        + &unit("squad", "us", "us_infantry", 3, (10.0, 14.0), 70)
        + &unit("m", "moros", "moro_warriors", 8, (40.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.ok(r#"{"type":"record_losses","unit":"gatling","count":2}"#);
    hg.activate("us", "squad");
    hg.ok(r#"{"type":"roll_move","unit":"squad","dice":[3,4]}"#);
    hg.ok(r#"{"type":"move","unit":"squad","path":[{"x":10,"y":11}]}"#);
    let r = hg.refused(r#"{"type":"crew_gun","unit":"squad","gun":"gatling"}"#);
    assert!(r.message.contains("moved to the gun this activation"), "{}", r.message);
}

#[test]
fn the_blast_must_be_laid_over_the_unit_fired_at() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("friends", "us", "us_infantry", 5, (30.0, 30.0), 70)
        + &unit("near", "moros", "moro_warriors", 6, (30.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "cannon");
    let r = hg.refused(r#"{"type":"fire","unit":"cannon","target":"near","at":{"x":30,"y":30}}"#);
    assert!(r.message.contains("must put the 3\" blast over near"), "{}", r.message);
}

#[test]
fn a_unit_fires_after_it_moves_not_before() {
    let body = unit("rifles", "us", "us_infantry", 2, (10.0, 10.0), 70)
        + &unit("m", "moros", "moro_warriors", 2, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "rifles");
    hg.ok(r#"{"type":"fire","unit":"rifles","target":"m","dice":[0,0]}"#);
    let r = hg.refused(r#"{"type":"roll_move","unit":"rifles"}"#);
    assert!(r.message.contains("moves (or charges) first, then fires"), "{}", r.message);
}

#[test]
fn crew_hits_past_the_last_crewman_fall_on_the_infantry() {
    let body = gun("gatling", "us", "gatling", 1, (10.0, 10.0))
        + &unit("escort", "us", "us_infantry", 3, (10.0, 12.0), 70)
        + &unit("riflemen", "moros", "moro_riflemen", 2, (10.0, 20.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("moros", "riflemen");
    // 1 crew among 4 figures: 25%; both hits roll under it, but there is only one crewman.
    hg.ok(r#"{"type":"fire","unit":"riflemen","target":"gatling","dice":[9,9,5,6]}"#);
    assert_eq!((hg.alive("gatling"), hg.alive("escort")), (0, 2));
}

/// A range a hair past the long range is shown with the places that tell it apart, not as "8.0"".
#[test]
fn just_past_long_range_reads_past_it() {
    let body = unit("pistols", "us", "us_officers", 2, (10.0, 10.0), 70)
        + &unit("m", "moros", "moro_warriors", 5, (21.04, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "pistols");
    let r = hg.refused(r#"{"type":"fire","unit":"pistols","target":"m"}"#);
    assert!(r.message.contains("8.04\" away, beyond"), "{}", r.message);
}
