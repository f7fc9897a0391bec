//! Segment tests shared by the polygon queries. Every test gives touching the benefit of the doubt
//! (within `EPSILON`), because on the table a route that grazes a wall's corner has reached the wall.

use nalgebra::{Point2, Vector2};

use super::{EPSILON, Pt};

/// Twice the signed area of triangle (o, a, b): positive when b is counter-clockwise of o→a in
/// mathematical axes (clockwise on screen, where y points down). Only the sign matters here.
fn turn(o: Point2<f64>, a: Point2<f64>, b: Point2<f64>) -> f64 {
    let (oa, ob): (Vector2<f64>, Vector2<f64>) = (a - o, b - o);
    oa.perp(&ob)
}

/// Whether `p` lies on the segment from `a` to `b`, to within `EPSILON` inches.
pub(super) fn on_segment(p: Pt, a: Pt, b: Pt) -> bool {
    let (p, a, b) = (Point2::from(p), Point2::from(a), Point2::from(b));
    let along = b - a;
    let length_squared = along.norm_squared();
    let t = if length_squared == 0.0 { 0.0 } else { ((p - a).dot(&along) / length_squared).clamp(0.0, 1.0) };
    (p - (a + along * t)).norm() <= EPSILON
}

/// How far `p` is from the segment from `a` to `b`: to its nearest point.
pub fn distance_to_segment(p: Pt, a: Pt, b: Pt) -> f64 {
    let (p, a, b) = (Point2::from(p), Point2::from(a), Point2::from(b));
    let along = b - a;
    let length_squared = along.norm_squared();
    let t = if length_squared == 0.0 { 0.0 } else { ((p - a).dot(&along) / length_squared).clamp(0.0, 1.0) };
    (p - (a + along * t)).norm()
}

/// How far along the segment from `a` to `b` (0 at `a`, 1 at `b`) it meets the segment from `p` to `q`.
pub(super) fn meeting_along(a: Pt, b: Pt, p: Pt, q: Pt) -> Option<f64> {
    let (r, s) = (Vector2::new(b.x - a.x, b.y - a.y), Vector2::new(q.x - p.x, q.y - p.y));
    let denominator = r.perp(&s);
    if denominator.abs() < 1e-12 {
        return None;
    }
    let offset = Vector2::new(p.x - a.x, p.y - a.y);
    let (t, u) = (offset.perp(&s) / denominator, offset.perp(&r) / denominator);
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

/// Whether two closed segments share at least one point.
pub(super) fn segments_meet(p1: Pt, p2: Pt, q1: Pt, q2: Pt) -> bool {
    let (a, b, c, d) = (Point2::from(p1), Point2::from(p2), Point2::from(q1), Point2::from(q2));
    let straddles_q = turn(c, d, a).signum() * turn(c, d, b).signum() < 0.0;
    let straddles_p = turn(a, b, c).signum() * turn(a, b, d).signum() < 0.0;
    if straddles_q && straddles_p {
        return true;
    }
    // Otherwise they can only meet where an endpoint of one touches the other (including collinear overlap).
    on_segment(p1, q1, q2) || on_segment(p2, q1, q2) || on_segment(q1, p1, p2) || on_segment(q2, p1, p2)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Pt = Pt::new(0.0, 0.0);
    const B: Pt = Pt::new(10.0, 0.0);

    #[test]
    fn a_point_on_a_segment_is_on_it_and_one_beyond_the_end_is_not() {
        assert!(on_segment(Pt::new(5.0, 0.0), A, B));
        assert!(on_segment(B, A, B));
        assert!(!on_segment(Pt::new(10.1, 0.0), A, B));
        assert!(!on_segment(Pt::new(5.0, 0.1), A, B));
    }

    #[test]
    fn crossing_segments_meet() {
        assert!(segments_meet(A, B, Pt::new(5.0, -5.0), Pt::new(5.0, 5.0)));
    }

    #[test]
    fn a_segment_ending_on_another_meets_it() {
        assert!(segments_meet(A, B, Pt::new(5.0, -5.0), Pt::new(5.0, 0.0)));
    }

    #[test]
    fn collinear_overlapping_segments_meet_and_separate_ones_do_not() {
        assert!(segments_meet(A, B, Pt::new(8.0, 0.0), Pt::new(12.0, 0.0)));
        assert!(!segments_meet(A, B, Pt::new(11.0, 0.0), Pt::new(12.0, 0.0)));
    }

    #[test]
    fn parallel_and_distant_segments_do_not_meet() {
        assert!(!segments_meet(A, B, Pt::new(0.0, 1.0), Pt::new(10.0, 1.0)));
        assert!(!segments_meet(A, B, Pt::new(5.0, 1.0), Pt::new(5.0, 5.0)));
    }
}
