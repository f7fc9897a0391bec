use image::{Rgb, RgbImage};

use super::Calibration;
use super::warp::warp_bilinear;
use crate::measure::{Pt, Table};

/// Where the table goes in a top-down view: `pixels_per_inch` across, with `margin` inches of the
/// photo kept round the table's edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TopDown {
    pub table: Table,
    pub pixels_per_inch: f64,
    pub margin: f64,
}

impl TopDown {
    pub fn size(&self) -> (u32, u32) {
        let side = |inches: f64| ((inches + 2.0 * self.margin) * self.pixels_per_inch).round().max(1.0) as u32;
        (side(self.table.width), side(self.table.depth))
    }

    /// The table point at the centre of the view's pixel (`column`, `row`).
    pub fn table_point(&self, column: f64, row: f64) -> Pt {
        Pt::new((column + 0.5) / self.pixels_per_inch - self.margin, (row + 0.5) / self.pixels_per_inch - self.margin)
    }
}

/// Off the photo is drawn in this colour, dark so it reads as "nothing seen here" in a dim room.
pub const OFF_PHOTO: Rgb<u8> = Rgb([24, 24, 24]);

/// The photo redrawn as seen from straight above the table, sampled bilinearly.
pub fn rectify(photo: &RgbImage, calibration: &Calibration, view: TopDown) -> RgbImage {
    let (width, height) = view.size();
    let mut out = RgbImage::new(width, height);
    warp_bilinear(photo, out_to_photo_samples(calibration, view), OFF_PHOTO, &mut out);
    out
}

/// The map from a view pixel's index to the photo's sample index (pixel centres at whole numbers, where
/// photo points put them at half pixels), scaled so its largest entry is 1.
pub fn out_to_photo_samples(calibration: &Calibration, view: TopDown) -> [f64; 9] {
    let h = calibration.table_to_photo();
    let s = 1.0 / view.pixels_per_inch;
    // Table point of pixel (c, r): x = s·c + (s/2 − margin), y likewise.
    let offset = 0.5 * s - view.margin;
    let view_to_table = [s, 0.0, offset, 0.0, s, offset, 0.0, 0.0, 1.0];
    let photo_to_samples = [1.0, 0.0, -0.5, 0.0, 1.0, -0.5, 0.0, 0.0, 1.0];
    let m = multiply(&photo_to_samples, &multiply(&h, &view_to_table));
    let largest = m.iter().fold(0.0f64, |a, v| a.max(v.abs()));
    m.map(|v| v / largest)
}

fn multiply(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    std::array::from_fn(|i| {
        let (r, c) = (i / 3, i % 3);
        (0..3).map(|k| a[3 * r + k] * b[3 * k + c]).sum()
    })
}
