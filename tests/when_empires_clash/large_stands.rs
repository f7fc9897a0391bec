//! Large Stands: a stand wider or deeper than 50 mm straddles squares (behind its front square, and to its
//! right); it is measured from its front edge, fired at from its nearest edge, and all of it must have room
//! wherever it goes. Artillery on a large stand moves only limbered to a Transport stand.

use sandtable::scenario::parse;

use crate::support::Battle;

#[test]
fn a_large_stand_is_fired_at_from_its_nearest_square() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("limbered", "blue", "transport", "F6", 0, "depth_mm = 80");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    // Its front square F6 is 4 away, out of a magazine rifle's 3; its rear square F7 is 3 away.
    play.odds(r#"{"type":"fire","unit":"redcoats","target":"limbered"}"#);
    let view = play.own_view();
    let covers = &view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "limbered").unwrap()["covers"];
    assert_eq!(covers, &serde_json::json!(["F6", "F7"]));
}

#[test]
fn a_large_stand_moves_only_where_all_of_it_has_room() {
    let battle = Battle::new("woods = [\"E9\"]").stand("wagons", "red", "transport", "F9", 0, "depth_mm = 80").stand(
        "far-off",
        "blue",
        "native_infantry",
        "A1",
        180,
        "",
    );
    let mut play = battle.with_initiative("red");
    play.activate("wagons");
    // Ending in E8 would leave its rear in the wood of E9, where a Transport may not go.
    play.refused(r#"{"type":"move_to","unit":"wagons","to":"E8"}"#);
    play.move_to("wagons", "F8");
    let view = play.own_view();
    let covers = &view["stands"].as_array().unwrap().iter().find(|s| s["id"] == "wagons").unwrap()["covers"];
    assert_eq!(covers, &serde_json::json!(["F8", "F9"]));
}

#[test]
fn artillery_on_a_large_stand_moves_only_limbered_to_a_transport() {
    let battle = Battle::new("")
        .stand("long-tom", "red", "heavy_artillery", "F10", 0, "weapon = \"rifled_heavy\"\ndepth_mm = 90")
        .stand("far-off", "blue", "native_infantry", "A1", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("long-tom");
    let refused = play.refused(r#"{"type":"move_to","unit":"long-tom","to":"F9"}"#);
    assert_eq!(refused.message, "long-tom is artillery on a large stand: it moves only limbered to a Transport stand");
}

#[test]
fn a_large_stand_off_the_board_or_crowding_a_square_is_refused_on_load() {
    let off = Battle::new("").stand("wagons", "red", "transport", "F12", 0, "depth_mm = 80").source();
    let error = parse("battle.toml", &off).unwrap_err().to_string();
    assert!(error.contains("wagons straddles F13, off the board"), "{error}");
    let crowded = Battle::new("")
        .stand("wagons", "red", "transport", "F9", 0, "depth_mm = 80")
        .stand("a", "red", "regular_infantry", "F10", 0, "")
        .stand("b", "red", "regular_infantry", "F10", 0, "rear = true")
        .source();
    let error = parse("battle.toml", &crowded).unwrap_err().to_string();
    assert!(error.contains("3 stands in F10"), "{error}");
}
