//! The black square's corners placed to a fraction of a pixel: each side's edge is found across many
//! short lines through it on the full photo, a straight line fitted through those edge points, and the
//! corners taken where neighbouring lines meet. Corners found straight from the grey copy's outline
//! are off by up to its pixel; lines fitted to dozens of edge points are not.

use image::RgbImage;

use super::design::CELLS;
use super::gray::sample;
use super::line::Line;
use crate::photo::PhotoPt;

/// Samples along each profile across an edge, per pixel.
const STEPS_PER_PX: f64 = 4.0;
/// The ends of a side are left out: the corners' blur bends the edge there.
const SIDE_ENDS: f64 = 0.12;
/// An edge point this far off its side's first fitted line (in pixels) is a speck, not the edge.
const OUTLIER_PX: f64 = 1.0;

/// The corners moved onto the square's true edges: once across a band as wide as the first guess may
/// be off, then twice across a band half a cell wide round the last lines (a blurred edge is wider than
/// the first band, which leaves it short of settled); `None` if a side shows no edge.
pub fn refine(photo: &RgbImage, corners: [PhotoPt; 4], first_error_px: f64) -> Option<[PhotoPt; 4]> {
    let cell = side_lengths(&corners).into_iter().fold(f64::MAX, f64::min) / CELLS as f64;
    // Looking further than half a cell inwards would reach the code's bits; outwards, past the white.
    let first_reach = (first_error_px + 1.5).min(0.45 * cell).max(1.5);
    let once = refine_once(photo, corners, first_reach)?;
    let reach = (0.5 * cell).clamp(2.0, 4.0);
    let again = refine_once(photo, once, reach)?;
    let again = refine_once(photo, again, reach)?;
    // A corner that moved more than a cell's width past the first guess's error has followed some other
    // edge: the border's inner one.
    let moved = corners.iter().zip(&again).map(|(a, b)| a.distance(*b)).fold(0.0, f64::max);
    (moved <= cell + 2.0 * first_error_px).then_some(again)
}

fn side_lengths(corners: &[PhotoPt; 4]) -> [f64; 4] {
    std::array::from_fn(|i| corners[i].distance(corners[(i + 1) % 4]))
}

fn refine_once(photo: &RgbImage, corners: [PhotoPt; 4], reach: f64) -> Option<[PhotoPt; 4]> {
    let lines: Vec<Line> =
        (0..4).map(|i| edge_line(photo, corners[i], corners[(i + 1) % 4], reach)).collect::<Option<_>>()?;
    let mut out = [PhotoPt::default(); 4];
    for i in 0..4 {
        // Corner i is where the side ending at it meets the side starting from it.
        out[i] = lines[(i + 3) % 4].meet(&lines[i])?;
    }
    Some(out)
}

/// The edge along the side from `a` to `b`: dark inside the square, light outside.
fn edge_line(photo: &RgbImage, a: PhotoPt, b: PhotoPt, reach: f64) -> Option<Line> {
    let length = a.distance(b);
    let along = ((b.x - a.x) / length, (b.y - a.y) / length);
    // Clockwise as seen, the outside is to the left of the way round.
    let outward = (along.1, -along.0);
    let count = (length / 2.0).clamp(8.0, 60.0) as usize;
    let steps = (2.0 * reach * STEPS_PER_PX).ceil() as usize;
    let mut points = Vec::with_capacity(count);
    for k in 0..count {
        let t = SIDE_ENDS + (1.0 - 2.0 * SIDE_ENDS) * (k as f64 + 0.5) / count as f64;
        let base = (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
        let offset_of = |s: usize| -reach + s as f64 / STEPS_PER_PX;
        let profile: Option<Vec<f64>> = (0..=steps)
            .map(|s| sample(photo, base.0 + outward.0 * offset_of(s), base.1 + outward.1 * offset_of(s)))
            .collect();
        if let Some(offset) = profile.and_then(|p| edge_in(&p)) {
            let at = -reach + offset / STEPS_PER_PX;
            points.push((base.0 + outward.0 * at, base.1 + outward.1 * at));
        }
    }
    if points.len() < count / 2 {
        return None;
    }
    let first = Line::fit(&points)?;
    let kept: Vec<(f64, f64)> = points.into_iter().filter(|&p| first.distance(p) <= OUTLIER_PX).collect();
    Line::fit(&kept)
}

/// Where the profile (dark to light) rises, in its sample steps: the centroid of its rise round the
/// steepest step, which blur spreads evenly either side of the true edge.
fn edge_in(profile: &[f64]) -> Option<f64> {
    let rises: Vec<f64> = profile.windows(2).map(|w| w[1] - w[0]).collect();
    let (steepest, &top) = rises.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
    let span = profile.iter().fold(f64::MIN, |a, &b| a.max(b)) - profile.iter().fold(f64::MAX, |a, &b| a.min(b));
    if top <= 0.0 || span < 16.0 {
        return None;
    }
    let floor = 0.2 * top;
    let (mut weight, mut moment) = (0.0, 0.0);
    let mut visit = |i: usize| {
        let r = rises[i] - floor;
        if r <= 0.0 {
            return false;
        }
        weight += r;
        moment += r * (i as f64 + 0.5);
        true
    };
    visit(steepest);
    for i in (0..steepest).rev() {
        if !visit(i) {
            break;
        }
    }
    for i in steepest + 1..rises.len() {
        if !visit(i) {
            break;
        }
    }
    (weight > 0.0).then(|| moment / weight)
}
