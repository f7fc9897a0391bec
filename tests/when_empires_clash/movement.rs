//! Movement: squares, orthogonal or diagonal; stop next to an enemy; artillery never next to one;
//! through friends, never enemies; only infantry through woods or over walls, hedges and fences; +1 for a
//! whole move along a road; -1 a hill contour; facing free before the move and fixed after; mounting
//! or dismounting instead of moving; two stands a square, one behind the other; limbering.

use crate::support::Battle;

fn infantry_at(square: &str, board: &str) -> Battle {
    Battle::new(board).stand("redcoats", "red", "regular_infantry", square, 0, "weapon = \"magazine_rifle\"").stand(
        "far-off",
        "blue",
        "native_infantry",
        "A1",
        180,
        "",
    )
}

#[test]
fn a_stand_moves_its_squares_orthogonally_or_diagonally_and_no_further() {
    let mut play = infantry_at("F10", "").with_initiative("red");
    play.activate("redcoats");
    let refused = play.refused(r#"{"type":"move_to","unit":"redcoats","to":"F7"}"#);
    assert!(refused.message.starts_with("reaching F7 is 3 squares; redcoats moves 2 squares"), "{}", refused.message);
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Movement"));
    let line = play.move_to("redcoats", "H8");
    assert_eq!(line, "redcoats moves F10 to H8 (2 squares), facing north");
    assert_eq!(play.square("redcoats"), "H8");
    play.refused(r#"{"type":"move_to","unit":"redcoats","to":"H7"}"#);
}

#[test]
fn a_road_move_gets_its_extra_square_only_when_the_whole_move_is_on_the_road() {
    let road = r#"roads = ["F12", "F11", "F10", "F9", "F8", "F7", "F6"]"#;
    let mut play = infantry_at("F10", road).with_initiative("red");
    play.activate("redcoats");
    // Three squares straight up the road: two and the road's one.
    assert!(play.move_to("redcoats", "F7").contains("(3 squares)"));
    let mut off_road = infantry_at("F10", road).with_initiative("red");
    off_road.activate("redcoats");
    // Leaving the road at the end: the whole move is not along it, so two squares only.
    let refused = off_road.refused(r#"{"type":"move_to","unit":"redcoats","to":"G7"}"#);
    assert!(
        refused.message.starts_with(
            "reaching G7 is 3 squares; redcoats moves 2 squares, one more for a move wholly along the road"
        ),
        "{}",
        refused.message
    );
}

#[test]
fn each_hill_contour_crossed_costs_a_square() {
    let ridge = "[[board.hills]]\nsquares = [\"A9\", \"B9\", \"C9\", \"D9\", \"E9\", \"F9\", \"G9\", \"H9\", \"I9\", \"J9\", \"K9\", \"L9\"]\nlevel = 1\n";
    let mut play = infantry_at("F10", ridge).with_initiative("red");
    play.activate("redcoats");
    // Over the ridge: a square and a contour up, a square and a contour down.
    let refused = play.refused(r#"{"type":"move_to","unit":"redcoats","to":"F8"}"#);
    assert!(
        refused.message.starts_with("reaching F8 is 2 squares, 4 of its move with 2 contours"),
        "{}",
        refused.message
    );
    let line = play.move_to("redcoats", "F9");
    assert!(line.contains("(1 square, 2 of its move with 1 contour)"), "{line}");
}

#[test]
fn only_infantry_enters_woods_off_the_road_or_crosses_a_wall() {
    let wall: Vec<String> = "ABCDEFGHIJKL".chars().map(|c| format!("[\"{c}10\", \"{c}9\"]")).collect();
    let board = format!("woods = [\"F8\"]\n[[board.obstacles]]\nkind = \"wall\"\nbetween = [{}]\n", wall.join(", "));
    let board = board.as_str();
    let battle = Battle::new(board)
        .stand("lancers", "red", "regular_cavalry", "F9", 0, "")
        .stand("dragoons", "red", "regular_cavalry", "H10", 0, "")
        .stand("riflemen", "red", "irregular_infantry", "J10", 0, "")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("lancers");
    let woods = play.refused(r#"{"type":"move_to","unit":"lancers","to":"F8"}"#);
    assert_eq!(woods.message, "F8 is woods: only infantry moves off-road through woods");
    play.move_to("lancers", "G8");
    play.activate("dragoons");
    // The wall runs the width of the board: cavalry cannot cross it anywhere.
    let wall = play.refused(r#"{"type":"move_to","unit":"dragoons","to":"H9"}"#);
    assert!(wall.message.contains("walls, hedges and fences only infantry crosses"), "{}", wall.message);
    play.activate("riflemen");
    assert!(play.move_to("riflemen", "J9").contains("J10 to J9"));
}

#[test]
fn a_stand_stops_next_to_an_enemy_and_artillery_never_moves_next_to_one() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "")
        .stand("gun", "red", "field_artillery", "H10", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "G7", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // F8 is next to the warriors in G7: the stand may end there but not pass on to F7.
    play.refused(r#"{"type":"move_to","unit":"redcoats","to":"F7"}"#);
    play.move_to("redcoats", "F8");
    play.activate("gun");
    let refused = play.refused(r#"{"type":"move_to","unit":"gun","to":"H8"}"#);
    assert_eq!(refused.message, "H8 is next to an enemy stand: artillery never moves next to one");
    let through = play.refused(r#"{"type":"move_to","unit":"gun","to":"G7"}"#);
    assert!(through.message.contains("an enemy stand holds G7"), "{}", through.message);
}

#[test]
fn a_stand_joins_a_friend_behind_it_facing_the_same_way_and_a_third_is_refused() {
    let battle = Battle::new("")
        .stand("first", "red", "regular_infantry", "F9", 0, "")
        .stand("second", "red", "regular_infantry", "F10", 0, "")
        .stand("third", "red", "regular_infantry", "G10", 0, "")
        .stand("fourth", "red", "regular_infantry", "E10", 90, "")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("second");
    assert_eq!(play.move_to("second", "F9"), "second moves F10 to F9 (1 square), behind first, facing north");
    assert_eq!(play.square("second"), "F9 (rear)");
    assert_eq!(play.square("first"), "F9");
    play.activate("third");
    let full = play.refused(r#"{"type":"move_to","unit":"third","to":"F9"}"#);
    assert_eq!(full.message, "F9 is full: at most two stands to a square");
    play.activate("fourth");
    let facing = play.refused(r#"{"type":"move_to","unit":"fourth","to":"G10"}"#);
    assert_eq!(facing.message, "third in G10 faces north: two stands in a square face the same way");
    play.ok(r#"{"type":"move_to","unit":"fourth","to":"G10","facing":"north","in_front":true}"#);
    assert_eq!((play.square("fourth"), play.square("third")), ("G10".to_string(), "G10 (rear)".to_string()));
}

#[test]
fn facing_is_free_before_the_move_and_fixed_after_it() {
    let mut play = infantry_at("F10", "").with_initiative("red");
    play.activate("redcoats");
    assert_eq!(play.ok(r#"{"type":"face","unit":"redcoats","facing":"east"}"#), "redcoats turns to face east");
    play.ok(r#"{"type":"move_to","unit":"redcoats","to":"G9","facing":"north"}"#);
    let fixed = play.refused(r#"{"type":"face","unit":"redcoats","facing":"west"}"#);
    assert_eq!(fixed.message, "redcoats has moved: its facing is fixed until its next activation or a recoil");
}

#[test]
fn cavalry_that_dismounts_does_not_move_that_turn_and_fights_on_foot() {
    let battle = Battle::new("")
        .stand(
            "yeomanry",
            "red",
            "regular_cavalry",
            "F10",
            0,
            "weapon = \"magazine_rifle\"\ndismounts_as = \"regular_infantry\"",
        )
        .stand("warriors", "blue", "native_infantry", "F7", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("yeomanry");
    let mounted = play.refused(r#"{"type":"fire","unit":"yeomanry","target":"warriors"}"#);
    assert_eq!(mounted.message, "yeomanry is mounted Regular Cavalry: it may not fire");
    let line = play.ok(r#"{"type":"dismount","unit":"yeomanry"}"#);
    assert_eq!(line, "yeomanry dismounts to fight as Regular Infantry; it does not move this turn");
    let still = play.refused(r#"{"type":"move_to","unit":"yeomanry","to":"F9"}"#);
    assert!(still.message.contains("does not move"), "{}", still.message);
    // On foot it fires as infantry, at its own value.
    let fired = play.ok(r#"{"type":"fire","unit":"yeomanry","target":"warriors","dice":[1,1,12]}"#);
    assert!(fired.ends_with(": ineffective"), "{fired}");
}

#[test]
fn a_transport_limbers_a_gun_from_its_rear_and_the_towed_gun_takes_no_part_in_combat() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F9", 0, "")
        .stand("gun", "red", "heavy_artillery", "F10", 0, "weapon = \"rifled_heavy\"")
        .stand("warriors", "blue", "native_infantry", "K3", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    assert_eq!(play.ok(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#), "wagon limbers gun from F10");
    assert_eq!(play.square("gun"), "F9 (rear)");
    let line = play.move_to("wagon", "F7");
    assert!(line.ends_with("towing gun, facing north"), "{line}");
    assert_eq!(play.square("gun"), "F7 (rear)");
    let own = play.refused(r#"{"type":"activate","unit":"gun"}"#);
    assert_eq!(own.message, "gun is limbered to wagon: it moves with it");
    let not_rear = play.refused(r#"{"type":"unlimber","unit":"wagon","to":"F6"}"#);
    assert_eq!(not_rear.message, "F6 is not a square to the rear of wagon in F7");
    assert_eq!(play.ok(r#"{"type":"unlimber","unit":"wagon","to":"F8"}"#), "wagon unlimbers gun into F8");
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[5]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"next_turn"}"#);
    crate::support::start(&mut play, "red");
    play.activate("gun");
    // Next turn, unlimbered and not towed, the gun fires.
    play.ok(r#"{"type":"fire","unit":"gun","target":"warriors","dice":[1,1,12]}"#);
}

/// Cavalry that begins on foot (`dismounted = true`) moves 2 and fights as what it dismounts as from the
/// first turn.
#[test]
fn cavalry_that_begins_dismounted_moves_and_fights_on_foot_from_the_start() {
    let battle = Battle::new("woods = [\"F9\"]")
        .stand(
            "commando",
            "red",
            "irregular_cavalry",
            "F10",
            0,
            "weapon = \"magazine_rifle\"\ndismounts_as = \"irregular_infantry\"\ndismounted = true",
        )
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("commando");
    // On foot it enters the wood, as infantry may, and moves two squares, not five.
    play.refused(r#"{"type":"move_to","unit":"commando","to":"F7"}"#);
    play.move_to("commando", "F9");
    let view = play.own_view();
    let stand = view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "commando").unwrap().clone();
    assert_eq!((stand["moves"].as_u64(), stand["fights_as"].as_str()), (Some(2), Some("irregular_infantry")));
}

/// "Artillery stands that are being towed ... may not take part in Fire Combat or Close Combat for the
/// duration of a turn during which they are being towed": a gun that has fought is not towed that turn.
#[test]
fn a_gun_that_fought_this_turn_is_not_limbered_that_turn() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F9", 0, "")
        .stand("gun", "red", "field_artillery", "F10", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "K5", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("gun");
    play.ok(r#"{"type":"fire","unit":"gun","target":"warriors","dice":[1,1,12]}"#);
    play.activate("wagon");
    let refused = play.refused(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    assert_eq!(refused.message, "gun has fought this turn: a gun towed in a turn takes no part in combat that turn");
}

/// The Battlefield: "No more than two stands may be placed in a square at any time, and then only if there
/// is sufficient space within the square for this to happen. They must be placed one behind the other."
/// A square is 50 mm; the Stands section makes cavalry 30 mm deep and artillery 40 mm: two cavalry stands,
/// a gun and an infantry stand, or two guns do not fit one square; infantry behind cavalry (20 + 30) does.
#[test]
fn a_stand_joins_a_friends_square_only_when_their_depths_fit_its_50_mm() {
    let battle = Battle::new("")
        .stand("hussars", "red", "regular_cavalry", "F10", 0, "")
        .stand("lancers", "red", "regular_cavalry", "F9", 0, "")
        .stand("gun", "red", "field_artillery", "H10", 0, "weapon = \"rifled_field\"")
        .stand("redcoats", "red", "regular_infantry", "G9", 0, "weapon = \"magazine_rifle\"")
        .stand("battery", "red", "field_artillery", "H9", 0, "weapon = \"rifled_field\"")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("hussars");
    let cavalry = play.refused(r#"{"type":"move_to","unit":"hussars","to":"F9"}"#);
    assert_eq!(cavalry.message, "F9 has no room for hussars (30 mm deep): lancers takes 30 mm of its 50");
    assert_eq!(cavalry.rule.as_deref(), Some("When Empires Clash!, The Battlefield"));
    play.activate("gun");
    let with_infantry = play.refused(r#"{"type":"move_to","unit":"gun","to":"G9"}"#);
    assert_eq!(with_infantry.message, "G9 has no room for gun (40 mm deep): redcoats takes 20 mm of its 50");
    let two_guns = play.refused(r#"{"type":"move_to","unit":"gun","to":"H9"}"#);
    assert_eq!(two_guns.message, "H9 has no room for gun (40 mm deep): battery takes 40 mm of its 50");
    play.activate("redcoats");
    assert_eq!(play.move_to("redcoats", "F9"), "redcoats moves G9 to F9 (1 square), behind lancers, facing north");
}

/// The Battlefield's two stands a square, by a hand correction too: a stand put where the table has it is
/// refused a square it does not fit, and the log is left as it was.
#[test]
fn a_hand_correction_does_not_crowd_a_square_beyond_its_depth() {
    let battle = Battle::new("")
        .stand("hussars", "red", "regular_cavalry", "F10", 0, "")
        .stand("lancers", "red", "regular_cavalry", "F9", 0, "")
        .stand("redcoats", "red", "regular_infantry", "G9", 0, "")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.play();
    // F9's middle, in inches: 5.5 and 8.5 squares of 50 mm.
    let f9 = r#"{"x":10.8268,"y":16.7323}"#;
    let crowded = play.refused(&format!(r#"{{"type":"correct_position","unit":"hussars","to":{f9}}}"#));
    assert_eq!(crowded.message, "F9 has no room for hussars (30 mm deep): lancers takes 30 mm of its 50");
    play.ok(&format!(r#"{{"type":"correct_position","unit":"redcoats","to":{f9}}}"#));
    assert_eq!(play.square("redcoats"), "F9 (rear)");
}

/// Movement: "once it has been activated and moved a stand may not change the direction it is facing
/// until it is activated again during the next turn or it is forced to recoil as a result of combat."
#[test]
fn a_stand_that_moved_and_was_forced_to_recoil_may_turn_again() {
    let battle = Battle::new("")
        .stand("lancers", "red", "regular_cavalry", "F11", 0, "")
        .stand("redcoats", "red", "regular_infantry", "C11", 0, "")
        .stand("warriors", "blue", "native_infantry", "F7", 180, "weapon = \"hand_held\"");
    let mut play = battle.with_initiative("red");
    play.activate("lancers");
    play.move_to("lancers", "F8");
    // 1 + 1 + 3 = 5 against 12 + 2 = 14: the lancers are beaten and recoil, F8 -> F9.
    let line = play.ok(r#"{"type":"close_combat","unit":"lancers","target":"warriors","dice":[1,1,12]}"#);
    assert!(line.ends_with("lancers recoils F8 -> F9"), "{line}");
    assert_eq!(play.ok(r#"{"type":"face","unit":"lancers","facing":"east"}"#), "lancers turns to face east");
    // A stand that moved and was not forced back keeps its facing.
    play.activate("redcoats");
    play.move_to("redcoats", "C10");
    let fixed = play.refused(r#"{"type":"face","unit":"redcoats","facing":"west"}"#);
    assert_eq!(fixed.message, "redcoats has moved: its facing is fixed until its next activation or a recoil");
}

/// Movement: "Artillery stands may not be moved into a square that is adjacent to a square occupied by an
/// enemy stand." A gun towed by its Transport is moved all the same: the Transport may not take it there, and
/// the squares the app lights up for it leave such squares out.
#[test]
fn a_transport_towing_a_gun_may_not_take_it_next_to_an_enemy() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F9", 0, "")
        .stand("gun", "red", "field_artillery", "F10", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "F6", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    let reach = |play: &crate::play::Play| -> Vec<String> {
        let view = play.own_view();
        let wagon = view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "wagon").unwrap().clone();
        wagon["reach"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap().to_string()).collect()
    };
    assert!(reach(&play).contains(&"F7".to_string()), "alone, the wagon may come up next to the warriors");
    play.ok(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    let refused = play.refused(r#"{"type":"move_to","unit":"wagon","to":"F7"}"#);
    assert_eq!(refused.message, "F7 is next to an enemy stand: wagon tows gun, and artillery never moves next to one");
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Movement"));
    let lit = reach(&play);
    assert!(["E7", "F7", "G7"].iter().all(|s| !lit.contains(&s.to_string())), "{lit:?}");
    assert!(lit.contains(&"F8".to_string()), "{lit:?}");
}

/// Movement: "Artillery stands may not be moved into a square that is adjacent to a square occupied by an
/// enemy stand", and Transport Stands: a gun "must be unlimbered into a vacant square to the rear of the
/// Transport stand": not into one next to an enemy, and the app offers only the others.
#[test]
fn a_gun_is_not_unlimbered_into_a_square_next_to_an_enemy() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F8", 0, "towing = \"gun\"")
        .stand("gun", "red", "field_artillery", "F8", 0, "weapon = \"rifled_field\"\nrear = true")
        .stand("warriors", "blue", "native_infantry", "H10", 0, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    let refused = play.refused(r#"{"type":"unlimber","unit":"wagon","to":"G9"}"#);
    assert_eq!(
        refused.message,
        "G9 is next to an enemy stand: artillery never moves next to one, so gun is not unlimbered there"
    );
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Movement"));
    let offer = play.offer("wagon", "unlimber");
    assert_eq!(offer.pick.expect("squares to pick").from, ["E9", "F9"]);
    assert_eq!(play.ok(r#"{"type":"unlimber","unit":"wagon","to":"F9"}"#), "wagon unlimbers gun into F9");
}

/// Movement: "Artillery stands may not be moved into a square that is adjacent to a square occupied by an
/// enemy stand." Limbered, a gun stands in its Transport's square, so it is not limbered beside an enemy.
#[test]
fn a_gun_is_not_limbered_to_a_transport_standing_next_to_an_enemy() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "G8", 0, "")
        .stand("gun", "red", "field_artillery", "G9", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "H7", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    let refused = play.refused(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    assert_eq!(
        refused.message,
        "G8 is next to an enemy stand: artillery never moves next to one, so gun is not limbered there"
    );
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Movement"));
}

/// Movement: "Only Infantry may move off-road through woods or can cross vertical obstacles". A Command
/// stand on foot is its Commander with one or two infantry figures (Stands): it moves as infantry. A mounted
/// one, with a cavalry figure, moves as cavalry.
#[test]
fn a_command_stand_on_foot_moves_as_infantry_and_a_mounted_one_as_cavalry() {
    let wall: Vec<String> = "ABCDEFGHIJKL".chars().map(|c| format!("[\"{c}6\", \"{c}5\"]")).collect();
    let board = format!("woods = [\"F9\"]\n[[board.obstacles]]\nkind = \"wall\"\nbetween = [{}]\n", wall.join(", "));
    let board = board.as_str();
    for (kind, may) in [("command_on_foot", true), ("command_mounted", false)] {
        let battle = Battle::new(board)
            .stand("hq", "red", kind, "F10", 0, "")
            .stand("guides", "red", "regular_infantry", "H10", 0, "")
            .stand("far-off", "blue", "native_infantry", "A1", 180, "");
        let mut play = battle.with_initiative("red");
        play.activate("hq");
        let into_woods = play.try_act(r#"{"type":"move_to","unit":"hq","to":"F9"}"#);
        assert_eq!(into_woods.is_ok(), may, "{kind} into the woods: {into_woods:?}");
        let battle = Battle::new(board).stand("hq", "red", kind, "H6", 0, "").stand(
            "far-off",
            "blue",
            "native_infantry",
            "A1",
            180,
            "",
        );
        let mut play = battle.with_initiative("red");
        play.activate("hq");
        let over_the_wall = play.try_act(r#"{"type":"move_to","unit":"hq","to":"H5"}"#);
        assert_eq!(over_the_wall.is_ok(), may, "{kind} over the wall: {over_the_wall:?}");
    }
}

/// Transport Stands: "Artillery stands that are being towed by Transport stands may not take part in Fire
/// Combat or Close Combat for the duration of a turn during which they are being towed." A gun towed and
/// unlimbered this turn has moved with its Transport: it is not activated on its own that turn.
#[test]
fn a_gun_towed_this_turn_is_not_activated_on_its_own_that_turn() {
    let battle = Battle::new("")
        .stand("wagon", "red", "transport", "F9", 0, "")
        .stand("gun", "red", "field_artillery", "F10", 0, "weapon = \"rifled_field\"")
        .stand("warriors", "blue", "native_infantry", "K3", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("wagon");
    play.ok(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    play.move_to("wagon", "F7");
    play.ok(r#"{"type":"unlimber","unit":"wagon","to":"F8"}"#);
    let refused = play.refused(r#"{"type":"activate","unit":"gun"}"#);
    assert_eq!(
        refused.message,
        "gun has been towed this turn: it has moved with its Transport, and takes no part in combat this turn"
    );
    assert_eq!(refused.rule.as_deref(), Some("When Empires Clash!, Transport Stands"));
}

/// Movement: "Cavalry that are mounting or dismounting cannot move during the turn during which [they]
/// mount or dismount": one change a turn, so a stand that has dismounted does not mount again that turn.
#[test]
fn cavalry_mounts_or_dismounts_once_a_turn() {
    let battle = Battle::new("")
        .stand("yeomanry", "red", "regular_cavalry", "F10", 0, "dismounts_as = \"regular_infantry\"")
        .stand("warriors", "blue", "native_infantry", "F3", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("yeomanry");
    play.ok(r#"{"type":"dismount","unit":"yeomanry"}"#);
    let again = play.refused(r#"{"type":"mount","unit":"yeomanry"}"#);
    assert_eq!(again.message, "yeomanry has dismounted this turn: cavalry mounts or dismounts once a turn");
    assert_eq!(again.rule.as_deref(), Some("When Empires Clash!, Movement"));
}

/// Movement: a move is counted in squares, and "Stands crossing a hill contour reduce their movement distance
/// by 1 square per contour crossed". A move that costs more than its squares says why: contours only when it
/// crossed some, and a way round what barred the straight one (the referee's battle: a detour round woods was
/// put down to contours on a board with no hills).
#[test]
fn a_move_costing_more_than_its_squares_says_why() {
    let battle = Battle::new("woods = [\"E9\", \"F9\", \"G9\"]")
        .stand("rc", "red", "regular_cavalry", "F10", 0, "weapon = \"single_shot_rifle\"")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("rc");
    assert_eq!(
        play.move_to("rc", "F8"),
        "rc moves F10 to F8 (2 squares, 4 of its move: round the woods), facing north"
    );
}

/// A hand correction (`correct_position`) on a board of squares says the square the stand is put in, not
/// inches.
#[test]
fn a_hand_correction_says_the_square_the_stand_is_put_in() {
    let mut play = infantry_at("F10", "").with_initiative("red");
    let line = play.ok(r#"{"type":"correct_position","unit":"redcoats","to":{"x":8.86,"y":8.86}}"#);
    assert_eq!(line, "Correction: redcoats is put in E5, facing north");
    assert_eq!(play.square("redcoats"), "E5");
    let turned = play.ok(r#"{"type":"correct_position","unit":"redcoats","facing":90}"#);
    assert_eq!(turned, "Correction: redcoats is put in E5, facing east");
}
