use super::{Pt, distance};

/// The length of a route through `points` in order, in inches. A route of one point or none is 0.
pub fn path_length(points: &[Pt]) -> f64 {
    points.windows(2).map(|leg| distance(leg[0], leg[1])).sum()
}

/// Points along a route no more than `step` inches apart, both ends of every leg included: how a rule asks
/// "does this route touch jungle / leave the water" without exact polygon-segment geometry.
pub fn route_samples(route: &[Pt], step: f64) -> impl Iterator<Item = Pt> + '_ {
    route.windows(2).flat_map(move |leg| {
        let (a, b) = (leg[0], leg[1]);
        let steps = (distance(a, b) / step).ceil().max(1.0) as usize;
        (0..=steps).map(move |i| {
            let t = i as f64 / steps as f64;
            Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_the_legs_of_a_route() {
        let route = [Pt::new(0.0, 0.0), Pt::new(3.0, 4.0), Pt::new(3.0, 10.0)];
        assert_eq!(path_length(&route), 11.0);
    }

    #[test]
    fn samples_cover_each_leg_at_the_step() {
        let route = [Pt::new(0.0, 0.0), Pt::new(1.0, 0.0)];
        let xs: Vec<f64> = route_samples(&route, 0.25).map(|p| p.x).collect();
        assert_eq!(xs, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(route_samples(&[Pt::new(2.0, 2.0)], 0.25).count(), 0);
    }

    #[test]
    fn a_route_without_legs_has_no_length() {
        assert_eq!(path_length(&[]), 0.0);
        assert_eq!(path_length(&[Pt::new(5.0, 5.0)]), 0.0);
    }
}
