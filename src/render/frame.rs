//! Where each part of the picture goes: the title line on top, the table to scale under it, the scale
//! bar, then the legend in columns. The table is as large as fits 1200 × 900 pixels, so a 6' × 4' table
//! is drawn at about 17 pixels to the inch and a small board larger.

use crate::measure::{Pt, Table};

/// The largest the table is drawn, in pixels.
const MOST_WIDE: f64 = 1200.0;
const MOST_DEEP: f64 = 900.0;
/// A narrow table still gets room for its title and legend.
const LEAST_WIDE: f32 = 760.0;
pub const MARGIN: f32 = 24.0;
const TITLE_BAND: f32 = 52.0;
const SCALE_BAND: f32 = 52.0;
pub const LEGEND_LINE: f32 = 24.0;
pub const LEGEND_COLUMN: f32 = 300.0;

/// Where the table stands in the picture, and its scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableFrame {
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
    /// Pixels to the inch.
    pub ppi: f32,
}

impl TableFrame {
    pub fn of(table: &Table) -> TableFrame {
        let ppi = (MOST_WIDE / table.width.max(1.0)).min(MOST_DEEP / table.depth.max(1.0)) as f32;
        let width = (table.width as f32 * ppi).round();
        let left = MARGIN.max(((LEAST_WIDE - width) / 2.0).round());
        TableFrame { left, top: TITLE_BAND, width, height: (table.depth as f32 * ppi).round(), ppi }
    }

    /// A point on the table, in the picture's pixels.
    pub fn at(&self, p: Pt) -> (f32, f32) {
        (self.left + p.x as f32 * self.ppi, self.top + p.y as f32 * self.ppi)
    }

    /// A pixel of the picture, as the point of the table under it.
    pub fn inches(&self, (x, y): (f32, f32)) -> Pt {
        Pt::new(f64::from((x - self.left) / self.ppi), f64::from((y - self.top) / self.ppi))
    }
}

/// The whole picture laid out, once the legend's length is known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub table: TableFrame,
    pub width: u32,
    pub height: u32,
    pub title_baseline: f32,
    pub scale_top: f32,
    pub legend_top: f32,
    pub legend_columns: usize,
    pub legend_rows: usize,
}

impl Frame {
    pub fn new(table: &Table, legend_lines: usize) -> Frame {
        let table = TableFrame::of(table);
        let width = (table.width + 2.0 * table.left).max(LEAST_WIDE);
        let legend_columns = (((width - 2.0 * MARGIN) / LEGEND_COLUMN).floor() as usize).max(1);
        let legend_rows = legend_lines.div_ceil(legend_columns);
        let scale_top = table.top + table.height + 12.0;
        let legend_top = scale_top + SCALE_BAND;
        let height = legend_top + legend_rows as f32 * LEGEND_LINE + MARGIN;
        Frame {
            table,
            width: width as u32,
            height: height.ceil() as u32,
            title_baseline: MARGIN + 8.0,
            scale_top,
            legend_top,
            legend_columns,
            legend_rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_six_by_four_table_fills_the_width_and_a_square_board_the_depth() {
        let wide = TableFrame::of(&Table { width: 72.0, depth: 48.0 });
        assert_eq!((wide.width, wide.height), (1200.0, 800.0));
        let square = TableFrame::of(&Table { width: 24.0, depth: 24.0 });
        assert_eq!((square.width, square.height), (900.0, 900.0));
        assert_eq!(square.at(Pt::new(12.0, 0.0)), (square.left + 450.0, square.top));
        assert_eq!(square.inches(square.at(Pt::new(3.0, 7.5))), Pt::new(3.0, 7.5));
    }

    #[test]
    fn the_legend_flows_into_as_many_columns_as_fit() {
        let frame = Frame::new(&Table { width: 72.0, depth: 48.0 }, 10);
        assert_eq!(frame.width, 1248);
        assert_eq!(frame.legend_columns, 4);
        assert_eq!(frame.legend_rows, 3);
        assert!(frame.height as f32 >= frame.legend_top + 3.0 * LEGEND_LINE);
        let narrow = Frame::new(&Table { width: 12.0, depth: 36.0 }, 1);
        assert_eq!(narrow.width, 760);
        assert!(narrow.table.left > MARGIN);
    }
}
