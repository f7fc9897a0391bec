//! Transport Stands: a Transport and the gun it tows are one piece; "Artillery stands that are being towed by
//! Transport stands may not take part in Fire Combat or Close Combat for the duration of a turn during which
//! they are being towed"; and a gun moves once a turn, by itself or towed.

use crate::support::Battle;

/// A Transport towing a gun "fills its square" (docs, Room in a square): the gun rides in it, one piece with
/// it. So a gun firing at the Transport is not firing at "an enemy stand that is sharing a square with another
/// enemy stand" (no +2), and the Transport's recoil takes the gun with it.
#[test]
fn a_transport_and_the_gun_it_tows_are_one_piece_under_fire() {
    let battle = Battle::new("")
        .stand("t", "red", "transport", "F8", 0, "towing = \"gun\"")
        .stand("gun", "red", "field_artillery", "F8", 0, "weapon = \"rifled_field\"\nrear = true")
        .stand("bgun", "blue", "field_artillery", "F3", 180, "weapon = \"rifled_field\"");
    let mut play = battle.with_initiative("blue");
    play.activate("bgun");
    let line = play.ok(r#"{"type":"fire","unit":"bgun","target":"t","dice":[6,3,3]}"#);
    assert!(!line.contains("shared square"), "{line}");
    assert!(line.contains("6 +2 stand's value = 8 against"), "{line}");
    assert!(line.ends_with("t recoils F8 -> F9"), "{line}");
    assert_eq!(play.square("gun"), "F9 (rear)");
}

/// A gun towed this turn takes no part in combat that turn, even once its Transport has been destroyed and
/// it stands alone: attacked, it throws no dice and adds nothing, so its score is 0 and any attack destroys
/// it; the odds say so (the referee's battle: such a gun threw 2D6 + 2 and beat its attacker back).
#[test]
fn a_gun_towed_this_turn_throws_nothing_when_attacked_that_turn() {
    let battle = Battle::new("")
        .stand("t", "red", "transport", "F8", 0, "")
        .stand("gun", "red", "field_artillery", "F9", 0, "weapon = \"rifled_field\"")
        .stand("e1", "blue", "native_infantry", "H4", 180, "weapon = \"hand_held\"")
        .stand("e2", "blue", "native_infantry", "I5", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("t");
    play.ok(r#"{"type":"limber","unit":"t","gun":"gun"}"#);
    play.move_to("t", "G6");
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[7]}"#);
    play.activate("e1");
    play.move_to("e1", "H5");
    let line = play.ok(r#"{"type":"close_combat","unit":"e1","target":"t","dice":[12,1,1]}"#);
    assert!(line.contains("t is destroyed"), "{line}");
    play.activate("e2");
    play.move_to("e2", "H6");
    let odds = play.odds(r#"{"type":"close_combat","unit":"e2","target":"gun"}"#);
    assert!((odds.lines[2].p - 1.0).abs() < 1e-12, "destroyed, whatever the throw: {:?}", odds.lines);
    assert_eq!(odds.dice.len(), 1, "only the attacker throws: {:?}", odds.dice);
    let luck = play.luck(r#"{"type":"close_combat","unit":"e2","target":"gun","dice":[1]}"#);
    assert!(luck.iter().any(|l| l.side == "blue" && l.actual == 1), "{luck:?}");
    let line = play.last_line();
    assert!(line.contains("against nothing (towed this turn: it takes no part) = 0"), "{line}");
    assert!(line.contains("gun is destroyed"), "{line}");
}

/// Movement gives a gun its own 2 squares; Transport Stands move it when limbered. Read (docs, Transport): a
/// gun that has moved this turn is not limbered that turn, as one that fought is not, so it does not move 2
/// squares and then 2 more towed (the referee's battle: 4 squares in a turn).
#[test]
fn a_gun_that_has_moved_this_turn_is_not_limbered_that_turn() {
    let battle = Battle::new("")
        .stand("t", "red", "transport", "F8", 0, "")
        .stand("gun", "red", "field_artillery", "F11", 0, "weapon = \"rifled_field\"")
        .stand("e1", "blue", "native_infantry", "F2", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("gun");
    play.move_to("gun", "F9");
    play.activate("t");
    let refused = play.refused(r#"{"type":"limber","unit":"t","gun":"gun"}"#);
    assert_eq!(refused.message, "gun has moved this turn: a gun moves once a turn, by itself or towed");
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Transport Stands"));
}
