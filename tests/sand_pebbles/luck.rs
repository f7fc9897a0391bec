//! What each entry's dice counted against their exact chances, for the luck ledger: the chances are the
//! ones the odds showed before the throw, the count is what the typed dice give by the rule; and the
//! system's battle result and dice per turn.

use sandtable::odds::Dist;
use sandtable::rules::Luck;

use crate::play::shown;
use crate::support::{Sp, gun, unit};

fn only(luck: &[Luck], measure: &str, side: &str) -> Luck {
    let found: Vec<&Luck> = luck.iter().filter(|l| l.measure == measure && l.side == side).collect();
    assert_eq!(found.len(), 1, "one {measure} for {side} in {luck:?}");
    found[0].clone()
}

#[test]
fn a_volley_counts_the_figures_it_took_against_the_fire_odds() {
    let body =
        unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 12, (30.0, 25.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    let fire = r#"{"type":"fire","unit":"marines","target":"boxers"}"#;
    let odds = sp.odds(fire);
    // Marines hit in the open on 1-7 of a D20; the natural 1 rolls its D6 for the leader (a 6 kills him).
    let faces = [1, 3, 7, 8, 9, 12, 15, 20, 2, 5];
    let luck = sp.luck(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[1,3,7,8,9,12,15,20,2,5,6]}"#);
    assert_eq!(luck.len(), 1, "{luck:?}");
    let kills = only(&luck, "kills", "allies");
    assert_eq!(shown(&odds), kills.expected.entries().collect::<Vec<_>>());
    assert_eq!(kills.actual, faces.iter().filter(|&&f| f <= 7).count() as i64);
    assert_eq!(kills.actual, 5);
    assert!(sp.unit("boxers").leader().is_none(), "the 6 on the natural 1 killed the leader");
}

#[test]
fn a_volley_at_cavalry_counts_the_hits_that_beat_the_save() {
    let body =
        unit("marines", "allies", "marines", 3, (30.0, 10.0)) + &unit("horse", "boxers", "cavalry", 6, (30.0, 25.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("allies");
    let odds = sp.odds(r#"{"type":"fire","unit":"marines","target":"horse"}"#);
    // Two hits (2 and 4 within 1-7); the saves: a 5 saves the first, a 3 lets the second through.
    let luck = sp.luck(r#"{"type":"fire","unit":"marines","target":"horse","dice":[2,4,20,5,3]}"#);
    let kills = only(&luck, "kills", "allies");
    assert_eq!(shown(&odds), kills.expected.entries().collect::<Vec<_>>());
    let each: f64 = 7.0 / 20.0 * 4.0 / 6.0;
    assert!((kills.expected.p(0) - (1.0 - each).powi(3)).abs() < 1e-12);
    assert_eq!(kills.actual, 1);
}

/// The allies' marines charge boxers 10" away; the turn goes on until the boxers owe their test to stand.
fn boxers_to_stand() -> Sp {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    sp.on_to_fire("allies");
    while !sp.owes_test("boxers") {
        sp.ok(r#"{"type":"end_phase"}"#);
    }
    sp
}

#[test]
fn a_morale_test_counts_a_pass_against_the_chart() {
    let mut sp = boxers_to_stand();
    let odds = sp.odds(r#"{"type":"morale","unit":"boxers"}"#);
    let luck = sp.luck(r#"{"type":"morale","unit":"boxers","dice":[3]}"#);
    let passes = only(&luck, "morale passes", "boxers");
    assert_eq!(shown(&odds), passes.expected.entries().collect::<Vec<_>>());
    // Boxers hold with a leader on 1-3.
    assert_eq!(passes.expected, Dist::bernoulli(3.0 / 6.0));
    assert_eq!(passes.actual, 1);
}

#[test]
fn a_failed_morale_test_counts_no_pass() {
    let mut sp = boxers_to_stand();
    let luck = sp.luck(r#"{"type":"morale","unit":"boxers","dice":[4]}"#);
    assert_eq!(only(&luck, "morale passes", "boxers").actual, 0);
}

/// The chance of each count of `min(die, cap)` (`halved`: half the die, rounded down) for a D6.
fn d6_losses(halved: bool, cap: i64, k: i64) -> f64 {
    (1..=6).filter(|f| (if halved { f / 2 } else { *f }).min(cap) == k).count() as f64 / 6.0
}

#[test]
fn a_melee_counts_each_sides_win_and_kills_against_the_melee_odds() {
    let mut sp = boxers_to_stand();
    sp.ok(r#"{"type":"morale","unit":"boxers","dice":[1]}"#);
    while sp.turn().phase != sandtable::systems::sand_pebbles::Phase::Melee {
        sp.ok(r#"{"type":"end_phase"}"#);
    }
    let odds = sp.odds(r#"{"type":"melee","unit":"marines"}"#);
    let p = odds.lines.iter().find(|l| l.label.contains("wins the melee roll")).unwrap().p;
    // The attacker wins when its margin is 1 or more, or 0 (ties go to the Western marines).
    let from_margin: f64 = odds.outcomes.iter().filter(|o| o.value >= 0).map(|o| o.p).sum();
    assert!((p - from_margin).abs() < 1e-12);
    // Marines 6 + 8 against Boxers 1 + 6: the marines win; the Boxers lose a 4 (4 figures), the marines 5 / 2.
    let luck = sp.luck(r#"{"type":"melee","unit":"marines","dice":[6,1,4,4,4,5]}"#);
    let (a_total, d_total) = (6 + 8, 1 + 6);
    let attacker_won = i64::from(a_total >= d_total);
    let wins = only(&luck, "melee wins", "allies");
    assert_eq!(wins.expected, Dist::bernoulli(p));
    assert_eq!(wins.actual, attacker_won);
    let held = only(&luck, "melee wins", "boxers");
    assert_eq!(held.expected, Dist::bernoulli(1.0 - p));
    assert_eq!(held.actual, 1 - attacker_won);
    let (marines, boxers) = (5, 5);
    let kills = only(&luck, "kills", "allies");
    assert_eq!(kills.actual, 4i64.min(boxers));
    for k in 0..=boxers {
        let by_hand = p * d6_losses(false, boxers, k) + (1.0 - p) * d6_losses(true, boxers, k);
        assert!((kills.expected.p(k) - by_hand).abs() < 1e-12, "{k}");
    }
    let struck = only(&luck, "kills", "boxers");
    assert_eq!(struck.actual, 5 / 2);
    for k in 0..=marines {
        let by_hand = p * d6_losses(true, marines, k) + (1.0 - p) * d6_losses(false, marines, k);
        assert!((struck.expected.p(k) - by_hand).abs() < 1e-12, "{k}");
    }
    assert_eq!((sp.lost("boxers"), sp.lost("marines")), (4, 2));
}

#[test]
fn a_defender_that_failed_to_stand_throws_only_its_losses_the_attackers_kills() {
    let mut sp = boxers_to_stand();
    sp.ok(r#"{"type":"morale","unit":"boxers","dice":[6]}"#);
    while sp.turn().phase != sandtable::systems::sand_pebbles::Phase::Melee {
        sp.ok(r#"{"type":"end_phase"}"#);
    }
    let luck = sp.luck(r#"{"type":"melee","unit":"marines","dice":[3,3,2]}"#);
    assert_eq!(luck.len(), 1, "no melee roll, so no win is counted: {luck:?}");
    let kills = only(&luck, "kills", "allies");
    assert_eq!(kills.expected, Dist::of_die(sandtable::dice::Die::D6).map(|n| n.min(5)));
    assert_eq!(kills.actual, 2);
}

#[test]
fn drowning_counts_the_swimmers_kept_afloat() {
    let mut sp = Sp::new(&unit("swim", "allies", "swimmers", 3, (30.0, 20.0)));
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"swim","dice":[1]}"#);
    sp.ok(r#"{"type":"move","unit":"swim","path":[{"x":30,"y":25}]}"#);
    let odds = sp.odds(r#"{"type":"drown","unit":"swim"}"#);
    let faces = [6, 1, 5];
    let luck = sp.luck(r#"{"type":"drown","unit":"swim","dice":[6,1,5]}"#);
    let afloat = only(&luck, "swimmers afloat", "allies");
    // The odds count the drowned; the ledger counts those left, so each chance sits at 3 less its count.
    for outcome in &odds.outcomes {
        assert_eq!(afloat.expected.p(3 - outcome.value), outcome.p);
    }
    assert_eq!(afloat.actual, faces.iter().filter(|&&f| f != 6).count() as i64);
}

#[test]
fn initiative_counts_one_win_between_the_sides_at_even_chances() {
    let mut sp = Sp::new(
        &(unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 30.0))),
    );
    let odds = sp.odds(r#"{"type":"initiative"}"#);
    // A tie (3, 3) is thrown again: then 2 against 5, the Boxers win.
    let luck = sp.luck(r#"{"type":"initiative","dice":[3,3,2,5]}"#);
    for (side, won) in [("allies", 0), ("boxers", 1)] {
        let wins = only(&luck, "initiative wins", side);
        let line = odds
            .lines
            .iter()
            .find(|l| l.label.starts_with(if side == "allies" { "Allies" } else { "Boxers" }))
            .unwrap();
        assert_eq!(wins.expected, Dist::bernoulli(line.p));
        assert_eq!(wins.actual, won);
    }
}

#[test]
fn a_charge_and_a_movement_roll_count_nothing_here() {
    let body =
        unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 20.0));
    let mut sp = Sp::new(&body);
    sp.movement("allies");
    assert!(
        sp.luck(r#"{"type":"roll_move","unit":"marines","dice":[3,3]}"#).is_empty(),
        "the engine counts movement dice"
    );
    assert!(sp.luck(r#"{"type":"charge","unit":"marines","target":"boxers"}"#).is_empty(), "a charge throws no dice");
}

#[test]
fn the_text_names_no_victory_so_there_is_no_result_even_once_a_side_is_gone() {
    let mut sp = Sp::new(
        &(unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (30.0, 30.0))),
    );
    assert_eq!(sp.result(), None);
    sp.ok(r#"{"type":"record_losses","unit":"boxers","count":5}"#);
    assert_eq!(sp.result(), None);
}

#[test]
fn dice_per_turn_are_the_volley_or_the_charge_whichever_is_more() {
    let body = unit("marines", "allies", "marines", 10, (30.0, 10.0))
        + &gun("mg", "allies", "mg", 3, (40.0, 10.0))
        + &unit("swords", "boxers", "boxers_sword", 17, (30.0, 30.0));
    let sp = Sp::new(&body);
    // Marines: one D20 per figure (Figs/die 1); the MG: 3 crew x 3; sword Boxers do not fire, and charge
    // with one D6.
    assert_eq!(sp.dice_per_turn("marines"), Some(10));
    assert_eq!(sp.dice_per_turn("mg"), Some(9));
    assert_eq!(sp.dice_per_turn("swords"), Some(1));
    let per_8 = Sp::with_options("melee_dice_per_8_figures = true", &body);
    assert_eq!(per_8.dice_per_turn("swords"), Some(3), "17 figures: a D6 per 8 or part");
}
