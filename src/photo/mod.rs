//! Measuring on a photo of the real table. The table is a rectangle of known size, so its four corners
//! tapped on a photo fix the plane's perspective (a homography), and every other spot on the photo can
//! be put on the table, with an error bar carried from the taps. See docs/photo.md.

mod calibration;
mod decode;
mod degenerate;
mod error;
mod format;
mod homography;
mod jpeg_end;
mod known_point;
pub mod markers;
mod point;
mod rectify;
mod warp;

pub use calibration::{Calibration, Located, MeasuredDistance, TapError};
pub use decode::{Photo, PhotoError, PhotoLimits, decode, decode_with};
pub use error::CalibrationError;
pub use format::PhotoFormat;
pub use homography::Homography;
pub use known_point::{KnownPoint, corner_points, table_corners};
pub use point::PhotoPt;
pub use rectify::{OFF_PHOTO, TopDown, out_to_photo_samples, rectify};
pub use warp::warp_bilinear;

/// Refuses a spot that is not on the photo: a tap can only land on the picture.
pub fn check_on_photo(p: PhotoPt, width: u32, height: u32) -> Result<(), CalibrationError> {
    let inside = (0.0..=f64::from(width)).contains(&p.x) && (0.0..=f64::from(height)).contains(&p.y);
    if inside { Ok(()) } else { Err(CalibrationError::OffPhoto { x: p.x, y: p.y, width, height }) }
}
