use serde::{Deserialize, Serialize};

use super::{Pt, Table};

/// One edge of the table: "up" (north, y = 0), "down" (south, y = depth), west (x = 0) or east. Sides
/// enter from an edge, and a routing unit runs back toward it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    North,
    South,
    West,
    East,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::South, Edge::West, Edge::East];

    pub fn parse(text: &str) -> Option<Edge> {
        Edge::ALL.into_iter().find(|e| e.name() == text)
    }

    pub fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::South => "south",
            Edge::West => "west",
            Edge::East => "east",
        }
    }

    /// The unit step from the table toward this edge.
    pub fn direction(self) -> Pt {
        match self {
            Edge::North => Pt::new(0.0, -1.0),
            Edge::South => Pt::new(0.0, 1.0),
            Edge::West => Pt::new(-1.0, 0.0),
            Edge::East => Pt::new(1.0, 0.0),
        }
    }

    /// How far `p` stands from this edge, in inches.
    pub fn distance_from(self, table: &Table, p: Pt) -> f64 {
        match self {
            Edge::North => p.y,
            Edge::South => table.depth - p.y,
            Edge::West => p.x,
            Edge::East => table.width - p.x,
        }
    }

    /// How far figures at `positions` run toward this edge when they fall back `inches`: the whole
    /// distance, or less where the nearest figure reaches the edge first. Returns the run and the shift.
    pub fn retreat(self, table: &Table, positions: &[Pt], inches: f64) -> (f64, Pt) {
        let room = positions.iter().map(|p| self.distance_from(table, *p)).fold(f64::INFINITY, f64::min);
        let run = inches.min(room).max(0.0);
        let step = self.direction();
        (run, Pt::new(step.x * run, step.y * run))
    }

    /// The edge nearest `p`: where a side set out near one edge came in from.
    pub fn nearest(table: &Table, p: Pt) -> Edge {
        Edge::ALL
            .into_iter()
            .min_by(|a, b| a.distance_from(table, p).total_cmp(&b.distance_from(table, p)))
            .expect("four edges")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: Table = Table { width: 72.0, depth: 48.0 };

    #[test]
    fn the_nearest_edge_is_the_closest_one() {
        assert_eq!(Edge::nearest(&TABLE, Pt::new(30.0, 5.0)), Edge::North);
        assert_eq!(Edge::nearest(&TABLE, Pt::new(30.0, 40.0)), Edge::South);
        assert_eq!(Edge::nearest(&TABLE, Pt::new(70.0, 24.0)), Edge::East);
    }

    #[test]
    fn a_retreat_stops_where_the_first_figure_reaches_the_edge() {
        let (run, shift) = Edge::South.retreat(&TABLE, &[Pt::new(5.0, 40.0), Pt::new(6.0, 45.0)], 12.0);
        assert_eq!((run, shift), (3.0, Pt::new(0.0, 3.0)));
        assert_eq!(Edge::West.retreat(&TABLE, &[Pt::new(20.0, 5.0)], 12.0).1, Pt::new(-12.0, 0.0));
    }

    #[test]
    fn distance_from_each_edge() {
        let p = Pt::new(10.0, 20.0);
        assert_eq!(Edge::North.distance_from(&TABLE, p), 20.0);
        assert_eq!(Edge::South.distance_from(&TABLE, p), 28.0);
        assert_eq!(Edge::West.distance_from(&TABLE, p), 10.0);
        assert_eq!(Edge::East.distance_from(&TABLE, p), 62.0);
    }
}
