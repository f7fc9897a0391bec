//! What each entry's dice counted against their exact chances, for the luck ledger: the chances are the
//! ones the odds showed before the throw, the count is what the typed dice give by the rule (D10 read
//! 0-9); and the system's battle result and dice per turn.

use sandtable::odds::Dist;
use sandtable::rules::Luck;

use crate::play::shown;
use crate::support::{Hg, gun, unit};

fn only(luck: &[Luck], measure: &str, side: &str) -> Luck {
    let found: Vec<&Luck> = luck.iter().filter(|l| l.measure == measure && l.side == side).collect();
    assert_eq!(found.len(), 1, "one {measure} for {side} in {luck:?}");
    found[0].clone()
}

fn close(a: &Dist, b: &Dist) -> bool {
    (a.min().min(b.min())..=a.max().max(b.max())).all(|v| (a.p(v) - b.p(v)).abs() < 1e-12)
}

fn two_each() -> String {
    unit("a", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("b", "us", "us_infantry", 5, (10.0, 30.0), 70)
        + &unit("m", "moros", "moro_warriors", 5, (60.0, 10.0), 70)
        + &unit("n", "moros", "moro_warriors", 5, (60.0, 30.0), 70)
}

#[test]
fn the_toss_counts_one_win_between_the_sides_with_the_losers_bonus_in_its_chances() {
    let mut hg = Hg::new(&two_each());
    hg.ok(r#"{"type":"initiative","dice":[5,4]}"#);
    hg.ok(r#"{"type":"activate","unit":"a"}"#);
    let odds = hg.odds(r#"{"type":"initiative"}"#);
    // The Moros toss at +1 for the toss they lost: 4 + 1 ties 5 and is tossed again; then 5 + 1 beats 5.
    let luck = hg.luck(r#"{"type":"initiative","dice":[5,4,5,5]}"#);
    for (side, label, won) in [("us", "U.S. wins", 0), ("moros", "Moros win", 1)] {
        let wins = only(&luck, "initiative wins", side);
        let line = odds.lines.iter().find(|l| l.label == label).unwrap();
        assert_eq!(wins.expected, Dist::bernoulli(line.p));
        assert_eq!(wins.actual, won);
    }
    // By hand: the Moros' D10 + 1 beats the U.S. D10 in 55 of 100, loses in 36, ties in 9.
    assert!((only(&luck, "initiative wins", "moros").expected.p(1) - 55.0 / 91.0).abs() < 1e-12);
}

#[test]
fn a_volley_counts_its_hits_against_the_fire_odds() {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_warriors", 10, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "rifles");
    let odds = hg.odds(r#"{"type":"fire","unit":"rifles","target":"moros"}"#);
    // A rifle at 10" hits on 7+, with +1 for a target in the open and +1 for not moving.
    let faces = [9, 5, 4, 0, 7];
    let luck = hg.luck(r#"{"type":"fire","unit":"rifles","target":"moros","dice":[9,5,4,0,7]}"#);
    assert_eq!(luck.len(), 1, "{luck:?}");
    let hits = only(&luck, "hits", "us");
    assert_eq!(shown(&odds), hits.expected.entries().collect::<Vec<_>>());
    assert!(close(&hits.expected, &Dist::binomial(5, 0.5)));
    assert_eq!(hits.actual, faces.iter().filter(|&&f| f + 2 >= 7).count() as i64);
    assert_eq!(hits.actual, 3);
}

#[test]
fn a_cannon_counts_the_figures_its_blast_killed_friend_or_foe() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("scout", "us", "us_infantry", 1, (30.0, 12.0), 70)
        + &unit("near", "moros", "moro_warriors", 6, (30.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "cannon");
    let odds = hg.odds(r#"{"type":"fire","unit":"cannon","target":"near","at":{"x":30,"y":10}}"#);
    // A hit (9), then a D10 per figure under the blast, the scout's included: 5+ kills.
    let blast = [5, 5, 4, 9, 0, 6, 1];
    let luck =
        hg.luck(r#"{"type":"fire","unit":"cannon","target":"near","at":{"x":30,"y":10},"dice":[9,5,5,4,9,0,6,1]}"#);
    let kills = only(&luck, "kills", "us");
    assert_eq!(shown(&odds), kills.expected.entries().collect::<Vec<_>>());
    assert_eq!(kills.actual, blast.iter().filter(|&&f| f >= 5).count() as i64);
    assert_eq!(hg.lost("scout") + hg.lost("near"), 4);
}

/// U.S. riflemen kill 3 of 10 Moro warriors, who then owe a test for casualties.
fn warriors_to_test() -> Hg {
    let body = unit("rifles", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("moros", "moros", "moro_warriors", 10, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "rifles");
    hg.ok(r#"{"type":"fire","unit":"rifles","target":"moros","dice":[9,9,9,0,0]}"#);
    hg
}

#[test]
fn a_morale_test_counts_a_pass_at_or_under_the_modified_morale() {
    let mut hg = warriors_to_test();
    let odds = hg.odds(r#"{"type":"morale","unit":"moros"}"#);
    let luck = hg.luck(r#"{"type":"morale","unit":"moros","dice":[55]}"#);
    let passes = only(&luck, "morale passes", "moros");
    assert_eq!(shown(&odds), passes.expected.entries().collect::<Vec<_>>());
    // Base 70, 3 lost from a unit of 10 at -5% each: 55%.
    assert_eq!(passes.expected, Dist::bernoulli(0.55));
    assert_eq!(passes.actual, i64::from(55 <= 70 - 3 * 5));
}

#[test]
fn a_morale_roll_over_the_morale_counts_no_pass() {
    let mut hg = warriors_to_test();
    let luck = hg.luck(r#"{"type":"morale","unit":"moros","dice":[56]}"#);
    assert_eq!(only(&luck, "morale passes", "moros").actual, 0);
}

#[test]
fn a_melee_counts_the_figures_each_side_killed_against_the_melee_odds() {
    let body = unit("squad", "us", "us_infantry", 2, (10.0, 10.0), 70)
        + &unit("warriors", "moros", "moro_warriors", 2, (15.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("moros", "warriors");
    hg.ok(r#"{"type":"roll_move","unit":"warriors","dice":[3,9]}"#);
    hg.ok(r#"{"type":"charge","unit":"warriors","target":"squad"}"#);
    hg.ok(r#"{"type":"morale","unit":"squad","dice":[10]}"#);
    hg.ok(r#"{"type":"fire","unit":"squad","target":"warriors","dice":[0,0]}"#);
    hg.ok(r#"{"type":"morale","unit":"warriors","dice":[10]}"#);
    let odds = hg.odds(r#"{"type":"melee","unit":"warriors"}"#);
    // Leader on leader: a warrior's D10 + 2 (leader, Moro charging) against a U.S. D10 + 1; private on
    // private: D10 + 1 against D10. Each warrior wins at a margin of 0 or more (55 in 100) and loses at
    // -2 or less (36 in 100). Typed: 9 + 2 against 5 + 1, and 2 + 1 against 7.
    let (attack, defence) = ([9 + 2, 2 + 1], [5 + 1, 7]);
    let luck = hg.luck(r#"{"type":"melee","unit":"warriors","dice":[9,5,2,7]}"#);
    let killed = only(&luck, "kills", "moros");
    assert_eq!(shown(&odds), killed.expected.entries().collect::<Vec<_>>());
    assert!(close(&killed.expected, &Dist::binomial(2, 0.55)));
    assert_eq!(killed.actual, attack.iter().zip(defence).filter(|(a, d)| *a > d).count() as i64);
    let fallen = only(&luck, "kills", "us");
    assert!(close(&fallen.expected, &Dist::binomial(2, 0.36)));
    let at_least_one = odds.lines.iter().find(|l| l.label == "at least one attacker falls").unwrap().p;
    assert!((1.0 - fallen.expected.p(0) - at_least_one).abs() < 1e-12);
    assert_eq!(fallen.actual, attack.iter().zip(defence).filter(|(a, d)| *a < d).count() as i64);
    assert_eq!((killed.actual, fallen.actual), (1, 1));
}

#[test]
fn sighting_counts_the_counters_revealed_automatic_ones_included() {
    let hidden = |id: &str, at: (f64, f64)| unit(id, "moros", "moro_warriors", 1, at, 70) + "hidden = true\n\n";
    let body = unit("us", "us", "us_infantry", 1, (10.0, 10.0), 70)
        + &hidden("near", (11.5, 10.0))
        + &hidden("mid", (13.0, 10.0))
        + &hidden("far", (20.0, 10.0))
        + &hidden("lost", (40.0, 10.0));
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    let odds = hg.odds(r#"{"type":"sight","unit":"us"}"#);
    // 1.5": automatic; 3": 3+ (a 3 sights it); 10": 7+ (a 6 does not); 30": never.
    let luck = hg.luck(r#"{"type":"sight","unit":"us","dice":[3,6]}"#);
    let sightings = only(&luck, "sightings", "us");
    assert_eq!(shown(&odds), sightings.expected.entries().collect::<Vec<_>>());
    assert_eq!(sightings.actual, 1 + i64::from(3 >= 3) + i64::from(6 >= 7));
}

#[test]
fn activating_and_moving_count_nothing_here() {
    let mut hg = Hg::new(&two_each());
    hg.ok(r#"{"type":"initiative","dice":[9,0]}"#);
    assert!(hg.luck(r#"{"type":"activate","unit":"a"}"#).is_empty());
    assert!(hg.luck(r#"{"type":"roll_move","unit":"a","dice":[3,4]}"#).is_empty(), "the engine counts movement dice");
}

#[test]
fn the_article_names_no_victory_so_there_is_no_result_even_once_a_side_is_gone() {
    let mut hg = Hg::new(&two_each());
    assert_eq!(hg.result(), None);
    hg.ok(r#"{"type":"record_losses","unit":"m","count":5}"#);
    hg.ok(r#"{"type":"record_losses","unit":"n","count":5}"#);
    assert_eq!(hg.result(), None);
}

#[test]
fn dice_per_turn_are_the_volley_or_the_melee_whichever_is_more() {
    let body = unit("rifles", "us", "us_infantry", 10, (10.0, 10.0), 70)
        + &gun("gatling", "us", "gatling", 2, (10.0, 20.0))
        + &gun("cannon", "us", "us_cannon", 4, (10.0, 30.0))
        + &gun("short", "us", "us_cannon", 3, (10.0, 40.0))
        + &unit("moros", "moros", "moro_warriors", 8, (60.0, 10.0), 70);
    let hg = Hg::new(&body);
    // One D10 per figure, to fire or in melee; a Gatling 4 per crewman; a cannon rolls one to hit, so its
    // crew's dice in a melee are more; with 3 crew it may not fire at all.
    assert_eq!(hg.dice_per_turn("rifles"), Some(10));
    assert_eq!(hg.dice_per_turn("gatling"), Some(8));
    assert_eq!(hg.dice_per_turn("cannon"), Some(4));
    assert_eq!(hg.dice_per_turn("short"), Some(3));
    assert_eq!(hg.dice_per_turn("moros"), Some(8));
}
