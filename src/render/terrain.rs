//! Terrain pieces: each polygon filled by its cover class and outlined, a river with arrows pointing
//! downstream. Their names are placed with the units' numbers (`labels.rs`), so neither covers the other.

use super::canvas::{Canvas, polygon, polyline};
use super::frame::TableFrame;
use super::palette::{self, Rgba};
use crate::api::TerrainView;
use crate::measure::{Polygon, Pt};

/// An arrow's length and the gap between arrows along the flow, in inches.
const ARROW: f64 = 2.4;
const ARROW_GAP: f64 = 10.0;

pub fn draw(canvas: &mut Canvas, terrain: &[TerrainView], frame: &TableFrame) {
    for piece in terrain {
        let (fill, edge) = palette::terrain(&piece.cover);
        let points: Vec<(f32, f32)> = piece.points.iter().map(|p| frame.at(*p)).collect();
        if let Some(path) = polygon(&points) {
            canvas.fill(&path, fill);
            canvas.stroke(&path, edge, 1.5);
        }
        if let Some(flow) = piece.flow {
            flow_arrows(canvas, piece, flow, frame, edge);
        }
    }
}

/// Arrows down the flow, on a staggered grid in the flow's own axes, each drawn only where it lies wholly
/// in the water.
fn flow_arrows(canvas: &mut Canvas, piece: &TerrainView, flow: Pt, frame: &TableFrame, edge: Rgba) {
    let length = flow.x.hypot(flow.y);
    if length < 1e-9 {
        return;
    }
    let along = Pt::new(flow.x / length, flow.y / length);
    let across = Pt::new(-along.y, along.x);
    let water = Polygon::new(piece.points.clone());
    let project = |axis: Pt| piece.points.iter().map(move |p| p.x * axis.x + p.y * axis.y);
    let (a0, a1) = span(project(along));
    let (c0, c1) = span(project(across));
    let rows = ((c1 - c0) / 5.0).round().clamp(1.0, 3.0) as usize;
    for row in 0..rows {
        let c = c0 + (row as f64 + 0.5) * (c1 - c0) / rows as f64;
        let mut a = a0 + ARROW_GAP * if row % 2 == 1 { 1.0 } else { 0.5 };
        while a + ARROW < a1 {
            let at = |s: f64| Pt::new(along.x * s + across.x * c, along.y * s + across.y * c);
            let (from, to) = (at(a), at(a + ARROW));
            if water.contains(from) && water.contains(to) {
                arrow(canvas, frame.at(from), frame.at(to), edge);
            }
            a += ARROW_GAP;
        }
    }
}

fn arrow(canvas: &mut Canvas, from: (f32, f32), to: (f32, f32), colour: Rgba) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy).max(1e-3);
    let (ux, uy) = (dx / length, dy / length);
    let head = (length * 0.35).clamp(5.0, 10.0);
    let back = (to.0 - ux * head, to.1 - uy * head);
    let wing = (-uy * head * 0.6, ux * head * 0.6);
    let shaft = polyline(&[from, to]);
    let tip = polyline(&[(back.0 + wing.0, back.1 + wing.1), to, (back.0 - wing.0, back.1 - wing.1)]);
    for path in [shaft, tip].into_iter().flatten() {
        canvas.stroke(&path, colour, 2.0);
    }
}

fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// The middle of a piece for its name: the centre of its area, or of its corners when it has none.
pub fn middle(points: &[Pt]) -> Option<Pt> {
    if points.is_empty() {
        return None;
    }
    let n = points.len();
    let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (points[i], points[(i + 1) % n]);
        let cross = p.x * q.y - q.x * p.y;
        area += cross;
        cx += (p.x + q.x) * cross;
        cy += (p.y + q.y) * cross;
    }
    if area.abs() < 1e-9 {
        let (sx, sy) = points.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
        return Some(Pt::new(sx / n as f64, sy / n as f64));
    }
    Some(Pt::new(cx / (3.0 * area), cy / (3.0 * area)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_is_named_at_the_middle_of_its_area() {
        let square = [Pt::new(0.0, 0.0), Pt::new(4.0, 0.0), Pt::new(4.0, 2.0), Pt::new(0.0, 2.0)];
        assert_eq!(middle(&square), Some(Pt::new(2.0, 1.0)));
        let line = [Pt::new(0.0, 0.0), Pt::new(2.0, 0.0), Pt::new(4.0, 0.0)];
        assert_eq!(middle(&line), Some(Pt::new(2.0, 0.0)));
        assert_eq!(middle(&[]), None);
    }
}
