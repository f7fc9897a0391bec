//! "Direct and clear line-of-sight": a straight line from the centre of the firer's square to the centre
//! of the target's. It is blocked by any square it passes through the inside of (the two stands' own
//! squares apart) that holds woods, a building or a stand of either side, or that stands on a higher
//! contour than both ends. A line that only touches a square's corner does not pass through it. Walls,
//! hedges and other obstacles do not block sight; they give cover.

use super::{Board, Ground};
use crate::measure::Square;

/// Whether `from` sees `to`; the blocking square, if one does not.
pub fn line_of_sight(board: &Board, from: Square, to: Square) -> Result<(), Square> {
    let top = board.level(from).max(board.level(to));
    match passed_through(from, to).into_iter().find(|&s| blocks(board, s, top)) {
        Some(blocker) => Err(blocker),
        None => Ok(()),
    }
}

/// Whether `from` sees `to`, as `line_of_sight` says, without finding which square blocks it: the view asks
/// this of every square in every armed stand's arc after every action, so no list is made or sorted.
pub fn has_line_of_sight(board: &Board, from: Square, to: Square) -> bool {
    let top = board.level(from).max(board.level(to));
    !crossed(from, to).any(|(_, s)| blocks(board, s, top))
}

fn blocks(board: &Board, square: Square, top: u32) -> bool {
    board.ground(square) != Ground::Open || board.is_occupied(square) || board.level(square) > top
}

/// The squares strictly between two squares whose inside the centre-to-centre line crosses, nearest first.
pub fn passed_through(from: Square, to: Square) -> Vec<Square> {
    let mut entered: Vec<(f64, Square)> = crossed(from, to).collect();
    entered.sort_by(|a, b| a.0.total_cmp(&b.0));
    entered.into_iter().map(|(_, s)| s).collect()
}

/// Each square strictly between two squares whose inside the centre-to-centre line crosses, with where along
/// the line it enters it, in no particular order.
fn crossed(from: Square, to: Square) -> impl Iterator<Item = (f64, Square)> {
    let (x0, y0) = (f64::from(from.col) + 0.5, f64::from(from.row) + 0.5);
    let (dx, dy) = (f64::from(to.col - from.col), f64::from(to.row - from.row));
    (from.col.min(to.col)..=from.col.max(to.col))
        .flat_map(move |col| (from.row.min(to.row)..=from.row.max(to.row)).map(move |row| Square::new(col, row)))
        .filter(move |&square| square != from && square != to)
        .filter_map(move |square| Some((enters(x0, y0, dx, dy, square)?, square)))
}

/// Where along the line (0 to 1) it first is strictly inside `square`, if it ever is: the open interval
/// of the line's parameter inside the square's open extent on each axis.
fn enters(x0: f64, y0: f64, dx: f64, dy: f64, square: Square) -> Option<f64> {
    let axis = |start: f64, d: f64, low: f64| -> Option<(f64, f64)> {
        let high = low + 1.0;
        if d == 0.0 {
            return (start > low && start < high).then_some((f64::NEG_INFINITY, f64::INFINITY));
        }
        let (a, b) = ((low - start) / d, (high - start) / d);
        Some((a.min(b), a.max(b)))
    };
    let (xa, xb) = axis(x0, dx, f64::from(square.col))?;
    let (ya, yb) = axis(y0, dy, f64::from(square.row))?;
    let (enter, leave) = (xa.max(ya).max(0.0), xb.min(yb).min(1.0));
    (enter < leave).then_some(enter)
}
