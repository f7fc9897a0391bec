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
/// it: they are grouped around him instead, on his side of it, out of contact with its defenders.
#[test]
fn a_native_group_going_round_a_defended_wall_brings_its_figures_round_with_it() {
    let wall = area("Wall", "wall", (11.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (15.0, 25.5))));
    s.put("natives-1", (12.0, 21.0));
    s.draw("5H");
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":10.5,"y":21},{"x":10.5,"y":25}]}"#);
    let natives = s.unit("natives-1");
    assert!(
        natives.alive().all(|f| f.pos.y >= 24.5 || f.pos.x <= 11.0 + 1e-9),
        "none across the wall: {:?}",
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
