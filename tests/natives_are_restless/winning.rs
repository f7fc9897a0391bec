//! Winning: "The defending player wins if the relief column arrives, the attacking player wins if he kills
//! all the defenders." Whatever ends the siege, its own log line says that the siege is over, why, and
//! who won.

use sandtable::systems::natives_are_restless::{Army, Stage};

use crate::support::{Siege, squad};

const FALLEN: &str = "The siege is over. All the defenders are killed: the attacking player (Natives) wins";
const RELIEVED: &str = "The siege is over. The relief column arrives: the defending player (Defenders) wins";

fn fallen(s: &Siege, line: &str) {
    assert!(line.contains(FALLEN), "{line}");
    assert_eq!((s.turn().winner, s.turn().stage), (Some(Army::Natives), Stage::Over));
    let result = s.result().unwrap();
    assert!(result.ended && result.verdict.contains("attacking player (Natives) wins"), "{result:?}");
}

/// Natives with guns (muster 4 and 3 with a 6) facing squad `a`, which has only its Officer/NCO left.
fn last_man_facing_muskets() -> Siege {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[4,3,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise","kind":"native_riflemen"}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.ok(r#"{"type":"record_losses","unit":"a","count":6}"#);
    s.put("natives-1", (20.0, 26.0));
    s
}

/// Winning: "the attacking player wins if he kills all the defenders": the volley that kills the last one
/// ends the siege, and its own line says so.
#[test]
fn the_volley_that_kills_the_last_defender_says_the_siege_is_over_and_the_natives_have_won() {
    let mut s = last_man_facing_muskets();
    s.draw("5H");
    let line = s.ok(r#"{"type":"fire","unit":"natives-1","target":"a","dice":[6,1,1,1]}"#);
    fallen(&s, &line);
}

/// Winning, as the melee paragraph's kills bring it: the melee that kills the last defender ends the siege.
#[test]
fn the_melee_that_kills_the_last_defender_says_the_siege_is_over_and_the_natives_have_won() {
    let mut s = last_man_facing_muskets();
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("JH");
    s.ok(r#"{"type":"pass"}"#);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,6,6,1,1]}"#);
    fallen(&s, &line);
}

/// Winning: the last defender may fall to losses the table records by hand; that entry ends the siege too.
#[test]
fn losses_recorded_by_hand_that_kill_the_last_defender_end_the_siege_in_the_log() {
    let mut s = last_man_facing_muskets();
    let line = s.ok(r#"{"type":"record_losses","unit":"a","count":1}"#);
    assert!(line.contains("lost 1 figure"), "{line}");
    fallen(&s, &line);
    let refusal = s.refused(r#"{"type":"draw_card","card":"5H"}"#);
    assert!(refusal.message.contains("over"), "{refusal:?}");
}

/// Unit Activation and Winning: "If the Ace of Spades is drawn again the column arrives and the defending
/// player has won the game": the card's line says the siege is over.
#[test]
fn the_relief_column_arriving_says_the_siege_is_over_and_the_defenders_have_won() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("AS");
    s.ok(r#"{"type":"pass"}"#);
    s.ok(r#"{"type":"reinforce","dice":[6]}"#);
    s.draw("joker");
    s.muster_basic();
    let line = s.draw("AS");
    assert!(line.contains(RELIEVED), "{line}");
    assert_eq!((s.turn().winner, s.turn().stage), (Some(Army::Defenders), Stage::Over));
}

/// Winning: "the attacking player wins if he kills all the defenders": once he has, the siege is over and
/// nothing more is played on the table. Corrections, losses and figures put back are refused (a man put
/// back would stand in a siege already won); a note is still welcome, and nothing is owed.
#[test]
fn once_the_siege_is_over_the_table_is_left_as_it_ended() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    let line = s.ok(r#"{"type":"record_losses","unit":"a","count":7}"#);
    fallen(&s, &line);
    for action in [
        r#"{"type":"restore_figures","unit":"a","count":1}"#,
        r#"{"type":"correct_position","unit":"a","to":{"x":10,"y":10}}"#,
        r#"{"type":"muster","dice":[2,2,1]}"#,
    ] {
        let refusal = s.refused(action);
        assert!(refusal.message.contains("the siege is over"), "{action}: {refusal:?}");
    }
    s.ok(r#"{"type":"note","text":"A hard-fought siege"}"#);
    let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
    assert!(view.owed.is_empty(), "{:?}", view.owed);
}
