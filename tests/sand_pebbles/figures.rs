//! Figures on the table. The text moves units as a whole; Sandtable reads it so that a unit rearranges its
//! figures in its movement, once it has rolled, each figure going no farther than the unit's roll
//! (docs/rules/sand-pebbles.md). A boat is one model; a new facing wheels a unit's line.

use sandtable::measure::{Pt, distance};

use crate::support::{Sp, unit};

fn at(sp: &Sp, unit: &str, figure: u32) -> Pt {
    sp.unit(unit).figures.iter().find(|f| f.id == figure).unwrap().pos
}

fn table() -> Sp {
    let body =
        unit("marines", "allies", "marines", 5, (20.0, 10.0)) + &unit("boxers", "boxers", "boxers", 5, (20.0, 40.0));
    Sp::new(&body)
}

/// Figures are carried out of the unit's roll: the farthest figure placed takes its distance off what is
/// left, and none goes farther than that.
#[test]
fn figures_are_carried_out_of_the_units_roll() {
    let mut sp = table();
    let r = sp.refused(r#"{"type":"place_figure","unit":"marines","figure":1,"at":{"x":21,"y":12}}"#);
    assert!(r.message.contains("Initiative for movement"), "{}", r.message);
    sp.movement("allies");
    let r = sp.refused(r#"{"type":"place_figure","unit":"marines","figure":1,"at":{"x":21,"y":12}}"#);
    assert!(r.message.contains("roll its movement first"), "{}", r.message);
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,2]}"#);
    sp.ok(r#"{"type":"place_figure","unit":"marines","figure":1,"at":{"x":21,"y":14}}"#);
    assert_eq!(sp.game.state().allowances["marines"].left, 5.0);
    let r = sp.refused(r#"{"type":"place_figure","unit":"marines","figure":2,"at":{"x":19,"y":16}}"#);
    assert!(r.message.contains("carried 6.0\", past the 5.0\" of movement left"), "{}", r.message);
    assert!(r.rule.unwrap().starts_with("Sand Pebbles, Movement Chart"));
}

#[test]
fn a_line_turned_to_face_the_enemy_wheels_about_its_leader() {
    let mut sp = table();
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,2]}"#);
    sp.ok(r#"{"type":"move","unit":"marines","path":[{"x":20,"y":14}],"facing":90}"#);
    assert_eq!(at(&sp, "marines", 0), Pt::new(20.0, 14.0));
    // Set out facing up the table the line ran east-west; facing east it runs north-south.
    assert!(distance(at(&sp, "marines", 1), Pt::new(20.0, 15.0)) < 1e-9, "{:?}", at(&sp, "marines", 1));
    assert!(distance(at(&sp, "marines", 2), Pt::new(20.0, 13.0)) < 1e-9, "{:?}", at(&sp, "marines", 2));
}

#[test]
fn a_unit_forms_a_column_in_its_movement() {
    let mut sp = table();
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,2]}"#);
    let line = sp.ok(r#"{"type":"arrange","unit":"marines","formation":"column","facing":180}"#);
    assert!(line.contains("a column 1\" apart"), "{line}");
    assert_eq!(sp.unit("marines").facing, 180.0);
    assert!(distance(at(&sp, "marines", 4), Pt::new(19.5, 8.0)) < 1e-9, "{:?}", at(&sp, "marines", 4));
}

#[test]
fn a_correction_is_taken_in_any_phase_and_logged_as_one() {
    let mut sp = table();
    let line = sp.ok(r#"{"type":"correct_position","unit":"boxers","figures":[{"figure":3,"at":{"x":30,"y":40}}]}"#);
    assert!(
        line.starts_with("Correction: boxers put where it stands on the table: figure 3 to (30.0, 40.0)"),
        "{line}"
    );
    assert_eq!(at(&sp, "boxers", 3), Pt::new(30.0, 40.0));
}
