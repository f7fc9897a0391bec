//! The 90-degree front and rear arcs on the grid. A stand's front arc is every square ahead of it no
//! further to the side than it is ahead: the squares between the two diagonals drawn forward from its
//! square, the diagonal squares themselves included. The rear arc is the same behind it. A square beside
//! it, level with its square, is in neither: it is on its flank.

use super::Facing;
use crate::measure::Square;

pub fn in_front_arc(stand: Square, facing: Facing, square: Square) -> bool {
    let (ahead, aside) = facing.offsets(stand, square);
    ahead >= 1 && aside.abs() <= ahead
}

pub fn in_rear_arc(stand: Square, facing: Facing, square: Square) -> bool {
    in_front_arc(stand, facing.about(), square)
}

/// Where an attacker stands from its target's point of view: the additions for "on the enemy stand's
/// flank or rear" apply to `Flank` and `Rear`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aspect {
    Front,
    Flank,
    Rear,
}

pub fn aspect(target: Square, target_facing: Facing, attacker: Square) -> Aspect {
    if in_front_arc(target, target_facing, attacker) {
        Aspect::Front
    } else if in_rear_arc(target, target_facing, attacker) {
        Aspect::Rear
    } else {
        Aspect::Flank
    }
}
