//! A scale bar in inches under the table's left corner, in alternate black and white inches (or steps of
//! a few inches on a large table), and the table's size at the right.

use super::canvas::Canvas;
use super::frame::Frame;
use super::palette::{INK, MUTED, PAPER};
use super::text::{self, Weight};
use crate::measure::Table;

const SIZE: f32 = 13.0;
const BAR: f32 = 8.0;

pub fn draw(canvas: &mut Canvas, table: &Table, frame: &Frame) {
    let ppi = frame.table.ppi;
    // The longest round length that takes at most a quarter of the table's width.
    let inches = [1.0_f32, 2.0, 3.0, 6.0, 12.0, 18.0, 24.0, 36.0]
        .into_iter()
        .rev()
        .find(|l| l * ppi <= frame.table.width / 4.0)
        .unwrap_or(1.0);
    let step = if inches <= 12.0 { 1.0 } else { inches / 6.0 };
    let (left, top) = (frame.table.left, frame.scale_top + 6.0);
    let steps = (inches / step).round() as usize;
    for i in 0..steps {
        let colour = if i % 2 == 0 { INK } else { PAPER };
        canvas.rect(left + i as f32 * step * ppi, top, step * ppi, BAR, colour);
    }
    // The white steps need an outline to be seen on white paper.
    if let Some(outline) = super::canvas::polygon(&[
        (left, top),
        (left + inches * ppi, top),
        (left + inches * ppi, top + BAR),
        (left, top + BAR),
    ]) {
        canvas.stroke(&outline, INK, 1.0);
    }
    let baseline = top + BAR + 6.0 + text::cap_height(SIZE);
    text::draw(canvas, "0", (left - 3.0, baseline), SIZE, Weight::Regular, INK, None);
    let end = format!("{}\"", inches as u32);
    let end_width = text::width(&end, SIZE, Weight::Regular);
    text::draw(canvas, &end, (left + inches * ppi - end_width / 2.0, baseline), SIZE, Weight::Regular, INK, None);
    let unit =
        if step == 1.0 { "inches (one step an inch)".to_string() } else { format!("inches (one step {step}\")") };
    text::draw(canvas, &unit, (left + inches * ppi + 24.0, top + BAR), SIZE, Weight::Regular, MUTED, None);
    let size = format!("table {}\" × {}\"", round(table.width), round(table.depth));
    let size_width = text::width(&size, SIZE, Weight::Regular);
    let right = frame.table.left + frame.table.width;
    text::draw(canvas, &size, (right - size_width, top + BAR), SIZE, Weight::Regular, MUTED, None);
}

/// Inches as a player says them: whole where they are whole, else to a tenth.
fn round(inches: f64) -> String {
    if (inches - inches.round()).abs() < 0.05 { format!("{}", inches.round()) } else { format!("{inches:.1}") }
}
