//! Room in a square. "No more than two stands may be placed in a square at any time, and then only if
//! there is sufficient space within the square for this to happen. They must be placed one behind the
//! other": a square is 50 mm deep, so two stands share one only when their depths add to 50 mm or less
//! (infantry 20 mm, cavalry 30, guns 40, transport 50, by the Stands section, or a stand's own larger
//! depth). A large stand takes 50 mm of each square it fills and what is left of its depth in its last.

use std::collections::BTreeMap;

use crate::measure::Square;

/// What the stands of one side take of the squares they stand in.
#[derive(Debug, Clone)]
pub struct Space {
    square_mm: u32,
    per_square: usize,
    taken: BTreeMap<Square, Taken>,
}

/// The stands in a square and the depth they take, front to back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Taken {
    pub stands: usize,
    pub mm: u32,
}

impl Space {
    /// Squares of `square_mm` holding at most `per_square` stands, all empty.
    pub fn new(square_mm: u32, per_square: u32) -> Space {
        Space { square_mm, per_square: per_square as usize, taken: BTreeMap::new() }
    }

    pub fn square_mm(&self) -> u32 {
        self.square_mm
    }

    /// A stand takes `mm` of `square`.
    pub fn take(&mut self, square: Square, mm: u32) {
        let taken = self.taken.entry(square).or_default();
        taken.stands += 1;
        taken.mm = taken.mm.saturating_add(mm);
    }

    pub fn taken(&self, square: Square) -> Taken {
        self.taken.get(&square).copied().unwrap_or_default()
    }

    /// Whether a stand taking `mm` of `square` fits beside what is there.
    pub fn fits(&self, square: Square, mm: u32) -> bool {
        let taken = self.taken(square);
        taken.stands < self.per_square && taken.mm.saturating_add(mm) <= self.square_mm
    }
}

/// The depth a stand `depth_mm` deep takes of each row of squares it stands in, its front row first: the
/// whole square in every row it fills, the rest of its depth in its last.
pub fn depth_in_row(depth_mm: u32, row: u32, square_mm: u32) -> u32 {
    depth_mm.saturating_sub(row * square_mm).min(square_mm)
}
