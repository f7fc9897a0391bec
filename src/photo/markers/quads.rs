//! Dark four-sided outlines on the grey copy: where a marker's black square may be.

use image::GrayImage;
use imageproc::contours::{BorderType, find_contours};
use imageproc::contrast::adaptive_threshold;
use imageproc::geometry::{approximate_polygon_dp, arc_length};
use imageproc::point::Point;

use super::line::Line;
use crate::photo::PhotoPt;

/// A marker narrower than this on the grey copy, in its pixels, has too few pixels a bit to read.
const LEAST_SIDE: f64 = 10.0;
/// A pixel counts as dark when it is this much below the mean round it (of 255): printed black on
/// white differs by far more even in a dim room, and grain on plain paper by less.
const DARKER_BY: i32 = 8;
/// How far an outline may stray from its four straight sides, as a share of its length, and still
/// be taken for a square seen in perspective (blur rounds its corners a little).
const STRAIGHT_SHARE: f64 = 0.04;

/// Four corners of each dark outline that could be a marker, in photo pixels, clockwise as seen.
/// `window` is the radius of the neighbourhood each pixel is compared with, on the grey copy.
pub fn quads(small: &GrayImage, factor: u32, window: u32) -> Vec<[PhotoPt; 4]> {
    let mut dark = adaptive_threshold(small, window, DARKER_BY);
    // The threshold marks bright pixels; contours follow the dark ones.
    for p in dark.iter_mut() {
        *p = 255 - *p;
    }
    let (width, height) = (small.width() as i32, small.height() as i32);
    let longest = 4.0 * f64::from(width.max(height));
    find_contours::<i32>(&dark)
        .into_iter()
        .filter(|c| c.border_type == BorderType::Outer && c.points.len() as f64 >= 4.0 * LEAST_SIDE)
        .filter_map(|c| {
            let length = arc_length(&c.points, true);
            if length > longest {
                return None;
            }
            let epsilon = STRAIGHT_SHARE * length;
            let outline = from_a_corner(c.points);
            let corners = without_straight_turns(approximate_polygon_dp(&outline, epsilon, true), epsilon);
            let corners: [Point<i32>; 4] = corners.try_into().ok()?;
            let touches_edge = corners.iter().any(|p| p.x <= 1 || p.y <= 1 || p.x >= width - 2 || p.y >= height - 2);
            if touches_edge {
                return None;
            }
            let scale = f64::from(factor);
            let corners = sides_met(&outline, &corners).unwrap_or(corners.map(|p| (f64::from(p.x), f64::from(p.y))));
            let at = |(x, y): (f64, f64)| PhotoPt::new((x + 0.5) * scale, (y + 0.5) * scale);
            clockwise_convex(corners.map(at), LEAST_SIDE * scale)
        })
        .collect()
}

/// The corners where lines fitted through each side's outline meet: truer than the outline's own
/// corner pixels, which blur rounds off.
fn sides_met(outline: &[Point<i32>], corners: &[Point<i32>; 4]) -> Option<[(f64, f64); 4]> {
    let mut at = [0usize; 4];
    let mut from = 0;
    for (k, corner) in corners.iter().enumerate() {
        at[k] = from + outline[from..].iter().position(|p| p == corner)?;
        from = at[k];
    }
    let lines: Vec<Line> = (0..4)
        .map(|k| {
            let (start, end) = (at[k], if k == 3 { outline.len() + at[0] } else { at[k + 1] });
            let trim = (end - start) / 6;
            let side: Vec<(f64, f64)> = (start + trim..end.saturating_sub(trim))
                .map(|i| outline[i % outline.len()])
                .map(|p| (f64::from(p.x), f64::from(p.y)))
                .collect();
            Line::fit(&side)
        })
        .collect::<Option<_>>()?;
    let mut out = [(0.0, 0.0); 4];
    for k in 0..4 {
        let p = lines[(k + 3) % 4].meet(&lines[k])?;
        out[k] = (p.x, p.y);
    }
    Some(out)
}

/// The outline started at a point that is surely a corner: the simplification keeps its first point,
/// and a start midway along a side would count as a fifth corner. The point furthest from the
/// middle of a convex shape is one of its corners.
fn from_a_corner(mut points: Vec<Point<i32>>) -> Vec<Point<i32>> {
    let n = points.len() as f64;
    let (mx, my) = points.iter().fold((0.0, 0.0), |(x, y), p| (x + f64::from(p.x) / n, y + f64::from(p.y) / n));
    let far = |p: &Point<i32>| (f64::from(p.x) - mx).powi(2) + (f64::from(p.y) - my).powi(2);
    let start = (0..points.len()).max_by(|&a, &b| far(&points[a]).total_cmp(&far(&points[b]))).unwrap_or(0);
    points.rotate_left(start);
    points
}

/// The simplified outline without the corners that hardly turn: the simplification splits a closed
/// outline at its first point and can keep a point on a side where the two halves meet.
fn without_straight_turns(mut corners: Vec<Point<i32>>, epsilon: f64) -> Vec<Point<i32>> {
    while corners.len() > 3 {
        let n = corners.len();
        let off_line = |i: usize| {
            let (a, p, b) = (corners[(i + n - 1) % n], corners[i], corners[(i + 1) % n]);
            let (dx, dy) = (f64::from(b.x - a.x), f64::from(b.y - a.y));
            let cross = dx * f64::from(p.y - a.y) - dy * f64::from(p.x - a.x);
            cross.abs() / dx.hypot(dy).max(1.0)
        };
        let flattest = (0..n).min_by(|&a, &b| off_line(a).total_cmp(&off_line(b))).unwrap_or(0);
        if off_line(flattest) >= epsilon {
            break;
        }
        corners.remove(flattest);
    }
    corners
}

/// The corners turned clockwise as seen (y down), if they make a convex quadrilateral with no side
/// shorter than `least_side`.
pub fn clockwise_convex(mut corners: [PhotoPt; 4], least_side: f64) -> Option<[PhotoPt; 4]> {
    let turn = |a: PhotoPt, b: PhotoPt, c: PhotoPt| (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    let turns: Vec<f64> = (0..4).map(|i| turn(corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4])).collect();
    let all_one_way = turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0);
    if !all_one_way || (0..4).any(|i| corners[i].distance(corners[(i + 1) % 4]) < least_side) {
        return None;
    }
    if turns[0] < 0.0 {
        corners.reverse();
    }
    Some(corners)
}
