//! The corner-marker commands: the sheet to print, and the markers found on an open photo.

use super::super::{Api, ApiError, ErrorKind};
use crate::measure::Table;
use crate::photo::KnownPoint;
use crate::photo::markers::{self, Paper};

impl Api {
    /// The sheet of four corner markers to print, as an SVG at true size on `paper` ("a4" or "letter").
    pub async fn photo_marker_sheet(&self, paper: String) -> Result<String, ApiError> {
        let paper = Paper::parse(&paper)
            .ok_or_else(|| ApiError::bad_input(format!("paper {paper:?}: give \"a4\" or \"letter\"")))?;
        Ok(markers::marker_sheet(paper))
    }

    /// The four corner markers found on an open photo: sixteen known points, each marker's square
    /// corners at their table inches, (0, 0)'s first and round the table clockwise.
    pub async fn find_photo_markers(&self, photo: String, table: Table) -> Result<Vec<KnownPoint>, ApiError> {
        let photo = self.photos.lock().expect("photo shelf").get(&photo).ok_or_else(|| {
            ApiError::not_found("that photo is no longer open on the host (it keeps the last three): open it again")
        })?;
        if !(table.width > 0.0 && table.depth > 0.0 && table.width.is_finite() && table.depth.is_finite()) {
            return Err(ApiError::bad_input("the table's size must be above 0 inches each way"));
        }
        tokio::task::spawn_blocking(move || markers::find_markers(&photo.image, table))
            .await
            .map_err(|e| ApiError::new(ErrorKind::Internal, format!("finding the markers failed: {e}")))?
            .map_err(|e| ApiError::bad_input(e.to_string()))
    }
}
