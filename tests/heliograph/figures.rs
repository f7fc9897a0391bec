//! Figures on the table: "Move the leader. Figures in unit are placed within 6" from the leader." The
//! active unit places single figures or forms up around its leader once it has rolled its move and until
//! it fires or charges; a new facing wheels the formation; a correction puts a unit where the table has it,
//! at any time, outside the rules. Ranges follow the figures where they stand.

use sandtable::measure::{Pt, distance};

use crate::support::{Hg, unit};

fn table() -> Hg {
    let body = unit("us", "us", "us_infantry", 5, (10.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (60.0, 24.0), 70);
    Hg::new(&body)
}

fn at(hg: &Hg, unit: &str, figure: u32) -> Pt {
    hg.unit(unit).figures.iter().find(|f| f.id == figure).unwrap().pos
}

#[test]
fn a_figure_is_placed_within_6_inches_of_its_leader_and_no_farther() {
    let mut hg = table();
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    let line = hg.ok(r#"{"type":"place_figure","unit":"us","figure":3,"at":{"x":15.5,"y":24}}"#);
    assert!(line.contains("5.5\" from the leader"), "{line}");
    assert_eq!(at(&hg, "us", 3), Pt::new(15.5, 24.0));
    let r = hg.refused(r#"{"type":"place_figure","unit":"us","figure":4,"at":{"x":10,"y":30.5}}"#);
    assert!(r.message.contains("6.5\" from its leader, past 6\""), "{}", r.message);
    assert!(r.rule.unwrap().contains("within 6\" from the leader"));
}

/// The leader moves with `move`, along a route the rules measure; figures are placed around him, and
/// not into contact with the enemy, which only a charge makes.
#[test]
fn the_leader_is_not_placed_and_figures_keep_out_of_contact() {
    let body = unit("us", "us", "us_infantry", 5, (10.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (13.0, 28.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    let r = hg.refused(r#"{"type":"place_figure","unit":"us","figure":0,"at":{"x":10,"y":18}}"#);
    assert!(r.message.contains("moves with `move`"), "{}", r.message);
    let r = hg.refused(r#"{"type":"place_figure","unit":"us","figure":1,"at":{"x":12,"y":27.5}}"#);
    assert!(r.message.contains("closer than 1\" is a charge"), "{}", r.message);
}

/// Placing is part of the move: the unit loses its +1 for not moving, and its leader moves no more.
#[test]
fn placing_figures_counts_as_moving() {
    let body = unit("us", "us", "us_infantry", 5, (10.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (30.0, 24.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    assert!(hg.odds(r#"{"type":"fire","unit":"us","target":"moro"}"#).label.contains("did not move +1"));
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    hg.ok(r#"{"type":"arrange","unit":"us","formation":"column"}"#);
    assert!(!hg.odds(r#"{"type":"fire","unit":"us","target":"moro"}"#).label.contains("did not move"));
    let r = hg.refused(r#"{"type":"move","unit":"us","path":[{"x":12,"y":24}]}"#);
    assert!(r.message.contains("already used its move"), "{}", r.message);
}

#[test]
fn figures_are_placed_only_by_the_active_unit_once_it_has_rolled_and_before_it_fires() {
    let mut hg = table();
    let r = hg.refused(r#"{"type":"place_figure","unit":"us","figure":1,"at":{"x":12,"y":24}}"#);
    assert!(r.message.contains("not the unit being activated"), "{}", r.message);
    hg.activate("us", "us");
    let r = hg.refused(r#"{"type":"arrange","unit":"us","formation":"column"}"#);
    assert!(r.message.contains("roll its move first"), "{}", r.message);
}

#[test]
fn a_new_facing_wheels_the_line_and_a_column_forms_behind_the_leader() {
    let mut hg = table();
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    // Set out facing up the table, the line runs east-west; moving 5" east to face south wheels it about
    // the leader, still east-west, its right now to the west.
    hg.ok(r#"{"type":"move","unit":"us","path":[{"x":15,"y":24}],"facing":180}"#);
    assert_eq!(hg.unit("us").facing, 180.0);
    assert!(distance(at(&hg, "us", 1), Pt::new(14.0, 24.0)) < 1e-9, "{:?}", at(&hg, "us", 1));
    assert!(distance(at(&hg, "us", 2), Pt::new(16.0, 24.0)) < 1e-9, "{:?}", at(&hg, "us", 2));
    let line = hg.ok(r#"{"type":"arrange","unit":"us","formation":"column","facing":90}"#);
    assert!(line.contains("forms up") && line.contains("a column 1\" apart"), "{line}");
    // Facing east, the column trails west of the leader, two abreast.
    assert_eq!(at(&hg, "us", 0), Pt::new(15.0, 24.0));
    assert!(distance(at(&hg, "us", 1), Pt::new(14.0, 23.5)) < 1e-9, "{:?}", at(&hg, "us", 1));
    assert!(distance(at(&hg, "us", 4), Pt::new(13.0, 24.5)) < 1e-9, "{:?}", at(&hg, "us", 4));
}

#[test]
fn a_skirmish_spread_past_6_inches_is_refused_with_the_rule() {
    let body = unit("us", "us", "us_infantry", 9, (20.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (60.0, 24.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    let r = hg.refused(r#"{"type":"arrange","unit":"us","formation":"skirmish","spacing":2}"#);
    assert!(r.message.contains("past 6\""), "{}", r.message);
    hg.ok(r#"{"type":"arrange","unit":"us","formation":"skirmish","spacing":1.5}"#);
    // Without a spacing the app closes the skirmish line up until every figure is within the 6".
    let line = hg.ok(r#"{"type":"arrange","unit":"us","formation":"skirmish"}"#);
    assert!(line.contains("a skirmish 1.5\" apart"), "{line}");
    let leader = hg.unit("us").anchor().unwrap();
    assert!(hg.unit("us").alive().all(|f| distance(f.pos, leader) <= 6.0 + 1e-9));
}

/// Fire is measured from the figures where they stand: the unit 26" off is out of its rifles' 24", until a
/// figure is placed 5" nearer.
#[test]
fn a_figure_placed_forward_brings_the_enemy_into_range() {
    let body = unit("us", "us", "us_infantry", 5, (10.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (40.0, 24.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    let out_of_range = hg.try_odds(r#"{"type":"fire","unit":"us","target":"moro"}"#);
    assert!(out_of_range.is_err(), "{out_of_range:?}");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,4]}"#);
    hg.ok(r#"{"type":"place_figure","unit":"us","figure":1,"at":{"x":16,"y":24}}"#);
    hg.ok(r#"{"type":"fire","unit":"us","target":"moro","dice":[9,9,9,9,9]}"#);
}

#[test]
fn placing_figures_is_part_of_the_move_so_a_hidden_unit_is_seen() {
    let body = unit("us", "us", "us_infantry", 5, (10.0, 24.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (60.0, 24.0), 70)
            .replace("morale = 70", "morale = 70\nhidden = true");
    let mut hg = Hg::new(&body);
    assert!(hg.concealed("moro"));
    hg.activate("moros", "moro");
    hg.ok(r#"{"type":"roll_move","unit":"moro","dice":[3,4]}"#);
    hg.ok(r#"{"type":"arrange","unit":"moro","formation":"line","spacing":1.5}"#);
    assert!(!hg.concealed("moro"));
}

#[test]
fn a_correction_puts_a_unit_where_the_table_has_it_at_any_time() {
    let mut hg = table();
    let line = hg.ok(r#"{"type":"correct_position","unit":"moro","to":{"x":55,"y":20},"facing":270}"#);
    assert!(line.starts_with("Correction: moro put where it stands on the table"), "{line}");
    assert_eq!(at(&hg, "moro", 0), Pt::new(55.0, 20.0));
    assert_eq!(hg.unit("moro").facing, 270.0);
    // Set out facing up the table, its line ran east-west; facing west it runs north-south.
    assert!(distance(at(&hg, "moro", 1), Pt::new(55.0, 19.0)) < 1e-9, "{:?}", at(&hg, "moro", 1));
    hg.ok(r#"{"type":"correct_position","unit":"moro","figures":[{"figure":2,"at":{"x":70,"y":2}}]}"#);
    let r = hg.refused(r#"{"type":"correct_position","unit":"moro","to":{"x":71.5,"y":20}}"#);
    assert!(r.message.contains("partly off the 72\" x 48\" table"), "{}", r.message);
}
