//! Finding the four corner markers on a photo.

use image::RgbImage;

use super::design::Marker;
use super::edges::refine;
use super::error::MarkerError;
use super::gray::shrunk;
use super::identify::{FoundMarker, identify};
use super::place::place;
use super::quads::quads;
use crate::measure::Table;
use crate::photo::KnownPoint;

/// The grey copy searched is at most this many pixels on its longer side: a marker on a phone photo of
/// a whole table keeps a dozen of its pixels or more a side, and a 12-megapixel photo is searched at a
/// quarter of its pixels.
const SEARCH_SIDE: u32 = 2048;
/// Each pixel of the grey copy is compared with the mean of a square this share of the copy's longer
/// side round it: wider than a near marker's black border, so the border reads dark throughout.
const WINDOW_SHARE: f64 = 1.0 / 64.0;

/// The four markers' square corners on the photo as known points (sixteen), each at its table inches.
pub fn find_markers(photo: &RgbImage, table: Table) -> Result<Vec<KnownPoint>, MarkerError> {
    place(&markers_seen(photo), table)
}

/// Every marker read on the photo, duplicates and all, in no order.
fn markers_seen(photo: &RgbImage) -> Vec<FoundMarker> {
    let longest = photo.width().max(photo.height());
    let factor = longest.div_ceil(SEARCH_SIDE).max(1);
    let found = seen_at(photo, factor);
    // On a photo taken steeply the far markers may be too few pixels deep on the shrunk copy to show as
    // squares: only then is the whole photo searched, which costs several times as long.
    if factor > 1 && kinds(&found) < Marker::ALL.len() {
        let again = seen_at(photo, 1);
        if kinds(&again) > kinds(&found) {
            return again;
        }
    }
    found
}

fn seen_at(photo: &RgbImage, factor: u32) -> Vec<FoundMarker> {
    let small = shrunk(photo, factor);
    let window = ((f64::from(small.width().max(small.height())) * WINDOW_SHARE) as u32).max(4);
    quads(&small, factor, window)
        .into_iter()
        .filter_map(|corners| {
            let refined = refine(photo, corners, f64::from(factor));
            // A square too small or too blurred for its edges to be placed is still read as found.
            refined.and_then(|refined| identify(photo, refined)).or_else(|| identify(photo, corners))
        })
        .collect()
}

/// How many of the four markers are among those read.
fn kinds(found: &[FoundMarker]) -> usize {
    Marker::ALL.iter().filter(|m| found.iter().any(|f| f.marker == **m)).count()
}
