use super::{Pt, distance};

/// The length of a route through `points` in order, in inches. A route of one point or none is 0.
pub fn path_length(points: &[Pt]) -> f64 {
    points.windows(2).map(|leg| distance(leg[0], leg[1])).sum()
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
    fn a_route_without_legs_has_no_length() {
        assert_eq!(path_length(&[]), 0.0);
        assert_eq!(path_length(&[Pt::new(5.0, 5.0)]), 0.0);
    }
}
