use serde::{Deserialize, Serialize};

/// A point on a photo in pixels of the upright image (after its EXIF orientation): x right from the left
/// edge, y down from the top edge, continuous, so the centre of the top-left pixel is (0.5, 0.5).
///
/// Kept apart from the table's `Pt` so a pixel can never be passed where inches are meant.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PhotoPt {
    pub x: f64,
    pub y: f64,
}

impl PhotoPt {
    pub const fn new(x: f64, y: f64) -> PhotoPt {
        PhotoPt { x, y }
    }

    pub fn distance(self, other: PhotoPt) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}
