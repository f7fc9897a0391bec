//! Contact: a charge pays for what lies between (it stops at a wall the enemy holds and fights across
//! it; it cannot cross a building or, on foot, an undefended wall in the same move); a plain move never
//! ends in contact; a group's figures follow the one measured round a defended wall, not through it.

use crate::support::{Siege, area, squad};

/// Squad `a` holds a wall at y 24-24.5 from behind (y 25.5); natives-1 waits north of it.
fn at_the_wall(natives_at: (f64, f64)) -> Siege {
    let wall = area("Wall", "wall", (5.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 25.5))));
    s.put("natives-1", natives_at);
    s.draw("5H");
    s
}

#[test]
fn natives_charging_a_defended_wall_stop_at_it_and_fight_across_it() {
    let mut s = at_the_wall((20.0, 19.0));
    let line = s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(line.contains("contact at Wall"), "{line}");
    assert!(s.unit("natives-1").alive().all(|f| f.pos.y < 24.0), "the natives stay on their side of the wall");
    assert_eq!(s.turn().melees.len(), 1);
}

#[test]
fn a_charge_on_foot_cannot_cross_an_undefended_wall_in_the_same_move() {
    let wall = area("Wall", "wall", (5.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 29.0))));
    s.put("natives-1", (20.0, 22.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("full move"), "{refusal:?}");
}

#[test]
fn a_building_between_bars_a_charge() {
    let house = area("House", "building", (15.0, 22.0), (27.0, 24.0));
    let mut s = Siege::mustered(&format!("{house}{}", squad("a", (20.0, 26.0))));
    s.put("natives-1", (20.0, 19.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("House bars the way"), "{refusal:?}");
}

#[test]
fn natives_charging_a_squad_in_a_building_stop_at_its_wall() {
    let house = area("House", "building", (15.0, 23.0), (27.0, 30.0));
    let mut s = Siege::mustered(&format!("{house}{}", squad("a", (20.0, 26.0))));
    s.put("natives-1", (20.0, 19.0));
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(s.unit("natives-1").alive().all(|f| f.pos.y < 23.0), "outside the house");
}

#[test]
fn a_plain_move_never_ends_in_contact() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.put("natives-1", (20.0, 27.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":20,"y":20.5}]}"#);
    assert!(refusal.message.contains("contact is made by a charge"), "{refusal:?}");
}

/// Movement: "Their movement is carried out by measuring the move distance of a single figure and grouping
/// the rest around him at the end of the move", and "A defended obstacle cannot be crossed". The figure
/// measured goes round the end of a defended wall; the others, carried beside him, would have gone through
/// it: they are grouped around him instead, on his side of it (none with the wall between him and them),
/// out of contact with its defenders.
#[test]
fn a_native_group_going_round_a_defended_wall_brings_its_figures_round_with_it() {
    let wall = area("Wall", "wall", (11.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (15.0, 25.5))));
    s.put("natives-1", (12.0, 21.0));
    s.draw("5H");
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":10.5,"y":21},{"x":10.5,"y":25}]}"#);
    let natives = s.unit("natives-1");
    let wall = sandtable::measure::Polygon::new(
        [(11.0, 24.0), (40.0, 24.0), (40.0, 24.5), (11.0, 24.5)]
            .map(|(x, y)| sandtable::measure::Pt::new(x, y))
            .to_vec(),
    );
    let measured = sandtable::measure::Pt::new(10.5, 25.0);
    assert!(
        natives
            .alive()
            .all(|f| !wall.segment_crosses(measured, f.pos) && wall.distance_to_outline(f.pos) >= 0.5 - 1e-9),
        "none across the wall from the figure measured, nor on it: {:?}",
        natives.figures
    );
    let squad: Vec<_> = s.unit("a").alive_positions();
    assert!(
        natives.alive().all(|f| squad.iter().all(|p| sandtable::measure::distance(*p, f.pos) >= 1.0 - 1e-9)),
        "none in contact: {:?}",
        natives.figures
    );
}

#[test]
fn a_native_group_just_raised_is_dragged_along_its_edge_and_not_away_from_it() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    let x = s.unit("natives-1").anchor().unwrap().x;
    let line = s.ok(&format!(r#"{{"type":"move","unit":"natives-1","path":[{{"x":{},"y":1}}]}}"#, x - 10.0));
    assert!(line.contains("along the north edge"), "{line}");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":12,"y":10}]}"#);
    assert!(refusal.message.contains("anywhere along it"), "{refusal:?}");
    let refusal = s.refused(r#"{"type":"place_figure","unit":"natives-1","figure":2,"at":{"x":12,"y":15}}"#);
    assert!(refusal.message.contains("3\""), "{refusal:?}");
}

/// Melee: "When opposing groups come into contact a savage hand-to-hand battle will ensue". A move whose
/// route passes through an enemy's line is contact, which only a charge makes.
#[test]
fn a_move_may_not_pass_through_an_enemy() {
    let mut s = Siege::mustered(&squad("a", (20.0, 30.0)));
    s.put("natives-1", (20.0, 26.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":20,"y":34}]}"#);
    assert!(refusal.message.contains("contact") && refusal.message.contains("charge"), "{refusal:?}");
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":13,"y":26}]}"#);
}

/// Melee: "When opposing groups come into contact a savage hand-to-hand battle will ensue". A charge at
/// one squad may not run through another standing in front of it: the refusal names the squad in the way.
#[test]
fn a_charge_may_not_run_through_another_enemy_group() {
    let mut s = Siege::mustered(&format!("{}{}", squad("front", (20.0, 30.0)), squad("rear", (20.0, 33.0))));
    s.put("natives-1", (20.0, 27.0));
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"rear"}"#);
    assert!(refusal.message.contains("front"), "{refusal:?}");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"front"}"#);
}

/// Movement: "Figures in the same room as a door may leave a building, if they do so the move is measured
/// from the door." A squad charging out of a building goes by its door, and the charge is measured from
/// it: 3.8" from the door, though 6.7" from the nearest man inside through the wall.
#[test]
fn a_charge_out_of_a_building_goes_by_its_door_and_is_measured_from_it() {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let doors = r#"buildings = [{ name = "House", doors = [[20, 25]] }]"#;
    let mut s = Siege::supplied("", doors, &format!("{house}{}", squad("a", (20.0, 22.0))));
    s.muster_basic();
    s.stand("natives-1", &[(23.0, 28.7), (22.0, 29.5), (24.0, 29.5), (23.0, 30.3)]);
    s.draw("5S");
    let line = s.ok(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    assert!(line.contains("out through the door of House"), "{line}");
    let a = s.unit("a");
    let natives: Vec<_> = s.unit("natives-1").alive_positions();
    assert!(
        a.alive().any(|f| natives.iter().any(|n| sandtable::measure::distance(*n, f.pos) <= 1.0 + 1e-6)),
        "in contact: {:?}",
        a.figures
    );
    assert!(a.alive().all(|f| f.pos.y > 25.0), "all out of the house: {:?}", a.figures);
}

/// Movement: a building is left by its doors; a squad in a building with none cannot charge out of it
/// (unless the enemy stands at its wall, to be fought across it).
#[test]
fn a_charge_out_of_a_building_with_no_door_is_refused() {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let mut s = Siege::mustered(&format!("{house}{}", squad("a", (20.0, 22.0))));
    s.stand("natives-1", &[(23.0, 28.7), (22.0, 29.5), (24.0, 29.5), (23.0, 30.3)]);
    s.draw("5S");
    let refusal = s.refused(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    assert!(refusal.message.contains("no door"), "{refusal:?}");
}

/// Movement: "Figures in the same room as a door may leave a building, if they do so the move is measured
/// from the door." A charge whose straight way out passes through the door is measured from the door too,
/// not from the man inside: 5.5" from the door, though 11.5" from the nearest man at the back of the house.
#[test]
fn a_charge_straight_out_through_a_door_is_measured_from_the_door() {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let doors = r#"buildings = [{ name = "House", doors = [[20, 25]] }]"#;
    let mut s = Siege::supplied("", doors, &format!("{house}{}", squad("a", (20.0, 18.0))));
    s.muster_basic();
    s.stand("a", &[(20.0, 18.0), (19.0, 18.0), (21.0, 18.0), (18.0, 18.0), (22.0, 18.0), (19.0, 19.0), (21.0, 19.0)]);
    s.stand("natives-1", &[(20.0, 31.5), (19.0, 32.3), (21.0, 32.3), (20.0, 33.1)]);
    s.draw("5S");
    let line = s.ok(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    assert!(line.contains("out through the door of House"), "{line}");
    assert!(s.unit("a").alive().all(|f| f.pos.y > 25.0), "all out of the house: {:?}", s.unit("a").figures);
}

/// Contact: "When opposing groups come into contact a savage hand-to-hand battle will ensue", and Movement:
/// the natives move "by measuring the move distance of a single figure and grouping the rest around him".
/// Ten natives beyond the end of a long wall charge a lone defender on its far side of their line: the
/// runner comes round the wall's end, and his men are grouped round him as after a move there, not refused
/// for want of room.
#[test]
fn a_charge_round_a_walls_end_finds_room_for_its_men() {
    let long = area("Long wall", "wall", (20.0, 10.0), (20.5, 30.0));
    let mut s = Siege::new(&format!("{long}{}", crate::support::unit("b", "colonial_foot", 1, (22.0, 15.0))));
    s.ok(r#"{"type":"muster","dice":[5,5,1]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    for _ in 0..4 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.stand(
        "natives-1",
        &[
            (18.5, 5.5),
            (19.5, 5.5),
            (20.5, 5.5),
            (21.5, 5.5),
            (21.32863233638325, 6.499419384226172),
            (21.32863233638325, 4.500580615773827),
            (20.834107262955317, 7.384659991886927),
            (20.834107262955317, 3.615340008113073),
            (19.95793725484282, 6.8690942118573775),
            (19.95793725484282, 4.130905788142622),
        ],
    );
    s.draw("9H");
    let line = s.ok(r#"{"type":"charge","unit":"natives-1","target":"b"}"#);
    assert!(line.contains("into contact with b"), "{line}");
    assert!(
        s.unit("natives-1").alive().all(|f| f.pos.x > 20.5 || f.pos.y < 10.0),
        "{:?}",
        s.unit("natives-1").alive_positions()
    );
}
