//! Straight lines fitted through edge points, and where two meet.

use crate::photo::PhotoPt;

/// A straight line through `point` along the unit vector `along`.
pub struct Line {
    pub point: (f64, f64),
    pub along: (f64, f64),
}

impl Line {
    pub fn meet(&self, other: &Line) -> Option<PhotoPt> {
        let (p, r, q, s) = (self.point, self.along, other.point, other.along);
        let cross = r.0 * s.1 - r.1 * s.0;
        if cross.abs() < 1e-6 {
            return None;
        }
        let t = ((q.0 - p.0) * s.1 - (q.1 - p.1) * s.0) / cross;
        Some(PhotoPt::new(p.0 + t * r.0, p.1 + t * r.1))
    }

    pub fn distance(&self, p: (f64, f64)) -> f64 {
        ((p.0 - self.point.0) * self.along.1 - (p.1 - self.point.1) * self.along.0).abs()
    }

    /// The total-least-squares line through points: through their centroid, along their spread's
    /// main axis.
    pub fn fit(points: &[(f64, f64)]) -> Option<Line> {
        if points.len() < 4 {
            return None;
        }
        let n = points.len() as f64;
        let (cx, cy) = points.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
        let (mut xx, mut xy, mut yy) = (0.0, 0.0, 0.0);
        for p in points {
            let (dx, dy) = (p.0 - cx, p.1 - cy);
            xx += dx * dx;
            xy += dx * dy;
            yy += dy * dy;
        }
        let angle = 0.5 * (2.0 * xy).atan2(xx - yy);
        Some(Line { point: (cx, cy), along: (angle.cos(), angle.sin()) })
    }
}
