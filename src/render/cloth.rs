//! The table: its cloth, a faint line every 6 inches as on the table view (unless the system's own marks
//! measure the table instead), and its edge.

use super::canvas::{Canvas, polyline};
use super::frame::TableFrame;
use super::palette::{CLOTH, CLOTH_EDGE, GRID};
use crate::measure::Table;

const GRID_INCHES: f64 = 6.0;

pub fn draw(canvas: &mut Canvas, table: &Table, frame: &TableFrame, guide_lines: bool) {
    canvas.rect(frame.left, frame.top, frame.width, frame.height, CLOTH);
    let (right, bottom) = (frame.left + frame.width, frame.top + frame.height);
    let lines = |length: f64| (1..).map(|i| f64::from(i) * GRID_INCHES).take_while(move |d| *d < length - 1e-6);
    let (across, down) = if guide_lines { (table.width, table.depth) } else { (0.0, 0.0) };
    for x in lines(across) {
        let px = frame.left + x as f32 * frame.ppi;
        if let Some(line) = polyline(&[(px, frame.top), (px, bottom)]) {
            canvas.stroke(&line, GRID, 1.0);
        }
    }
    for y in lines(down) {
        let py = frame.top + y as f32 * frame.ppi;
        if let Some(line) = polyline(&[(frame.left, py), (right, py)]) {
            canvas.stroke(&line, GRID, 1.0);
        }
    }
    let edge =
        [(frame.left, frame.top), (right, frame.top), (right, bottom), (frame.left, bottom), (frame.left, frame.top)];
    if let Some(edge) = polyline(&edge) {
        canvas.stroke(&edge, CLOTH_EDGE, 2.0);
    }
}
