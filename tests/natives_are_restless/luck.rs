//! What each entry's dice counted against their exact chances, for the luck ledger: the chances are the
//! ones the odds showed before the throw, the count is what the typed dice give by the rule; and the
//! siege's result by its Winning paragraph, and dice per turn.

use sandtable::dice::Die;
use sandtable::odds::Dist;
use sandtable::rules::Luck;

use crate::play::shown;
use crate::support::{Siege, gun, squad};

fn only(luck: &[Luck], measure: &str, side: &str) -> Luck {
    let found: Vec<&Luck> = luck.iter().filter(|l| l.measure == measure && l.side == side).collect();
    assert_eq!(found.len(), 1, "one {measure} for {side} in {luck:?}");
    found[0].clone()
}

fn line(odds: &sandtable::odds::OddsView, label: &str) -> f64 {
    odds.lines.iter().find(|l| l.label == label).unwrap_or_else(|| panic!("{label} in {:?}", odds.lines)).p
}

/// Squad `a` at (20, 20) and natives-1 (four basic natives) at (20, 30), with the defenders' card drawn.
fn facing_off() -> Siege {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.put("natives-1", (20.0, 30.0));
    s.draw("7C");
    s
}

#[test]
fn a_volley_counts_its_kills_against_the_fire_odds() {
    let mut s = facing_off();
    let odds = s.odds(r#"{"type":"fire","unit":"a","target":"natives-1"}"#);
    let faces: [i64; 7] = [6, 5, 2, 2, 3, 4, 1];
    let luck = s.luck(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,5,2,2,3,4,1]}"#);
    assert_eq!(luck.len(), 1, "{luck:?}");
    let kills = only(&luck, "kills", "defenders");
    assert_eq!(shown(&odds), kills.expected.entries().collect::<Vec<_>>());
    // Every 6 of the total kills one in the open, of the four there are.
    assert_eq!(kills.actual, (faces.iter().sum::<i64>() / 6).min(4));
    assert_eq!(kills.actual, 3);
}

#[test]
fn a_native_morale_test_counts_a_roll_over_the_casualties_as_a_pass() {
    let mut s = facing_off();
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,5,2,2,3,4,1]}"#);
    let odds = s.odds(r#"{"type":"morale","unit":"natives-1"}"#);
    let luck = s.luck(r#"{"type":"morale","unit":"natives-1","dice":[4]}"#);
    let passes = only(&luck, "morale passes", "natives");
    assert_eq!(passes.expected, Dist::bernoulli(line(&odds, "they hold")));
    // 3 casualties: 4, 5 or 6 hold.
    assert_eq!(passes.expected, Dist::bernoulli(3.0 / 6.0));
    assert_eq!(passes.actual, i64::from(4 > 3));
}

/// Squad `a` (7) charged by natives-1 (four basic natives) on a red card; a jack's actions passed: the
/// melee is due.
fn melee_due() -> Siege {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.put("natives-1", (20.0, 26.0));
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("JC");
    s.ok(r#"{"type":"pass"}"#);
    s
}

#[test]
fn a_melee_counts_each_sides_kills_and_win_and_the_natives_morale_against_the_melee_odds() {
    let mut s = melee_due();
    let odds = s.odds(r#"{"type":"melee","unit":"a"}"#);
    // The defenders' 7 dice total 7: one native (every 6, the natives made contact in the open); the
    // natives' 4 dice total 24: four defenders; the natives, one lost, roll 6 for morale and hold.
    let (defenders, natives) = ([1i64; 7], [6i64; 4]);
    let luck = s.luck(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    let natives_lost = (defenders.iter().sum::<i64>() / 6).min(4);
    let defenders_lost = (natives.iter().sum::<i64>() / 6).min(7);
    let d6 = Dist::of_die(Die::D6);

    let kills = only(&luck, "kills", "defenders");
    assert_eq!(kills.expected, d6.sum_of(7).map(|t| (t / 6).min(4)));
    assert!((1.0 - kills.expected.p(0) - line(&odds, "at least one native killed")).abs() < 1e-12);
    assert_eq!(kills.actual, natives_lost);
    let struck = only(&luck, "kills", "natives");
    assert_eq!(struck.expected, d6.sum_of(4).map(|t| (t / 6).min(7)));
    assert_eq!(struck.actual, defenders_lost);

    // More defenders fell than natives: the natives win.
    let defenders_won = i64::from(defenders_lost < natives_lost);
    let won = only(&luck, "melee wins", "defenders");
    assert_eq!(shown(&odds), won.expected.entries().collect::<Vec<_>>());
    assert_eq!(won.actual, defenders_won);
    let natives_won = only(&luck, "melee wins", "natives");
    assert_eq!(natives_won.expected, Dist::bernoulli(line(&odds, "the natives win")));
    assert_eq!(natives_won.actual, 1 - defenders_won);

    let held = only(&luck, "morale passes", "natives");
    assert_eq!(held.expected, Dist::bernoulli(5.0 / 6.0), "one casualty: 2 to 6 hold");
    assert_eq!(held.actual, i64::from(6 > natives_lost));
}

#[test]
fn natives_who_flee_a_melee_count_as_killed_only_those_the_dice_killed() {
    let mut s = melee_due();
    // The defenders' 17 kill two natives; the natives' 4 kill none; a 2 is not over 2: they flee, and the
    // two left go off the table.
    let luck = s.luck(r#"{"type":"melee","unit":"a","dice":[6,6,1,1,1,1,1,1,1,1,1,2]}"#);
    assert_eq!(s.lost("natives-1"), 4, "the survivors leave as losses too");
    assert_eq!(only(&luck, "kills", "defenders").actual, 17 / 6);
    assert_eq!(only(&luck, "kills", "natives").actual, 0);
    let held = only(&luck, "morale passes", "natives");
    assert_eq!((held.expected.clone(), held.actual), (Dist::bernoulli(4.0 / 6.0), 0));
    assert_eq!(only(&luck, "melee wins", "defenders").actual, 1, "the natives fled: the defenders win");
}

#[test]
fn a_muster_roll_counts_the_figures_in_the_group_against_its_odds() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    let odds = s.odds(r#"{"type":"muster"}"#);
    let luck = s.luck(r#"{"type":"muster","dice":[3,4,2]}"#);
    let group = only(&luck, "figures in the group", "natives");
    assert_eq!(shown(&odds), group.expected.entries().collect::<Vec<_>>());
    assert_eq!(group.actual, 3 + 4, "no six: basic troops, the sum");
    let odds = s.odds(r#"{"type":"muster"}"#);
    let luck = s.luck(r#"{"type":"muster","dice":[4,3,6]}"#);
    let group = only(&luck, "figures in the group", "natives");
    assert_eq!(shown(&odds), group.expected.entries().collect::<Vec<_>>());
    assert_eq!(group.actual, 4, "a six: better troops, the higher die");
}

#[test]
fn a_reinforcement_roll_counts_the_figures_it_brought_and_none_on_a_5_or_6() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("KH");
    s.ok(r#"{"type":"pass"}"#);
    let odds = s.odds(r#"{"type":"reinforce"}"#);
    let luck = s.luck(r#"{"type":"reinforce","dice":[5]}"#);
    let group = only(&luck, "figures in the group", "natives");
    assert_eq!(shown(&odds), group.expected.entries().collect::<Vec<_>>());
    assert_eq!(group.actual, 0);
    s.draw("KC");
    s.ok(r#"{"type":"pass"}"#);
    let odds = s.odds(r#"{"type":"reinforce"}"#);
    let luck = s.luck(r#"{"type":"reinforce","dice":[3,3,3,2]}"#);
    let group = only(&luck, "figures in the group", "natives");
    assert_eq!(shown(&odds), group.expected.entries().collect::<Vec<_>>());
    assert_eq!(group.actual, 3 + 3);
}

#[test]
fn the_umpires_die_counts_the_rifle_counters_the_defenders_keep() {
    let mut s = Siege::supplied("umpire_ammunition = true", "rifle_ammunition = 8", &squad("a", (20.0, 20.0)));
    let odds = s.odds(r#"{"type":"umpire"}"#);
    let luck = s.luck(r#"{"type":"umpire","dice":[4]}"#);
    let kept = only(&luck, "ammunition counters kept", "defenders");
    // The odds count the counters removed; the ledger counts those left of 8.
    for outcome in &odds.outcomes {
        assert_eq!(kept.expected.p(8 - outcome.value), outcome.p);
    }
    assert_eq!(kept.actual, 8 - 4);
}

#[test]
fn drawing_a_card_and_charging_count_nothing() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.put("natives-1", (20.0, 26.0));
    assert!(s.luck(r#"{"type":"draw_card","card":"5H"}"#).is_empty());
    assert!(s.luck(r#"{"type":"charge","unit":"natives-1","target":"a"}"#).is_empty());
}

#[test]
fn the_siege_goes_on_until_the_relief_column_arrives() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.muster_basic();
    let going = s.result().expect("the text names its winners");
    assert!(!going.ended && going.winner.is_none(), "{going:?}");
    s.draw("AS");
    let sighted = s.result().unwrap();
    assert!(!sighted.ended && sighted.verdict.contains("sighted"), "{sighted:?}");
    s.ok(r#"{"type":"pass"}"#);
    s.ok(r#"{"type":"reinforce","dice":[6]}"#);
    s.draw("joker");
    s.muster_basic();
    s.draw("AS");
    let relieved = s.result().unwrap();
    assert!(relieved.ended, "{relieved:?}");
    assert_eq!(relieved.winner.as_deref(), Some("defenders"));
    assert_eq!(relieved.verdict, "The relief column arrives: the defending player (Defenders) wins");
    assert!(relieved.points.is_empty(), "the text counts no points");
}

#[test]
fn the_natives_win_when_every_defender_is_killed() {
    let mut s = Siege::new(&(squad("a", (20.0, 20.0)) + &gun("mg", (24.0, 20.0), 180.0)));
    s.muster_basic();
    s.ok(r#"{"type":"record_losses","unit":"a","count":7}"#);
    assert!(!s.result().unwrap().ended, "the gun's crew still stand");
    s.ok(r#"{"type":"record_losses","unit":"mg","count":4}"#);
    let result = s.result().unwrap();
    assert!(result.ended);
    assert_eq!(result.winner.as_deref(), Some("natives"));
    assert_eq!(result.verdict, "All the defenders are killed: the attacking player (Natives) wins");
}

#[test]
fn dice_per_turn_are_a_volley_or_a_melee_whichever_is_more() {
    let mut s = Siege::new(&(squad("a", (20.0, 20.0)) + &gun("mg", (24.0, 20.0), 180.0)));
    s.muster_basic();
    // A squad: a D6 a figure; the gun 8 dice with its four crew; basic natives do not fire, and melee with
    // a D6 a figure.
    assert_eq!(s.dice_per_turn("a"), Some(7));
    assert_eq!(s.dice_per_turn("mg"), Some(8));
    assert_eq!(s.dice_per_turn("natives-1"), Some(4));
    s.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    assert_eq!(s.dice_per_turn("mg"), Some(6), "2 dice fewer per crewman lost");
}
