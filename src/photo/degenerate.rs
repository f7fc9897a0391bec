//! Refusals of known points that cannot fix a view of the table, each with the reason a player can act
//! on. A homography through such points exists only on paper: its measurements would be nonsense.

use super::known_point::describe;
use super::{CalibrationError, KnownPoint};

/// Two taps closer than this are one spot tapped twice.
const SAME_SPOT_PX: f64 = 4.0;
/// Two table points closer than this (inches) are one point given twice.
const SAME_SPOT_IN: f64 = 0.05;
/// A point this close to the line through two others, as a share of their distance, lies on it.
const ON_LINE_SHARE: f64 = 0.02;

pub fn check(points: &[KnownPoint]) -> Result<(), CalibrationError> {
    if points.len() < 4 {
        return Err(CalibrationError::TooFew { given: points.len() });
    }
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if a.photo.distance(b.photo) < SAME_SPOT_PX {
                return Err(CalibrationError::SameSpot { first: describe(a), second: describe(b) });
            }
            if (a.table.x - b.table.x).hypot(a.table.y - b.table.y) < SAME_SPOT_IN {
                return Err(CalibrationError::SameTablePoint { point: describe(a) });
            }
        }
    }
    if points.len() == 4 { check_four(points) } else { check_spread(points) }
}

/// Four points fix a view only when no three of them are on one line, and only a camera in front of
/// the table sees them turn the same way round as on the table: taps out of order cross or mirror.
fn check_four(points: &[KnownPoint]) -> Result<(), CalibrationError> {
    let photo: Vec<(f64, f64)> = points.iter().map(|p| (p.photo.x, p.photo.y)).collect();
    let table: Vec<(f64, f64)> = points.iter().map(|p| (p.table.x, p.table.y)).collect();
    let triples = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)];
    for &(i, j, k) in &triples {
        if on_one_line(photo[i], photo[j], photo[k], SAME_SPOT_PX) || on_one_line(table[i], table[j], table[k], 0.0) {
            let names = [i, j, k].map(|n| describe(&points[n]));
            return Err(CalibrationError::OnOneLine { points: names.join(", ") });
        }
    }
    let agree = triples
        .iter()
        .filter(|&&(i, j, k)| {
            turn(photo[i], photo[j], photo[k]).signum() == turn(table[i], table[j], table[k]).signum()
        })
        .count();
    match agree {
        4 => Ok(()),
        0 => Err(CalibrationError::Mirrored),
        _ => Err(CalibrationError::Crossed),
    }
}

/// More than four points are fitted by least squares, which needs them spread over the plane rather
/// than strung along one line.
fn check_spread(points: &[KnownPoint]) -> Result<(), CalibrationError> {
    let (a, b) = farthest_pair(points);
    let off_line = points
        .iter()
        .any(|p| !on_one_line((a.photo.x, a.photo.y), (b.photo.x, b.photo.y), (p.photo.x, p.photo.y), SAME_SPOT_PX));
    if off_line { Ok(()) } else { Err(CalibrationError::OnOneLine { points: "all the points".into() }) }
}

fn farthest_pair(points: &[KnownPoint]) -> (&KnownPoint, &KnownPoint) {
    let mut best = (&points[0], &points[1], 0.0);
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let d = a.photo.distance(b.photo);
            if d > best.2 {
                best = (a, b, d);
            }
        }
    }
    (best.0, best.1)
}

/// Twice the signed area of the triangle: positive when `a → b → c` turns clockwise on a y-down page.
fn turn(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether one of the three is within `ON_LINE_SHARE` of the longest side (and at least `floor`) of
/// the line through the other two.
fn on_one_line(a: (f64, f64), b: (f64, f64), c: (f64, f64), floor: f64) -> bool {
    let sides = [(a.0 - b.0).hypot(a.1 - b.1), (b.0 - c.0).hypot(b.1 - c.1), (c.0 - a.0).hypot(c.1 - a.1)];
    let longest = sides.iter().cloned().fold(0.0, f64::max);
    if longest == 0.0 {
        return true;
    }
    let height = turn(a, b, c).abs() / longest;
    height < (ON_LINE_SHARE * longest).max(floor)
}
