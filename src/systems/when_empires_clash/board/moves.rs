//! The squares a stand may move to in one activation, for the table view to light up and for a move to
//! be checked against. Steps are a king's, orthogonal or diagonal, each one square plus one per contour
//! crossed. A stand may not enter a square with an enemy in it, must stop on entering a square next to
//! one, and (artillery) may not enter such a square at all. Only infantry crosses walls, hedges and fences,
//! or enters woods off the road. It passes through friends but ends only where there is room for its depth
//! (`Space`). A move made wholly along a road goes one square further.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

use super::{Board, Obstacle, Space};
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

/// What a move to a square costs of the stand's move: one a square, and one more a contour crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub cost: u32,
    /// The contours it crosses on its cheapest way (of ways as cheap, the one with fewest squares).
    pub contours: u32,
}

impl Route {
    /// The squares it steps: its cost less the contours.
    pub fn squares(self) -> u32 {
        self.cost - self.contours
    }
}

/// Every square the stand may end its move in, with the squares it costs. Its own square is not listed.
pub fn reachable(board: &Board, mover: &Mover) -> BTreeMap<Square, u32> {
    ends(board, mover).into_iter().map(|(square, route)| (square, route.cost)).collect()
}

/// The way the stand's move to `to` takes, if it may end its move there.
pub fn route(board: &Board, mover: &Mover, to: Square) -> Option<Route> {
    ends(board, mover).get(&to).copied()
}

/// Every square the stand may end its move in, with the way there. Its own square is not listed.
fn ends(board: &Board, mover: &Mover) -> BTreeMap<Square, Route> {
    let mut ends = spread(board, mover, mover.squares, |_| true);
    if board.is_road(mover.at) {
        // "Stands making their entire move along a road may increase their movement distance by 1 square."
        for (square, route) in spread(board, mover, mover.squares + 1, |s| board.is_road(s)) {
            ends.entry(square).and_modify(|r| *r = cheaper(*r, route)).or_insert(route);
        }
    }
    ends.retain(|&s, _| s != mover.at && mover.friends.fits(s, mover.depth_mm));
    ends
}

/// The cheaper of two ways, and of two as cheap the one that steps fewer squares (crosses more contours).
fn cheaper(a: Route, b: Route) -> Route {
    if (b.cost, std::cmp::Reverse(b.contours)) < (a.cost, std::cmp::Reverse(a.contours)) { b } else { a }
}

/// Cheapest ways to every square within `allowance`, stepping only onto squares `keep` allows.
fn spread(board: &Board, mover: &Mover, allowance: u32, keep: impl Fn(Square) -> bool) -> BTreeMap<Square, Route> {
    let start = Route { cost: 0, contours: 0 };
    let mut best: BTreeMap<Square, Route> = BTreeMap::from([(mover.at, start)]);
    let mut queue = BinaryHeap::from([Reverse((0u32, mover.at))]);
    while let Some(Reverse((cost, square))) = queue.pop() {
        let here = best[&square];
        if here.cost < cost {
            continue;
        }
        // A stand that has come up next to an enemy stops there.
        if square != mover.at && mover.next_to_enemy(square) {
            continue;
        }
        for next in board.grid.neighbours(square) {
            let Some(step) = mover.step(board, square, next).filter(|_| keep(next)) else { continue };
            let way = Route { cost: here.cost.saturating_add(step), contours: here.contours + (step - 1) };
            if way.cost <= allowance && best.get(&next).is_none_or(|&r| cheaper(r, way) == way && r != way) {
                best.insert(next, way);
                queue.push(Reverse((way.cost, next)));
            }
        }
    }
    best
}

/// What lies across a move's straight ways to `to` (the squares of every king's path no longer than the
/// distance): what made a move that went round go round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum InTheWay {
    /// Woods the stand may not enter.
    Woods,
    /// An obstacle the stand may not cross.
    Obstacle(Obstacle),
    /// An enemy stand, or a square next to one (a stand stops there; artillery never enters it).
    Enemy,
    /// A hill's contours, dearer than the way round.
    Hill,
}

pub fn in_the_way(board: &Board, mover: &Mover, to: Square) -> BTreeSet<InTheWay> {
    let distance = chebyshev(mover.at, to);
    let straight = |s: Square| board.grid.contains(s) && chebyshev(mover.at, s) + chebyshev(s, to) == distance;
    let reach = distance as i32;
    let corridor: Vec<Square> = (-reach..=reach)
        .flat_map(|dc| (-reach..=reach).map(move |dr| Square::new(mover.at.col + dc, mover.at.row + dr)))
        .filter(|&s| straight(s))
        .collect();
    let mut found = BTreeSet::new();
    for &square in &corridor {
        if square != mover.at && square != to {
            if !board.enterable(square, mover.infantry) {
                found.insert(InTheWay::Woods);
            }
            if mover.enemies.contains(&square) || mover.next_to_enemy(square) {
                found.insert(InTheWay::Enemy);
            }
        }
        let onward = corridor.iter().filter(|&&t| chebyshev(square, t) == 1 && chebyshev(mover.at, t) > chebyshev(mover.at, square));
        for &next in onward {
            if board.barred(square, next, mover.infantry)
                && let Some(obstacle) = board.crossed(square, next)
            {
                found.insert(InTheWay::Obstacle(obstacle));
            }
            if board.contours(square, next) > 0 {
                found.insert(InTheWay::Hill);
            }
        }
    }
    found
}
