use serde::{Deserialize, Serialize};

use crate::measure::Table;
use crate::photo::KnownPoint;

/// A photo opened on the host: its id for the commands that work on it, its size in pixels (upright),
/// and a copy small enough to show, as a data URL.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PhotoView {
    pub id: String,
    pub file_name: String,
    pub format: String,
    pub width: u32,
    pub height: u32,
    /// A JPEG of at most `SHOWN_SIDE` pixels a side; taps on it are scaled up by `width / shown_width`.
    pub shown: String,
    pub shown_width: u32,
    pub shown_height: u32,
}

/// What fixes a photo's view of the table: the photo, the table's size, and the known points (the four
/// corners first, in the order (0,0), (width,0), (width,depth), (0,depth), then any more).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PhotoViewOf {
    pub photo: String,
    pub table: Table,
    pub points: Vec<KnownPoint>,
    /// How far a tap may be off, in photo pixels (2 when null).
    #[serde(default)]
    pub tap_error: Option<f64>,
    /// Whether the points are the corner markers found on the photo (`find_photo_markers`), placed to
    /// half a pixel rather than tapped.
    #[serde(default)]
    pub found_markers: bool,
}

/// A photo's view of the table as fitted.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PhotoCalibrationView {
    /// Table inches to photo pixels, row-major 3x3: the UI draws overlays in perspective with it.
    pub table_to_photo: Vec<f64>,
    pub photo_to_table: Vec<f64>,
    /// The fit's miss in pixels when more than four points over-determine it.
    pub residual_px: Option<f64>,
    /// How far each known point's tap is from where the fit puts it, in pixels, in the order given.
    pub misses_px: Vec<f64>,
    /// How far a spot at the table's far corners and centre may be off, in inches: a guide to how good
    /// the photo is for measuring.
    pub uncertainty_at_centre: f64,
    pub worst_corner_uncertainty: f64,
}

/// A top-down view of the table, redrawn from the photo.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RectifiedView {
    /// A JPEG as a data URL.
    pub image: String,
    pub width: u32,
    pub height: u32,
    pub pixels_per_inch: f64,
    /// Inches of the photo shown round the table's edge.
    pub margin: f64,
}
