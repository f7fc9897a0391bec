//! Walls and barricades: "It is a full move to cross a linear obstacle such as a barricade or wall. A
//! defended obstacle cannot be crossed until all defenders are removed". No figure stands on one (they are
//! "based individually": a base is an inch across), and whether a move has crossed one is judged by the
//! side of it its figure measured stands on before and after, however the way over is split into moves.

use crate::support::{Siege, area, squad, unit};

/// Equipment: "Figures, based individually", and Movement: "It costs them 6" of their move to cross an
/// undefended linear obstacle". A horseman's base may not be left on a wall's line: a move ending on its
/// face is refused; one stopping half a base short of it is not, and the next, over it, pays its 6".
#[test]
fn a_move_may_not_leave_a_base_on_a_walls_line() {
    let low = area("Hedge wall", "wall", (0.0, 30.0), (24.0, 30.5));
    let mut s = Siege::mustered(&format!("{low}{}", unit("lancers", "colonial_mounted", 7, (5.0, 26.0))));
    s.draw("KS");
    let refusal = s.refused(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":30}]}"#);
    assert!(refusal.message.contains("on Hedge wall") && refusal.message.contains("base"), "{refusal:?}");
    s.refused(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":30.25}]}"#);
    let line = s.ok(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":29.5}]}"#);
    assert_eq!(line, "lancers moved 3.5\"");
    let line = s.ok(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":33}]}"#);
    assert!(line.contains("over Hedge wall (and 6\" to cross)"), "{line}");
}

/// Movement: "Any obstacle higher than a figure, for instance a high wall, is impassable to mounted
/// troops". Horse left standing on a high wall's line (as a correction, or a game stored before bases were
/// kept off walls, may leave them) have not got over it: stepping off its far side is crossing it.
#[test]
fn horse_left_on_a_high_walls_line_cannot_step_off_its_far_side() {
    let high = area("Fort wall (east)", "high_wall", (31.5, 15.0), (32.0, 33.0));
    let mut s = Siege::mustered(&format!("{high}{}", unit("guides", "colonial_mounted", 7, (26.0, 26.0))));
    s.stand(
        "guides",
        &[(31.75, 26.0), (30.0, 25.0), (30.0, 26.0), (30.0, 27.0), (29.0, 25.0), (29.0, 26.0), (29.0, 27.0)],
    );
    s.draw("KS");
    let refusal = s.refused(r#"{"type":"move","unit":"guides","path":[{"x":43,"y":26}]}"#);
    assert!(refusal.message.contains("impassable to mounted troops"), "{refusal:?}");
    let line = s.ok(r#"{"type":"move","unit":"guides","path":[{"x":28,"y":21}]}"#);
    assert!(!line.contains("over"), "back off its near side is no crossing: {line}");
}

/// Movement: "It is a full move to cross a linear obstacle such as a barricade or wall": on foot, crossing
/// one is the whole move, so a move over two (a wall and the barricade beyond it) is refused.
#[test]
fn on_foot_one_linear_obstacle_is_crossed_a_move() {
    let wall = area("Inner wall", "wall", (10.0, 30.0), (40.0, 30.5));
    let barricade = area("Outer barricade", "barricade", (10.0, 32.0), (40.0, 32.5));
    let mut s = Siege::mustered(&format!("{wall}{barricade}{}", squad("a", (20.0, 28.5))));
    s.draw("KS");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":34}]}"#);
    assert!(
        refusal.message.contains("Inner wall")
            && refusal.message.contains("Outer barricade")
            && refusal.message.contains("one"),
        "{refusal:?}"
    );
    let line = s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":31.25}]}"#);
    assert!(line.contains("over Inner wall"), "{line}");
}

/// Movement: "A defended obstacle cannot be crossed until all defenders are removed". An obstacle is
/// defended where it is crossed: an enemy figure within 1.5" of it and within 3" of the crossing. The
/// refusal names the defender and the distances; an enemy as near the route but 4" along the wall from
/// where it goes over does not bar it.
#[test]
fn an_obstacle_is_defended_by_an_enemy_holding_it_within_3_inches_of_the_crossing() {
    let wall = area("Wall", "wall", (10.0, 30.0), (40.0, 30.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (36.0, 40.0))));
    s.stand("natives-1", &[(21.0, 28.5), (22.0, 28.5), (21.0, 27.5), (22.0, 27.5)]);
    s.stand("a", &[(21.0, 31.5), (36.0, 40.0), (37.0, 40.0), (35.0, 40.0), (38.0, 40.0), (34.0, 40.0), (39.0, 40.0)]);
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":23,"y":28.5},{"x":23,"y":33}]}"#);
    assert!(
        refusal.message.contains("Wall is defended")
            && refusal.message.contains("a ")
            && refusal.message.contains("3\""),
        "{refusal:?}"
    );
    // Along the wall first, then over it 4" from the defender: not where he holds it.
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":25,"y":28.5},{"x":25,"y":32.5}]}"#);
}

/// Movement: "It is a full move to cross a linear obstacle". A squad already at the wall that is told to
/// go too far beyond it is told so, not to move up to the wall it stands at.
#[test]
fn a_squad_at_a_wall_going_too_far_beyond_it_is_told_to_stop_within_3_inches() {
    let wall = area("Wall", "wall", (10.0, 30.0), (40.0, 30.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 28.5))));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":34}]}"#);
    assert!(
        refusal.message.contains("within 3\" beyond") && !refusal.message.contains("move up to it first"),
        "{refusal:?}"
    );
    let mut far = Siege::mustered(&format!("{wall}{}", squad("b", (20.0, 25.0))));
    far.draw("2S");
    let refusal = far.refused(r#"{"type":"move","unit":"b","path":[{"x":20,"y":31}]}"#);
    assert!(refusal.message.contains("move up to it first"), "{refusal:?}");
}

/// Movement: "It is a full move to cross a linear obstacle such as a barricade or wall". Natives left with
/// a figure on a wall's line (by a correction, or a game stored before bases were kept off walls) have not
/// got over it: a charge from that figure off the wall's far side crosses it, which on foot is a move of
/// its own, so it is refused; a charge back on their own side is not.
#[test]
fn a_charge_from_a_walls_line_off_its_far_side_crosses_it() {
    let low = area("Hedge wall", "wall", (0.0, 30.0), (24.0, 30.5));
    let mut s = Siege::mustered(&format!("{low}{}{}", squad("beyond", (20.0, 36.0)), squad("behind", (25.0, 26.0))));
    s.stand("natives-1", &[(20.0, 30.25), (15.0, 28.0), (14.0, 28.0), (13.0, 28.0)]);
    s.draw("5H");
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"beyond"}"#);
    assert!(refusal.message.contains("Hedge wall") && refusal.message.contains("full move"), "{refusal:?}");
    let line = s.ok(r#"{"type":"charge","unit":"natives-1","target":"behind"}"#);
    assert!(!line.contains("Hedge wall"), "{line}");
}

/// Movement: "Any obstacle higher than a figure, for instance a high wall, is impassable to mounted troops".
/// Horse left with a man on a high wall's line have not got over it: a charge from him off its far side
/// is barred by it.
#[test]
fn horse_charging_from_a_high_walls_line_off_its_far_side_are_barred() {
    let high = area("Fort wall (east)", "high_wall", (31.5, 15.0), (32.0, 33.0));
    let mut s = Siege::mustered(&format!("{high}{}", unit("guides", "colonial_mounted", 7, (26.0, 26.0))));
    s.stand(
        "guides",
        &[(31.75, 26.0), (30.0, 25.0), (30.0, 26.0), (30.0, 27.0), (29.0, 25.0), (29.0, 26.0), (29.0, 27.0)],
    );
    s.stand("natives-1", &[(36.0, 26.0), (37.0, 26.0), (36.0, 27.0), (37.0, 27.0)]);
    s.draw("KS");
    let refusal = s.refused(r#"{"type":"charge","unit":"guides","target":"natives-1"}"#);
    assert!(refusal.message.contains("Fort wall (east)"), "{refusal:?}");
}

/// The Boxer Compound's north gate: its barricade half an inch off the wall's line, the slot between them
/// narrower than a base.
fn at_the_gate() -> Siege {
    let west = area("North wall (west of the gate)", "wall", (15.0, 15.0), (22.0, 15.5));
    let east = area("North wall (east of the gate)", "wall", (26.0, 15.0), (33.0, 15.5));
    let gate = area("North gate barricade", "barricade", (22.0, 14.0), (26.0, 14.5));
    let mut s = Siege::mustered(&format!("{west}{east}{gate}{}", squad("a", (5.0, 40.0))));
    s.stand("natives-1", &[(20.0, 12.0), (19.0, 12.0), (20.0, 11.0), (19.0, 11.0)]);
    s.draw("5H");
    s
}

/// Equipment: "Figures, based individually", and Movement: "It is a full move to cross a linear obstacle
/// such as a barricade or wall". A base an inch across does not slip through the half-inch slot between a
/// gate's barricade and the wall: a route threading it, crossing neither, is refused, naming the wall it
/// brushes. Over the barricade is the way in, and every man ends on his leader's side, inside.
#[test]
fn a_route_does_not_slip_through_a_slot_narrower_than_a_base() {
    let mut s = at_the_gate();
    let refusal = s.refused(
        r#"{"type":"move","unit":"natives-1","path":[{"x":21.75,"y":14.75},{"x":23.5,"y":14.75},{"x":23.5,"y":17}]}"#,
    );
    assert!(
        refusal.message.contains("North wall (west of the gate)") && refusal.message.contains("half a base"),
        "{refusal:?}"
    );
    let line = s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":23,"y":12},{"x":23,"y":17}]}"#);
    assert!(line.contains("over North gate barricade"), "{line}");
    assert!(
        s.unit("natives-1").alive().all(|f| f.pos.y > 15.5),
        "every man inside: {:?}",
        s.unit("natives-1").alive_positions()
    );
}

/// Movement: "It is a full move to cross a linear obstacle such as a barricade or wall". A route over a
/// wall and back over it ends on the side it began, but goes over it twice: two crossings, refused on foot;
/// horse pay 6" for each.
#[test]
fn a_route_over_a_wall_and_back_is_two_crossings() {
    let long = area("Long wall", "wall", (20.0, 10.0), (20.5, 30.0));
    let mut s = Siege::mustered(&format!("{long}{}", unit("lancers", "colonial_mounted", 3, (23.0, 26.0))));
    s.stand("natives-1", &[(21.5, 20.0), (22.5, 20.0), (21.5, 21.0), (22.5, 21.0)]);
    s.draw("5H");
    let refusal =
        s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":19,"y":20},{"x":19,"y":22},{"x":21.5,"y":22.5}]}"#);
    assert!(refusal.message.contains("Long wall and back"), "{refusal:?}");
    s.ok(r#"{"type":"pass"}"#);
    s.draw("KS");
    let refusal =
        s.refused(r#"{"type":"move","unit":"lancers","path":[{"x":19,"y":26},{"x":19,"y":28},{"x":23,"y":28}]}"#);
    assert!(refusal.message.contains("12\" to cross"), "{refusal:?}");
}

/// Equipment: "Figures, based individually", and Movement: "It is a full move to cross a linear obstacle
/// such as a barricade or wall". A charge's run is a route too: straight through the slot between the
/// gate's barricade and the wall's end, nearer either than half a base, it is refused, naming the wall.
#[test]
fn a_charge_does_not_run_through_a_slot_narrower_than_a_base() {
    let mut s = at_the_gate();
    s.stand("a", &[(27.5, 16.1), (28.5, 16.1), (29.5, 16.1), (30.5, 16.1), (31.5, 16.1), (32.5, 16.1), (33.5, 16.1)]);
    s.stand("natives-1", &[(20.0, 14.4), (19.0, 14.4), (18.0, 14.4), (17.0, 14.4)]);
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("North wall") && refusal.message.contains("half a base"), "{refusal:?}");
}

/// Movement: the natives move "by measuring the move distance of a single figure and grouping the rest
/// around him", and Equipment: "Figures, based individually". Natives going over the gate's barricade take
/// every man over with their leader: one carried to a place outside, whose straight way to his leader
/// slips through the slot between the barricade and the wall's end, is not on his side of the wall, and is
/// set inside with him.
#[test]
fn a_man_beyond_a_slot_narrower_than_a_base_is_not_on_his_leaders_side() {
    let mut s = at_the_gate();
    s.stand("natives-1", &[(23.5, 12.5), (21.2, 10.6), (24.5, 12.5), (25.5, 12.5)]);
    let line = s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":23.5,"y":15.9}]}"#);
    assert!(line.contains("over North gate barricade"), "{line}");
    assert!(
        s.unit("natives-1").alive().all(|f| f.pos.y > 15.0),
        "every man inside: {:?}",
        s.unit("natives-1").alive_positions()
    );
}
