//! The key under the map: each side's name in its colour, then its units by number, with the figures
//! still standing; a unit out of the game is greyed, a chit listed by the only name its seat knows.

use super::canvas::{Canvas, circle};
use super::frame::{Frame, LEGEND_COLUMN, LEGEND_LINE, MARGIN};
use super::palette::{self, INK, MUTED, Rgba};
use super::text::{self, Weight};
use super::units::Marked;
use crate::api::GameView;

const SIZE: f32 = 15.0;

pub enum Line {
    Side { name: String, colour: Rgba },
    Unit { number: u32, words: String, colour: Rgba, out: bool },
}

pub fn lines(view: &GameView, units: &[Marked<'_>]) -> Vec<Line> {
    let mut lines = Vec::new();
    for (index, side) in view.sides.iter().enumerate() {
        let colour = palette::side(&side.colour, index);
        lines.push(Line::Side { name: side.name.clone(), colour });
        for marked in units.iter().filter(|m| m.unit.side == side.id) {
            let unit = marked.unit;
            let words = if unit.masked {
                unit.name.clone()
            } else if unit.out {
                format!("{} (out)", unit.name)
            } else {
                format!("{}  {}/{}", unit.name, unit.alive, unit.total)
            };
            lines.push(Line::Unit { number: marked.number, words, colour, out: unit.out && !unit.masked });
        }
    }
    lines
}

pub fn draw(canvas: &mut Canvas, lines: &[Line], frame: &Frame) {
    let rows = frame.legend_rows.max(1);
    for (i, line) in lines.iter().enumerate() {
        let x = MARGIN + (i / rows) as f32 * LEGEND_COLUMN;
        let top = frame.legend_top + (i % rows) as f32 * LEGEND_LINE;
        let baseline = top + 17.0;
        match line {
            Line::Side { name, colour } => {
                canvas.rect(x, top + 4.0, 14.0, 14.0, *colour);
                let name = text::fitted(name, SIZE + 1.0, Weight::Bold, LEGEND_COLUMN - 30.0);
                text::draw(canvas, &name, (x + 19.0, baseline), SIZE + 1.0, Weight::Bold, INK, None);
            }
            Line::Unit { number, words, colour, out } => {
                if let Some(dot) = circle(x + 7.0, top + 11.5, 5.0) {
                    canvas.fill(&dot, if *out { colour.alpha(90) } else { *colour });
                }
                let number = number.to_string();
                text::draw(canvas, &number, (x + 17.0, baseline), SIZE, Weight::Bold, colour.darker(0.45), None);
                let room = LEGEND_COLUMN - 58.0;
                let words = text::fitted(words, SIZE, Weight::Regular, room);
                text::draw(
                    canvas,
                    &words,
                    (x + 48.0, baseline),
                    SIZE,
                    Weight::Regular,
                    if *out { MUTED } else { INK },
                    None,
                );
            }
        }
    }
}
