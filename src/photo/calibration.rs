use nalgebra::{Matrix2, SymmetricEigen};
use serde::Serialize;

use super::homography::Homography;
use super::{CalibrationError, KnownPoint, PhotoPt, degenerate};
use crate::measure::Pt;

/// How far a tap may land from the spot meant, in photo pixels: a bound, read as an even spread over
/// ±`px` on each axis, so its standard deviation per axis is `px / √3`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TapError(pub f64);

impl TapError {
    /// A fingertip with the magnifier, on a phone photo shown at its own size.
    pub const TAPPED: TapError = TapError(2.0);
    pub const EXACT: TapError = TapError(0.0);

    fn sigma(self) -> f64 {
        self.0 / 3f64.sqrt()
    }
}

/// Stated uncertainties are two standard deviations: about 95% of true values lie within them.
const COVERAGE_SIGMAS: f64 = 2.0;
/// A spot's uncertainty is read as a circle round it, so it is the radius that holds about 95% of a
/// two-dimensional spread, √(−2 ln 0.05) standard deviations along its widest axis: two would hold only
/// 86% when the spread is round.
const CIRCLE_SIGMAS: f64 = 2.4477;
/// Step of the numeric derivatives, in pixels: small against any tap error, large against rounding.
const STEP_PX: f64 = 0.01;

/// A photo's view of the table: the fitted map both ways and what is known of its error.
#[derive(Debug, Clone)]
pub struct Calibration {
    points: Vec<KnownPoint>,
    to_photo: Homography,
    to_table: Homography,
    taps: TapError,
    residual_px: Option<f64>,
}

/// A distance on the table between two spots on the photo.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MeasuredDistance {
    pub inches: f64,
    /// Two standard deviations, in inches, from the taps' error carried through the fit.
    pub uncertainty: f64,
    pub from: Pt,
    pub to: Pt,
}

/// A spot on the photo found on the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Located {
    pub at: Pt,
    /// The radius round `at`, in inches, that holds the true spot about 95% of the time: 2.45 standard
    /// deviations along the direction the spot is least certain in.
    pub uncertainty: f64,
}

impl Calibration {
    /// Fits the view through `points` (four corners, or more known points for a least-squares fit),
    /// refusing points that cannot fix it.
    pub fn fit(points: Vec<KnownPoint>, taps: TapError) -> Result<Calibration, CalibrationError> {
        degenerate::check(&points)?;
        let to_photo = fit_points(&points).ok_or(CalibrationError::NoFit)?;
        let to_table = to_photo.inverse().ok_or(CalibrationError::NoFit)?;
        let residual_px = (points.len() > 4).then(|| residual(&to_photo, &points));
        Ok(Calibration { points, to_photo, to_table, taps, residual_px })
    }

    pub fn points(&self) -> &[KnownPoint] {
        &self.points
    }

    /// The root-mean-square distance between where the fit puts the known points and where they were
    /// tapped, per degree of freedom: only known when more than four points over-determine the fit.
    pub fn residual_px(&self) -> Option<f64> {
        self.residual_px
    }

    /// The table-to-photo matrix, row-major, largest entry 1; the UI draws overlays with it.
    pub fn table_to_photo(&self) -> [f64; 9] {
        row_major(&self.to_photo)
    }

    pub fn photo_to_table(&self) -> [f64; 9] {
        row_major(&self.to_table)
    }

    pub fn to_table(&self, p: PhotoPt) -> Result<Pt, CalibrationError> {
        self.to_table
            .apply(p.x, p.y)
            .map(|(x, y)| Pt::new(x, y))
            .ok_or(CalibrationError::BeyondHorizon { x: p.x, y: p.y })
    }

    /// Where a table point shows on the photo; `None` if it is behind the camera.
    pub fn to_photo(&self, p: Pt) -> Option<PhotoPt> {
        self.to_photo.apply(p.x, p.y).map(|(x, y)| PhotoPt::new(x, y))
    }

    /// The distance between two tapped spots, with the uncertainty of the fit's taps and of these two.
    pub fn measure(&self, from: PhotoPt, to: PhotoPt) -> Result<MeasuredDistance, CalibrationError> {
        self.measure_with(from, to, self.taps)
    }

    /// As `measure`, with the two spots' own tap error given apart from the calibration's.
    pub fn measure_with(
        &self,
        from: PhotoPt,
        to: PhotoPt,
        ends: TapError,
    ) -> Result<MeasuredDistance, CalibrationError> {
        let (a, b) = (self.to_table(from)?, self.to_table(to)?);
        let gradients = self.gradients(&[from, to], |map, ends| {
            let (p, q) = (map.apply(ends[0].x, ends[0].y)?, map.apply(ends[1].x, ends[1].y)?);
            Some([(p.0 - q.0).hypot(p.1 - q.1)])
        });
        let (fit_sigma, end_sigma) = (self.fit_sigma(), ends.sigma());
        let variance: f64 =
            gradients.iter().map(|(g, on_fit)| g[0] * g[0] * if *on_fit { fit_sigma } else { end_sigma }.powi(2)).sum();
        Ok(MeasuredDistance {
            inches: (a.x - b.x).hypot(a.y - b.y),
            uncertainty: COVERAGE_SIGMAS * variance.sqrt(),
            from: a,
            to: b,
        })
    }

    /// A tapped spot on the table, with how far it may be off there.
    pub fn locate(&self, spot: PhotoPt) -> Result<Located, CalibrationError> {
        self.locate_with(spot, self.taps)
    }

    /// As `locate`, with the spot's own tap error given apart from the calibration's.
    pub fn locate_with(&self, spot: PhotoPt, tap: TapError) -> Result<Located, CalibrationError> {
        let at = self.to_table(spot)?;
        let gradients = self.gradients(&[spot], |map, ends| {
            let (x, y) = map.apply(ends[0].x, ends[0].y)?;
            Some([x, y])
        });
        let (fit_sigma, tap_sigma) = (self.fit_sigma(), tap.sigma());
        let mut covariance = Matrix2::zeros();
        for (g, on_fit) in &gradients {
            let s2 = if *on_fit { fit_sigma } else { tap_sigma }.powi(2);
            covariance += Matrix2::new(g[0] * g[0], g[0] * g[1], g[1] * g[0], g[1] * g[1]) * s2;
        }
        let widest = SymmetricEigen::new(covariance).eigenvalues.max().max(0.0);
        Ok(Located { at, uncertainty: CIRCLE_SIGMAS * widest.sqrt() })
    }

    /// The per-axis spread of the known points' taps: the stated tap error, or what the fit's misses say
    /// when they say worse (a table that is not flat, a point tapped at the wrong square).
    fn fit_sigma(&self) -> f64 {
        self.taps.sigma().max(self.residual_px.unwrap_or(0.0))
    }

    fn refit(&self, photo: &[PhotoPt]) -> Option<Homography> {
        let table: Vec<(f64, f64)> = self.points.iter().map(|p| (p.table.x, p.table.y)).collect();
        let photo: Vec<(f64, f64)> = photo.iter().map(|p| (p.x, p.y)).collect();
        Homography::fit(&photo, &table)
    }

    /// The derivative of `f` (of a photo-to-table map and the spots `ends`) by every pixel coordinate it
    /// depends on: the known points' taps, through the map refitted to them nudged, then the `ends`'. Each
    /// is marked whether it belongs to the fit. Central differences.
    fn gradients<const N: usize>(
        &self,
        ends: &[PhotoPt],
        f: impl Fn(&Homography, &[PhotoPt]) -> Option<[f64; N]>,
    ) -> Vec<([f64; N], bool)> {
        let fitted: Vec<PhotoPt> = self.points.iter().map(|p| p.photo).collect();
        let mut out = Vec::with_capacity(2 * (fitted.len() + ends.len()));
        let derivative = |up: Option<[f64; N]>, down: Option<[f64; N]>| {
            let (up, down) = (up?, down?);
            Some(std::array::from_fn(|k| (up[k] - down[k]) / (2.0 * STEP_PX)))
        };
        for i in 0..fitted.len() {
            for axis in 0..2 {
                let nudged = |step: f64| {
                    let mut points = fitted.clone();
                    nudge(&mut points[i], axis, step);
                    f(&self.refit(&points)?, ends)
                };
                if let Some(g) = derivative(nudged(STEP_PX), nudged(-STEP_PX)) {
                    out.push((g, true));
                }
            }
        }
        // Nudging an end leaves the fit as it is: one map serves them all.
        let Some(map) = self.refit(&fitted) else { return out };
        for i in 0..ends.len() {
            for axis in 0..2 {
                let nudged = |step: f64| {
                    let mut spots = ends.to_vec();
                    nudge(&mut spots[i], axis, step);
                    f(&map, &spots)
                };
                if let Some(g) = derivative(nudged(STEP_PX), nudged(-STEP_PX)) {
                    out.push((g, false));
                }
            }
        }
        out
    }
}

fn nudge(p: &mut PhotoPt, axis: usize, step: f64) {
    if axis == 0 { p.x += step } else { p.y += step }
}

fn fit_points(points: &[KnownPoint]) -> Option<Homography> {
    let table: Vec<(f64, f64)> = points.iter().map(|p| (p.table.x, p.table.y)).collect();
    let photo: Vec<(f64, f64)> = points.iter().map(|p| (p.photo.x, p.photo.y)).collect();
    Homography::fit(&table, &photo)
}

/// The fit's miss per coordinate: the sum of squared misses over the 2n − 8 degrees of freedom left
/// once the eight of the map are spent.
fn residual(to_photo: &Homography, points: &[KnownPoint]) -> f64 {
    let squares: f64 = points
        .iter()
        .map(|p| match to_photo.apply(p.table.x, p.table.y) {
            Some((u, v)) => (u - p.photo.x).powi(2) + (v - p.photo.y).powi(2),
            None => f64::INFINITY,
        })
        .sum();
    (squares / (2 * points.len() - 8) as f64).sqrt()
}

fn row_major(h: &Homography) -> [f64; 9] {
    let m = h.0;
    [m[(0, 0)], m[(0, 1)], m[(0, 2)], m[(1, 0)], m[(1, 1)], m[(1, 2)], m[(2, 0)], m[(2, 1)], m[(2, 2)]]
}
