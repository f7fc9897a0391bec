//! What the view offers the active stand, and why not: each barred action gives the reason the action itself
//! would be refused with.

use crate::support::Battle;

fn barred(play: &crate::play::Play, unit: &str, action: &str) -> String {
    play.offer(unit, action).barred.unwrap_or_else(|| panic!("{action} is offered to {unit}"))
}

/// Combat: "only the front stand may initiate a combat": the rear stand's fire is barred for that.
#[test]
fn the_rear_stands_combat_is_barred_as_the_rear_stand() {
    let battle = Battle::new("")
        .stand("front", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("back", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"\nrear = true")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("back");
    assert_eq!(barred(&play, "back", "fire"), "back is the rear stand of F10: only the front stand initiates combat");
}

/// Close Combat: "A stand that is part of a formed tactical square cannot be attacked in the flank or rear":
/// close combat with the only adjacent enemy is barred for that, not for want of an enemy.
#[test]
fn close_combat_against_a_formed_tactical_square_is_barred_with_its_rule() {
    let battle = Battle::new("").stand("redcoats", "red", "regular_infantry", "F8", 0, "").stand(
        "warriors",
        "blue",
        "native_infantry",
        "F9",
        180,
        "",
    );
    let mut play = battle.with_initiative("red");
    play.ok(r#"{"type":"set_flag","unit":"warriors","flag":"tactical_square","on":true}"#);
    play.activate("redcoats");
    let refused = play.refused(r#"{"type":"close_combat","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(barred(&play, "redcoats", "close_combat"), refused.message);
}

/// Movement: "Cavalry that are mounting or dismounting cannot move during the turn", and artillery on a large
/// stand "may only be moved by being limbered to a suitable Transport stand": each move barred for that.
#[test]
fn a_move_is_barred_for_dismounting_and_for_a_gun_on_a_large_stand() {
    let battle = Battle::new("")
        .stand("yeomanry", "red", "regular_cavalry", "F10", 0, "dismounts_as = \"regular_infantry\"")
        .stand("long-tom", "red", "heavy_artillery", "C10", 0, "depth_mm = 90")
        .stand("warriors", "blue", "native_infantry", "F3", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("yeomanry");
    play.ok(r#"{"type":"dismount","unit":"yeomanry"}"#);
    assert_eq!(
        barred(&play, "yeomanry", "move_to"),
        "yeomanry mounted or dismounted this turn: cavalry that does so does not move"
    );
    play.activate("long-tom");
    assert_eq!(
        barred(&play, "long-tom", "move_to"),
        "long-tom is artillery on a large stand: it moves only limbered to a Transport stand"
    );
}

/// Transport Stands: a gun is unlimbered "into a vacant square to the rear"; Movement: never next to an enemy.
/// With every vacant square to the rear next to an enemy, the unlimbering is barred for that.
#[test]
fn unlimbering_beside_an_enemy_is_barred_for_the_enemy_not_for_want_of_a_vacant_square() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F8", 0, "towing = \"gun\"")
        .stand("gun", "red", "field_artillery", "F8", 0, "weapon = \"rifled_field\"\nrear = true")
        .stand("warriors", "blue", "native_infantry", "F10", 0, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    assert_eq!(
        barred(&play, "wagon", "unlimber"),
        "E9 is next to an enemy stand: artillery never moves next to one, so gun is not unlimbered there"
    );
}
