//! Floors: "Moving from a floor in a building to any other floor in the same building (or the roof) is a
//! full move", and Shooting: "High walls, buildings, trees etc. block line of sight", hard cover "Inside a
//! building". The text is silent on height; Sandtable reads it (option `height_sees_over_walls`) so that
//! from an upper floor or a roof walls and barricades do not block sight, and a figure on a roof is not
//! inside the building: it has the cover the scenario gives the roof (a parapet), else none.

use crate::support::{Siege, area, squad};

const TOWER: &str =
    r#"buildings = [{ name = "Tower", levels = ["ground floor", "upper floor", "roof"], doors = [[19, 20]] }]"#;
const TOWER_WITH_PARAPET: &str = r#"buildings = [{ name = "Tower", levels = ["ground floor", "upper floor", "roof"], doors = [[19, 20]], parapet = true }]"#;

/// Squad `a` in a tower (17-21, 16-20) half an inch inside a high wall (y 15-15.5), natives-1 beyond the
/// wall at (19, 10); `riflemen`: natives-1 are natives with guns.
fn in_the_tower(options: &str, buildings: &str, wall: bool, riflemen: bool) -> Siege {
    let tower = area("Tower", "building", (17.0, 16.0), (21.0, 20.0));
    let wall = if wall { area("Fort wall", "high_wall", (10.0, 15.0), (40.0, 15.5)) } else { String::new() };
    let mut s = Siege::supplied(options, buildings, &format!("{tower}{wall}{}", squad("a", (19.0, 18.0))));
    s.ok(if riflemen { r#"{"type":"muster","dice":[2,3,6]}"# } else { r#"{"type":"muster","dice":[2,2,1]}"# });
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(if riflemen { r#"{"type":"raise","kind":"native_riflemen"}"# } else { r#"{"type":"raise"}"# });
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.stand("a", &[(18.0, 17.0), (19.0, 17.0), (20.0, 17.0), (18.0, 18.0), (19.0, 18.0), (20.0, 18.0), (19.0, 19.0)]);
    let natives: Vec<(f64, f64)> = [(19.0, 10.0), (20.0, 10.0), (18.0, 10.0), (21.0, 10.0)]
        .into_iter()
        .take(s.unit("natives-1").alive_count() as usize)
        .collect();
    s.stand("natives-1", &natives);
    s
}

/// Shooting: "High walls ... block line of sight"; from the tower's roof or its upper floor, Sandtable's
/// reading of height, the squad sees over the fort's wall the natives beyond it, who stand in the open.
#[test]
fn from_a_roof_or_an_upper_floor_a_squad_sees_over_the_walls() {
    for level in ["roof", "upper floor"] {
        let mut s = in_the_tower("", TOWER, true, false);
        s.draw("QS");
        s.refused(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1,1,1,1,1]}"#);
        s.ok(&format!(r#"{{"type":"climb","unit":"a","level":"{level}"}}"#));
        let line = s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1,1,1,1,1]}"#);
        assert!(line.contains("in the open") && line.contains("1 killed"), "{level}: {line}");
    }
}

/// The option `height_sees_over_walls = false`: floors change nothing for sight.
#[test]
fn without_the_option_a_roof_sees_no_farther_than_the_ground() {
    let mut s = in_the_tower("height_sees_over_walls = false", TOWER, true, false);
    s.draw("QS");
    s.ok(r#"{"type":"climb","unit":"a","level":"roof"}"#);
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[1,1,1,1,1,1,1]}"#);
    assert!(refusal.message.contains("Fort wall blocks"), "{refusal:?}");
}

/// Shooting: hard cover is "Inside a building". The tower's upper floor is inside it; its roof is not: a
/// squad on the roof is in the open, unless the scenario gives the roof a parapet.
#[test]
fn a_squad_on_a_roof_has_only_the_cover_of_its_parapet() {
    let cover = |buildings: &str, level: &str| {
        let mut s = in_the_tower("", buildings, false, true);
        s.draw("QS");
        s.ok(&format!(r#"{{"type":"climb","unit":"a","level":"{level}"}}"#));
        s.odds(r#"{"type":"fire","unit":"natives-1","target":"a"}"#).label
    };
    assert!(cover(TOWER, "upper floor").contains("in hard cover"), "{}", cover(TOWER, "upper floor"));
    assert!(cover(TOWER, "roof").contains("in the open"), "{}", cover(TOWER, "roof"));
    assert!(cover(TOWER_WITH_PARAPET, "roof").contains("in hard cover"), "{}", cover(TOWER_WITH_PARAPET, "roof"));
}

/// Movement: a unit is upstairs only in its building. A squad put outside it by a correction stands on the
/// ground: it may charge, and its card no longer says it is on the roof.
#[test]
fn a_squad_put_outside_its_building_by_a_correction_is_on_the_ground() {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let doors = r#"buildings = [{ name = "House", levels = ["ground floor", "roof"], doors = [[20, 25]] }]"#;
    let mut s = Siege::supplied("", doors, &format!("{house}{}", squad("a", (20.0, 20.0))));
    s.muster_basic();
    s.draw("QS");
    s.ok(r#"{"type":"climb","unit":"a","level":"roof"}"#);
    s.put("a", (8.0, 36.0));
    s.put("natives-4", (8.0, 40.0));
    let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
    let card = view.units.iter().find(|u| u.id == "a").unwrap();
    assert!(card.rules.notes.iter().all(|n| n.key != "level"), "{:?}", card.rules.notes);
    s.ok(r#"{"type":"charge","unit":"a","target":"natives-4"}"#);
}

/// Shooting: hard cover is "Inside a building", and a roof is not inside it. A squad's card says the cover
/// a shot would find it in: on a roof with no parapet, the open, not "building"; with a parapet, the roof's.
#[test]
fn a_squads_card_on_a_roof_names_the_cover_a_shot_finds() {
    let card_cover = |buildings: &str| {
        let mut s = in_the_tower("", buildings, false, true);
        s.draw("QS");
        s.ok(r#"{"type":"climb","unit":"a","level":"roof"}"#);
        let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
        view.units.iter().find(|u| u.id == "a").unwrap().rules.cover.clone().unwrap()
    };
    assert!(card_cover(TOWER).starts_with("open"), "{}", card_cover(TOWER));
    assert!(card_cover(TOWER_WITH_PARAPET).contains("parapet"), "{}", card_cover(TOWER_WITH_PARAPET));
}
