use nalgebra::Point2;

use super::{EPSILON, Pt};

/// `degrees` brought into [0, 360).
pub fn normalise_degrees(degrees: f64) -> f64 {
    let turned = degrees.rem_euclid(360.0);
    // rem_euclid of a tiny negative number rounds up to exactly 360.0, which is outside the range.
    if turned >= 360.0 { 0.0 } else { turned }
}

/// The direction from `from` to `to` in degrees clockwise from up the table (toward -y).
/// A point has no direction to itself; that case reads 0 so callers need not special-case it.
pub fn bearing(from: Pt, to: Pt) -> f64 {
    let offset = Point2::from(to) - Point2::from(from);
    if offset.norm() <= EPSILON {
        return 0.0;
    }
    // Screen y grows downward, so "up" is -y: atan2(east, north) with north = -dy.
    normalise_degrees(offset.x.atan2(-offset.y).to_degrees())
}

/// The smaller angle between two directions, 0..=180 degrees.
pub fn angle_between(a_deg: f64, b_deg: f64) -> f64 {
    let difference = normalise_degrees(a_deg - b_deg);
    difference.min(360.0 - difference)
}

/// Whether `target` lies within `half_angle_deg` either side of `facing_deg` as seen from `origin`.
/// A target exactly on the arc's edge is inside (rules say "within"); a target at the origin is inside,
/// since a figure in base contact cannot be outside anyone's arc.
pub fn in_arc(origin: Pt, facing_deg: f64, half_angle_deg: f64, target: Pt) -> bool {
    if super::distance(origin, target) <= EPSILON {
        return true;
    }
    // The tolerance is in degrees: enough to absorb atan2's rounding on an exact 45° diagonal.
    angle_between(bearing(origin, target), facing_deg) <= half_angle_deg + EPSILON
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: Pt = Pt::new(10.0, 10.0);

    #[test]
    fn bearings_run_clockwise_from_up_the_table() {
        assert_eq!(bearing(ORIGIN, Pt::new(10.0, 0.0)), 0.0);
        assert_eq!(bearing(ORIGIN, Pt::new(20.0, 10.0)), 90.0);
        assert_eq!(bearing(ORIGIN, Pt::new(10.0, 20.0)), 180.0);
        assert_eq!(bearing(ORIGIN, Pt::new(0.0, 10.0)), 270.0);
        assert!((bearing(ORIGIN, Pt::new(15.0, 5.0)) - 45.0).abs() < 1e-9);
    }

    #[test]
    fn bearing_to_the_same_point_is_zero() {
        assert_eq!(bearing(ORIGIN, ORIGIN), 0.0);
    }

    #[test]
    fn degrees_normalise_into_zero_to_360() {
        assert_eq!(normalise_degrees(360.0), 0.0);
        assert_eq!(normalise_degrees(-90.0), 270.0);
        assert_eq!(normalise_degrees(725.0), 5.0);
        let tiny = normalise_degrees(-1e-20);
        assert!((0.0..360.0).contains(&tiny));
    }

    #[test]
    fn angle_between_takes_the_short_way_round() {
        assert_eq!(angle_between(350.0, 10.0), 20.0);
        assert_eq!(angle_between(10.0, 350.0), 20.0);
        assert_eq!(angle_between(0.0, 180.0), 180.0);
        assert_eq!(angle_between(90.0, 90.0), 0.0);
        assert_eq!(angle_between(-90.0, 270.0), 0.0);
    }

    #[test]
    fn a_target_on_the_arc_edge_is_inside() {
        // Facing up with a 45° half-arc: the diagonal up-right is exactly on the edge.
        assert!(in_arc(ORIGIN, 0.0, 45.0, Pt::new(15.0, 5.0)));
        assert!(in_arc(ORIGIN, 0.0, 45.0, Pt::new(5.0, 5.0)));
        // From (2.3, 2.3) the bearing to (3.0, 1.6) computes as 45.000000000000014°.
        assert!(bearing(Pt::new(2.3, 2.3), Pt::new(3.0, 1.6)) > 45.0);
        assert!(in_arc(Pt::new(2.3, 2.3), 0.0, 45.0, Pt::new(3.0, 1.6)));
    }

    #[test]
    fn a_target_just_outside_the_arc_is_outside() {
        assert!(!in_arc(ORIGIN, 0.0, 45.0, Pt::new(15.1, 5.0)));
        assert!(!in_arc(ORIGIN, 0.0, 45.0, Pt::new(10.0, 20.0)));
    }

    #[test]
    fn arcs_wrap_across_north() {
        assert!(in_arc(ORIGIN, 350.0, 30.0, Pt::new(12.0, 0.0)));
        assert!(in_arc(ORIGIN, 10.0, 30.0, Pt::new(8.0, 0.0)));
    }

    #[test]
    fn the_origin_itself_is_in_every_arc() {
        assert!(in_arc(ORIGIN, 123.0, 1.0, ORIGIN));
    }

    #[test]
    fn a_half_angle_of_180_sees_all_round() {
        assert!(in_arc(ORIGIN, 0.0, 180.0, Pt::new(10.0, 30.0)));
    }
}
