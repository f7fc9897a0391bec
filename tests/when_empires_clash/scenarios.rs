//! The battlefield as a scenario gives it: the board's squares and terrain checked on load, each stand in
//! its square, at most two a square, one behind the other, facing the same way; the shipped battles.

use sandtable::scenario::parse;

use crate::support::Battle;

fn refusal(battle: &Battle) -> String {
    parse("battle.toml", &battle.source()).expect_err("the scenario is refused").to_string()
}

#[test]
fn a_grid_scenario_gives_its_table_by_squares_and_each_stand_a_square() {
    let scenario =
        parse("battle.toml", &Battle::new("").stand("a", "red", "regular_infantry", "A1", 0, "").source()).unwrap();
    // Twelve 50 mm squares are 600 mm, 23.62 inches.
    assert!((scenario.table.width - 600.0 / 25.4).abs() < 1e-9);
    let at = scenario.units[0].figures[0].pos;
    assert!((at.x - 25.0 / 25.4).abs() < 1e-9, "{at:?}");
}

#[test]
fn a_square_off_the_grid_or_three_stands_in_a_square_or_two_facing_apart_are_refused_at_their_line() {
    let off = Battle::new("").stand("a", "red", "regular_infantry", "M1", 0, "");
    assert!(refusal(&off).contains("M1 is off the 12 x 12 board"), "{}", refusal(&off));
    let crowded = Battle::new("")
        .stand("a", "red", "regular_infantry", "C3", 0, "")
        .stand("b", "red", "regular_infantry", "C3", 0, "rear = true")
        .stand("c", "red", "regular_infantry", "C3", 0, "");
    assert!(refusal(&crowded).contains("3 stands in C3; a square holds at most 2"), "{}", refusal(&crowded));
    let apart = Battle::new("").stand("a", "red", "regular_infantry", "C3", 0, "").stand(
        "b",
        "red",
        "regular_infantry",
        "C3",
        90,
        "rear = true",
    );
    assert!(refusal(&apart).contains("face different ways"), "{}", refusal(&apart));
    let unmarked = Battle::new("").stand("a", "red", "regular_infantry", "C3", 0, "").stand(
        "b",
        "red",
        "regular_infantry",
        "C3",
        0,
        "",
    );
    assert!(refusal(&unmarked).contains("mark the one behind with `rear = true`"), "{}", refusal(&unmarked));
    let slanted = Battle::new("").stand("a", "red", "regular_infantry", "C3", 45, "");
    assert!(refusal(&slanted).contains("facing 0, 90, 180 or 270"), "{}", refusal(&slanted));
}

#[test]
fn a_board_smaller_than_twelve_squares_or_an_obstacle_between_squares_not_side_by_side_is_refused() {
    let small = Battle::new("")
        .stand("a", "red", "regular_infantry", "A1", 0, "")
        .stand("hq", "red", "command_on_foot", "A2", 0, "")
        .stand("induna", "blue", "command_on_foot", "B1", 180, "")
        .source()
        .replace("[12, 12]", "[10, 12]");
    let error = parse("battle.toml", &small).unwrap_err().to_string();
    assert!(error.contains("at least 12 x 12 squares"), "{error}");
    let apart = Battle::new("[[board.obstacles]]\nkind = \"wall\"\nbetween = [[\"C3\", \"D4\"]]").stand(
        "a",
        "red",
        "regular_infantry",
        "A1",
        0,
        "",
    );
    assert!(refusal(&apart).contains("C3 and D4 are not"), "{}", refusal(&apart));
    let line = refusal(&apart);
    assert!(line.starts_with("battle.toml, line "), "{line}");
}

#[test]
fn each_shipped_battle_loads_with_both_armies_at_their_list_values() {
    for name in ["zulu-war", "second-boer-war", "boxer-rebellion"] {
        let shipped = sandtable::scenario::find_shipped(&format!("when-empires-clash/{name}")).expect("shipped");
        let scenario = shipped.load().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(scenario.sides.len(), 2, "{name}");
        assert!(scenario.units.len() >= 26, "{name}: {}", scenario.units.len());
    }
}

/// A contour level beyond any hill (found by the fuzzer as 4294967295) is refused at its line.
#[test]
fn a_hill_of_impossible_height_is_refused_at_its_line() {
    let high = Battle::new("[[board.hills]]\nsquares = [\"F2\"]\nlevel = 4294967295").stand(
        "a",
        "red",
        "regular_infantry",
        "A1",
        0,
        "",
    );
    assert!(refusal(&high).contains("contour level 4294967295: a hill stands at level 1 to 9"), "{}", refusal(&high));
}

/// The Battlefield: two stands share a square "only if there is sufficient space within the square": a
/// set-up with two cavalry stands (30 + 30 mm), a gun and an infantry stand (40 + 20), two guns or a
/// Transport and anything (50 + ...) in one 50 mm square is refused at the stand's line; infantry behind
/// cavalry (20 + 30) and a Transport with the gun it tows are set up.
#[test]
fn a_set_up_with_stands_too_deep_for_their_square_is_refused_at_the_line() {
    let pair = |front: &str, back: &str| {
        Battle::new("")
            .stand("front", "red", front, "C3", 0, "")
            .stand("back", "red", back, "C3", 0, "rear = true")
            .stand("far-off", "blue", "native_infantry", "J9", 180, "")
    };
    for (front, back, depths) in [
        ("regular_cavalry", "irregular_cavalry", "30 + 30"),
        ("field_artillery", "regular_infantry", "40 + 20"),
        ("field_artillery", "mechanical_machine_gun", "40 + 40"),
        ("transport", "regular_infantry", "50 + 20"),
    ] {
        let refused = refusal(&pair(front, back));
        assert!(refused.starts_with("battle.toml, line "), "{refused}");
        assert!(
            refused.contains(&format!(
                "C3 is 50 mm deep: front and back take {depths} mm; they do not fit one behind the other"
            )),
            "{front} and {back}: {refused}"
        );
    }
    parse("battle.toml", &pair("regular_cavalry", "regular_infantry").source()).expect("20 + 30 mm fit");
    let towing = Battle::new("")
        .stand("wagon", "red", "transport", "C3", 0, "towing = \"gun\"")
        .stand("gun", "red", "field_artillery", "C3", 0, "rear = true")
        .stand("far-off", "blue", "native_infantry", "J9", 180, "");
    parse("battle.toml", &towing.source()).expect("a Transport and the gun it tows");
    let shallow = Battle::new("").stand("horse", "red", "regular_cavalry", "C3", 0, "depth_mm = 20");
    assert!(
        refusal(&shallow).contains("20 mm: a Regular Cavalry stand is at least 30 mm deep"),
        "{}",
        refusal(&shallow)
    );
}

/// Armies: "Each side's army must have a Command stand (i.e. the stand with the Commander on it)." A
/// battle whose side has stands but no Command stand is refused at that side's line in the file.
#[test]
fn a_side_without_its_command_stand_is_refused_at_its_line() {
    let source = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "")
        .source()
        .replace("kind = \"command_on_foot\"\nsquare = \"L12\"", "kind = \"regular_infantry\"\nsquare = \"L12\"");
    let error = parse("battle.toml", &source).expect_err("no Command stand").to_string();
    let side_line = source.lines().position(|l| l == "id = \"red\"").expect("Red's line") + 1;
    assert!(error.starts_with(&format!("battle.toml, line {side_line}")), "{error}");
    assert!(
        error.contains(
            "Red's army has no Command stand: each side's army must have one (kind command_mounted or command_on_foot)"
        ),
        "{error}"
    );
}

/// Armies: "Each side's army must have a Command stand (i.e. the stand with the Commander on it)": one
/// Commander, so a side with a second Command stand is refused at that stand's line.
#[test]
fn a_side_with_two_command_stands_is_refused_at_the_second() {
    let source = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "")
        .stand("hq", "red", "command_on_foot", "A12", 0, "")
        .stand("second-hq", "red", "command_mounted", "B12", 0, "")
        .source();
    let error = parse("battle.toml", &source).expect_err("two Command stands").to_string();
    let second = source.lines().position(|l| l == "square = \"B12\"").expect("the second's square") + 1;
    assert!(error.starts_with(&format!("battle.toml, line {second}")), "{error}");
    assert!(
        error.contains("Red's army has a second Command stand, second-hq: an army has one Command stand, the stand with the Commander on it"),
        "{error}"
    );
}

/// The Battlefield's hills: a stand's place in the table view names its ground and, on a hill, its contour
/// level ("open, hill level 2"), as `game show` prints it.
#[test]
fn a_stand_on_a_hill_is_shown_on_its_ground_at_its_hill_level() {
    let hill = "woods = [\"G10\"]\n[[board.hills]]\nsquares = [\"F10\", \"G10\"]\nlevel = 1\n\n[[board.hills]]\nsquares = [\"F10\"]\nlevel = 2\n";
    let play = Battle::new(hill)
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "")
        .stand("rifles", "red", "regular_infantry", "G10", 0, "")
        .stand("warriors", "blue", "native_infantry", "F2", 180, "")
        .play();
    let view = sandtable::api::GameView::of(1, "conformance", &play.game);
    let cover = |id: &str| view.units.iter().find(|u| u.id == id).unwrap().rules.cover.clone().unwrap();
    assert_eq!(cover("redcoats"), "open, hill level 2");
    assert_eq!(cover("rifles"), "woods, hill level 1");
    assert_eq!(cover("warriors"), "open");
}
