//! Corner markers: a printed sheet of four square markers, one laid in each corner of the table, that
//! Sandtable finds on a photo by itself, so the corners need not be tapped. Each marker's four corners
//! are known points, so a found sheet fixes the view by sixteen points. See docs/photo.md, "Marker sheet".

mod design;
mod detect;
mod edges;
mod error;
mod gray;
mod identify;
mod line;
mod place;
mod quads;
mod sheet;

pub use design::{CELL_MM, CELLS, MARKER_MM, MM_PER_INCH, Marker, PIECE_MM, QUIET_MM};
pub use detect::find_markers;
pub use error::MarkerError;
pub use sheet::{Paper, marker_sheet};

/// How far a marker's corner found on the photo may be off, in pixels, read as the bound of an even
/// spread like a tap's. On the synthetic photos of tests/photo_markers.rs the corners miss by 0.05 to
/// 0.1 px RMS in ordinary views and 0.4 in the steepest; where a photo does worse, the sixteen points'
/// own misfit raises the error the calibration carries (`Calibration::fit_sigma`).
pub const FOUND_ERROR_PX: f64 = 0.5;
