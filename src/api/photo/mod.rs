//! Commands for measuring on a photo of the real table. The photo is decoded once on the host and kept
//! on a shelf; each command after names it and sends the known points again, so a fit is never stale
//! and a tablet that reconnects loses nothing but the photo itself.

mod markers;
mod shelf;
mod views;

use std::io::Cursor;
use std::sync::Arc;

use base64::Engine;
use image::RgbImage;

pub use shelf::PhotoShelf;
pub use views::{PhotoCalibrationView, PhotoView, PhotoViewOf, RectifiedView};

use super::{Api, ApiError};
use crate::measure::Pt;
use crate::photo::{self, Calibration, Located, MeasuredDistance, Photo, PhotoPt, TapError, TopDown};

/// The longest side of the copy shown on screen: sharp on a desktop, and a few hundred KiB to a tablet.
const SHOWN_SIDE: u32 = 2560;
/// The longest side of a top-down view sent to the screen.
const TOP_DOWN_SIDE: f64 = 2000.0;
/// A photo may be this large as sent: a 50-megapixel phone JPEG is well under it.
pub const MOST_PHOTO_BYTES: usize = 40 << 20;

impl Api {
    /// Decodes a photo sent as base64, upright by its EXIF orientation, and keeps it on the host.
    pub async fn open_photo(&self, file_name: String, data: String) -> Result<PhotoView, ApiError> {
        let named = |message: String| ApiError::bad_input(format!("{file_name}: {message}"));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data.trim())
            .map_err(|_| named("the photo did not arrive whole (it is not base64): open it again".into()))?;
        if bytes.len() > MOST_PHOTO_BYTES {
            return Err(named(format!(
                "the file is {} MB, more than the {} MB a photo may be",
                bytes.len() >> 20,
                MOST_PHOTO_BYTES >> 20
            )));
        }
        let photo = tokio::task::spawn_blocking(move || photo::decode(&bytes))
            .await
            .map_err(|e| ApiError::new(super::ErrorKind::Internal, format!("decoding failed: {e}")))?
            .map_err(|e| named(e.to_string()))?;
        let (width, height, format) = (photo.width(), photo.height(), photo.format.name().to_string());
        let shown_image = shown(&photo.image);
        let (shown_width, shown_height) = shown_image.dimensions();
        let shown = jpeg_data_url(&shown_image)?;
        let id = self.photos.lock().expect("photo shelf").put(photo);
        Ok(PhotoView { id, file_name, format, width, height, shown, shown_width, shown_height })
    }

    /// Fits the photo's view of the table through the known points.
    pub async fn calibrate_photo(&self, view: PhotoViewOf) -> Result<PhotoCalibrationView, ApiError> {
        let (_, calibration, taps) = self.fitted(&view)?;
        let misses_px = calibration
            .points()
            .iter()
            .map(|p| calibration.to_photo(p.table).map_or(f64::INFINITY, |q| q.distance(p.photo)))
            .collect();
        let spread = |p: Pt| {
            calibration
                .to_photo(p)
                .and_then(|q| calibration.locate_with(q, taps).ok())
                .map_or(f64::INFINITY, |l| l.uncertainty)
        };
        let corners = photo::table_corners(view.table);
        Ok(PhotoCalibrationView {
            table_to_photo: calibration.table_to_photo().to_vec(),
            photo_to_table: calibration.photo_to_table().to_vec(),
            residual_px: calibration.residual_px(),
            misses_px,
            uncertainty_at_centre: spread(Pt::new(view.table.width / 2.0, view.table.depth / 2.0)),
            worst_corner_uncertainty: corners.into_iter().map(spread).fold(0.0, f64::max),
        })
    }

    /// The distance on the table between two spots on the photo, with its uncertainty.
    pub async fn measure_on_photo(
        &self,
        view: PhotoViewOf,
        from: PhotoPt,
        to: PhotoPt,
    ) -> Result<MeasuredDistance, ApiError> {
        let (photo, calibration, taps) = self.fitted(&view)?;
        for spot in [from, to] {
            on_photo(&photo, spot)?;
        }
        calibration.measure_with(from, to, taps).map_err(|e| ApiError::bad_input(e.to_string()))
    }

    /// Where spots on the photo are on the table, each with how far it may be off.
    pub async fn locate_on_photo(&self, view: PhotoViewOf, spots: Vec<PhotoPt>) -> Result<Vec<Located>, ApiError> {
        let (photo, calibration, taps) = self.fitted(&view)?;
        spots
            .into_iter()
            .map(|spot| {
                on_photo(&photo, spot)?;
                calibration.locate_with(spot, taps).map_err(|e| ApiError::bad_input(e.to_string()))
            })
            .collect()
    }

    /// The photo redrawn from straight above the table, with `margin` inches round it (1 when null).
    pub async fn rectified_photo(&self, view: PhotoViewOf, margin: Option<f64>) -> Result<RectifiedView, ApiError> {
        let (photo, calibration, _) = self.fitted(&view)?;
        let margin = margin.unwrap_or(1.0).clamp(0.0, 12.0);
        let longest = view.table.width.max(view.table.depth) + 2.0 * margin;
        let top_down = TopDown { table: view.table, pixels_per_inch: (TOP_DOWN_SIDE / longest).min(60.0), margin };
        let image = tokio::task::spawn_blocking(move || photo::rectify(&photo.image, &calibration, top_down))
            .await
            .map_err(|e| ApiError::new(super::ErrorKind::Internal, format!("rectifying failed: {e}")))?;
        let (width, height) = image.dimensions();
        Ok(RectifiedView {
            image: jpeg_data_url(&image)?,
            width,
            height,
            pixels_per_inch: top_down.pixels_per_inch,
            margin,
        })
    }

    /// The photo, its view fitted, and how far a spot tapped on it may be off.
    fn fitted(&self, view: &PhotoViewOf) -> Result<(Arc<Photo>, Calibration, TapError), ApiError> {
        let photo = self.photos.lock().expect("photo shelf").get(&view.photo).ok_or_else(|| {
            ApiError::not_found("that photo is no longer open on the host (it keeps the last three): open it again")
        })?;
        if !(view.table.width > 0.0 && view.table.depth > 0.0) {
            return Err(ApiError::bad_input("the table's size must be above 0 inches each way"));
        }
        for p in &view.points {
            on_photo(&photo, p.photo)?;
        }
        let taps = TapError(view.tap_error.unwrap_or(TapError::TAPPED.0).max(0.0));
        // Found markers are placed far closer than a fingertip taps; the spots measured are still tapped.
        let placed = if view.found_markers { TapError(photo::markers::FOUND_ERROR_PX) } else { taps };
        let calibration =
            Calibration::fit(view.points.clone(), placed).map_err(|e| ApiError::bad_input(e.to_string()))?;
        Ok((photo, calibration, taps))
    }
}

fn on_photo(photo: &Photo, spot: PhotoPt) -> Result<(), ApiError> {
    photo::check_on_photo(spot, photo.width(), photo.height()).map_err(|e| ApiError::bad_input(e.to_string()))
}

fn shown(image: &RgbImage) -> RgbImage {
    let (w, h) = image.dimensions();
    if w.max(h) <= SHOWN_SIDE {
        return image.clone();
    }
    let scale = f64::from(SHOWN_SIDE) / f64::from(w.max(h));
    let (sw, sh) = ((f64::from(w) * scale).round().max(1.0) as u32, (f64::from(h) * scale).round().max(1.0) as u32);
    image::imageops::thumbnail(image, sw, sh)
}

fn jpeg_data_url(image: &RgbImage) -> Result<String, ApiError> {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(Cursor::new(&mut bytes), 85)
        .encode_image(image)
        .map_err(|e| ApiError::new(super::ErrorKind::Internal, format!("encoding the picture failed: {e}")))?;
    Ok(format!("data:image/jpeg;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes)))
}
