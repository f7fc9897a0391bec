//! "Stands that are forced to recoil ... must recoil towards their side's baseline until they are at
//! least one square away from the nearest enemy stand", within the 90-degree arc to the rear of the square
//! they are in, each square counted against the stand's move. Read on the grid (RULINGS and the docs):
//! "at least one square away" is a king's distance of 2 or more from every enemy stand; the rear arc is
//! the arc toward the side's baseline; a recoil moves at least one square. The shortest such path is taken,
//! straightest back first; it passes a friend's square without room for its depth (`Space`) on to the
//! next square that has room. It is blocked by an obstacle the stand may not cross as it moves (a wall,
//! hedge or fence for any but infantry; any obstacle at all when the table reads the text so), an enemy
//! stand, ground the stand may not enter, or the table's edge; a stand sharing its square with a friend
//! cannot recoil; one that is blocked, or would need more than its move, is destroyed.

use std::collections::{BTreeMap, VecDeque};

use super::{Board, Facing, Space, in_front_arc};
use crate::measure::{Square, chebyshev};

pub struct Recoiler<'a> {
    pub at: Square,
    pub squares: u32,
    pub infantry: bool,
    /// Every obstacle stops the recoil, not only those the stand may not cross
    /// (`recoil_blocked_by_any_obstacle`).
    pub blocked_by_any_obstacle: bool,
    /// The way to the side's baseline.
    pub toward_baseline: Facing,
    /// The depth it needs in the square it stops in.
    pub depth_mm: u32,
    /// What the other stands of its side take of their squares.
    pub friends: &'a Space,
    pub enemies: &'a [Square],
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recoil {
    /// The squares it goes through, the last where it stops.
    Back(Vec<Square>),
    /// It is destroyed, and why.
    Destroyed(Blocked),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    SharingASquare,
    /// The nearest square clear of the enemy is further back than its move: it would need `needs` of its
    /// move, `squares` of them squares and the rest contours.
    TooFar {
        needs: u32,
        squares: u32,
    },
    /// No square clear of the enemy can be reached behind it: obstacles, enemies or the table's edge.
    NoWayBack,
}

pub fn recoil(board: &Board, stand: &Recoiler) -> Recoil {
    if stand.friends.taken(stand.at).stands > 0 {
        return Recoil::Destroyed(Blocked::SharingASquare);
    }
    let clear = |s: Square| stand.enemies.iter().all(|&e| chebyshev(e, s) >= 2);
    let room = |s: Square| stand.friends.fits(s, stand.depth_mm);
    let behind = |s: Square| in_front_arc(stand.at, stand.toward_baseline, s);
    // Costs are one a square plus contours, so a square may first be reached the dear way: it is searched
    // again whenever a cheaper way reaches it, which on a board of a few hundred squares costs little.
    let straightness = |s: Square| stand.toward_baseline.offsets(stand.at, s).1.abs();
    let mut best: BTreeMap<Square, (u32, Square)> = BTreeMap::new();
    let mut queue = VecDeque::from([(stand.at, 0u32)]);
    while let Some((square, cost)) = queue.pop_front() {
        for next in board.grid.neighbours(square) {
            let obstacle = match board.crossed(square, next) {
                Some(_) if stand.blocked_by_any_obstacle => true,
                _ => board.barred(square, next, stand.infantry),
            };
            if !behind(next) || stand.enemies.contains(&next) || obstacle {
                continue;
            }
            if !board.enterable(next, stand.infantry) {
                continue;
            }
            let total = cost.saturating_add(1).saturating_add(board.contours(square, next));
            match best.get(&next) {
                Some(&(c, _)) if total > c => {}
                // As short a way by a straighter square: the same cost onward, so nothing to search again.
                Some(&(c, via)) if total == c => {
                    if straightness(square) < straightness(via) {
                        best.insert(next, (total, square));
                    }
                }
                _ => {
                    best.insert(next, (total, square));
                    queue.push_back((next, total));
                }
            }
        }
    }
    let goal =
        best.iter().filter(|&(&s, _)| clear(s) && room(s)).min_by_key(|&(&s, &(cost, _))| (cost, straightness(s), s));
    let Some((&end, &(cost, _))) = goal else { return Recoil::Destroyed(Blocked::NoWayBack) };
    let mut path = vec![end];
    while let Some(&(_, from)) = best.get(path.last().expect("not empty")) {
        if from == stand.at {
            break;
        }
        path.push(from);
    }
    path.reverse();
    if cost > stand.squares {
        return Recoil::Destroyed(Blocked::TooFar { needs: cost, squares: path.len() as u32 });
    }
    Recoil::Back(path)
}
