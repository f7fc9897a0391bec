//! Combat played: one initiation a stand a turn, only the front stand of a square; fire within range, the
//! front arc and a clear line of sight, close combat with an adjacent square; both throws with every
//! addition; the results as RULINGS reads them; recoils along the path the board finds, or destruction.

use crate::support::Battle;

fn line_of_fire(board: &str, target_square: &str) -> Battle {
    Battle::new(board).stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"").stand(
        "warriors",
        "blue",
        "native_infantry",
        target_square,
        180,
        "weapon = \"hand_held\"",
    )
}

#[test]
fn fire_needs_range_the_front_arc_and_a_clear_line_of_sight() {
    let mut play = line_of_fire("", "F6").with_initiative("red");
    play.activate("redcoats");
    let range = play.refused(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(range.message, "warriors is 4 squares away; Magazine Rifles reach 3");
    let mut flank = line_of_fire("", "I10").with_initiative("red");
    flank.activate("redcoats");
    let arc = flank.refused(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(arc.message, "warriors is outside redcoats' 90-degree front arc");
    let mut wood = line_of_fire("woods = [\"F8\"]", "F7").with_initiative("red");
    wood.activate("redcoats");
    let sight = wood.refused(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(sight.message, "no clear line of sight: F8 blocks it");
    let mut adjacent = line_of_fire("", "F9").with_initiative("red");
    adjacent.activate("redcoats");
    let close = adjacent.refused(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(close.message, "warriors is in an adjacent square: combat there is close combat");
}

#[test]
fn a_score_of_exactly_half_destroys_and_just_above_half_recoils() {
    // Red 2D6 + 3, Blue D12 + 2. Red 5+5+3 = 13 against 4+2 = 6: 2 x 6 <= 13, destroyed.
    let mut play = line_of_fire("", "F8").with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[5,5,4]}"#);
    assert!(line.contains("warriors is destroyed (its score at most half)"), "{line}");
    assert_eq!(play.alive("warriors"), 0);
    // Red 3+3+3 = 9 against 3+2 = 5: 10 > 9, so the target recoils back to F6, two from the red stand.
    let mut play = line_of_fire("", "F8").with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[3,3,3]}"#);
    assert!(line.ends_with("warriors recoils F8 -> F7"), "{line}");
    assert_eq!(play.square("warriors"), "F7");
    // Below the target: ineffective.
    let mut play = line_of_fire("", "F8").with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[1,1,12]}"#);
    assert!(line.ends_with(": ineffective"), "{line}");
}

#[test]
fn a_stand_initiates_one_combat_a_turn() {
    let mut play = line_of_fire("", "F8").with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[1,1,12]}"#);
    let again = play.refused(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[1,1,12]}"#);
    assert_eq!(again.message, "redcoats has initiated its combat this turn: once a turn");
}

#[test]
fn only_the_front_stand_of_a_shared_square_initiates_and_the_rear_one_supports_in_close_combat() {
    let battle = Battle::new("")
        .stand("front", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("back", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"\nrear = true")
        .stand("warriors", "blue", "native_infantry", "F9", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("back");
    let rear = play.refused(r#"{"type":"close_combat","unit":"back","target":"warriors"}"#);
    assert_eq!(rear.message, "back is the rear stand of F10: only the front stand initiates combat");
    play.activate("front");
    let odds = play.odds(r#"{"type":"close_combat","unit":"front","target":"warriors"}"#);
    // 2D6 + 3 value + 2 same type in the same square, against D12 + 2.
    assert_eq!(odds.dice, ["2D6+5 for front", "1D12+2 for warriors"]);
}

#[test]
fn in_close_combat_a_lower_initiator_recoils() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F9", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // 1+1+3 = 5 against 12+2 = 14: the initiator recoils toward its own (south) baseline.
    let line = play.ok(r#"{"type":"close_combat","unit":"redcoats","target":"warriors","dice":[1,1,12]}"#);
    assert!(line.ends_with("redcoats recoils F10 -> F11"), "{line}");
}

#[test]
fn a_recoil_blocked_by_a_friend_in_the_same_square_destroys_the_stand() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"")
        .stand("more", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"\nrear = true");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[3,3,3]}"#);
    assert!(line.contains("warriors must recoil and is destroyed: it shares its square with a friend"), "{line}");
    assert_eq!(play.alive("warriors"), 0);
}

/// Stands that are Forced to Recoil: destroyed if "prevented from doing so ... because of an obstacle".
/// Read (the docs, Recoil): an obstacle prevents a recoil only where the stand may not cross it as it moves,
/// so infantry beaten back over a stream crosses it, and cavalry beaten back onto a wall is destroyed. The
/// odds before the throw follow: the infantry's recoil is not counted as a loss.
#[test]
fn a_recoil_crosses_an_obstacle_the_stand_may_cross_and_one_it_may_not_destroys_it() {
    let across = |kind: &str| {
        format!(
            "[[board.obstacles]]\nkind = \"{kind}\"\nbetween = [[\"E7\", \"E6\"], [\"F7\", \"F6\"], [\"G7\", \"G6\"]]\n"
        )
    };
    let battle = Battle::new(&across("stream"))
        .stand("redcoats", "red", "regular_infantry", "F9", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let odds = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    let labels: Vec<&str> = odds.lines.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels, ["ineffective", "warriors recoils", "warriors is destroyed"]);
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[3,3,3]}"#);
    assert!(line.ends_with("warriors recoils F7 -> F6"), "{line}");

    let battle = Battle::new(&across("wall"))
        .stand("redcoats", "red", "regular_infantry", "F9", 0, "weapon = \"magazine_rifle\"")
        .stand("horse", "blue", "native_cavalry", "F7", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"horse","dice":[3,3,3]}"#);
    assert!(
        line.contains("horse must recoil and is destroyed: no square clear of the enemy can be reached behind it"),
        "{line}"
    );
}

/// The option `recoil_blocked_by_any_obstacle` reads "because of an obstacle" as any obstacle: infantry
/// beaten back onto a stream is destroyed, and the odds count that recoil as the stand lost.
#[test]
fn with_recoil_blocked_by_any_obstacle_a_stream_destroys_the_recoiling_stand() {
    let stream =
        "[[board.obstacles]]\nkind = \"stream\"\nbetween = [[\"E7\", \"E6\"], [\"F7\", \"F6\"], [\"G7\", \"G6\"]]\n";
    let source = Battle::new(stream)
        .stand("redcoats", "red", "regular_infantry", "F9", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"")
        .source()
        .replace("[board]", "[options]\nrecoil_blocked_by_any_obstacle = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    crate::support::start(&mut play, "red");
    play.activate("redcoats");
    let odds = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(odds.lines[3].label, "warriors is lost in all");
    assert!((odds.lines[3].p - (odds.lines[1].p + odds.lines[2].p)).abs() < 1e-12);
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[3,3,3]}"#);
    assert!(
        line.contains("warriors must recoil and is destroyed: no square clear of the enemy can be reached behind it"),
        "{line}"
    );
}

#[test]
fn every_addition_is_listed_and_the_table_may_strike_one_or_add_its_own() {
    let board = "woods = [\"F8\"]";
    let battle = Battle::new(board)
        .stand("redcoats", "red", "regular_infantry", "F11", 0, "weapon = \"magazine_rifle\"")
        .stand("hq", "red", "command_mounted", "G11", 0, "")
        .stand("warriors", "blue", "native_infantry", "F8", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let view = play.own_view();
    let combat = &view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "redcoats").unwrap()["combats"][0];
    assert_eq!(combat["action"], "fire");
    assert_eq!(
        combat["mine"],
        serde_json::json!([["stand's value", 3], ["Command stand adjacent", 2], ["target inside a wood", -2]])
    );
    let struck =
        play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors","strike":["target inside a wood"]}"#);
    assert_eq!(struck.dice[0], "2D6+5 for redcoats");
    let extra = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors","extra":[0,1]}"#);
    assert_eq!(extra.dice, ["2D6+3 for redcoats", "1D12+3 for warriors"]);
    let unknown = play.try_odds(r#"{"type":"fire","unit":"redcoats","target":"warriors","strike":["downhill"]}"#);
    assert!(unknown.unwrap_err().to_string().contains("no addition \"downhill\""));
}

/// 2D6 against a D12, 2D6 against 2D6 and a D12 against a D12, summed exactly: the figures `game odds`
/// prints, counted here face by face.
#[test]
fn combat_odds_for_each_pairing_of_dice_are_exact() {
    let faces = |dice: &str| -> Vec<(i64, f64)> {
        match dice {
            "2D6" => (2..=12).map(|t: i64| (t, (6 - (t - 7).abs()) as f64 / 36.0)).collect(),
            _ => (1..=12).map(|t| (t, 1.0 / 12.0)).collect(),
        }
    };
    for (red, blue) in [("2D6", "D12"), ("2D6", "2D6"), ("D12", "D12")] {
        let mut play = Battle::new("")
            .dice(red, blue)
            .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
            .stand("others", "blue", "regular_infantry", "F8", 180, "weapon = \"magazine_rifle\"")
            .play();
        crate::support::start_with(&mut play, red);
        play.activate("redcoats");
        let odds = play.odds(r#"{"type":"fire","unit":"redcoats","target":"others"}"#);
        let mut want = [0.0; 3];
        for (a, pa) in faces(red) {
            for (b, pb) in faces(blue) {
                let (x, y) = (a + 3, b + 3);
                let which = if x < y {
                    0
                } else if 2 * y <= x {
                    2
                } else {
                    1
                };
                want[which] += pa * pb;
            }
        }
        let got: Vec<f64> = odds.lines.iter().map(|l| l.p).collect();
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{red} against {blue}: {got:?}, counted {want:?}");
        }
    }
}

/// A stand that recoils into a friend's square stands behind it and faces its way: two stands of a square
/// face the same way, and a recoil frees a stand's facing.
#[test]
fn a_recoil_into_a_friends_square_takes_the_friends_facing() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F8", 180, "weapon = \"hand_held\"")
        .stand("reserve", "blue", "native_infantry", "F7", 90, "weapon = \"hand_held\"")
        .stand("flank", "blue", "native_infantry", "E6", 180, "")
        .stand("flank-2", "blue", "native_infantry", "G6", 180, "")
        .stand("rear", "blue", "native_infantry", "F5", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[3,3,3]}"#);
    assert!(line.ends_with("warriors recoils F8 -> F7, behind reserve and facing its way"), "{line}");
    assert_eq!(play.square("warriors"), "F7 (rear)");
    assert_eq!(play.unit("warriors").facing, 90.0);
}

/// Pom-Pom guns count with the machine guns: cavalry against an isolated one in the open adds 3.
#[test]
fn cavalry_against_an_isolated_pom_pom_in_the_open_adds_3() {
    let battle = Battle::new("").stand("lancers", "red", "regular_cavalry", "F9", 0, "").stand(
        "pom-pom",
        "blue",
        "pom_pom",
        "F8",
        180,
        "weapon = \"pom_pom\"",
    );
    let mut play = battle.with_initiative("red");
    play.activate("lancers");
    let odds = play.odds(r#"{"type":"close_combat","unit":"lancers","target":"pom-pom"}"#);
    assert_eq!(odds.dice[0], "2D6+6 for lancers");
}

/// A target sharing its square with a friend cannot recoil: the odds say so, and count its recoils in the
/// chance it is lost.
#[test]
fn the_odds_count_a_recoil_that_cannot_be_made_as_the_stand_lost() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"")
        .stand("more", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"\nrear = true");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let odds = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors"}"#);
    let labels: Vec<&str> = odds.lines.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels[1], "warriors must recoil and is destroyed: it shares its square with a friend");
    assert_eq!(labels[3], "warriors is lost in all");
    assert!((odds.lines[3].p - (odds.lines[1].p + odds.lines[2].p)).abs() < 1e-12);
}

/// "target: <line>" strikes the target's line only; a bare name strikes it for both sides.
#[test]
fn a_strike_names_one_sides_line_or_both() {
    let mut play = line_of_fire("", "F8").with_initiative("red");
    play.activate("redcoats");
    let one = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors","strike":["target: stand's value"]}"#);
    assert_eq!(one.dice, ["2D6+3 for redcoats", "1D12+0 for warriors"]);
    let both = play.odds(r#"{"type":"fire","unit":"redcoats","target":"warriors","strike":["stand's value"]}"#);
    assert_eq!(both.dice, ["2D6+0 for redcoats", "1D12+0 for warriors"]);
}

/// "A stand that is part of a formed tactical square cannot be attacked in the flank or rear unless it is
/// facing inwards ... or the tactical square has been broken": the table marks the square's stands, and
/// clears the mark when it breaks.
#[test]
fn a_stand_of_a_formed_tactical_square_is_not_attacked_in_flank_or_rear_in_close_combat() {
    let battle = Battle::new("").stand("lancers", "red", "regular_cavalry", "G8", 0, "").stand(
        "face",
        "blue",
        "native_infantry",
        "F8",
        180,
        "weapon = \"hand_held\"",
    );
    let mut play = battle.with_initiative("red");
    play.ok(r#"{"type":"set_flag","unit":"face","flag":"tactical_square","on":true}"#);
    play.activate("lancers");
    let refused = play.refused(r#"{"type":"close_combat","unit":"lancers","target":"face"}"#);
    assert!(refused.message.starts_with("face is part of a formed tactical square"), "{}", refused.message);
    // Broken: the mark cleared, the flank attack goes in with its +2.
    play.ok(r#"{"type":"set_flag","unit":"face","flag":"tactical_square","on":false}"#);
    let odds = play.odds(r#"{"type":"close_combat","unit":"lancers","target":"face"}"#);
    assert_eq!(odds.dice[0], "2D6+8 for lancers");
}

/// A Transport beaten back takes the gun it tows with it; one destroyed leaves the gun limbered to nothing,
/// a stand of its own again.
#[test]
fn a_towing_transport_takes_its_gun_back_with_it_and_leaves_it_when_destroyed() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("wagon", "blue", "transport", "F8", 180, "towing = \"gun\"")
        .stand("gun", "blue", "field_artillery", "F8", 180, "weapon = \"rifled_field\"\nrear = true");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // 3 + 2 + 3 = 8 against 4 + 1 = 5: above half, the wagon recoils north, its gun behind it.
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"wagon","dice":[3,2,4]}"#);
    assert!(line.ends_with("wagon recoils F8 -> F7"), "{line}");
    assert_eq!((play.square("wagon"), play.square("gun")), ("F7".to_string(), "F7 (rear)".to_string()));
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"wagon","dice":[6,6,1]}"#);
    let turn = play.game.state().rules.get::<sandtable::systems::when_empires_clash::Turn>().unwrap();
    assert!(turn.towing.is_empty(), "the destroyed wagon tows nothing");
}

/// Stands that are Forced to Recoil stop at a square clear of the enemy that has room for them, and The
/// Battlefield gives a square room only for stands whose depths add to 50 mm: a cavalry stand beaten back
/// behind a friendly cavalry stand (30 + 30 mm) passes it for the nearest square it fits.
#[test]
fn a_recoil_passes_a_friends_square_too_shallow_for_it() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("horse", "blue", "native_cavalry", "F8", 180, "")
        .stand("more-horse", "blue", "native_cavalry", "F7", 180, "")
        .stand("left", "blue", "native_infantry", "E7", 180, "")
        .stand("left-2", "blue", "native_cavalry", "E7", 180, "rear = true")
        .stand("right", "blue", "native_cavalry", "G7", 180, "")
        .stand("right-2", "blue", "native_infantry", "G7", 180, "rear = true");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // 3 + 3 + 3 = 9 against 3 + 2 = 5: above half, the horse recoils.
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"horse","dice":[3,3,3]}"#);
    assert!(line.ends_with("horse recoils F8 -> F7 -> F6"), "{line}");
    assert_eq!(play.square("horse"), "F6");
}

/// The Gordon Relief Expedition's Camel Corps "Must dismount to fight and fight as Regular Infantry":
/// mounted, a stand that must dismount to fight neither fires nor initiates close combat; on foot it does.
#[test]
fn a_stand_that_must_dismount_to_fight_fights_only_on_foot() {
    let camels = "weapon = \"single_shot_rifle\"\ndismounts_as = \"regular_infantry\"\nmust_dismount = true";
    let battle = Battle::new("").stand("camel-corps", "red", "regular_cavalry", "F9", 0, camels).stand(
        "spears",
        "blue",
        "native_infantry",
        "F8",
        180,
        "weapon = \"hand_held\"",
    );
    let mut play = battle.with_initiative("red");
    play.activate("camel-corps");
    let mounted = play.refused(r#"{"type":"close_combat","unit":"camel-corps","target":"spears"}"#);
    assert_eq!(
        mounted.message,
        "camel-corps must dismount to fight: mounted, it neither fires nor initiates close combat"
    );
    play.ok(r#"{"type":"dismount","unit":"camel-corps"}"#);
    let odds = play.odds(r#"{"type":"close_combat","unit":"camel-corps","target":"spears"}"#);
    assert_eq!(odds.dice[0], "2D6+3 for camel-corps", "on foot, as Regular Infantry: no cavalry's +3");
    play.ok(r#"{"type":"close_combat","unit":"camel-corps","target":"spears","dice":[1,1,1]}"#);
}

/// Attacked while mounted, a stand that must dismount to fight is engaged as the mounted stand it is (its
/// list bars it only from fighting mounted); the option `must_dismount_defends_on_foot` has it defend as
/// what it fights as on foot.
#[test]
fn a_stand_that_must_dismount_is_engaged_mounted_as_cavalry_or_on_foot_by_the_option() {
    let camels = "weapon = \"single_shot_rifle\"\ndismounts_as = \"regular_infantry\"\nmust_dismount = true";
    let battle = Battle::new("").stand("lancers", "red", "regular_cavalry", "F9", 0, "").stand(
        "camel-corps",
        "blue",
        "regular_cavalry",
        "F8",
        180,
        camels,
    );
    let mut play = battle.with_initiative("red");
    play.activate("lancers");
    // Cavalry against cavalry: no +3 for an isolated infantry stand.
    let odds = play.odds(r#"{"type":"close_combat","unit":"lancers","target":"camel-corps"}"#);
    assert_eq!(odds.dice, ["2D6+3 for lancers", "1D12+3 for camel-corps"]);
    let source = battle.source().replace("[board]", "[options]\nmust_dismount_defends_on_foot = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    crate::support::start(&mut play, "red");
    play.activate("lancers");
    let odds = play.odds(r#"{"type":"close_combat","unit":"lancers","target":"camel-corps"}"#);
    assert_eq!(odds.dice, ["2D6+6 for lancers", "1D12+3 for camel-corps"], "an isolated Regular Infantry stand");
}

/// Victory: "The battle is deemed to have ended when one side has completely withdrawn from the
/// battlefield": the fire that destroys a side's last stand says in its entry that the battle is over, why,
/// and the result, both totals with it.
#[test]
fn the_fire_that_destroys_a_sides_last_stand_says_the_battle_is_over_and_its_result() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("induna", "blue", "command_on_foot", "F8", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // 5 + 5 + 3 = 13 against 4 + 2 (the induna's rating) = 6: destroyed, and Blue has no stand left.
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"induna","dice":[5,5,4]}"#);
    assert!(
        line.ends_with(
            ": induna is destroyed (its score at most half). Blue have no stand left on the battlefield, the battle is over. Red win a Marginal victory (5 against 0)"
        ),
        "{line}"
    );
}

/// Victory, and Stands that are Forced to Recoil: an initiator beaten in close combat that cannot recoil
/// (its baseline's edge behind it) is destroyed; when it was its side's last stand, that entry ends the
/// battle and says so, with the result.
#[test]
fn a_close_combat_whose_beaten_initiator_was_its_sides_last_stand_ends_the_battle_in_its_entry() {
    let battle = Battle::new("").stand("hq", "red", "command_on_foot", "F12", 0, "").stand(
        "warriors",
        "blue",
        "native_infantry",
        "F11",
        180,
        "weapon = \"hand_held\"",
    );
    let mut play = battle.with_initiative("red");
    play.activate("hq");
    // 1 + 1 + 2 = 4 against 12 + 2 = 14: the hq must recoil off the south edge, and is destroyed.
    let line = play.ok(r#"{"type":"close_combat","unit":"hq","target":"warriors","dice":[1,1,12]}"#);
    assert!(line.contains(": hq must recoil and is destroyed: "), "{line}");
    assert!(
        line.ends_with(
            ". Red have no stand left on the battlefield, the battle is over. Blue win a Marginal victory (4 against 0)"
        ),
        "{line}"
    );
    assert_eq!(play.own_view()["ended"], "Red have no stand left on the battlefield");
}

/// Close Combat: "Add 1 for each friendly stand of the same type that is in an adjacent square." "The
/// same type" is the stand type the text values ("Regular Infantry", "Irregular Infantry"...): irregulars
/// beside regulars add nothing. The option `same_type_by_class` counts any friend of the same class
/// (infantry, cavalry, artillery, machine guns).
#[test]
fn the_same_type_is_the_stand_type_or_with_same_type_by_class_the_class() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("volunteers", "red", "irregular_infantry", "E10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F9", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let by_type = play.odds(r#"{"type":"close_combat","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(by_type.dice[0], "2D6+3 for redcoats");
    let source = battle.source().replace("[board]", "[options]\nsame_type_by_class = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    crate::support::start(&mut play, "red");
    play.activate("redcoats");
    let by_class = play.odds(r#"{"type":"close_combat","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(by_class.dice[0], "2D6+4 for redcoats");
}

/// Close Combat: cavalry adds 3 "attacking an isolated Infantry, Artillery, or Machine Gun stand ... in
/// flat, open country". Read: a stand behind a wall or in entrenchments on its side facing the cavalry is
/// not in open country: the cavalry adds nothing for it, and takes its 2 off for the wall.
#[test]
fn cavalry_adds_nothing_against_an_isolated_stand_behind_a_wall_facing_it() {
    for kind in ["wall", "entrenchment"] {
        let board = format!(
            "[[board.obstacles]]\nkind = \"{kind}\"\n{}between = [[\"F8\", \"F9\"]]\n",
            if kind == "entrenchment" { "side = \"blue\"\n" } else { "" }
        );
        let battle = Battle::new(&board).stand("lancers", "red", "regular_cavalry", "F9", 0, "").stand(
            "warriors",
            "blue",
            "native_infantry",
            "F8",
            180,
            "weapon = \"hand_held\"",
        );
        let mut play = battle.with_initiative("red");
        play.activate("lancers");
        let odds = play.odds(r#"{"type":"close_combat","unit":"lancers","target":"warriors"}"#);
        assert_eq!(odds.dice[0], "2D6+1 for lancers", "behind a {kind}");
    }
}

/// Close Combat: cavalry adds 3 "attacking an isolated Infantry, Artillery, or Machine Gun stand". A Command
/// stand on foot is its Commander with one or two infantry figures, and moves as infantry: read (docs, Close
/// combat), it counts as infantry for the +3 too; a mounted one, with a cavalry figure, as cavalry (no +3).
#[test]
fn cavalry_adds_3_against_an_isolated_command_stand_on_foot_but_not_a_mounted_one() {
    for (kind, added) in [("command_on_foot", true), ("command_mounted", false)] {
        let battle = Battle::new("").stand("rcmd", "red", kind, "F8", 0, "").stand(
            "e1",
            "blue",
            "native_cavalry",
            "F7",
            180,
            "weapon = \"hand_held\"",
        );
        let mut play = battle.with_initiative("blue");
        play.activate("e1");
        let line = play.ok(r#"{"type":"close_combat","unit":"e1","target":"rcmd","dice":[1,1,1]}"#);
        assert_eq!(line.contains("+3 cavalry against an isolated stand in open country"), added, "{kind}: {line}");
    }
}

/// Stands Forced to Recoil: "If the stand has to recoil more than its maximum movement distance ... the
/// recoiling stand is deemed to have been destroyed". A contour costs a square of the move (Movement): the
/// log says what the recoil needed of the move, squares and contours apart.
#[test]
fn a_recoil_too_long_for_its_move_says_its_squares_and_contours() {
    let row = |n: u32| {
        let squares: Vec<String> = "ABCDEFGHIJKL".chars().map(|c| format!("\"{c}{n}\"")).collect();
        squares.join(", ")
    };
    let hill = format!(
        "[[board.hills]]\nsquares = [{}]\nlevel = 1\n[[board.hills]]\nsquares = [{}]\nlevel = 2\n",
        row(9),
        row(9)
    );
    let battle = Battle::new(&hill)
        .stand("redcoats", "red", "regular_infantry", "F8", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F6", 180, "weapon = \"single_shot_rifle\"");
    let mut play = battle.with_initiative("blue");
    play.activate("warriors");
    let line = play.ok(r#"{"type":"fire","unit":"warriors","target":"redcoats","dice":[12,3,2]}"#);
    assert!(
        line.contains(
            "redcoats must recoil and is destroyed: it would need 3 of its move (1 square and 2 contours), and it moves 2."
        ),
        "{line}"
    );
}
