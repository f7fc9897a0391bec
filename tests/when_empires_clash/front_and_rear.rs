//! Two stands in a square, "placed one behind the other" (The Battlefield): always one front stand and one
//! rear stand, however a stand comes to join or to be left alone; "only the front stand may initiate a
//! combat" (Combat); and which of the pair an attacker meets.

use crate::support::Battle;

/// Where a stand's piece stands, in inches: to put another exactly there by hand.
fn spot_of(play: &crate::play::Play, unit: &str) -> (f64, f64) {
    let at = play.unit(unit).figures[0].pos;
    (at.x, at.y)
}

/// Combat: "If there are two stands in the same square, only the front stand may initiate a combat." A stand
/// left alone in its square's rear place (its front stand moved off) is that square's front stand; a friend
/// joining it "behind" stands behind it, so of the two only the first initiates (the referee's battle: both
/// fired).
#[test]
fn a_stand_joining_one_left_in_the_rear_place_stands_behind_it_and_does_not_initiate() {
    let battle = Battle::new("")
        .stand("a", "red", "regular_infantry", "F8", 0, "weapon = \"magazine_rifle\"")
        .stand("b", "red", "regular_infantry", "F8", 0, "weapon = \"magazine_rifle\"\nrear = true")
        .stand("c", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("e1", "blue", "native_infantry", "F5", 180, "weapon = \"single_shot_rifle\"")
        .stand("e2", "blue", "native_infantry", "G5", 180, "weapon = \"single_shot_rifle\"");
    let mut play = battle.with_initiative("red");
    play.activate("a");
    play.move_to("a", "H8");
    assert_eq!(play.square("b"), "F8", "alone in F8, b is its front stand");
    play.activate("c");
    assert!(play.move_to("c", "F8").contains("behind b"));
    assert_eq!((play.square("b"), play.square("c")), ("F8".to_string(), "F8 (rear)".to_string()));
    let rear = play.refused(r#"{"type":"fire","unit":"c","target":"e1","dice":[1,1,12]}"#);
    assert_eq!(rear.message, "c is the rear stand of F8: only the front stand initiates combat");
    play.activate("b");
    play.ok(r#"{"type":"fire","unit":"b","target":"e2","dice":[1,1,12]}"#);
}

/// Stands Forced to Recoil, into a friend's square: the recoiling stand stands behind the friend, whatever
/// place in the square the friend was left in.
#[test]
fn a_stand_recoiling_behind_a_friend_left_in_the_rear_place_is_the_rear_stand() {
    let battle = Battle::new("")
        .stand("lead", "red", "regular_infantry", "F10", 0, "")
        .stand("back", "red", "regular_infantry", "F10", 0, "rear = true")
        .stand("redcoats", "red", "regular_infantry", "F9", 0, "")
        .stand("warriors", "blue", "native_infantry", "F8", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("lead");
    play.move_to("lead", "H10");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"close_combat","unit":"redcoats","target":"warriors","dice":[1,1,12]}"#);
    assert!(line.ends_with("redcoats recoils F9 -> F10"), "{line}");
    assert_eq!((play.square("back"), play.square("redcoats")), ("F10".to_string(), "F10 (rear)".to_string()));
}

/// A hand correction (`correct_position`) that puts a stand on the very spot of a friend alone in a square
/// puts it behind that friend: one front stand, one rear.
#[test]
fn a_stand_put_by_hand_on_a_friends_spot_stands_behind_it() {
    let battle = Battle::new("")
        .stand("lone", "red", "regular_infantry", "F8", 0, "rear = true")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "")
        .stand("warriors", "blue", "native_infantry", "F3", 180, "");
    let mut play = battle.with_initiative("red");
    let (x, y) = spot_of(&play, "lone");
    let line = play.ok(&format!(r#"{{"type":"correct_position","unit":"redcoats","to":{{"x":{x},"y":{y}}}}}"#));
    assert!(line.contains("redcoats is put in F8, behind lone"), "{line}");
    assert_eq!((play.square("lone"), play.square("redcoats")), ("F8".to_string(), "F8 (rear)".to_string()));
}

/// Transport Stands: a gun limbered to its Transport rides in its square behind it, whatever place in the
/// square the Transport stood in; the Transport stays its square's front stand.
#[test]
fn a_limbered_gun_rides_behind_its_transport() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F8", 0, "rear = true")
        .stand("gun", "red", "field_artillery", "F9", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "F3", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    play.ok(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    assert_eq!((play.square("wagon"), play.square("gun")), ("F8".to_string(), "F8 (rear)".to_string()));
}

/// The pair of the referee's battle: ri in front and its Command stand behind in C8, both facing north.
fn pair_in_c8() -> Battle {
    Battle::new("")
        .stand("ri", "red", "regular_infantry", "C8", 0, "weapon = \"single_shot_rifle\"")
        .stand("rcmd", "red", "command_on_foot", "C8", 0, "rear = true")
        .stand("e1", "blue", "native_infantry", "C7", 180, "weapon = \"hand_held\"")
        .stand("e3", "blue", "native_infantry", "C9", 0, "weapon = \"hand_held\"")
        .stand("e4", "blue", "native_infantry", "E6", 180, "weapon = \"magazine_rifle\"")
}

/// Combat is "stand vs. stand"; the text does not say which of two stands sharing a square an attacker
/// meets. Read (docs, Two stands in a square): the one it meets first: from the pair's front arc or its
/// flanks the front stand, from its rear arc the rear stand, in close combat and fire alike; the view offers
/// only that one. (The referee's battle: a Command stand behind its infantry was attacked from the front and
/// destroyed, for it shared its square.)
#[test]
fn an_attacker_engages_the_stand_of_a_pair_it_meets_first() {
    let mut play = pair_in_c8().with_initiative("blue");
    play.activate("e1");
    let behind = play.refused(r#"{"type":"close_combat","unit":"e1","target":"rcmd","dice":[8,2,2]}"#);
    assert_eq!(behind.message, "rcmd is the rear stand of C8: from its front or flank, ri is engaged first");
    assert_eq!(behind.rule.as_deref(), Some("When Empires Clash!, Combat"));
    play.odds(r#"{"type":"close_combat","unit":"e1","target":"ri"}"#);
    let view = play.own_view();
    let e1 = view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "e1").unwrap().clone();
    let targets: Vec<&str> = e1["combats"].as_array().unwrap().iter().map(|c| c["target"].as_str().unwrap()).collect();
    assert_eq!(targets, ["ri"]);
    play.activate("e4");
    let fire = play.refused(r#"{"type":"fire","unit":"e4","target":"rcmd"}"#);
    assert_eq!(fire.message, "rcmd is the rear stand of C8: from its front or flank, ri is engaged first");
    play.odds(r#"{"type":"fire","unit":"e4","target":"ri"}"#);
    play.activate("e3");
    let front = play.refused(r#"{"type":"close_combat","unit":"e3","target":"ri"}"#);
    assert_eq!(front.message, "ri is the front stand of C8: from its rear, rcmd is engaged first");
    play.odds(r#"{"type":"close_combat","unit":"e3","target":"rcmd"}"#);
}

/// The option `either_stand_of_a_pair_may_be_engaged` lets an attacker engage either stand of a pair.
#[test]
fn with_either_stand_of_a_pair_may_be_engaged_the_rear_stand_is_attacked_from_the_front() {
    let mut play = pair_in_c8().option("either_stand_of_a_pair_may_be_engaged").with_initiative("blue");
    play.activate("e1");
    let line = play.ok(r#"{"type":"close_combat","unit":"e1","target":"rcmd","dice":[8,2,2]}"#);
    assert!(line.contains("rcmd must recoil and is destroyed: it shares its square with a friend"), "{line}");
}
