//! The squares a stand may move to in one activation, for the table view to light up and for a move to
//! be checked against. Steps are a king's, orthogonal or diagonal, each one square plus one per contour
//! crossed. A stand may not enter a square with an enemy in it, must stop on entering a square next to
//! one, and (artillery) may not enter such a square at all. Only infantry crosses walls, hedges and fences,
//! or enters woods off the road. It passes through friends but ends only where there is room for its depth
//! (`Space`). A move made wholly along a road goes one square further.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use super::{Board, Space};
use crate::measure::{Square, chebyshev};

/// What moves and what stands around it.
pub struct Mover<'a> {
    pub at: Square,
    pub squares: u32,
    pub infantry: bool,
    /// Moves a gun: artillery, or a Transport towing one.
    pub artillery: bool,
    /// The depth it needs in the square it ends in.
    pub depth_mm: u32,
    /// What the other stands of the mover's side take of their squares.
    pub friends: &'a Space,
    pub enemies: &'a [Square],
}

/// Whether `square` is next to one of the `enemies`' squares: a stand entering it stops there, and
/// artillery may not enter it at all.
pub fn next_to(enemies: &[Square], square: Square) -> bool {
    enemies.iter().any(|&e| chebyshev(e, square) == 1)
}

impl Mover<'_> {
    fn next_to_enemy(&self, square: Square) -> bool {
        next_to(self.enemies, square)
    }

    /// A single step's cost, or None when the stand may not take it.
    fn step(&self, board: &Board, from: Square, to: Square) -> Option<u32> {
        if !board.grid.contains(to) || self.enemies.contains(&to) {
            return None;
        }
        if self.artillery && self.next_to_enemy(to) {
            return None;
        }
        if !board.enterable(to, self.infantry) {
            return None;
        }
        if board.barred(from, to, self.infantry) {
            return None;
        }
        Some(board.contours(from, to).saturating_add(1))
    }
}

/// Every square the stand may end its move in, with the squares it costs. Its own square is not listed.
pub fn reachable(board: &Board, mover: &Mover) -> BTreeMap<Square, u32> {
    let mut ends = spread(board, mover, mover.squares, |_| true);
    if board.is_road(mover.at) {
        // "Stands making their entire move along a road may increase their movement distance by 1 square."
        for (square, cost) in spread(board, mover, mover.squares + 1, |s| board.is_road(s)) {
            ends.entry(square).and_modify(|c| *c = (*c).min(cost)).or_insert(cost);
        }
    }
    ends.retain(|&s, _| s != mover.at && mover.friends.fits(s, mover.depth_mm));
    ends
}

/// Cheapest costs to every square within `allowance`, stepping only onto squares `keep` allows.
fn spread(board: &Board, mover: &Mover, allowance: u32, keep: impl Fn(Square) -> bool) -> BTreeMap<Square, u32> {
    let mut best: BTreeMap<Square, u32> = BTreeMap::from([(mover.at, 0)]);
    let mut queue = BinaryHeap::from([Reverse((0u32, mover.at))]);
    while let Some(Reverse((cost, square))) = queue.pop() {
        if best.get(&square).is_some_and(|&c| c < cost) {
            continue;
        }
        // A stand that has come up next to an enemy stops there.
        if square != mover.at && mover.next_to_enemy(square) {
            continue;
        }
        for next in board.grid.neighbours(square) {
            let Some(step) = mover.step(board, square, next).filter(|_| keep(next)) else { continue };
            let total = cost.saturating_add(step);
            if total <= allowance && best.get(&next).is_none_or(|&c| total < c) {
                best.insert(next, total);
                queue.push(Reverse((total, next)));
            }
        }
    }
    best
}
