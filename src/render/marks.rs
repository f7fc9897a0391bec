//! What a system draws of its own table (`GameView::map_marks`): its areas filled by class under the
//! units, as terrain pieces are, and its words over everything, each cut to the width of the area it
//! stands in and written in its side's colour where it counts a side's pieces.

use super::canvas::{Canvas, polygon};
use super::frame::TableFrame;
use super::palette::{self, INK};
use super::text::{self, Weight};
use crate::api::GameView;
use crate::measure::Polygon;
use crate::rules::{MapArea, MapMarks};

const SIZE: f32 = 12.0;
/// The widest a label runs where it stands in no area.
const LOOSE_WIDTH: f32 = 200.0;

pub fn draw_areas(canvas: &mut Canvas, marks: &MapMarks, frame: &TableFrame) {
    for area in &marks.areas {
        let (fill, edge) = palette::terrain(&area.kind);
        let points: Vec<(f32, f32)> = area.outline.iter().map(|p| frame.at(*p)).collect();
        if let Some(path) = polygon(&points) {
            canvas.fill(&path, fill);
            canvas.stroke(&path, edge, 1.0);
        }
    }
}

pub fn draw_labels(canvas: &mut Canvas, view: &GameView, frame: &TableFrame) {
    let marks = &view.map_marks;
    for label in &marks.labels {
        let room = narrowest_around(&marks.areas, label.at).map_or(LOOSE_WIDTH, |a| width_px(a, frame) - 6.0);
        let words = text::fitted(&label.text, SIZE, Weight::Regular, room.max(SIZE));
        let ink = match &label.side {
            Some(side) => match view.sides.iter().position(|s| &s.id == side) {
                Some(index) => palette::side(&view.sides[index].colour, index).darker(0.3),
                None => INK,
            },
            None => INK,
        };
        let weight = if label.side.is_some() { Weight::Bold } else { Weight::Regular };
        let (x, y) = frame.at(label.at);
        let half = text::width(&words, SIZE, weight) / 2.0;
        let baseline = y + text::cap_height(SIZE) / 2.0;
        text::draw(canvas, &words, (x - half, baseline), SIZE, weight, ink, Some(palette::PAPER.alpha(200)));
    }
}

/// Whether the view's own marks give the table its measure (a board's squares, a map's zones), so the
/// cloth's 6-inch lines, which would cross them at random, are left off.
pub fn replaces_grid(marks: &MapMarks) -> bool {
    !marks.areas.is_empty()
}

/// The smallest area the point lies in: a zone rather than the district round it.
fn narrowest_around(areas: &[MapArea], at: crate::measure::Pt) -> Option<&MapArea> {
    areas
        .iter()
        .filter(|a| a.outline.len() >= 3 && Polygon::new(a.outline.clone()).contains(at))
        .min_by(|a, b| span(a).total_cmp(&span(b)))
}

fn span(area: &MapArea) -> f64 {
    let xs = area.outline.iter().map(|p| p.x);
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
    hi - lo
}

fn width_px(area: &MapArea, frame: &TableFrame) -> f32 {
    span(area) as f32 * frame.ppi
}
