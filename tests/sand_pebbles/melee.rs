//! Melee Phase, steps C-H: a defender that fails to stand routs 2D6 and loses 1D6; otherwise D6 +
//! figures + modifiers each side, ties to the Western forces; the loser routs 2D6 and loses 1D6, the
//! winner loses half a D6, rounded down, and takes the position.

use sandtable::systems::sand_pebbles::{Change, ROUTED, SandPebbles};

use crate::support::{Sp, area, unit};

/// `attacker` (on `side`) charges `defender` and both pass their tests: phase G.
fn to_melee(mut sp: Sp, attacker: &str, defender: &str, side: &str, stand: i64) -> Sp {
    sp.movement(side);
    let dice = match sp.unit(attacker).kind.as_str() {
        "boxers" | "boxers_sword" | "tiger_men" => "[4,4,4]",
        "cavalry" | "lancers" => "[3,3,3,3]",
        _ => "[3,3]",
    };
    sp.ok(&format!(r#"{{"type":"roll_move","unit":"{attacker}","dice":{dice}}}"#));
    sp.ok(&format!(r#"{{"type":"charge","unit":"{attacker}","target":"{defender}"}}"#));
    sp.on_to_fire(side);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.tests_to_melee(&[(attacker, Some(1)), (defender, Some(stand))]);
    sp
}

fn marines_and_boxers() -> String {
    unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0))
}

#[test]
fn a_tie_in_melee_goes_to_the_western_attacker() {
    let mut sp = to_melee(Sp::new(&marines_and_boxers()), "marines", "boxers", "allies", 1);
    // Marines 1 + 8 (5 figures, charging, Marine, leader) against Boxers 3 + 6 (5 figures, leader): 9 all.
    let line = sp.ok(r#"{"type":"melee","unit":"marines","dice":[1,3,2,2,1,3]}"#);
    assert!(line.contains("marines 9") && line.contains("boxers 9") && line.contains("a tie: marines win"), "{line}");
    assert_eq!(sp.alive("boxers"), 4);
    assert_eq!(sp.alive("marines"), 4, "the winner loses 3 / 2 = 1");
}

#[test]
fn a_tie_in_melee_goes_to_the_western_defender() {
    let mut sp = to_melee(Sp::new(&marines_and_boxers()), "boxers", "marines", "boxers", 1);
    // Boxers 4 + 7 (5 figures, charging, leader) against Marines 4 + 7 (5 figures, Marine, leader).
    let line = sp.ok(r#"{"type":"melee","unit":"boxers","dice":[4,4,6,6,6,6]}"#);
    assert!(line.contains("a tie: marines win"), "{line}");
    assert_eq!(sp.alive("boxers"), 0, "the loser loses 1D6 = 6 of its 5: the unit is gone");
    assert!(line.ends_with("boxers lose 5 figures: none is left to rout"), "a unit wiped out does not rout: {line}");
    assert_eq!(sp.alive("marines"), 2, "the winner loses 6 / 2 = 3");
}

#[test]
fn melee_modifiers_count_lancers_leaders_charging_and_a_defended_window() {
    let body = area("House", "windows_doors", (20.0, 18.0), (40.0, 24.0))
        + &unit("lancers", "allies", "lancers", 6, (30.0, 10.0))
        + &unit("tigers", "boxers", "tiger_men", 6, (30.0, 20.0));
    let mut sp = to_melee(Sp::new(&body), "lancers", "tigers", "allies", 1);
    let odds = sp.odds(r#"{"type":"melee","unit":"lancers"}"#);
    assert!(odds.label.contains("1D6 + 11 (6 figures, charging +1, Lancers +3, leader +1)"), "{}", odds.label);
    assert!(
        odds.label.contains("1D6 + 11 (6 figures, Tiger Men +2, leader +1, defending windows or doors +2)"),
        "{}",
        odds.label
    );
    sp.ok(r#"{"type":"melee","unit":"lancers","dice":[6,1,1,1,1,1]}"#);
}

#[test]
fn a_defender_that_fails_to_stand_routs_2d6_and_loses_1d6_and_the_attacker_takes_its_place() {
    let mut sp = to_melee(Sp::new(&marines_and_boxers()), "marines", "boxers", "allies", 6);
    let boxers_at = sp.unit("boxers").leader().unwrap().pos;
    let line = sp.ok(r#"{"type":"melee","unit":"marines","dice":[3,3,2]}"#);
    assert!(line.contains("failed to stand: rout 6\" and lose 2 figures"), "{line}");
    assert_eq!(sp.alive("boxers"), 3);
    assert_eq!(sp.alive("marines"), 5, "the attacker suffers no loss");
    assert_eq!(sp.unit("boxers").leader().unwrap().pos.y, boxers_at.y + 6.0, "the Boxers run south, toward their edge");
    assert_eq!(sp.unit("marines").leader().unwrap().pos, boxers_at, "the marines take the position");
}

#[test]
fn a_melee_loser_routs_2d6_and_loses_1d6_the_winner_loses_half_a_d6() {
    let mut sp = to_melee(Sp::new(&marines_and_boxers()), "marines", "boxers", "allies", 1);
    let line = sp.ok(r#"{"type":"melee","unit":"marines","dice":[6,1,4,5,3,5]}"#);
    assert!(line.contains("marines win and lose 2 figures; boxers rout 9\" and lose 3 figures"), "{line}");
    assert_eq!((sp.alive("marines"), sp.alive("boxers")), (3, 2));
    assert_eq!((sp.lost("marines"), sp.lost("boxers")), (2, 3), "the outcome takes exactly those figures");
    assert!(sp.unit("boxers").flags.contains(&ROUTED) && !sp.unit("marines").flags.contains(&ROUTED));
    assert_eq!(sp.changes::<SandPebbles>(), vec![Change::MeleeResolved { attacker: "marines".into() }]);
}

#[test]
fn a_rout_stops_at_the_table_edge() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 35.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 45.0));
    let mut sp = to_melee(Sp::new(&body), "marines", "boxers", "allies", 1);
    let line = sp.ok(r#"{"type":"melee","unit":"marines","dice":[6,1,6,6,1,1]}"#);
    assert_eq!(sp.unit("boxers").alive().map(|f| f.pos.y).fold(0.0, f64::max), 48.0);
    // The log says how far it went, not only what the dice said.
    assert!(line.contains("rout 12\" rolled, 3.0\" to the table edge, where they stop"), "{line}");
}

#[test]
fn the_melee_dice_per_8_figures_option_rolls_a_die_per_8_figures() {
    let body = unit("marines", "allies", "marines", 5, (30.0, 10.0))
        + &unit("boxers", "boxers", "boxers_sword", 17, (30.0, 20.0));
    let sp = Sp::with_options("melee_dice_per_8_figures = true", &body);
    let mut sp = to_melee(sp, "marines", "boxers", "allies", 1);
    let odds = sp.odds(r#"{"type":"melee","unit":"marines"}"#);
    assert!(odds.label.contains("1D6 + 8") && odds.label.contains("3D6 + 19"), "{}", odds.label);
    let err = sp.try_act(r#"{"type":"melee","unit":"marines","dice":[1,1,1,1,1,1,1]}"#);
    assert!(format!("{err:?}").contains("needs 1 more"), "{err:?}");
    sp.ok(r#"{"type":"melee","unit":"marines","dice":[1,1,1,1,1,1,1,1]}"#);
}

#[test]
fn melee_odds_give_the_exact_chance_to_win() {
    let sp = to_melee(Sp::new(&marines_and_boxers()), "marines", "boxers", "allies", 1);
    let odds = sp.odds(r#"{"type":"melee","unit":"marines"}"#);
    let win = odds.lines.iter().find(|l| l.label.contains("wins the melee roll")).unwrap();
    // 1D6 + 8 against 1D6 + 6, ties to the marines: they lose only when the Boxers' die beats theirs by 3+.
    assert!((win.p - 30.0 / 36.0).abs() < 1e-12, "{}", win.p);
    let sum: f64 = odds.outcomes.iter().map(|o| o.p).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

#[test]
fn a_melee_is_fought_once_and_only_in_phase_g() {
    let mut sp = to_melee(Sp::new(&marines_and_boxers()), "marines", "boxers", "allies", 1);
    assert!(sp.refused(r#"{"type":"next_turn"}"#).message.contains("melee: marines against boxers"));
    sp.ok(r#"{"type":"melee","unit":"marines","dice":[6,1,1,1,1,1]}"#);
    assert!(sp.refused(r#"{"type":"melee","unit":"marines"}"#).message.contains("already been fought"));
    sp.ok(r#"{"type":"next_turn"}"#);
    assert!(sp.refused(r#"{"type":"melee","unit":"marines"}"#).rule.unwrap().contains("Sequence of play"));
}

#[test]
fn a_defender_that_failed_against_two_chargers_routs_once_and_the_second_melee_finds_it_gone() {
    let body = unit("sailors", "allies", "sailors", 8, (30.0, 10.0))
        + &unit("west", "boxers", "boxers", 6, (24.0, 20.0))
        + &unit("east", "boxers", "boxers", 6, (36.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    for band in ["west", "east"] {
        sp.ok(&format!(r#"{{"type":"roll_move","unit":"{band}","dice":[4,4,4]}}"#));
        sp.ok(&format!(r#"{{"type":"charge","unit":"{band}","target":"sailors"}}"#));
    }
    sp.on_to_fire("boxers");
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"morale","unit":"west","dice":[1]}"#);
    sp.ok(r#"{"type":"morale","unit":"east","dice":[1]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"morale","unit":"sailors","dice":[6]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"melee","unit":"west","dice":[3,3,2]}"#);
    assert_eq!(sp.alive("sailors"), 6);
    let line = sp.ok(r#"{"type":"melee","unit":"east"}"#);
    assert!(line.contains("No melee") && line.contains("sailors is no longer there"), "{line}");
    assert_eq!(sp.alive("sailors"), 6, "one rout, one loss roll");
    assert_eq!(sp.lost("sailors") + sp.lost("east"), 0, "the second melee takes nobody");
    sp.ok(r#"{"type":"next_turn"}"#);
}

/// A routed attacker is no longer there, like a routed defender: the Boxers who charged the marines were
/// then charged by the sailors, lost that melee and ran, so their own charge is never fought.
#[test]
fn an_attacker_routed_by_an_earlier_melee_does_not_fight_its_own_charge() {
    let body = unit("marines", "allies", "marines", 5, (30.0, 10.0))
        + &unit("west", "boxers", "boxers", 6, (30.0, 20.0))
        + &unit("sailors", "allies", "sailors", 5, (42.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("boxers");
    sp.ok(r#"{"type":"roll_move","unit":"west","dice":[1,1,1]}"#);
    sp.ok(r#"{"type":"charge","unit":"west","target":"marines"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"roll_move","unit":"sailors","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"sailors","target":"west"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"initiative","dice":[2,5]}"#);
    sp.ok(r#"{"type":"choose_order","first":"allies"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    // Phase E, the chargers' tests; phase F, the defenders'. Each passes (a 1, or no die where the chart
    // always passes).
    sp.tests_to_melee(&[("west", Some(1)), ("sailors", Some(1)), ("marines", Some(1))]);
    // The sailors' melee first: 6 + 5 figures beats the Boxers' 1 + 6; they rout.
    let won = sp.ok(r#"{"type":"melee","unit":"sailors","dice":[6,1,6,3,1,1]}"#);
    assert!(won.contains("west") && won.contains("rout"), "{won}");
    assert!(sp.unit("west").flags.contains(&sandtable::systems::sand_pebbles::ROUTED));
    let line = sp.ok(r#"{"type":"melee","unit":"west","dice":[3,4]}"#);
    assert!(line.contains("No melee") && line.contains("west is no longer there"), "{line}");
    assert!(line.ends_with("the dice typed (3, 4) were not used"), "typed dice are not dropped silently: {line}");
    assert_eq!(sp.alive("marines"), 5);
}

/// A charge whose target was shot away in the fire phase is not fought, and the refusal says why, not
/// that the attacker failed its test.
#[test]
fn a_charge_on_a_unit_shot_away_is_not_fought_because_the_target_is_gone() {
    let mut sp = Sp::new(&marines_and_boxers());
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    sp.on_to_fire("allies");
    sp.ok(r#"{"type":"record_losses","unit":"boxers","count":5}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    let line = sp.ok(r#"{"type":"end_phase"}"#);
    assert!(line.contains("next: Melee: no charges this turn"), "{line}");
    let r = sp.refused(r#"{"type":"melee","unit":"marines"}"#);
    assert!(r.message.contains("marines's melee will not be fought: boxers is no longer there"), "{}", r.message);
    let odds = sp.try_odds(r#"{"type":"melee","unit":"marines"}"#);
    assert!(
        format!("{odds:?}").contains("will not be fought: boxers is no longer there"),
        "odds refused as the melee is: {odds:?}"
    );
}
