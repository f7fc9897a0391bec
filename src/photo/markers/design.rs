//! The four corner markers as printed: one source of truth for the sheet that draws them and the
//! detector that reads them.

use crate::measure::{Pt, Table};

/// A marker is a square of `CELLS` x `CELLS` cells: a black border one cell thick round a 4 x 4 grid of
/// bits. Ten-millimetre cells keep each bit several pixels wide on a phone photo of a whole 6' table.
pub const CELLS: usize = 6;
pub const BITS: usize = 4;
pub const CELL_MM: f64 = 10.0;
pub const MARKER_MM: f64 = CELL_MM * CELLS as f64;
/// The white kept round the black square, as wide as a cell: the detector needs the square's edge to
/// stand against white, whatever the table or the floor beyond it is.
pub const QUIET_MM: f64 = CELL_MM;
/// The piece cut out: the square and its white margin. Laid flush in a table corner, the square's own
/// corners sit `QUIET_MM` in from both edges.
pub const PIECE_MM: f64 = MARKER_MM + 2.0 * QUIET_MM;
pub const MM_PER_INCH: f64 = 25.4;

/// The bits of the four markers, `#` black, row by row as printed upright. Chosen so that every code
/// and each of its quarter turns differs from every other code and turn of a code in at least
/// `MIN_DISTANCE` bits: a marker is told from another at any rotation of the paper, its own rotation is
/// never in doubt, and up to `CORRECTABLE` misread bits are put right.
const CODES: [[&str; BITS]; 4] = [
    ["#.#.", ".###", ".#.#", "..#."],
    ["..##", "..##", "..#.", "#.##"],
    ["###.", "..#.", "..##", "...#"],
    [".###", "....", "###.", "..#."],
];
pub const MIN_DISTANCE: u32 = 7;
pub const CORRECTABLE: u32 = (MIN_DISTANCE - 1) / 2;

/// A 4 x 4 grid of bits, row-major from the top-left as printed, bit set for black.
pub type Code = u16;

/// One of the four markers, named by the table corner it goes in, in the order players tap corners:
/// (0, 0), (width, 0), (width, depth), (0, depth), clockwise from the top-left as the app draws the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Marker(pub usize);

impl Marker {
    pub const ALL: [Marker; 4] = [Marker(0), Marker(1), Marker(2), Marker(3)];

    pub fn code(self) -> Code {
        parse_code(&CODES[self.0])
    }

    /// Whether each of the marker's cells is black, row by row from the top-left as printed: the border
    /// all black, the code inside it.
    pub fn cells(self) -> [[bool; CELLS]; CELLS] {
        let code = self.code();
        std::array::from_fn(|row| {
            std::array::from_fn(|column| {
                let border = row == 0 || column == 0 || row == CELLS - 1 || column == CELLS - 1;
                border || code_bit(code, row - 1, column - 1)
            })
        })
    }

    /// How the sheet names the corner, for a table of any size.
    pub fn corner_words(self) -> &'static str {
        ["(0, 0) — top-left", "(width, 0) — top-right", "(width, depth) — bottom-right", "(0, depth) — bottom-left"]
            [self.0]
    }

    /// The table corner this marker goes in.
    pub fn table_corner(self, table: Table) -> Pt {
        let x = if matches!(self.0, 1 | 2) { table.width } else { 0.0 };
        let y = if matches!(self.0, 2 | 3) { table.depth } else { 0.0 };
        Pt::new(x, y)
    }

    /// How a player is told of the marker on a table of known size: by its corner, "(72, 48)".
    pub fn name(self, table: Table) -> String {
        let corner = self.table_corner(table);
        format!("({}, {})", corner.x, corner.y)
    }

    /// Where the black square's corners are on the table once its piece lies flush in its corner, going
    /// clockwise as the app draws the table from the corner nearest the table's own corner. The piece is
    /// square and the black square central on it, so this holds whichever way round the paper is laid.
    pub fn square_on_table(self, table: Table) -> [Pt; 4] {
        let (inset, side) = (QUIET_MM / MM_PER_INCH, MARKER_MM / MM_PER_INCH);
        let corner = self.table_corner(table);
        // From the table's corner, inwards along both edges.
        let (dx, dy) = (if corner.x > 0.0 { -1.0 } else { 1.0 }, if corner.y > 0.0 { -1.0 } else { 1.0 });
        let at = |along_x: f64, along_y: f64| Pt::new(corner.x + dx * along_x, corner.y + dy * along_y);
        let square =
            [at(inset, inset), at(inset + side, inset), at(inset + side, inset + side), at(inset, inset + side)];
        // Stepping away from a right-hand or bottom edge turns the order round: put it back clockwise.
        if dx * dy < 0.0 { [square[0], square[3], square[2], square[1]] } else { square }
    }
}

/// The bit at (`row`, `column`) of a code's 4 x 4 grid.
pub fn code_bit(code: Code, row: usize, column: usize) -> bool {
    code >> (row * BITS + column) & 1 == 1
}

/// The code seen when the printed grid is turned a quarter clockwise.
#[cfg(test)]
fn turned(code: Code) -> Code {
    let mut out = 0;
    for row in 0..BITS {
        for column in 0..BITS {
            // After a clockwise quarter turn, the cell at (row, column) shows what was at
            // (BITS - 1 - column, row).
            if code_bit(code, BITS - 1 - column, row) {
                out |= 1 << (row * BITS + column);
            }
        }
    }
    out
}

fn parse_code(rows: &[&str; BITS]) -> Code {
    let mut code = 0;
    for (row, text) in rows.iter().enumerate() {
        for (column, c) in text.bytes().enumerate() {
            if c == b'#' {
                code |= 1 << (row * BITS + column);
            }
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_turns() -> Vec<(Marker, usize, Code)> {
        Marker::ALL
            .iter()
            .flat_map(|&m| {
                let mut code = m.code();
                (0..4).map(move |turns| {
                    let this = (m, turns, code);
                    code = turned(code);
                    this
                })
            })
            .collect()
    }

    #[test]
    fn no_code_equals_another_or_any_turn_of_any_code() {
        let all = all_turns();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let distance = (a.2 ^ b.2).count_ones();
                assert!(distance >= MIN_DISTANCE, "{a:?} and {b:?} differ in {distance} bits");
            }
        }
    }

    #[test]
    fn four_turns_bring_a_code_back() {
        for m in Marker::ALL {
            assert_eq!(turned(turned(turned(turned(m.code())))), m.code());
            assert_ne!(turned(m.code()), m.code());
        }
    }

    #[test]
    fn every_square_lies_inside_its_table_corner_clockwise() {
        let table = Table { width: 72.0, depth: 48.0 };
        for m in Marker::ALL {
            let square = m.square_on_table(table);
            let corner = m.table_corner(table);
            let nearest = square.iter().map(|p| (p.x - corner.x).hypot(p.y - corner.y)).fold(f64::MAX, f64::min);
            assert!((square[0].x - corner.x).hypot(square[0].y - corner.y) - nearest < 1e-12);
            let area: f64 = (0..4)
                .map(|i| {
                    let (p, q) = (square[i], square[(i + 1) % 4]);
                    p.x * q.y - q.x * p.y
                })
                .sum();
            assert!(area > 0.0, "{m:?} runs anticlockwise");
            assert!(square.iter().all(|p| table.contains(*p)));
        }
    }
}
