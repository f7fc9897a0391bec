//! A stand faces one edge of its square: "they must be placed one behind the other and face in the same
//! direction", and on a grid of squares that direction is one of the four edges.

use serde::{Deserialize, Serialize};

use crate::measure::Square;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    North,
    East,
    South,
    West,
}

impl Facing {
    /// The step, in columns and rows, one square straight ahead (rows grow down the table, south).
    pub fn ahead(self) -> (i32, i32) {
        match self {
            Facing::North => (0, -1),
            Facing::East => (1, 0),
            Facing::South => (0, 1),
            Facing::West => (-1, 0),
        }
    }

    pub fn about(self) -> Facing {
        match self {
            Facing::North => Facing::South,
            Facing::East => Facing::West,
            Facing::South => Facing::North,
            Facing::West => Facing::East,
        }
    }

    /// How far `to` lies ahead of `from` along this facing, and how far to one side: (ahead, aside).
    pub fn offsets(self, from: Square, to: Square) -> (i32, i32) {
        let (dc, dr) = (to.col - from.col, to.row - from.row);
        let (ac, ar) = self.ahead();
        (dc * ac + dr * ar, dc * ar - dr * ac)
    }

    /// The facing of a stand turned `degrees` clockwise from north, if that is square to the grid.
    pub fn from_degrees(degrees: f64) -> Option<Facing> {
        [Facing::North, Facing::East, Facing::South, Facing::West]
            .into_iter()
            .find(|f| f.degrees() == degrees.rem_euclid(360.0))
    }

    /// Degrees clockwise from north, as the table view draws a facing.
    pub fn degrees(self) -> f64 {
        match self {
            Facing::North => 0.0,
            Facing::East => 90.0,
            Facing::South => 180.0,
            Facing::West => 270.0,
        }
    }
}
