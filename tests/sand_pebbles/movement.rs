//! Movement Chart: each kind's roll, guns' choice, ships that must move their dice and pay for turns,
//! junks going upstream, swimmers and drowning, and the charge that stops 1" short.

use sandtable::game::GameError;
use sandtable::systems::sand_pebbles::{Change, SandPebbles};

use crate::support::{Sp, area, gun, unit};

fn craft(id: &str, side: &str, kind: &str, at: (f64, f64), facing: f64) -> String {
    unit(id, side, kind, 1, at).replace("figures = 1\n", &format!("figures = 1\nleader = false\nfacing = {facing}\n"))
}

fn river() -> String {
    area("River", "river", (0.0, 16.0), (72.0, 30.0)) + "flow = [1, 0]\n\n"
}

#[test]
fn infantry_roll_2d6_plus_6_and_cavalry_4d6_plus_6() {
    let body =
        unit("marines", "allies", "marines", 5, (20.0, 10.0)) + &unit("horse", "allies", "cavalry", 5, (40.0, 10.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    assert!(sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,2]}"#).contains("2D6+6 = 9"));
    assert!(sp.ok(r#"{"type":"roll_move","unit":"horse","dice":[1,1,1,1]}"#).contains("4D6+6 = 10"));
}

#[test]
fn only_the_side_whose_phase_it_is_moves() {
    let body =
        unit("marines", "allies", "marines", 5, (20.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (20.0, 30.0));
    let mut sp = Sp::new(&body);
    let r = sp.refused(r#"{"type":"roll_move","unit":"marines"}"#);
    assert!(r.message.contains("Initiative for movement"), "{}", r.message);
    sp.movement("boxers");
    let r = sp.refused(r#"{"type":"roll_move","unit":"marines"}"#);
    assert!(r.message.contains("belongs to Boxers") && r.rule.unwrap().contains("Sequence of play"));
    sp.ok(r#"{"type":"roll_move","unit":"boxers","dice":[1,1,1]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,1]}"#);
    assert!(
        sp.refused(r#"{"type":"move","unit":"boxers","path":[{"x":20,"y":29}]}"#).message.contains("belongs to Allies")
    );
}

#[test]
fn a_gun_boat_picks_one_to_six_dice_and_nothing_else() {
    let mut sp = Sp::new(&craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0));
    sp.movement("allies");
    let r = sp.refused(r#"{"type":"roll_move","unit":"boat","expr":"7D6+6"}"#);
    assert!(r.message.contains("6D6+6"), "{}", r.message);
    assert!(sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"6D6+6","dice":[1,1,1,1,1,1]}"#).contains("= 12"));
}

#[test]
fn a_gun_boat_that_turns_180_degrees_has_12_inches_less() {
    let mut sp = Sp::new(&craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"4D6+6","dice":[6,6,6,6]}"#);
    let r = sp.refused(r#"{"type":"move","unit":"boat","path":[{"x":11,"y":20}]}"#);
    assert!(
        r.message.contains("move of 31.0\" exceeds the allowance of 30.0\"") && r.message.contains("turning cost 12.0"),
        "{}",
        r.message
    );
    let line = sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":12,"y":20}]}"#);
    assert!(line.contains("moved 18.0\" and paid 12.0\" for turning (0.0\" left)"), "{line}");
    assert_eq!(sp.unit("boat").facing, 270.0);
}

#[test]
fn a_gun_boat_turning_90_degrees_pays_6_inches_and_turns_count_toward_the_distance_it_must_move() {
    let mut sp = Sp::new(&craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"2D6+6","dice":[4,4]}"#);
    // Must move 8"; a 90-degree turn (6") and 2" down the table make it.
    let line = sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":30,"y":22}]}"#);
    assert!(line.contains("paid 6.0\" for turning (6.0\" left)"), "{line}");
    sp.ok(r#"{"type":"end_phase"}"#);
}

#[test]
fn a_gun_boat_must_move_its_dice_total_before_the_phase_ends_and_the_extra_6_is_optional() {
    let mut sp = Sp::new(&craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"2D6+6","dice":[3,4]}"#);
    sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":35,"y":20}]}"#);
    let r = sp.refused(r#"{"type":"end_phase"}"#);
    assert!(r.message.contains("boat must still move 2.0\""), "{}", r.message);
    sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":37,"y":20}]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
}

#[test]
fn little_boats_and_junks_must_move_their_dice_too_unless_the_gun_boat_only_option_is_on() {
    let boats = craft("cutter", "allies", "little_boat", (30.0, 20.0), 90.0);
    let mut sp = Sp::new(&boats);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"cutter","dice":[2,2]}"#);
    assert!(sp.refused(r#"{"type":"end_phase"}"#).message.contains("cutter must still move 4.0\""));

    let mut lenient = Sp::with_options("must_move_gun_boat_only = true", &boats);
    lenient.movement("allies");
    lenient.ok(r#"{"type":"roll_move","unit":"cutter","dice":[2,2]}"#);
    lenient.ok(r#"{"type":"end_phase"}"#);
}

#[test]
fn a_junk_heading_upstream_loses_1d6() {
    let body = river() + &craft("junk", "boxers", "medium_junk", (40.0, 22.0), 270.0);
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    let odds = sp.odds(r#"{"type":"roll_move","unit":"junk"}"#);
    assert!(odds.label.contains("3D6+6-1D6, upstream"), "{}", odds.label);
    let line = sp.ok(r#"{"type":"roll_move","unit":"junk","dice":[4,4,4,3]}"#);
    assert!(line.contains("3D6+6-1D6 = 15"), "{line}");
}

#[test]
fn a_junk_heading_downstream_or_out_of_the_river_loses_nothing() {
    let body = river()
        + &craft("down", "boxers", "big_junk", (40.0, 22.0), 80.0)
        + &craft("beached", "boxers", "medium_junk", (40.0, 40.0), 270.0);
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    assert!(sp.ok(r#"{"type":"roll_move","unit":"down","dice":[1,1,1,1]}"#).contains("4D6+6 = 10"));
    assert!(sp.ok(r#"{"type":"roll_move","unit":"beached","dice":[1,1,1]}"#).contains("3D6+6 = 9"));
}

#[test]
fn units_aboard_a_gun_boat_move_with_it_and_not_alone() {
    let body = craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0)
        + &gun("gardner", "allies", "mg", 3, (30.0, 20.0))
            .replace("at = [30, 20]\n", "at = [30, 20]\nspacing = 0.5\naboard = \"boat\"\n");
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    let r = sp.refused(r#"{"type":"roll_move","unit":"gardner"}"#);
    assert!(r.message.contains("aboard boat"), "{}", r.message);
    assert!(sp.refused(r#"{"type":"roll_move","unit":"boat","dice":[5]}"#).message.contains("picks its dice"));
    let odds = sp.try_odds(r#"{"type":"roll_move","unit":"boat"}"#);
    assert!(matches!(&odds, Err(GameError::Refused(r)) if r.message.contains("picks its dice")), "{odds:?}");
    sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"1D6+6","dice":[5]}"#);
    sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":40,"y":20}]}"#);
    assert_eq!(sp.unit("gardner").figures[0].pos.x, 40.0);
    assert_eq!(sp.unit("gardner").facing, 90.0, "the crew turn with their boat");
}

/// A boat that turns takes those aboard round with it, about its own place: a crew beside the boat's
/// centre line ends beside it still, a quarter turn on.
#[test]
fn units_aboard_turn_with_their_boat() {
    let body = craft("boat", "allies", "gun_boat", (30.0, 20.0), 90.0)
        + &gun("gardner", "allies", "mg", 3, (30.0, 20.0))
            .replace("at = [30, 20]\n", "at = [30, 20]\nspacing = 0.5\naboard = \"boat\"\n");
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    let before: Vec<(f64, f64)> = sp.unit("gardner").alive().map(|f| (f.pos.x - 30.0, f.pos.y - 20.0)).collect();
    assert!(before.iter().any(|(x, y)| x.abs() + y.abs() > 0.4), "the crew stand beside the boat's centre: {before:?}");
    sp.ok(r#"{"type":"roll_move","unit":"boat","expr":"2D6+6","dice":[6,6]}"#);
    sp.ok(r#"{"type":"move","unit":"boat","path":[{"x":40,"y":20}],"facing":180}"#);
    assert_eq!(sp.unit("boat").facing, 180.0);
    let after: Vec<(f64, f64)> = sp.unit("gardner").alive().map(|f| (f.pos.x - 40.0, f.pos.y - 20.0)).collect();
    // A quarter turn clockwise on the table (y grows down it): (x, y) about the boat becomes (-y, x).
    for ((bx, by), (ax, ay)) in before.into_iter().zip(after) {
        assert!((ax + by).abs() < 1e-9 && (ay - bx).abs() < 1e-9, "({bx}, {by}) went to ({ax}, {ay})");
    }
    assert_eq!(sp.unit("gardner").facing, 180.0);
}

#[test]
fn boats_and_junks_keep_to_the_river() {
    let body = river() + &craft("junk", "boxers", "medium_junk", (40.0, 22.0), 90.0);
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    sp.ok(r#"{"type":"roll_move","unit":"junk","dice":[4,4,4]}"#);
    let r = sp.refused(r#"{"type":"move","unit":"junk","path":[{"x":40,"y":12}]}"#);
    assert!(r.message.contains("would leave the water at (40.0, 15.8)"), "{}", r.message);
    sp.ok(r#"{"type":"move","unit":"junk","path":[{"x":52,"y":22}]}"#);
}

/// Before the roll, a charge's odds give the chance the movement dice reach: 15" on 2D6+6 is 9+ on 2D6.
#[test]
fn charge_odds_give_the_chance_the_movement_roll_reaches() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 26.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    let odds = sp.odds(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert_eq!(odds.lines[0].label, "its movement roll (2D6+6) reaches boxers (needs 15.0\")");
    assert!((odds.lines[0].p - 10.0 / 36.0).abs() < 1e-15, "{}", odds.lines[0].p);
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[5,4]}"#);
    let odds = sp.odds(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert!(!odds.lines[0].label.contains("reaches"), "once rolled, a charge that is priced reaches: {:?}", odds.lines);
}

#[test]
fn charge_odds_are_refused_for_a_charge_the_rules_forbid() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 30.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    let before_rolling = sp.odds(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert_eq!(before_rolling.lines[0].label, "its movement roll (2D6+6) reaches boxers (needs 19.0\")");
    assert_eq!(before_rolling.lines[0].p, 0.0, "2D6+6 never makes 19\"");
    assert!(before_rolling.lines[1].p > 0.99, "the marines' test to finish the charge always passes");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    let err = sp.try_odds(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert!(format!("{err:?}").contains("needs 19.0"), "{err:?}");
}

#[test]
fn a_6_on_the_drowning_roll_removes_the_swimmer() {
    let mut sp = Sp::new(&unit("swim", "allies", "swimmers", 3, (30.0, 20.0)));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"swim","dice":[1]}"#);
    sp.ok(r#"{"type":"move","unit":"swim","path":[{"x":30,"y":25}]}"#);
    let r = sp.refused(r#"{"type":"end_phase"}"#);
    assert!(r.message.contains("swim rolls for drowning"), "{}", r.message);
    let odds = sp.odds(r#"{"type":"drown","unit":"swim"}"#);
    assert!((odds.outcomes[0].p - (5.0f64 / 6.0).powi(3)).abs() < 1e-12);
    let line = sp.ok(r#"{"type":"drown","unit":"swim","dice":[6,1,5]}"#);
    assert!(line.contains("1 swimmer drowned"), "{line}");
    assert_eq!(sp.alive("swim"), 2);
    assert!(sp.refused(r#"{"type":"drown","unit":"swim"}"#).message.contains("owes no drowning roll"));
    sp.ok(r#"{"type":"end_phase"}"#);
}

#[test]
fn a_charge_stops_one_inch_short_pins_the_target_and_turns_it_to_face() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    let line = sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert!(
        line.contains("marines charge boxers: move 9.0\" to 1\" short; boxers are pinned and turn to face them"),
        "{line}"
    );
    let leader = sp.unit("marines").leader().unwrap().pos;
    assert!((leader.y - 19.0).abs() < 1e-9);
    assert!(sp.unit("boxers").flags.contains(&sandtable::systems::sand_pebbles::PINNED));
    let charged = Change::Charged { attacker: "marines".into(), defender: "boxers".into() };
    assert_eq!(sp.changes::<SandPebbles>(), vec![charged], "the turn records who charged whom, once");
    assert_eq!(sp.unit("boxers").facing, 0.0, "the target pivots to face the charge");
    assert!((sp.game.state().allowances["marines"].left - 3.0).abs() < 1e-9);
    assert!(sp.refused(r#"{"type":"charge","unit":"marines","target":"boxers"}"#).message.contains("already charged"));
}

#[test]
fn a_charge_out_of_reach_is_refused_with_the_distance() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 30.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    let r = sp.refused(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    assert!(r.message.contains("needs 19.0\"") && r.message.contains("12.0\" of movement left"), "{}", r.message);
}

#[test]
fn a_west_gun_crew_may_not_charge_its_morale_row_reads_no() {
    let body =
        gun("west", "allies", "west_gun", 3, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 14.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"west","dice":[3,3]}"#);
    let r = sp.refused(r#"{"type":"charge","unit":"west","target":"boxers"}"#);
    assert!(r.message.contains("reads NO"), "{}", r.message);
}

#[test]
fn nothing_charges_a_gun_boat_there_are_no_boarding_rules() {
    let body = unit("marines", "allies", "marines", 5, (30.0, 10.0))
        + &craft("junk", "boxers", "medium_junk", (30.0, 14.0), 90.0);
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    assert!(sp.refused(r#"{"type":"charge","unit":"marines","target":"junk"}"#).message.contains("no boarding"));
}

#[test]
fn a_pinned_unit_does_not_move_and_a_charging_unit_stays_1_inch_short() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    let r = sp.refused(r#"{"type":"move","unit":"marines","path":[{"x":31,"y":19}]}"#);
    assert!(r.message.contains("has charged"), "{}", r.message);
    sp.ok(r#"{"type":"end_phase"}"#);
    let r = sp.refused(r#"{"type":"roll_move","unit":"boxers"}"#);
    assert!(r.message.contains("pinned by a charge"), "{}", r.message);
}

/// A charge on a unit holding a building meets it at the building's edge, outside it: the chargers are
/// in the open when the defenders fire, and only the defenders have the building's cover.
#[test]
fn a_charge_on_a_unit_in_cover_stops_at_the_edge_of_that_cover() {
    let body = area("Gate house", "windows_doors", (24.0, 9.0), (36.0, 14.0))
        + &unit("marines", "allies", "marines", 3, (30.0, 13.0))
        + &unit("boxers", "boxers", "boxers", 3, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    sp.ok(r#"{"type":"roll_move","unit":"boxers","dice":[4,4,4]}"#);
    let line = sp.ok(r#"{"type":"charge","unit":"boxers","target":"marines"}"#);
    assert!(line.contains("to the edge of the windows or doors"), "{line}");
    assert!(sp.unit("boxers").alive().all(|f| f.pos.y > 14.0 && f.pos.y < 14.1), "{:?}", sp.unit("boxers").figures);
    sp.on_to_fire("allies");
    let odds = sp.odds(r#"{"type":"fire","unit":"marines","target":"boxers"}"#);
    assert!(odds.label.contains("(open)"), "the chargers have no cover from the house: {}", odds.label);
}
