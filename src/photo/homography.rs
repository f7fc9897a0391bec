use nalgebra::{DMatrix, Matrix3, Vector3};

/// A plane-to-plane projective map, `to = H · from` in homogeneous coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Homography(pub Matrix3<f64>);

impl Homography {
    /// Where `(x, y)` lands, or `None` when it lands at infinity or behind the camera (w ≤ 0 once the
    /// map is signed so its own control points have w > 0).
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let p = self.0 * Vector3::new(x, y, 1.0);
        (p.z > f64::EPSILON * p.x.abs().max(p.y.abs()).max(1.0)).then(|| (p.x / p.z, p.y / p.z))
    }

    pub fn inverse(&self) -> Option<Homography> {
        self.0.try_inverse().map(Homography)
    }

    /// The least-squares map from `from` to `to` (at least four pairs) by the normalised direct linear
    /// transform: both point sets are moved to their centroid and scaled to a mean distance of √2 first,
    /// which keeps the linear system well conditioned when pixels run into thousands and inches into tens
    /// (Hartley and Zisserman, Multiple View Geometry, 2nd ed., §4.4). Exact for four pairs in general
    /// position; for more it minimises the algebraic error. `None` if the pairs cannot fix a map.
    pub fn fit(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Homography> {
        assert_eq!(from.len(), to.len());
        if from.len() < 4 {
            return None;
        }
        let (nf, f) = normalise(from)?;
        let (nt, t) = normalise(to)?;
        // Nine unknowns; padding to at least nine rows gives the SVD a full right basis, so the null
        // vector is there even for exactly four pairs.
        let rows = (2 * f.len()).max(9);
        let mut a = DMatrix::<f64>::zeros(rows, 9);
        for (i, (&(x, y), &(u, v))) in f.iter().zip(&t).enumerate() {
            let r = 2 * i;
            a.row_mut(r).copy_from_slice(&[0.0, 0.0, 0.0, -x, -y, -1.0, v * x, v * y, v]);
            a.row_mut(r + 1).copy_from_slice(&[x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, -u]);
        }
        let svd = a.svd(false, true);
        let v_t = svd.v_t?;
        let smallest = svd.singular_values.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1))?.0;
        let h = v_t.row(smallest);
        let normalised = Matrix3::new(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]);
        let h = nt.try_inverse()? * normalised * nf;
        if !h.iter().all(|v| v.is_finite()) || h.determinant().abs() < 1e-300 {
            return None;
        }
        Some(Homography(signed_forward(h, from)))
    }
}

/// The matrix scaled so its own points have w > 0 and its largest entry is 1, so `apply` can tell a
/// point in front of the camera from one behind it.
fn signed_forward(h: Matrix3<f64>, from: &[(f64, f64)]) -> Matrix3<f64> {
    let w: f64 = from.iter().map(|&(x, y)| h[(2, 0)] * x + h[(2, 1)] * y + h[(2, 2)]).sum();
    let scale = h.amax();
    if w < 0.0 { -h / scale } else { h / scale }
}

/// A similarity, and the points it moved.
type Normalised = (Matrix3<f64>, Vec<(f64, f64)>);

/// The similarity taking `points` to centroid 0 and mean distance √2, and the moved points.
fn normalise(points: &[(f64, f64)]) -> Option<Normalised> {
    let n = points.len() as f64;
    let (cx, cy) = points.iter().fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x / n, sy + y / n));
    let mean = points.iter().map(|&(x, y)| (x - cx).hypot(y - cy)).sum::<f64>() / n;
    if mean <= 0.0 || !mean.is_finite() {
        return None;
    }
    let s = std::f64::consts::SQRT_2 / mean;
    let t = Matrix3::new(s, 0.0, -s * cx, 0.0, s, -s * cy, 0.0, 0.0, 1.0);
    Some((t, points.iter().map(|&(x, y)| (s * (x - cx), s * (y - cy))).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Homography {
        Homography(Matrix3::new(14.0, 3.0, 250.0, 0.5, 9.0, 300.0, 0.0005, 0.004, 1.0))
    }

    #[test]
    fn four_exact_pairs_give_back_the_map_that_made_them() {
        let table = [(0.0, 0.0), (72.0, 0.0), (72.0, 48.0), (0.0, 48.0)];
        let photo: Vec<_> = table.iter().map(|&(x, y)| known().apply(x, y).unwrap()).collect();
        let fitted = Homography::fit(&table, &photo).unwrap();
        for (x, y) in [(10.0, 5.0), (36.0, 24.0), (70.0, 47.0), (-5.0, 60.0)] {
            let (a, b) = (known().apply(x, y).unwrap(), fitted.apply(x, y).unwrap());
            assert!((a.0 - b.0).abs() < 1e-8 && (a.1 - b.1).abs() < 1e-8, "{a:?} {b:?}");
        }
    }

    #[test]
    fn many_exact_pairs_fit_exactly_too() {
        let table: Vec<_> = (0..5).flat_map(|i| (0..4).map(move |j| (i as f64 * 18.0, j as f64 * 16.0))).collect();
        let photo: Vec<_> = table.iter().map(|&(x, y)| known().apply(x, y).unwrap()).collect();
        let fitted = Homography::fit(&table, &photo).unwrap();
        let back = fitted.inverse().unwrap();
        for &(u, v) in &photo {
            let (x, y) = back.apply(u, v).unwrap();
            let again = fitted.apply(x, y).unwrap();
            assert!((again.0 - u).abs() < 1e-8 && (again.1 - v).abs() < 1e-8);
        }
    }

    #[test]
    fn three_pairs_or_one_point_repeated_fix_nothing() {
        assert!(
            Homography::fit(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]).is_none()
        );
        assert!(Homography::fit(&[(1.0, 1.0); 4], &[(2.0, 2.0); 4]).is_none());
    }
}
