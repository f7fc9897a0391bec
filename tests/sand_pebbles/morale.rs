//! Morale Chart: tests only to finish a charge (E) and to stand (F), by the leader / no-leader column;
//! "Always" needs no roll; cover helps the defender; all units rally at the end of the turn.

use crate::support::{Sp, area, unit};

/// Allies charge from (30, 10) at a unit 10" down the table, then the turn goes on to phase E.
fn charge_then_phase_e(body: &str, attacker: &str, defender: &str, attacker_side: &str) -> Sp {
    charge_then(Sp::new(body), attacker, defender, attacker_side)
}

fn charge_then(mut sp: Sp, attacker: &str, defender: &str, attacker_side: &str) -> Sp {
    sp.movement(attacker_side);
    let dice = if sp.unit(attacker).kind.starts_with("boxers") || sp.unit(attacker).kind == "tiger_men" {
        "[4,4,4]"
    } else {
        "[3,3]"
    };
    sp.ok(&format!(r#"{{"type":"roll_move","unit":"{attacker}","dice":{dice}}}"#));
    sp.ok(&format!(r#"{{"type":"charge","unit":"{attacker}","target":"{defender}"}}"#));
    sp.on_to_fire(attacker_side);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp
}

fn allies_charge(defender_kind: &str, figures: u32, cover: Option<&str>) -> String {
    let terrain = cover.map(|c| area("Cover", c, (20.0, 18.0), (40.0, 24.0))).unwrap_or_default();
    terrain
        + &unit("marines", "allies", "marines", 5, (30.0, 10.0))
        + &unit("them", "boxers", defender_kind, figures, (30.0, 20.0))
}

/// "Always" needs no die, so the app records the pass itself as phase E opens, and says so in the log.
#[test]
fn marines_with_a_leader_always_pass_a_charge_morale_test_without_rolling() {
    let mut sp = charge_then_phase_e(&allies_charge("boxers", 5, None), "marines", "them", "allies");
    let line = sp.last_line();
    assert!(
        line.contains("marines test morale to finish their charge")
            && line.contains("always passes: pass: the charge goes in (no die)"),
        "{line}"
    );
    assert!(line.contains("next: Morale checks to stand"), "phase E had nothing left to take: {line}");
    let r = sp.refused(r#"{"type":"morale","unit":"marines"}"#);
    assert!(
        r.message.contains("marines have taken their test to finish their charge this turn: they passed"),
        "{}",
        r.message
    );
}

#[test]
fn morale_is_tested_only_in_phases_e_and_f() {
    let mut sp = Sp::new(&allies_charge("boxers", 5, None));
    sp.movement("allies");
    let r = sp.refused(r#"{"type":"morale","unit":"marines"}"#);
    assert!(r.rule.unwrap().contains("only test morale to complete a charge and to stand"));
}

#[test]
fn a_phase_cannot_close_while_a_morale_test_is_owed() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 8, (30.0, 20.0));
    let mut sp = charge_then_phase_e(&body, "boxers", "marines", "boxers");
    let r = sp.refused(r#"{"type":"end_phase"}"#);
    assert!(r.message.contains("boxers test morale to finish their charge"), "{}", r.message);
    let mut sp = charge_then_phase_e(&allies_charge("boxers", 5, None), "marines", "them", "allies");
    assert!(sp.refused(r#"{"type":"end_phase"}"#).message.contains("them tests morale to stand against marines"));
    assert!(sp.refused(r#"{"type":"next_turn"}"#).message.contains("turn ends after the melee phase"));
}

/// Two chargers on one unit: it tests to stand once, against both, and is listed once.
#[test]
fn a_unit_charged_twice_owes_one_test_to_stand_listed_once() {
    let body = unit("marines", "allies", "marines", 5, (26.0, 10.0))
        + &unit("sailors", "allies", "sailors", 5, (34.0, 10.0))
        + &unit("them", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    for charger in ["marines", "sailors"] {
        sp.ok(&format!(r#"{{"type":"roll_move","unit":"{charger}","dice":[6,6]}}"#));
        sp.ok(&format!(r#"{{"type":"charge","unit":"{charger}","target":"them"}}"#));
    }
    sp.on_to_fire("allies");
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    if sp.owes_test("sailors") {
        sp.ok(r#"{"type":"morale","unit":"sailors","dice":[1]}"#);
        sp.ok(r#"{"type":"end_phase"}"#);
    }
    let r = sp.refused(r#"{"type":"end_phase"}"#);
    assert!(
        r.message.ends_with("is not finished: them tests morale to stand against marines and sailors"),
        "{}",
        r.message
    );
    let line = sp.ok(r#"{"type":"morale","unit":"them","dice":[1]}"#);
    assert!(line.starts_with("them tests morale to stand against marines and sailors — "), "{line}");
}

#[test]
fn a_dead_leader_moves_marines_to_the_no_leader_morale_column() {
    let mut sp = Sp::new(&allies_charge("boxers", 5, None));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"them"}"#);
    sp.on_to_fire("boxers");
    sp.ok(r#"{"type":"fire","unit":"them","target":"marines","dice":[1,20,20,20,20,6]}"#);
    assert!(sp.unit("marines").leader().is_none());
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    let odds = sp.odds(r#"{"type":"morale","unit":"marines"}"#);
    assert!(odds.label.contains("charge no leader") && (odds.lines[0].p - 5.0 / 6.0).abs() < 1e-12, "{}", odds.label);
    let line = sp.ok(r#"{"type":"morale","unit":"marines","dice":[6]}"#);
    assert!(line.contains("fail: they hold in place"), "{line}");
}

#[test]
fn boxers_charge_morale_passes_on_1_to_4_and_a_failed_charge_holds_with_no_defender_test() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 8, (30.0, 20.0));
    let mut sp = charge_then_phase_e(&body, "boxers", "marines", "boxers");
    assert!((sp.odds(r#"{"type":"morale","unit":"boxers"}"#).lines[0].p - 4.0 / 6.0).abs() < 1e-12);
    sp.ok(r#"{"type":"morale","unit":"boxers","dice":[5]}"#);
    let line = sp.ok(r#"{"type":"end_phase"}"#);
    assert!(line.contains("next: Melee"), "no stand test is owed: {line}");
    let r = sp.refused(r#"{"type":"melee","unit":"boxers"}"#);
    assert!(r.message.contains("did not go in"), "{}", r.message);
    sp.ok(r#"{"type":"next_turn"}"#);
}

#[test]
fn a_defender_in_cover_widens_its_morale_pass_range_by_one() {
    let mut sp = charge_then_phase_e(&allies_charge("boxers", 5, Some("walls")), "marines", "them", "allies");
    let odds = sp.odds(r#"{"type":"morale","unit":"them"}"#);
    assert!(odds.label.contains("in cover) passes on 1-4"), "{}", odds.label);
    assert!((odds.lines[0].p - 4.0 / 6.0).abs() < 1e-12);
    assert!(sp.ok(r#"{"type":"morale","unit":"them","dice":[4]}"#).contains("passes: it stands"));
}

#[test]
fn the_literal_cover_option_adds_one_to_the_morale_die_instead() {
    let sp = Sp::with_options("morale_cover_literal = true", &allies_charge("boxers", 5, Some("walls")));
    let mut sp = charge_then(sp, "marines", "them", "allies");
    let odds = sp.odds(r#"{"type":"morale","unit":"them"}"#);
    assert!((odds.lines[0].p - 2.0 / 6.0).abs() < 1e-12, "{}", odds.label);
    assert!(sp.ok(r#"{"type":"morale","unit":"them","dice":[3]}"#).contains("fails"));
}

#[test]
fn civilians_test_morale_as_sailors_by_default() {
    let body =
        unit("boxers", "boxers", "boxers", 8, (30.0, 20.0)) + &unit("civ", "allies", "civilians", 5, (30.0, 10.0));
    let mut sp = charge_then_phase_e(&body, "boxers", "civ", "boxers");
    sp.ok(r#"{"type":"morale","unit":"boxers","dice":[1]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    let odds = sp.odds(r#"{"type":"morale","unit":"civ"}"#);
    assert!(
        odds.label.contains("Sailor, hold with leader") && (odds.lines[0].p - 5.0 / 6.0).abs() < 1e-12,
        "{}",
        odds.label
    );
}

#[test]
fn all_units_rally_at_the_end_of_the_turn() {
    let mut sp = charge_then_phase_e(&allies_charge("boxers", 5, None), "marines", "them", "allies");
    sp.ok(r#"{"type":"morale","unit":"them","dice":[6]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"melee","unit":"marines","dice":[1,1,1]}"#);
    let flags = &sp.unit("them").flags;
    assert!(
        flags.contains(&sandtable::systems::sand_pebbles::ROUTED)
            && flags.contains(&sandtable::systems::sand_pebbles::PINNED)
    );
    sp.ok(r#"{"type":"next_turn"}"#);
    assert!(sp.unit("them").flags.is_empty(), "routed and pinned markers come off");
    assert!(sp.game.state().allowances.is_empty());
}

#[test]
fn a_charger_shot_away_in_the_fire_phases_owes_no_morale_test_and_no_melee() {
    let body =
        unit("marines", "allies", "marines", 2, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 8, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    sp.on_to_fire("boxers");
    sp.ok(r#"{"type":"fire","unit":"boxers","target":"marines","dice":[2,2,20,20,20,20,20,20]}"#);
    assert!(sp.unit("marines").is_out());
    sp.ok(r#"{"type":"end_phase"}"#);
    let line = sp.ok(r#"{"type":"end_phase"}"#);
    assert!(line.contains("next: Melee") && line.contains("no charges"), "phases E and F are passed over: {line}");
    sp.ok(r#"{"type":"next_turn"}"#);
}
