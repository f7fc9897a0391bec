//! Melee sequence: defender morale, defensive fire (no stationary bonus), attacker morale, then one D10 per
//! figure, at most two on one, modifiers; high kills, ties lock; the side that lost more tests morale.

use crate::support::{Hg, area, unit};

/// Moro warriors charge U.S. infantry 5" away; returns the game at the defender's morale test.
fn moro_charge(body: &str) -> Hg {
    moro_charge_under("", body)
}

fn moro_charge_under(options: &str, body: &str) -> Hg {
    let mut hg = Hg::with_options(options, body);
    hg.activate("moros", "warriors");
    hg.ok(r#"{"type":"roll_move","unit":"warriors","dice":[3,9]}"#);
    hg.ok(r#"{"type":"charge","unit":"warriors","target":"squad"}"#);
    hg
}

fn lines(us: u32, moro: u32) -> String {
    unit("squad", "us", "us_infantry", us, (10.0, 10.0), 70)
        + &unit("warriors", "moros", "moro_warriors", moro, (15.0, 10.0), 70)
}

#[test]
fn a_moro_charge_runs_defender_morale_defensive_fire_attacker_morale_then_the_melee() {
    let mut hg = moro_charge(&lines(2, 2));
    assert!(
        hg.refused(r#"{"type":"melee","unit":"warriors"}"#)
            .message
            .contains("morale tests and defensive fire come first")
    );
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[10]}"#);
    let fire = hg.odds(r#"{"type":"fire","unit":"squad","target":"warriors"}"#);
    assert!(!fire.label.contains("did not move"), "no stationary bonus for defensive fire: {}", fire.label);
    hg.ok(r#"{"type":"fire","unit":"squad","target":"warriors","dice":[0,0]}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[10]}"#);
    let odds = hg.odds(r#"{"type":"melee","unit":"warriors"}"#);
    assert_eq!(odds.dice.len(), 2, "two fights, one on one");
    // Warriors: leader 9+1+1 = 11 and 2+1 = 3; U.S.: leader 5+1 = 6 and 7. One of each falls.
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[9,5,2,7]}"#);
    assert!(
        line.contains("1 attacker and 1 defender lost") && line.contains("warriors and squad test morale"),
        "{line}"
    );
}

#[test]
fn at_most_two_figures_melee_one_and_the_lone_figure_compares_its_die_with_their_sum() {
    let mut hg = moro_charge(&lines(1, 3));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    // Two warriors on the lone U.S. leader (third stands by): (2+1+1) + (1+1) = 6 against 7+1 = 8.
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[2,1,7]}"#);
    assert!(line.contains("two on one, 8 beats 6: an attacker falls"), "{line}");
    assert_eq!(hg.alive("warriors"), 2);
    assert_eq!(hg.alive("squad"), 1);
}

#[test]
fn a_tie_in_melee_locks_the_fight() {
    let mut hg = moro_charge(&lines(1, 1));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    // 4 + leader + Moro charging = 6 against 5 + leader = 6.
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[4,5]}"#);
    assert!(line.contains("locked") && line.contains("0 attackers and 0 defenders lost"), "{line}");
    assert_eq!((hg.alive("warriors"), hg.alive("squad")), (1, 1));
}

/// A locked melee holds both units: neither moves away nor fires, each card says so, and either fights it
/// on with `melee` when activated, until a result other than a tie ends the lock.
#[test]
fn a_locked_melee_holds_both_units_until_a_later_melee_decides_it() {
    let mut hg = moro_charge(&lines(1, 1));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[4,5]}"#);
    assert!(line.contains("the melee is locked"), "{line}");
    assert!(hg.notes("squad").iter().any(|n| n == "Locked in melee with warriors"), "{:?}", hg.notes("squad"));
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.activate("us", "squad");
    let r = hg.refused(r#"{"type":"roll_move","unit":"squad","dice":[5,5]}"#);
    assert!(r.message.contains("locked in melee with warriors: it may not move away"), "{}", r.message);
    let r = hg.refused(r#"{"type":"sight","unit":"squad"}"#);
    assert!(r.message.contains("only a moving U.S. unit rolls to sight"), "{}", r.message);
    let odds = hg.try_odds(r#"{"type":"sight","unit":"squad"}"#);
    assert!(odds.is_err(), "sighting odds are refused as sighting is: {odds:?}");
    let r = hg.refused(r#"{"type":"fire","unit":"squad","target":"warriors","dice":[9]}"#);
    assert!(r.message.contains("locked in melee with warriors: it may not fire"), "{}", r.message);
    // The squad fights on: 9 + leader against 1 + leader.
    let line = hg.ok(r#"{"type":"melee","unit":"squad","dice":[9,1]}"#);
    assert!(line.contains("a defender falls") && !line.contains("is locked"), "{line}");
    assert!(hg.turn().locked.is_empty());
}

#[test]
fn a_defender_in_a_fort_adds_2_in_melee() {
    let body = area("Cotta", "fort", (8.0, 8.0), (13.0, 12.0)) + &lines(1, 1);
    let mut hg = moro_charge(&body);
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    // 6 + 2 (leader, Moro charging) = 8 against 5 + 1 (leader) + 2 (fort) = 8: locked.
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[6,5]}"#);
    assert!(line.contains("locked"), "{line}");
}

#[test]
fn a_defender_failing_its_morale_against_a_moro_charge_routs_and_is_never_removed() {
    let body = unit("squad", "us", "us_infantry", 2, (10.0, 10.0), 10)
        + &unit("warriors", "moros", "moro_warriors", 2, (15.0, 10.0), 70);
    let mut hg = moro_charge(&body);
    let line = hg.ok(r#"{"type":"morale","unit":"squad","dice":[90]}"#);
    assert!(line.contains("routs") && !hg.unit("squad").is_out(), "{line}");
    assert!(hg.turn().melee.is_none());
}

#[test]
fn an_attacker_failing_to_close_stops_short() {
    let mut hg = moro_charge(&lines(2, 2));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    let line = hg.ok(r#"{"type":"morale","unit":"warriors","dice":[99]}"#);
    assert!(line.contains("they stop short, 1\" from the enemy"), "{line}");
    assert!(!hg.unit("warriors").is_out());
    // Drawn back out of base contact: the nearest figures now stand an inch apart.
    let (mine, theirs) = (hg.unit("warriors").alive_positions(), hg.unit("squad").alive_positions());
    let gap = sandtable::measure::nearest(&mine, &theirs).unwrap().distance;
    assert!((gap - 1.0).abs() < 1e-6, "{gap}");
}

#[test]
fn a_charger_that_stops_short_may_not_fire_afterwards() {
    let mut hg = moro_charge(&lines(2, 2));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[99]}"#);
    let r = hg.refused(r#"{"type":"fire","unit":"warriors","target":"squad"}"#);
    assert!(r.message.contains("charged"), "{}", r.message);
}

#[test]
fn a_charger_destroyed_by_defensive_fire_never_closes() {
    let mut hg = moro_charge(&lines(4, 2));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    let line = hg.ok(r#"{"type":"fire","unit":"squad","target":"warriors","dice":[9,9,9,9]}"#);
    assert!(line.contains("destroyed before it closes"), "{line}");
    assert!(hg.turn().melee.is_none() && hg.turn().morale_due.is_empty());
}

/// A charge into a cotta meets its defenders at the wall: the attacker stops at the edge of the works,
/// outside them, keeping its own cover (none) rather than taking the fort's.
#[test]
fn a_charge_into_a_cotta_makes_contact_at_its_edge() {
    let body = area("Cotta", "fort", (8.0, 8.0), (13.0, 12.0)) + &lines(1, 1);
    let hg = moro_charge(&body);
    let leader = hg.unit("warriors").anchor().unwrap();
    assert!((13.0..13.02).contains(&leader.x), "{leader:?}");
    let line = &hg.game.log_entries()[hg.game.log_entries().len() - 1].text;
    assert!(line.contains("to the edge of its fort"), "{line}");
}

/// Both sides hold and the charge closes: the game waits on the fight itself.
fn closed(options: &str, us: u32, moro: u32) -> Hg {
    let mut hg = moro_charge_under(options, &lines(us, moro));
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[1]}"#);
    hg.ok(r#"{"type":"end_phase"}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[1]}"#);
    hg
}

/// `defenders_double_up`: a lone warrior charging three soldiers faces two of them, their dice summed.
#[test]
fn spare_defenders_double_up_on_fewer_attackers_only_under_the_option() {
    let mut hg = closed("", 3, 1);
    assert_eq!(
        hg.odds(r#"{"type":"melee","unit":"warriors"}"#).dice,
        ["1 D10 for the attackers, then 1 D10 for the defenders"]
    );
    let mut hg2 = closed("defenders_double_up = true", 3, 1);
    let odds = hg2.odds(r#"{"type":"melee","unit":"warriors"}"#);
    assert_eq!(odds.dice, ["1 D10 for the attackers, then 2 D10 for the defenders"]);
    // The warrior leader: 5 + 1 leader + 1 charging = 7 against (2 + 1 leader) + 3 = 6.
    let line = hg2.ok(r#"{"type":"melee","unit":"warriors","dice":[5,2,3]}"#);
    assert!(line.contains("two defenders on one, 7 beats 6: a defender falls"), "{line}");
    assert_eq!(hg2.alive("squad"), 2);
    assert!(hg2.unit("squad").leader().is_some(), "a private falls before the leader");
    hg.ok(r#"{"type":"melee","unit":"warriors","dice":[5,2]}"#);
}

/// `attacker_pairs`: the attacker names its fights; without the option the app's roster order stands.
#[test]
fn the_attacker_chooses_the_pairings_only_under_the_option() {
    let both_on_one =
        r#"{"type":"melee","unit":"warriors","pairs":[{"attackers":[0,1],"defenders":[1]}],"dice":[5,5,3]}"#;
    let mut hg = closed("", 2, 2);
    assert!(hg.refused(both_on_one).message.contains("option attacker_pairs"));
    let mut hg = closed("attacker_pairs = true", 2, 2);
    let idle = r#"{"type":"melee","unit":"warriors","pairs":[{"attackers":[0],"defenders":[1]}],"dice":[5,3]}"#;
    assert!(hg.refused(idle).message.contains("stand out while a defender has room"));
    let three =
        r#"{"type":"melee","unit":"warriors","pairs":[{"attackers":[0,1],"defenders":[0,1]}],"dice":[5,5,3,3]}"#;
    assert!(hg.refused(three).message.contains("one figure against one to 2"));
    let odds = hg.odds(r#"{"type":"melee","unit":"warriors","pairs":[{"attackers":[0,1],"defenders":[1]}]}"#);
    assert_eq!(odds.dice, ["2 D10 for the attackers, then 1 D10 for the defenders"]);
    // (5 + 1 + 1) + (5 + 1) = 13 against the private's 3.
    let line = hg.ok(both_on_one);
    assert!(line.contains("two on one, 13 beats 3: a defender falls"), "{line}");
    assert!(hg.unit("squad").leader().is_some());
}

/// `leader_bonus_every_figure`: the leader's +1 goes to every figure of his unit while he stands.
#[test]
fn the_leader_bonus_goes_to_every_figure_only_under_the_option() {
    let mut hg = closed("", 2, 2);
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[9,5,2,3]}"#);
    assert!(line.contains("3 ties 3: locked"), "private 2 + 1 charging against 3: {line}");
    let mut hg = closed("leader_bonus_every_figure = true", 2, 2);
    let line = hg.ok(r#"{"type":"melee","unit":"warriors","dice":[9,5,2,3]}"#);
    assert!(line.contains("4 ties 4: locked"), "each private adds his leader's +1: {line}");
}
