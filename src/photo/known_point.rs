use serde::{Deserialize, Serialize};

use super::PhotoPt;
use crate::measure::{Pt, Table};

/// A spot whose place is known both on the photo and on the table: a table corner, a grid square's
/// corner, a marker.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct KnownPoint {
    pub photo: PhotoPt,
    pub table: Pt,
}

/// The table's corners in the order players tap them: (0, 0), (width, 0), (width, depth), (0, depth),
/// that is clockwise from the top-left as the table is drawn in the app.
pub fn table_corners(table: Table) -> [Pt; 4] {
    [Pt::new(0.0, 0.0), Pt::new(table.width, 0.0), Pt::new(table.width, table.depth), Pt::new(0.0, table.depth)]
}

/// The four corners tapped on the photo, paired with the table's corners in that order.
pub fn corner_points(table: Table, tapped: [PhotoPt; 4]) -> Vec<KnownPoint> {
    table_corners(table).into_iter().zip(tapped).map(|(table, photo)| KnownPoint { photo, table }).collect()
}

/// How a point is named to a player: by where it is on the table.
pub fn describe(point: &KnownPoint) -> String {
    format!("({}, {})", inches(point.table.x), inches(point.table.y))
}

fn inches(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    format!("{rounded}\"")
}
