//! The page of four markers to print, as an SVG drawn in millimetres so it prints at its true size.

use std::fmt::Write;

use super::design::{CELL_MM, MARKER_MM, Marker, PIECE_MM, QUIET_MM};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn parse(text: &str) -> Option<Paper> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" | "us-letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// Where each piece's top-left is drawn on the page: two rows of two, room above each for its label.
const GAP_MM: f64 = 16.0;
const TOP_MM: f64 = 62.0;
const LABEL_ABOVE_MM: f64 = 4.0;
/// The words on a piece sit this far in from its cut edge, their height short of the black square by
/// more than half a cell, so they never touch its edge in a photo.
const EDGE_WORDS_MM: f64 = 4.2;
const EDGE_WORDS_SIZE_MM: f64 = 2.6;
const EDGE_WORDS: &str = "flush with the table edge";

/// The sheet of four markers, each on a piece to cut out and lay in the table corner its label names.
pub fn marker_sheet(paper: Paper) -> String {
    let (width, height) = paper.size_mm();
    let left = (width - 2.0 * PIECE_MM - GAP_MM) / 2.0;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">
<title>Sandtable corner markers</title>
<rect width="{width}" height="{height}" fill="#fff"/>
<text x="{left}" y="16" font-size="6" font-weight="bold">Sandtable corner markers</text>
<text x="{left}" y="25" font-size="3.6" font-weight="bold">Print at 100% (no fit to page); the black square must measure {MARKER_MM:.0} mm.</text>
<text x="{left}" y="31" font-size="3.2">Cut each piece out along its dashed line. Lay each in the table corner its label names, two cut</text>
<text x="{left}" y="35.5" font-size="3.2">edges flush with the table's two edges there (the marked ones, though any way round will do).</text>
<text x="{left}" y="40" font-size="3.2">Keep them flat and uncovered, then photograph the whole table: Sandtable finds all four by itself.</text>
<text x="{left}" y="44.5" font-size="3.2">Corners are named as the app draws the table: (0, 0) top-left, x across, y down.</text>
"##
    );
    for marker in Marker::ALL {
        let (column, row) = [(0, 0), (1, 0), (1, 1), (0, 1)][marker.0];
        let x = left + f64::from(column) * (PIECE_MM + GAP_MM);
        let y = TOP_MM + f64::from(row) * (PIECE_MM + GAP_MM + LABEL_ABOVE_MM);
        piece(&mut svg, marker, x, y);
    }
    let _ = write!(
        svg,
        r##"<text x="{left}" y="{}" font-size="3">Each piece is {PIECE_MM:.0} mm square; its black square sits {QUIET_MM:.0} mm in from every cut edge.</text>
</svg>
"##,
        height - 12.0
    );
    svg
}

/// One piece: its label above, the cut line, the white margin with the flush edges named, the marker.
fn piece(svg: &mut String, marker: Marker, x: f64, y: f64) {
    let _ = writeln!(
        svg,
        r##"<text x="{x}" y="{}" font-size="4" font-weight="bold">{}</text>"##,
        y - LABEL_ABOVE_MM - 2.0,
        marker.corner_words()
    );
    let _ = writeln!(
        svg,
        r##"<text x="{x}" y="{}" font-size="3">as the app draws the table</text>"##,
        y - LABEL_ABOVE_MM + 2.5
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{x}" y="{y}" width="{PIECE_MM}" height="{PIECE_MM}" fill="none" stroke="#666" stroke-width="0.3" stroke-dasharray="2 1.5"/>"##
    );
    // The two edges that go flush with the table's edges: along the top or bottom, and the left or right.
    let (on_right, on_bottom) = (matches!(marker.0, 1 | 2), matches!(marker.0, 2 | 3));
    let words = |svg: &mut String, cx: f64, cy: f64, turn: i32, text: &str| {
        let _ = writeln!(
            svg,
            r##"<text x="{cx}" y="{cy}" font-size="{EDGE_WORDS_SIZE_MM}" fill="#555" text-anchor="middle" transform="rotate({turn} {cx} {cy})">{text}</text>"##
        );
    };
    // The flush edges drawn solid along their cut lines, so half the stroke stays on the piece.
    let (edge_x, edge_y) = (if on_right { x + PIECE_MM } else { x }, if on_bottom { y + PIECE_MM } else { y });
    let _ = writeln!(
        svg,
        r##"<path d="M{x} {edge_y}h{PIECE_MM}M{edge_x} {y}v{PIECE_MM}" stroke="#444" stroke-width="0.8" fill="none"/>"##
    );
    let middle = PIECE_MM / 2.0;
    let baseline_in = EDGE_WORDS_MM;
    let (top_words, bottom_words) =
        if on_bottom { (marker.corner_words(), EDGE_WORDS) } else { (EDGE_WORDS, marker.corner_words()) };
    words(svg, x + middle, y + baseline_in, 0, top_words);
    words(svg, x + middle, y + PIECE_MM - baseline_in + EDGE_WORDS_SIZE_MM, 0, bottom_words);
    if on_right {
        words(svg, x + PIECE_MM - baseline_in, y + middle, 90, EDGE_WORDS);
    } else {
        words(svg, x + baseline_in, y + middle, -90, EDGE_WORDS);
    }
    // One black square with the white bits cut into it: no seam between black cells for a printer to
    // leave pale.
    let (mx, my) = (x + QUIET_MM, y + QUIET_MM);
    let _ = writeln!(svg, r##"<rect x="{mx}" y="{my}" width="{MARKER_MM}" height="{MARKER_MM}" fill="#000"/>"##);
    let _ = writeln!(svg, r##"<g fill="#fff" shape-rendering="crispEdges">"##);
    for (row, cells) in marker.cells().iter().enumerate() {
        for (column, &black) in cells.iter().enumerate() {
            if !black {
                let _ = writeln!(
                    svg,
                    r##"<rect x="{}" y="{}" width="{CELL_MM}" height="{CELL_MM}"/>"##,
                    mx + column as f64 * CELL_MM,
                    my + row as f64 * CELL_MM
                );
            }
        }
    }
    let _ = writeln!(svg, "</g>");
}
