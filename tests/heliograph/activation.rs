//! Turn sequence: the activation toss (highest D10; the loser +1 per toss lost in a row, back to 0 when
//! it wins), one unit per toss, each unit once a turn, and the other side finishing when one is done.

use crate::support::{Hg, unit};

fn two_each() -> String {
    unit("a", "us", "us_infantry", 5, (10.0, 10.0), 70)
        + &unit("b", "us", "us_infantry", 5, (10.0, 30.0), 70)
        + &unit("m", "moros", "moro_warriors", 5, (60.0, 10.0), 70)
        + &unit("n", "moros", "moro_warriors", 5, (60.0, 30.0), 70)
}

#[test]
fn the_activation_loser_adds_1_per_toss_lost_in_a_row_and_drops_to_0_when_it_wins() {
    let mut hg = Hg::new(&two_each());
    hg.ok(r#"{"type":"initiative","dice":[5,4]}"#);
    assert_eq!(hg.turn().toss_bonus["moros"], 1);
    hg.ok(r#"{"type":"activate","unit":"a"}"#);
    // 4 + 1 = 5 against 5: a tie, tossed again; typed, the toss again follows the tied one.
    let tie = hg.refused(r#"{"type":"initiative","dice":[5,4]}"#);
    assert!(
        tie.message.contains("a tie (U.S. 5, Moros 4+1 = 5): type the dice both sides threw again too"),
        "{}",
        tie.message
    );
    let line = hg.ok(r#"{"type":"initiative","dice":[5,4,5,5]}"#);
    assert!(line.contains("Moros 5+1 = 6") && line.contains("Moros activate a unit"), "{line}");
    assert_eq!(hg.turn().toss_bonus["moros"], 0);
    assert_eq!(hg.turn().toss_bonus["us"], 1);
}

#[test]
fn the_toss_winner_activates_one_of_its_own_units() {
    let mut hg = Hg::new(&two_each());
    hg.ok(r#"{"type":"initiative","dice":[8,2]}"#);
    let r = hg.refused(r#"{"type":"activate","unit":"m"}"#);
    assert!(r.message.contains("U.S. won the toss"), "{}", r.message);
    hg.ok(r#"{"type":"activate","unit":"a"}"#);
    assert!(hg.unit("a").flags.contains(&sandtable::systems::heliograph::ACTIVATED));
}

#[test]
fn activating_a_unit_twice_in_a_turn_is_refused() {
    let mut hg = Hg::new(&two_each());
    hg.activate("us", "a");
    hg.ok(r#"{"type":"initiative","dice":[8,2]}"#);
    let r = hg.refused(r#"{"type":"activate","unit":"a"}"#);
    assert!(r.message.contains("already been activated"), "{}", r.message);
}

#[test]
fn when_one_side_has_activated_everything_the_other_activates_the_rest_without_a_toss() {
    let mut hg = Hg::new(&two_each());
    hg.activate("us", "a");
    hg.activate("us", "b");
    let r = hg.refused(r#"{"type":"initiative"}"#);
    assert!(r.message.contains("only Moros have units left"), "{}", r.message);
    hg.ok(r#"{"type":"activate","unit":"m"}"#);
    let r = hg.refused(r#"{"type":"next_turn"}"#);
    assert!(r.message.contains("still to activate: n"), "{}", r.message);
    hg.ok(r#"{"type":"activate","unit":"n"}"#);
    assert!(hg.ok(r#"{"type":"next_turn"}"#).contains("Turn 2"));
    assert!(hg.unit("a").flags.is_empty(), "a new turn clears the activation marks");
}

#[test]
fn activation_toss_odds_count_the_bonus_and_ignore_ties() {
    let mut hg = Hg::new(&two_each());
    hg.ok(r#"{"type":"initiative","dice":[9,0]}"#);
    hg.ok(r#"{"type":"activate","unit":"a"}"#);
    let odds = hg.odds(r#"{"type":"initiative"}"#);
    // D10 against D10 + 1, ties tossed again: the U.S. share of the decided tosses.
    let us = odds.lines[0].p;
    let (mut win, mut lose) = (0.0, 0.0);
    for a in 0..10 {
        for b in 0..10 {
            if a > b + 1 {
                win += 1.0;
            } else if a < b + 1 {
                lose += 1.0;
            }
        }
    }
    assert!((us - win / (win + lose)).abs() < 1e-12, "{us}");
}

/// Ties the app tosses again are in the log line, so the four or more dice beside it read plainly.
#[test]
fn a_toss_the_app_rolled_again_after_a_tie_names_the_tie() {
    let body = unit("us", "us", "us_infantry", 3, (10.0, 10.0), 70)
        + &unit("m", "moros", "moro_warriors", 3, (40.0, 10.0), 70);
    let tied = (0..500u64)
        .find_map(|seed| {
            let mut hg = Hg::seeded("", &body, seed);
            let line = hg.ok(r#"{"type":"initiative"}"#);
            let rolls = hg.game.events().last().unwrap().outcome.rolls().len();
            (rolls > 2).then_some((line, rolls))
        })
        .expect("some seed in 500 ties the first toss");
    assert!(tied.0.contains("(after ties: "), "{} dice: {}", tied.1, tied.0);
}
