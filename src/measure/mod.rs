//! Measurement on the table. Free-measure systems work in inches: x runs across the table from its left
//! edge, y down the table from its top edge (as in SVG, so the UI draws engine coordinates unchanged).
//! Facings and bearings are degrees clockwise from "up" (toward -y), in [0, 360).
//!
//! When Empires Clash! counts 50 mm squares (`grid`), L'Estate dei Boxers moves between named zones
//! (`zones`). Public data uses the serializable `Pt`; the arithmetic runs on nalgebra.

mod bands;
mod distance;
mod edge;
mod facing;
mod grid;
mod halt;
mod movement;
mod path;
mod point;
mod polygon;
mod segment;
mod shown;
mod table;
mod terrain;
mod zones;

pub use bands::{band_of, band_of_boundary_farther};
pub use distance::{NearestPair, distance, nearest, within_radius};
pub use edge::Edge;
pub use facing::{angle_between, bearing, in_arc, normalise_degrees};
pub use grid::{SQUARE_MM, Square, SquareGrid, chebyshev};
pub use halt::share_before;
pub use movement::{MOVE_TOLERANCE, MoveCheck, MoveRefused, check_move};
pub use path::{path_length, route_samples};
pub use point::Pt;
pub use polygon::Polygon;
pub use segment::distance_to_segment;
pub use shown::inches_beside;
pub use table::Table;
pub use terrain::{TerrainArea, areas_containing, areas_crossed};
pub use zones::{Zone, ZoneError, ZoneGraph, ZonePath};

/// How close two measurements must be to count as equal. Far below anything a tape measure can tell
/// apart, far above the rounding error of adding up a few dozen inches, so a figure placed exactly on a
/// template's edge or a range boundary is treated as on it rather than a hair outside.
pub const EPSILON: f64 = 1e-9;
