use serde::{Deserialize, Serialize};

use super::Pt;
use super::segment::{distance_to_segment, meeting_along, on_segment, segments_meet};

/// A simple polygon (no self-crossings) with vertices in inches, in either winding order; the last
/// vertex joins back to the first. Fewer than three vertices enclose nothing, so such a polygon
/// contains and is crossed by nothing rather than failing: scenario loading is where shapes are judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Polygon {
    vertices: Vec<Pt>,
}

impl Polygon {
    pub fn new(vertices: Vec<Pt>) -> Polygon {
        Polygon { vertices }
    }

    pub fn vertices(&self) -> &[Pt] {
        &self.vertices
    }

    fn encloses_area(&self) -> bool {
        self.vertices.len() >= 3
    }

    fn edges(&self) -> impl Iterator<Item = (Pt, Pt)> + '_ {
        let next = self.vertices.iter().cycle().skip(1);
        self.vertices.iter().copied().zip(next.copied())
    }

    /// How far `p` is from the outline (0 on it; a point inside is measured to the outline too).
    pub fn distance_to_outline(&self, p: Pt) -> f64 {
        self.edges().map(|(a, b)| distance_to_segment(p, a, b)).fold(f64::INFINITY, f64::min)
    }

    /// How far along the segment from `a` to `b` (0 at `a`, 1 at `b`) it first meets the outline.
    pub fn first_meeting(&self, a: Pt, b: Pt) -> Option<f64> {
        self.meetings(a, b).first().copied()
    }

    /// How far along the segment from `a` to `b` it meets the outline, at every meeting, nearest `a` first.
    pub fn meetings(&self, a: Pt, b: Pt) -> Vec<f64> {
        let mut along: Vec<f64> = self.edges().filter_map(|(p, q)| meeting_along(a, b, p, q)).collect();
        along.sort_by(f64::total_cmp);
        along
    }

    /// Whether `p` is inside. The boundary counts as inside: a figure with its base on a wall's line
    /// is at the wall.
    pub fn contains(&self, p: Pt) -> bool {
        if !self.encloses_area() {
            return false;
        }
        if self.edges().any(|(a, b)| on_segment(p, a, b)) {
            return true;
        }
        // Even-odd rule: count edges crossed by a ray from p toward +x.
        let mut inside = false;
        for (a, b) in self.edges() {
            if (a.y > p.y) != (b.y > p.y) {
                let crossing_x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
                if crossing_x > p.x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// Area in square inches, whatever the winding order.
    pub fn area(&self) -> f64 {
        let twice_signed: f64 = self.edges().map(|(a, b)| a.x * b.y - b.x * a.y).sum();
        twice_signed.abs() / 2.0
    }

    /// Whether the segment from `a` to `b` enters, crosses or touches the polygon: it meets an edge or
    /// has an endpoint inside (a segment wholly inside meets no edge but still counts).
    pub fn segment_crosses(&self, a: Pt, b: Pt) -> bool {
        self.encloses_area()
            && (self.contains(a) || self.contains(b) || self.edges().any(|(p, q)| segments_meet(a, b, p, q)))
    }

    /// Whether any leg of a route enters, crosses or touches the polygon. A route of a single point
    /// crosses it when that point is inside.
    pub fn path_crosses(&self, path: &[Pt]) -> bool {
        match path {
            [] => false,
            [only] => self.contains(*only),
            _ => path.windows(2).any(|leg| self.segment_crosses(leg[0], leg[1])),
        }
    }

    /// Whether a route finishes inside the polygon (boundary included).
    pub fn path_ends_in(&self, path: &[Pt]) -> bool {
        path.last().is_some_and(|&end| self.contains(end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Polygon {
        Polygon::new(vec![Pt::new(x, y), Pt::new(x + side, y), Pt::new(x + side, y + side), Pt::new(x, y + side)])
    }

    /// An L-shaped building: a 10 x 10 square missing its top-right 5 x 5 quarter.
    fn l_shape() -> Polygon {
        Polygon::new(vec![
            Pt::new(0.0, 0.0),
            Pt::new(5.0, 0.0),
            Pt::new(5.0, 5.0),
            Pt::new(10.0, 5.0),
            Pt::new(10.0, 10.0),
            Pt::new(0.0, 10.0),
        ])
    }

    #[test]
    fn contains_inside_points_and_the_boundary() {
        let wood = square(10.0, 10.0, 6.0);
        assert!(wood.contains(Pt::new(13.0, 13.0)));
        assert!(wood.contains(Pt::new(10.0, 13.0)));
        assert!(wood.contains(Pt::new(16.0, 16.0)));
        assert!(!wood.contains(Pt::new(16.1, 13.0)));
        assert!(!wood.contains(Pt::new(9.0, 9.0)));
    }

    #[test]
    fn a_concave_polygon_does_not_contain_its_notch() {
        let building = l_shape();
        assert!(building.contains(Pt::new(2.0, 2.0)));
        assert!(building.contains(Pt::new(8.0, 8.0)));
        assert!(!building.contains(Pt::new(8.0, 2.0)));
        assert!(building.contains(Pt::new(7.0, 5.0)));
    }

    #[test]
    fn area_ignores_winding_order() {
        assert_eq!(square(0.0, 0.0, 4.0).area(), 16.0);
        let mut reversed = square(0.0, 0.0, 4.0).vertices().to_vec();
        reversed.reverse();
        assert_eq!(Polygon::new(reversed).area(), 16.0);
        assert_eq!(l_shape().area(), 75.0);
    }

    #[test]
    fn a_segment_passing_through_crosses_even_with_both_ends_outside() {
        let wall = square(10.0, 10.0, 2.0);
        assert!(wall.segment_crosses(Pt::new(0.0, 11.0), Pt::new(20.0, 11.0)));
    }

    #[test]
    fn a_segment_wholly_inside_crosses() {
        assert!(square(0.0, 0.0, 10.0).segment_crosses(Pt::new(2.0, 2.0), Pt::new(3.0, 3.0)));
    }

    #[test]
    fn a_segment_grazing_a_corner_crosses() {
        assert!(square(0.0, 0.0, 10.0).segment_crosses(Pt::new(-5.0, 5.0), Pt::new(5.0, -5.0)));
    }

    #[test]
    fn a_segment_past_the_notch_does_not_cross() {
        assert!(!l_shape().segment_crosses(Pt::new(6.0, -1.0), Pt::new(11.0, 4.0)));
        assert!(!square(0.0, 0.0, 10.0).segment_crosses(Pt::new(11.0, 0.0), Pt::new(11.0, 10.0)));
    }

    #[test]
    fn a_route_crosses_when_any_leg_does() {
        let marsh = square(10.0, 10.0, 4.0);
        let around = [Pt::new(0.0, 0.0), Pt::new(20.0, 0.0), Pt::new(20.0, 20.0)];
        let through = [Pt::new(0.0, 0.0), Pt::new(0.0, 12.0), Pt::new(20.0, 12.0)];
        assert!(!marsh.path_crosses(&around));
        assert!(marsh.path_crosses(&through));
        assert!(!marsh.path_ends_in(&through));
    }

    #[test]
    fn a_route_ending_inside_ends_in_it() {
        let village = square(10.0, 10.0, 4.0);
        let route = [Pt::new(0.0, 0.0), Pt::new(12.0, 12.0)];
        assert!(village.path_ends_in(&route));
        assert!(village.path_crosses(&route));
        assert!(!village.path_ends_in(&[]));
        assert!(!village.path_crosses(&[]));
        assert!(village.path_crosses(&[Pt::new(11.0, 11.0)]));
    }

    #[test]
    fn a_polygon_of_two_points_encloses_nothing() {
        let line = Polygon::new(vec![Pt::new(0.0, 0.0), Pt::new(10.0, 0.0)]);
        assert!(!line.contains(Pt::new(5.0, 0.0)));
        assert!(!line.segment_crosses(Pt::new(5.0, -1.0), Pt::new(5.0, 1.0)));
        assert_eq!(line.area(), 0.0);
    }
}
