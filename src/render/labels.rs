//! Each unit's number beside it: the first of eight places round its leader that covers no figure, no
//! chit and no other number, or the one that covers least, kept on the table. Then each terrain piece's
//! name at its middle, or moved up or down inside it off the figures and numbers there.

use super::canvas::Canvas;
use super::frame::TableFrame;
use super::palette;
use super::terrain::middle;
use super::text::{self, Weight};
use super::units::{Marked, Sizes, anchor};
use crate::api::TerrainView;
use crate::measure::Polygon;

const SIZE: f32 = 14.0;
const TERRAIN_SIZE: f32 = 13.0;

#[derive(Clone, Copy)]
struct Box {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

impl Box {
    fn around(x: f32, y: f32, half: f32) -> Box {
        Box { left: x - half, top: y - half, right: x + half, bottom: y + half }
    }

    fn overlap(&self, other: &Box) -> f32 {
        let w = self.right.min(other.right) - self.left.max(other.left);
        let h = self.bottom.min(other.bottom) - self.top.max(other.top);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }
}

pub fn draw(canvas: &mut Canvas, units: &[Marked<'_>], terrain: &[TerrainView], frame: &TableFrame) {
    let sizes = Sizes::at(frame);
    let mut taken: Vec<Box> = Vec::new();
    for marked in units {
        if marked.unit.masked {
            if let Some((x, y)) = anchor(marked.unit, frame) {
                taken.push(Box::around(x, y, sizes.chit / 2.0));
            }
            continue;
        }
        for figure in marked.unit.figures.iter().filter(|f| f.alive) {
            let (x, y) = frame.at(figure.pos);
            taken.push(Box::around(x, y, sizes.leader));
        }
    }
    let table =
        Box { left: frame.left, top: frame.top, right: frame.left + frame.width, bottom: frame.top + frame.height };
    for marked in units {
        let Some((x, y)) = anchor(marked.unit, frame) else { continue };
        let words = marked.number.to_string();
        let (w, h) = (text::width(&words, SIZE, Weight::Bold), text::cap_height(SIZE));
        let reach = if marked.unit.masked { sizes.chit / 2.0 } else { sizes.leader } + 3.0;
        let places =
            [(1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        let boxes = places.map(|(dx, dy): (f32, f32)| {
            // Beside the anchor on that side: the box's near edge `reach` from it.
            let cx = x + dx * (reach + w / 2.0);
            let cy = y + dy * (reach + h / 2.0);
            Box { left: cx - w / 2.0, top: cy - h / 2.0, right: cx + w / 2.0, bottom: cy + h / 2.0 }
        });
        let cost = |b: &Box| {
            let off_table =
                b.left < table.left || b.right > table.right || b.top < table.top || b.bottom > table.bottom;
            let covered: f32 = taken.iter().map(|t| b.overlap(t)).sum();
            covered + if off_table { 1e6 } else { 0.0 }
        };
        let best = boxes.iter().copied().min_by(|a, b| cost(a).total_cmp(&cost(b))).unwrap_or(boxes[0]);
        // A free place is taken at once, in the order above: a number reads best right of its unit.
        let chosen = boxes.iter().copied().find(|b| cost(b) == 0.0).unwrap_or(best);
        let ink = marked.colour.darker(0.45);
        text::draw(
            canvas,
            &words,
            (chosen.left, chosen.bottom),
            SIZE,
            Weight::Bold,
            ink,
            Some(palette::PAPER.alpha(235)),
        );
        taken.push(chosen);
    }
    for piece in terrain {
        name_piece(canvas, piece, frame, &mut taken);
    }
}

fn name_piece(canvas: &mut Canvas, piece: &TerrainView, frame: &TableFrame, taken: &mut Vec<Box>) {
    let Some(at) = middle(&piece.points) else { return };
    let name = text::fitted(&piece.name, TERRAIN_SIZE, Weight::Regular, 200.0);
    let (w, h) = (text::width(&name, TERRAIN_SIZE, Weight::Regular), text::cap_height(TERRAIN_SIZE));
    let inside = Polygon::new(piece.points.clone());
    let (x, y) = frame.at(at);
    let step = h + 6.0;
    // The middle first, then further up and down by turns while the name's middle stays in the piece.
    let shifts = std::iter::once(0.0).chain((1..=6).flat_map(|k| [-(k as f32), k as f32])).map(|k| k * step);
    let boxes: Vec<Box> = shifts
        .map(|dy| Box { left: x - w / 2.0, top: y + dy - h / 2.0, right: x + w / 2.0, bottom: y + dy + h / 2.0 })
        .filter(|b| inside.contains(frame.inches(((b.left + b.right) / 2.0, (b.top + b.bottom) / 2.0))))
        .collect();
    let covered = |b: &Box| taken.iter().map(|t| b.overlap(t)).sum::<f32>();
    let Some(chosen) = boxes.iter().copied().find(|b| covered(b) == 0.0).or_else(|| boxes.first().copied()) else {
        return;
    };
    let ink = palette::terrain(&piece.cover).1.darker(0.45);
    let halo = Some(palette::CLOTH.alpha(200));
    text::draw(canvas, &name, (chosen.left, chosen.bottom), TERRAIN_SIZE, Weight::Regular, ink, halo);
    taken.push(chosen);
}
