use serde::{Deserialize, Serialize};

/// The side of one square of When Empires Clash!, in millimetres.
pub const SQUARE_MM: f64 = 50.0;

/// One square, counted from 0 at the top-left: `col` across, `row` down. Signed so that stepping off
/// the grid gives a square `SquareGrid::contains` can reject, rather than an underflow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Square {
    pub col: i32,
    pub row: i32,
}

impl Square {
    pub const fn new(col: i32, row: i32) -> Square {
        Square { col, row }
    }
}

/// Distance in squares as a king moves (RULINGS: diagonal steps count one).
pub fn chebyshev(a: Square, b: Square) -> u32 {
    a.col.abs_diff(b.col).max(a.row.abs_diff(b.row))
}

/// The board: `cols` squares across, `rows` down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SquareGrid {
    pub cols: u32,
    pub rows: u32,
}

impl SquareGrid {
    pub fn contains(&self, square: Square) -> bool {
        u32::try_from(square.col).is_ok_and(|col| col < self.cols)
            && u32::try_from(square.row).is_ok_and(|row| row < self.rows)
    }

    /// The up-to-eight squares a king's move away, clipped to the board, in reading order.
    pub fn neighbours(&self, square: Square) -> Vec<Square> {
        let mut around = Vec::with_capacity(8);
        for row in square.row - 1..=square.row + 1 {
            for col in square.col - 1..=square.col + 1 {
                let candidate = Square { col, row };
                if candidate != square && self.contains(candidate) {
                    around.push(candidate);
                }
            }
        }
        around
    }

    /// The square under a point measured in millimetres from the board's top-left corner, or `None` off
    /// the board. A line between squares belongs to the square right of or below it; the board's far
    /// edges belong to the last column and row, so every point of the board is in some square.
    pub fn square_at_mm(&self, x_mm: f64, y_mm: f64) -> Option<Square> {
        let index = |mm: f64, count: u32| -> Option<i32> {
            let extent = f64::from(count) * SQUARE_MM;
            if !(0.0..=extent).contains(&mm) || count == 0 {
                return None;
            }
            let index = ((mm / SQUARE_MM).floor() as u32).min(count - 1);
            i32::try_from(index).ok()
        };
        Some(Square { col: index(x_mm, self.cols)?, row: index(y_mm, self.rows)? })
    }

    /// The centre of a square in millimetres from the board's top-left corner, as (x, y).
    pub fn centre_mm(&self, square: Square) -> (f64, f64) {
        ((f64::from(square.col) + 0.5) * SQUARE_MM, (f64::from(square.row) + 0.5) * SQUARE_MM)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: SquareGrid = SquareGrid { cols: 12, rows: 8 };

    #[test]
    fn diagonal_steps_count_one_square() {
        assert_eq!(chebyshev(Square::new(0, 0), Square::new(3, 3)), 3);
        assert_eq!(chebyshev(Square::new(0, 0), Square::new(4, 1)), 4);
        assert_eq!(chebyshev(Square::new(5, 2), Square::new(1, 4)), 4);
        assert_eq!(chebyshev(Square::new(2, 2), Square::new(2, 2)), 0);
    }

    #[test]
    fn recoil_needs_two_squares_from_every_enemy() {
        // RULINGS: "at least one square away" is a Chebyshev distance of 2 or more.
        assert_eq!(chebyshev(Square::new(3, 3), Square::new(4, 4)), 1);
        assert_eq!(chebyshev(Square::new(3, 3), Square::new(5, 4)), 2);
    }

    #[test]
    fn contains_only_squares_on_the_board() {
        assert!(BOARD.contains(Square::new(0, 0)));
        assert!(BOARD.contains(Square::new(11, 7)));
        assert!(!BOARD.contains(Square::new(12, 0)));
        assert!(!BOARD.contains(Square::new(0, 8)));
        assert!(!BOARD.contains(Square::new(-1, 3)));
    }

    #[test]
    fn a_middle_square_has_eight_neighbours() {
        let around = BOARD.neighbours(Square::new(5, 5));
        assert_eq!(around.len(), 8);
        assert!(around.iter().all(|&s| chebyshev(s, Square::new(5, 5)) == 1));
    }

    #[test]
    fn neighbours_are_clipped_at_edges_and_corners() {
        assert_eq!(BOARD.neighbours(Square::new(0, 0)), [Square::new(1, 0), Square::new(0, 1), Square::new(1, 1)]);
        assert_eq!(BOARD.neighbours(Square::new(5, 0)).len(), 5);
        assert_eq!(BOARD.neighbours(Square::new(11, 7)).len(), 3);
    }

    #[test]
    fn points_in_millimetres_find_their_square() {
        assert_eq!(BOARD.square_at_mm(0.0, 0.0), Some(Square::new(0, 0)));
        assert_eq!(BOARD.square_at_mm(49.9, 49.9), Some(Square::new(0, 0)));
        assert_eq!(BOARD.square_at_mm(50.0, 120.0), Some(Square::new(1, 2)));
        assert_eq!(BOARD.square_at_mm(600.0, 400.0), Some(Square::new(11, 7)));
    }

    #[test]
    fn points_off_the_board_have_no_square() {
        assert_eq!(BOARD.square_at_mm(-0.1, 10.0), None);
        assert_eq!(BOARD.square_at_mm(600.1, 10.0), None);
        assert_eq!(BOARD.square_at_mm(10.0, 400.1), None);
        assert_eq!(SquareGrid { cols: 0, rows: 0 }.square_at_mm(0.0, 0.0), None);
    }

    #[test]
    fn a_squares_centre_lies_in_that_square() {
        assert_eq!(BOARD.centre_mm(Square::new(0, 0)), (25.0, 25.0));
        assert_eq!(BOARD.centre_mm(Square::new(3, 1)), (175.0, 75.0));
        let (x, y) = BOARD.centre_mm(Square::new(7, 6));
        assert_eq!(BOARD.square_at_mm(x, y), Some(Square::new(7, 6)));
    }
}
