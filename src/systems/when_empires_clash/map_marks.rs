//! The board's ground for the battle map: each terrain square as a square outline in table inches, in the
//! same squares `stands_at` places the stands in, and each obstacle as a thin strip along its edge.

use super::board::Obstacle;
use super::fields::{ScenarioFields, square_inches};
use super::notation;
use crate::measure::{Pt, Square};
use crate::rules::{MapArea, MapMarks};

/// An obstacle's strip across its edge, as a share of a square's side.
const STRIP: f64 = 0.2;

/// Hills first and roads last, so a road through woods or over a hill shows on top of them.
pub fn marks(fields: &ScenarioFields) -> MapMarks {
    let board = &fields.board;
    let squares = |list: &[toml::Spanned<String>]| -> Vec<Square> {
        list.iter().filter_map(|s| notation::parse(s.get_ref()).ok()).collect()
    };
    let mut areas = Vec::new();
    for hill in &board.hills {
        let kind = format!("hill level {}", hill.level.get_ref());
        areas.extend(squares(&hill.squares).into_iter().map(|s| square_area(s, &kind)));
    }
    areas.extend(squares(&board.woods).into_iter().map(|s| square_area(s, "wood")));
    areas.extend(squares(&board.buildings).into_iter().map(|s| square_area(s, "building")));
    areas.extend(squares(&board.roads).into_iter().map(|s| square_area(s, "road")));
    for entry in &board.obstacles {
        let kind = obstacle_kind(*entry.kind.get_ref());
        for pair in &entry.between {
            let [a, b] = pair.get_ref();
            if let (Ok(a), Ok(b)) = (notation::parse(a), notation::parse(b)) {
                areas.push(edge_strip(a, b, kind));
            }
        }
    }
    MapMarks { areas, labels: Vec::new() }
}

/// A square of the board in inches: column by column from the west edge, row by row from the north.
pub fn square_outline(square: Square) -> Vec<Pt> {
    let side = square_inches();
    let (x, y) = (f64::from(square.col) * side, f64::from(square.row) * side);
    vec![Pt::new(x, y), Pt::new(x + side, y), Pt::new(x + side, y + side), Pt::new(x, y + side)]
}

fn square_area(square: Square, kind: &str) -> MapArea {
    MapArea { name: format!("{kind} {}", notation::name(square)), outline: square_outline(square), kind: kind.into() }
}

/// The strip along the edge between two squares side by side.
fn edge_strip(a: Square, b: Square, kind: &str) -> MapArea {
    let side = square_inches();
    let half = STRIP * side / 2.0;
    let rect = if a.row == b.row {
        let x = f64::from(a.col.max(b.col)) * side;
        [x - half, f64::from(a.row) * side, 2.0 * half, side]
    } else {
        let y = f64::from(a.row.max(b.row)) * side;
        [f64::from(a.col) * side, y - half, side, 2.0 * half]
    };
    MapArea::rect(format!("{kind} {}-{}", notation::name(a), notation::name(b)), kind, rect)
}

/// Rivers and streams are water to the map; the rest are named as the scenario names them.
fn obstacle_kind(obstacle: Obstacle) -> &'static str {
    match obstacle {
        Obstacle::River | Obstacle::Stream => "water",
        other => other.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_outlined_where_its_stands_are_placed() {
        let side = square_inches();
        let c4 = notation::parse("C4").unwrap();
        let outline = square_outline(c4);
        assert_eq!(outline[0], Pt::new(2.0 * side, 3.0 * side));
        assert_eq!(outline[2], Pt::new(3.0 * side, 4.0 * side));
        let stand = super::super::fields::spot(c4, super::super::board::Facing::from_degrees(0.0).unwrap(), false);
        let inside = crate::measure::Polygon::new(outline);
        assert!(inside.contains(stand), "{stand:?}");
    }

    #[test]
    fn a_stream_between_two_squares_is_a_strip_of_water_on_their_edge() {
        let (a, b) = (notation::parse("C4").unwrap(), notation::parse("C5").unwrap());
        let strip = edge_strip(a, b, "water");
        let side = square_inches();
        assert_eq!(strip.kind, "water");
        assert!(strip.outline.iter().all(|p| (p.y - 4.0 * side).abs() <= STRIP * side / 2.0 + 1e-9));
        assert!(strip.outline.iter().all(|p| p.x >= 2.0 * side - 1e-9 && p.x <= 3.0 * side + 1e-9));
    }
}
