use nalgebra::Point2;
use serde::{Deserialize, Serialize};

use super::{EPSILON, Pt};

/// Straight-line distance in inches. Leader-to-leader measurement is just this between the leaders.
pub fn distance(a: Pt, b: Pt) -> f64 {
    nalgebra::distance(&Point2::from(a), &Point2::from(b))
}

/// The closest pair of figures between two groups: which figure of each, and how far apart.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NearestPair {
    pub distance: f64,
    pub a_index: usize,
    pub b_index: usize,
}

/// Nearest figure to nearest figure: the distance most fire and charge rules use between units.
/// `None` when either group has no figures. On a tie the first pair found (lowest indices) wins, so the
/// answer never depends on anything but the input order.
pub fn nearest(a: &[Pt], b: &[Pt]) -> Option<NearestPair> {
    let mut best: Option<(f64, usize, usize)> = None;
    for (a_index, &pa) in a.iter().enumerate() {
        let pa = Point2::from(pa);
        for (b_index, &pb) in b.iter().enumerate() {
            let squared = (Point2::from(pb) - pa).norm_squared();
            if best.is_none_or(|(closest, _, _)| squared < closest) {
                best = Some((squared, a_index, b_index));
            }
        }
    }
    best.map(|(squared, a_index, b_index)| NearestPair { distance: squared.sqrt(), a_index, b_index })
}

/// Indices of the points within `radius` of `center`, in input order: the blast or template query.
/// Inclusive, with `EPSILON` of slack, so a figure exactly on the template's edge is under it.
/// Compares squared distances so a large crowd costs no square roots and no allocation but the result.
pub fn within_radius(center: Pt, radius: f64, points: &[Pt]) -> Vec<usize> {
    let reach = radius + EPSILON;
    let reach_squared = reach * reach;
    let center = Point2::from(center);
    points
        .iter()
        .enumerate()
        .filter(|&(_, &p)| (Point2::from(p) - center).norm_squared() <= reach_squared)
        .map(|(index, _)| index)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_euclidean_in_inches() {
        assert_eq!(distance(Pt::new(0.0, 0.0), Pt::new(3.0, 4.0)), 5.0);
        assert_eq!(distance(Pt::new(3.0, 4.0), Pt::new(0.0, 0.0)), 5.0);
    }

    #[test]
    fn nearest_finds_the_closest_figures_of_two_units() {
        let ours = [Pt::new(0.0, 0.0), Pt::new(10.0, 0.0), Pt::new(20.0, 0.0)];
        let theirs = [Pt::new(30.0, 30.0), Pt::new(12.0, 6.0)];
        let pair = nearest(&ours, &theirs).unwrap();
        assert_eq!((pair.a_index, pair.b_index), (1, 1));
        assert!((pair.distance - 40.0_f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn nearest_prefers_the_first_pair_on_a_tie() {
        let ours = [Pt::new(0.0, 0.0), Pt::new(2.0, 0.0)];
        let theirs = [Pt::new(1.0, 0.0)];
        let pair = nearest(&ours, &theirs).unwrap();
        assert_eq!((pair.a_index, pair.b_index, pair.distance), (0, 0, 1.0));
    }

    #[test]
    fn nearest_of_an_empty_unit_is_none() {
        assert_eq!(nearest(&[], &[Pt::new(1.0, 1.0)]), None);
        assert_eq!(nearest(&[Pt::new(1.0, 1.0)], &[]), None);
    }

    #[test]
    fn a_figure_exactly_on_the_template_edge_is_under_it() {
        let figures = [Pt::new(13.0, 10.0), Pt::new(10.0, 7.0), Pt::new(13.01, 10.0), Pt::new(10.0, 10.0)];
        assert_eq!(within_radius(Pt::new(10.0, 10.0), 3.0, &figures), vec![0, 1, 3]);
    }

    #[test]
    fn a_figure_typed_in_exactly_3_inches_away_is_under_the_template() {
        // 4.4 - 1.4 is 3.0000000000000004 in floating point.
        assert_eq!(within_radius(Pt::new(1.4, 8.0), 3.0, &[Pt::new(4.4, 8.0)]), vec![0]);
    }

    #[test]
    fn the_edge_holds_for_a_diagonal_placed_by_arithmetic() {
        // 3" at 45°: the coordinates carry rounding error, the figure must still be under the template.
        let offset = 3.0 / 2.0_f64.sqrt();
        let figure = Pt::new(10.0 + offset, 10.0 + offset);
        assert_eq!(within_radius(Pt::new(10.0, 10.0), 3.0, &[figure]), vec![0]);
    }

    #[test]
    fn a_zero_radius_catches_only_the_impact_point() {
        let figures = [Pt::new(5.0, 5.0), Pt::new(5.0, 5.1)];
        assert_eq!(within_radius(Pt::new(5.0, 5.0), 0.0, &figures), vec![0]);
    }

    #[test]
    fn within_radius_handles_a_crowd_of_500() {
        let crowd: Vec<Pt> = (0..500).map(|i| Pt::new((i % 25) as f64, (i / 25) as f64)).collect();
        let hit = within_radius(Pt::new(12.0, 10.0), 3.0, &crowd);
        // Lattice points within a radius of 3: 29 (Gauss circle count for r = 3).
        assert_eq!(hit.len(), 29);
        assert!(hit.windows(2).all(|w| w[0] < w[1]));
    }
}
