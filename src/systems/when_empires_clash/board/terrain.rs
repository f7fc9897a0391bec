//! What is on the battlefield: the ground of each square, contour levels, roads and obstacles on the
//! edges between squares, and the stands (by square, for sight and movement).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use serde::{Deserialize, Serialize};

use crate::measure::{Square, SquareGrid};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    #[default]
    Open,
    Woods,
    Building,
}

/// An obstacle lies on the edge between two squares side by side. Walls, hedges and fences are vertical:
/// only infantry crosses them. Rivers, streams and trenches are crossed by anyone moving, and by anyone
/// recoiling unless the table reads every obstacle as stopping a recoil (`recoil_blocked_by_any_obstacle`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    Wall,
    Hedge,
    Fence,
    River,
    Stream,
    Trench,
    Entrenchment,
}

impl Obstacle {
    /// The obstacle as a scenario names it (`kind`).
    pub fn name(self) -> &'static str {
        match self {
            Obstacle::Wall => "wall",
            Obstacle::Hedge => "hedge",
            Obstacle::Fence => "fence",
            Obstacle::River => "river",
            Obstacle::Stream => "stream",
            Obstacle::Trench => "trench",
            Obstacle::Entrenchment => "entrenchment",
        }
    }

    pub fn vertical(self) -> bool {
        matches!(self, Obstacle::Wall | Obstacle::Hedge | Obstacle::Fence)
    }

    /// A stand behind this edge has its cover against combat across it (the "behind a wall", "in
    /// entrenchments" subtractions); an entrenchment only for the side that dug it.
    pub fn covers(self) -> bool {
        matches!(self, Obstacle::Wall | Obstacle::Entrenchment)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Board {
    pub grid: SquareGrid,
    ground: HashMap<Square, Ground>,
    levels: HashMap<Square, u32>,
    roads: HashSet<Square>,
    obstacles: HashMap<(Square, Square), Obstacle>,
    /// The side that dug each entrenchment the scenario says is its own.
    diggers: HashMap<(Square, Square), String>,
    /// The side whose entrenchments the others are: the one side that brings any.
    digger: Option<String>,
    /// Squares with a stand in them, either side: they block sight.
    occupied: HashSet<Square>,
}

/// The edge between two squares side by side, the same whichever way round they are named.
fn edge(a: Square, b: Square) -> (Square, Square) {
    if a <= b { (a, b) } else { (b, a) }
}

impl Board {
    pub fn new(cols: u32, rows: u32) -> Board {
        Board { grid: SquareGrid { cols, rows }, ..Board::default() }
    }

    pub fn set_ground(&mut self, square: Square, ground: Ground) {
        self.ground.insert(square, ground);
    }

    pub fn set_level(&mut self, square: Square, level: u32) {
        self.levels.insert(square, level);
    }

    pub fn add_road(&mut self, square: Square) {
        self.roads.insert(square);
    }

    /// Puts an obstacle on the edge between two squares side by side; refuses squares that are not.
    pub fn add_obstacle(&mut self, a: Square, b: Square, obstacle: Obstacle) -> Result<(), String> {
        if a.col.abs_diff(b.col) + a.row.abs_diff(b.row) != 1 {
            return Err(format!("an obstacle lies between two squares side by side, not {a:?} and {b:?}"));
        }
        self.obstacles.insert(edge(a, b), obstacle);
        Ok(())
    }

    /// The entrenchment on the edge between two squares was dug by `side`.
    pub fn dig(&mut self, a: Square, b: Square, side: &str) {
        self.diggers.insert(edge(a, b), side.to_string());
    }

    /// The side whose entrenchments are those the scenario gives no side of.
    pub fn set_digger(&mut self, side: Option<&str>) {
        self.digger = side.map(str::to_string);
    }

    /// The side an edge's entrenchment belongs to, if one does.
    pub fn dug_by(&self, a: Square, b: Square) -> Option<&str> {
        self.diggers.get(&edge(a, b)).or(self.digger.as_ref()).map(String::as_str)
    }

    pub fn set_occupied(&mut self, squares: impl IntoIterator<Item = Square>) {
        self.occupied = squares.into_iter().collect();
    }

    pub fn ground(&self, square: Square) -> Ground {
        self.ground.get(&square).copied().unwrap_or_default()
    }

    pub fn level(&self, square: Square) -> u32 {
        self.levels.get(&square).copied().unwrap_or(0)
    }

    pub fn is_road(&self, square: Square) -> bool {
        self.roads.contains(&square)
    }

    pub fn is_occupied(&self, square: Square) -> bool {
        self.occupied.contains(&square)
    }

    pub fn obstacle_between(&self, a: Square, b: Square) -> Option<Obstacle> {
        self.obstacles.get(&edge(a, b)).copied()
    }

    /// The obstacle a king's step from `from` to `to` crosses. A diagonal step slips past the end of an
    /// obstacle: it crosses one only when both ways round the corner (across a side, then the other)
    /// would, and then it crosses the first of them.
    pub fn crossed(&self, from: Square, to: Square) -> Option<Obstacle> {
        let (dc, dr) = (to.col - from.col, to.row - from.row);
        if dc == 0 || dr == 0 {
            return self.obstacle_between(from, to);
        }
        let via = |corner: Square| self.obstacle_between(from, corner).or_else(|| self.obstacle_between(corner, to));
        let across = via(Square::new(to.col, from.row));
        let down = via(Square::new(from.col, to.row));
        across.and(down)
    }

    /// "Only Infantry ... can cross vertical obstacles": whether a king's step from `from` to `to` crosses an
    /// obstacle a stand that is (or is not) infantry may not cross.
    pub fn barred(&self, from: Square, to: Square, infantry: bool) -> bool {
        !infantry && self.crossed(from, to).is_some_and(Obstacle::vertical)
    }

    /// "Only Infantry may move off-road through woods": whether a stand may enter the square's ground.
    pub fn enterable(&self, square: Square, infantry: bool) -> bool {
        infantry || self.ground(square) != Ground::Woods || self.is_road(square)
    }

    /// Contour lines crossed by a step: the difference in level.
    pub fn contours(&self, from: Square, to: Square) -> u32 {
        self.level(from).abs_diff(self.level(to))
    }

    /// The obstacle with cover for a stand of `side` in `target` against `attacker`: on an edge between the
    /// target's square and the next square toward the attacker (either of the two, diagonally). A wall covers
    /// a stand of either side; an entrenchment only one of the side that dug it.
    pub fn cover_against(&self, target: Square, attacker: Square, side: &str) -> Option<Obstacle> {
        let step = |d: i32| d.signum();
        let (dc, dr) = (step(attacker.col - target.col), step(attacker.row - target.row));
        let sides = [
            (dc != 0).then(|| Square::new(target.col + dc, target.row)),
            (dr != 0).then(|| Square::new(target.col, target.row + dr)),
        ];
        let its_own = |next: Square, o: Obstacle| o != Obstacle::Entrenchment || self.dug_by(target, next) == Some(side);
        sides
            .into_iter()
            .flatten()
            .filter_map(|next| self.obstacle_between(target, next).map(|o| (next, o)))
            .find(|&(next, o)| o.covers() && its_own(next, o))
            .map(|(_, o)| o)
    }
}
