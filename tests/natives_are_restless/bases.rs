//! Bases: "Figures, based individually". Sandtable takes a base to be an inch across (half an inch each way
//! from the figure's point): every move, charge, fall back, arrangement and placement keeps each base clear
//! of every other figure, off every wall and barricade and off every building's outline, and a squad's
//! men "arranged around him", within 3" of the figure measured.

use sandtable::measure::{Polygon, Pt, distance};

use crate::movement::clear_of_each_other;
use crate::support::{Siege, area, squad};

fn rectangle((x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> Polygon {
    Polygon::new(vec![Pt::new(x0, y0), Pt::new(x1, y0), Pt::new(x1, y1), Pt::new(x0, y1)])
}

/// How far a figure's point stands from an area: 0 inside it.
fn apart(area: &Polygon, p: Pt) -> f64 {
    if area.contains(p) { 0.0 } else { area.distance_to_outline(p) }
}

/// Melee: "Once a melee has started other groups may be fed into it". A second group charging the squad
/// the first is already fighting runs to the same place; its runner is set beside the first group's
/// figure there, not on it, and none of its figures ends behind the squad's line.
#[test]
fn a_group_fed_into_a_melee_stands_no_figure_on_another() {
    let mut s = Siege::mustered(&squad("a", (20.0, 30.0)));
    s.put("natives-1", (20.0, 27.0));
    s.stand("natives-2", &[(20.0, 24.0), (20.0, 23.0), (20.0, 22.0), (20.0, 21.0)]);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("6H");
    s.ok(r#"{"type":"charge","unit":"natives-2","target":"a"}"#);
    clear_of_each_other(&s);
    for group in ["natives-1", "natives-2"] {
        assert!(
            s.unit(group).alive().all(|f| f.pos.y < 30.0),
            "{group} on its side of the line: {:?}",
            s.unit(group).figures
        );
    }
}

/// Movement: "measuring the move for the Officer/NCO": the point he is moved to is his base's, and may
/// not be on another figure's.
#[test]
fn a_moves_figure_measured_may_not_end_on_another_figure() {
    let mut s = Siege::mustered(&format!("{}{}", squad("a", (20.0, 20.0)), squad("c", (20.0, 26.0))));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"c","path":[{"x":21,"y":20.5}]}"#);
    assert!(refusal.message.contains("figure of a") && refusal.message.contains("base"), "{refusal:?}");
}

/// Movement: "arranging the members of his squad around him as necessary": a man carried with his officer
/// to a place where his base would be on a wall, or on a building's outline, is set clear of it.
#[test]
fn men_are_never_arranged_with_their_bases_on_a_wall_or_a_buildings_outline() {
    for cover in ["wall", "building"] {
        let obstacle = rectangle((32.2, 10.0), (32.7, 30.0));
        let wall = area("East wall", cover, (32.2, 10.0), (32.7, 30.0));
        let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (26.0, 18.0))));
        s.stand(
            "a",
            &[(26.0, 18.0), (23.0, 18.0), (24.0, 18.0), (25.0, 18.0), (27.0, 18.0), (28.0, 18.0), (29.0, 18.0)],
        );
        s.draw("KS");
        s.ok(r#"{"type":"move","unit":"a","path":[{"x":30,"y":18}]}"#);
        let a = s.unit("a");
        assert!(
            a.alive().all(|f| f.pos.x < 32.2 && apart(&obstacle, f.pos) >= 0.5 - 1e-6),
            "{cover}: every base clear of it: {:?}",
            a.figures
        );
        clear_of_each_other(&s);
    }
}

/// Movement: "arranging the members of his squad around him": by hand too, no man is put with his base
/// on a wall or on another figure.
#[test]
fn a_man_put_by_hand_on_a_wall_or_on_another_figure_is_refused() {
    let wall = area("East wall", "wall", (32.2, 10.0), (32.7, 30.0));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (26.0, 18.0))));
    s.draw("KS");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":30,"y":18}]}"#);
    let refusal = s.refused(r#"{"type":"place_figure","unit":"a","figure":1,"at":{"x":32,"y":19.5}}"#);
    assert!(refusal.message.contains("East wall"), "{refusal:?}");
    let refusal = s.refused(r#"{"type":"place_figure","unit":"a","figure":1,"at":{"x":30.3,"y":18.2}}"#);
    assert!(refusal.message.contains("figure"), "{refusal:?}");
    let refusal = s
        .refused(r#"{"type":"arrange","unit":"a","formation":"free","figures":[{"figure":1,"at":{"x":32.1,"y":17}}]}"#);
    assert!(refusal.message.contains("East wall"), "{refusal:?}");
    s.ok(r#"{"type":"place_figure","unit":"a","figure":1,"at":{"x":30,"y":20.5}}"#);
}

/// Melee: the loser "must fall back a full move", and "It is a full move to cross a linear obstacle": a
/// squad falling back slantwise over a wall stops with every base clear of its far face, not half a base
/// along its way past it.
#[test]
fn a_slantwise_fall_back_over_a_wall_stops_with_every_base_clear_of_it() {
    let wall = rectangle((0.0, 21.5), (40.0, 22.0));
    let mut s = Siege::mustered(&format!(
        "{}{}",
        area("Ditch wall", "wall", (0.0, 21.5), (40.0, 22.0)),
        squad("a", (20.0, 20.0))
    ));
    s.stand("natives-1", &[(21.0, 14.0), (22.0, 14.0), (23.0, 14.0), (24.0, 14.0)]);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("JC");
    s.ok(r#"{"type":"pass"}"#);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("over Ditch wall"), "{line}");
    let a = s.unit("a");
    assert!(a.alive().all(|f| f.pos.y > 22.0 && apart(&wall, f.pos) >= 0.5 - 1e-6), "{line}\n{:?}", a.figures);
    clear_of_each_other(&s);
}

/// Movement: "Movement is carried out by measuring the move for the Officer/NCO and then arranging the
/// members of his squad around him": a man who had strayed far from his officer is brought in round him.
#[test]
fn a_move_brings_a_straggler_in_round_his_officer() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.stand("a", &[(20.0, 20.0), (21.0, 20.0), (19.0, 20.0), (22.0, 20.0), (18.0, 20.0), (23.0, 20.0), (40.0, 40.0)]);
    s.draw("2S");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":24}]}"#);
    let officer = Pt::new(20.0, 24.0);
    let a = s.unit("a");
    assert!(a.alive().all(|f| distance(f.pos, officer) <= 3.0 + 1e-6), "{:?}", a.figures);
}

/// Movement: "Colonial groups ... may be combined as an action if they are within 6" of each other": the
/// men who join stand round their new Officer/NCO, within 3" of him, as any squad's men do.
#[test]
fn men_joining_by_combining_stand_round_their_new_officer() {
    let mut s = Siege::mustered(&format!("{}{}", squad("a", (10.0, 20.0)), squad("b", (10.0, 24.0))));
    s.ok(r#"{"type":"record_losses","unit":"a","count":4}"#);
    s.ok(r#"{"type":"record_losses","unit":"b","count":3}"#);
    s.draw("2S");
    s.ok(r#"{"type":"combine","unit":"a","into":"b"}"#);
    let b = s.unit("b");
    let officer = b.leader().unwrap().pos;
    assert!(b.alive().all(|f| distance(f.pos, officer) <= 3.0 + 1e-6), "{:?}", b.figures);
    clear_of_each_other(&s);
}
