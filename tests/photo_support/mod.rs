//! A camera over a 72 x 48 table for the photo tests: its exact view of the table, and the photo it
//! takes of a checkered table with a dark edge, softened, noisy and saved as JPEG as a phone would.
#![allow(dead_code)]

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use nalgebra::{Matrix3, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use sandtable::measure::{Pt, Table};
use sandtable::photo::{Homography, KnownPoint, PhotoPt, corner_points, table_corners};

pub const TABLE: Table = Table { width: 72.0, depth: 48.0 };
/// The checker's squares, in inches.
pub const SQUARE: f64 = 6.0;
/// The dark band round the table's edge, in inches.
pub const EDGE: f64 = 0.75;

pub const FLOOR: Rgb<u8> = Rgb([96, 84, 72]);
pub const EDGE_COLOUR: Rgb<u8> = Rgb([30, 26, 22]);
pub const LIGHT: Rgb<u8> = Rgb([214, 200, 160]);
pub const GREEN: Rgb<u8> = Rgb([92, 120, 70]);

/// Where a camera stands and how it is held.
#[derive(Debug, Clone, Copy)]
pub struct Pose {
    /// The direction from the table's aim point to the camera, in the table's plane: 90° stands at the
    /// long side at y = 48 (the table's near edge as drawn), 0° at the short side at x = 72.
    pub azimuth_deg: f64,
    /// How far below the horizon the camera looks.
    pub pitch_deg: f64,
    /// The photo turned about the camera's axis.
    pub roll_deg: f64,
    /// The table point the camera looks at.
    pub aim: (f64, f64),
    /// From the camera to `aim`, in inches.
    pub distance: f64,
}

/// Five photos a player might take from round the table.
pub const POSES: [Pose; 5] = [
    Pose { azimuth_deg: 90.0, pitch_deg: 45.0, roll_deg: 0.0, aim: (36.0, 24.0), distance: 90.0 },
    Pose { azimuth_deg: 90.0, pitch_deg: 30.0, roll_deg: 4.0, aim: (33.0, 22.0), distance: 100.0 },
    Pose { azimuth_deg: 0.0, pitch_deg: 60.0, roll_deg: -8.0, aim: (38.0, 25.0), distance: 85.0 },
    Pose { azimuth_deg: 125.0, pitch_deg: 38.0, roll_deg: 12.0, aim: (36.0, 24.0), distance: 95.0 },
    Pose { azimuth_deg: 270.0, pitch_deg: 52.0, roll_deg: -3.0, aim: (37.0, 25.0), distance: 90.0 },
];

/// A pinhole camera's exact view of the table plane.
#[derive(Debug, Clone, Copy)]
pub struct Camera {
    pub width: u32,
    pub height: u32,
    pub to_photo: Homography,
}

impl Camera {
    /// The camera at `pose`, its focal length chosen so the table fills most of a `width` x `height`
    /// photo.
    pub fn new(pose: Pose, width: u32, height: u32) -> Camera {
        let (az, pitch, roll) =
            (pose.azimuth_deg.to_radians(), pose.pitch_deg.to_radians(), pose.roll_deg.to_radians());
        // Right-handed, x and y as the table is drawn (y down the page), so z points into the table and
        // the camera stands at negative z.
        let aim = Vector3::new(pose.aim.0, pose.aim.1, 0.0);
        let from_aim = Vector3::new(pitch.cos() * az.cos(), pitch.cos() * az.sin(), -pitch.sin());
        let centre = aim + pose.distance * from_aim;
        let forward = -from_aim;
        let sky = Vector3::new(0.0, 0.0, -1.0);
        let up = (sky - sky.dot(&forward) * forward).normalize();
        let (down, right) = (-up, (-up).cross(&forward));
        let (right, down) = (roll.cos() * right + roll.sin() * down, -roll.sin() * right + roll.cos() * down);
        let rows = [right, down, forward];
        let extrinsic = Matrix3::from_fn(|r, c| match c {
            0 => rows[r].x,
            1 => rows[r].y,
            _ => -rows[r].dot(&centre),
        });
        let reach = table_corners(TABLE)
            .iter()
            .map(|c| extrinsic * Vector3::new(c.x, c.y, 1.0))
            .fold((0.0f64, 0.0f64), |(sx, sy), p| (sx.max((p.x / p.z).abs()), sy.max((p.y / p.z).abs())));
        let (w, h) = (f64::from(width), f64::from(height));
        let focal = 0.92 * (0.5 * w / reach.0).min(0.5 * h / reach.1);
        let intrinsic = Matrix3::new(focal, 0.0, 0.5 * w, 0.0, focal, 0.5 * h, 0.0, 0.0, 1.0);
        Camera { width, height, to_photo: Homography(intrinsic * extrinsic) }
    }

    pub fn photo_of(&self, p: Pt) -> PhotoPt {
        let (x, y) = self.to_photo.apply(p.x, p.y).expect("the table is in front of the camera");
        PhotoPt::new(x, y)
    }

    pub fn corners(&self) -> [PhotoPt; 4] {
        table_corners(TABLE).map(|c| self.photo_of(c))
    }

    /// A known point at `table`, tapped up to `error` pixels off on each axis.
    pub fn known(&self, rng: &mut ChaCha8Rng, table: Pt, error: f64) -> KnownPoint {
        KnownPoint { photo: tap(rng, self.photo_of(table), error), table }
    }

    /// The corners as known points, each tapped up to `error` pixels off on each axis.
    pub fn tapped_corners(&self, rng: &mut ChaCha8Rng, error: f64) -> Vec<KnownPoint> {
        corner_points(TABLE, self.corners().map(|c| tap(rng, c, error)))
    }

    /// The photo, sharp: each pixel the colour of the table point at its centre. Written on the raw
    /// buffer with the view stepped along each row, as the tests run unoptimised.
    pub fn render(&self) -> RgbImage {
        let to_table = self.to_photo.inverse().expect("a camera's view can be undone").0;
        let mut image = RgbImage::new(self.width, self.height);
        let row_bytes = 3 * self.width as usize;
        for (j, row) in image.chunks_exact_mut(row_bytes).enumerate() {
            let at_start = to_table * Vector3::new(0.5, j as f64 + 0.5, 1.0);
            let (mut x, mut y, mut w) = (at_start.x, at_start.y, at_start.z);
            let (dx, dy, dw) = (to_table[(0, 0)], to_table[(1, 0)], to_table[(2, 0)]);
            for pixel in row.chunks_exact_mut(3) {
                let colour = if w > 0.0 { colour_at(Pt::new(x / w, y / w)) } else { FLOOR };
                pixel.copy_from_slice(&colour.0);
                (x, y, w) = (x + dx, y + dy, w + dw);
            }
        }
        image
    }

    /// The photo as a phone saves it: softened by its lens, with sensor noise, as a JPEG of `quality`.
    pub fn jpeg(&self, seed: u64, quality: u8) -> Vec<u8> {
        let mut photo = self.render();
        soften(&mut photo);
        imageproc::noise::gaussian_noise_mut(&mut photo, 0.0, 3.0, seed);
        let mut bytes = Vec::new();
        JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(&photo).expect("a JPEG encodes");
        bytes
    }
}

/// A lens's blur, about a pixel wide: the binomial 1-4-6-4-1 filter (σ = 1 px) across, then down.
fn soften(image: &mut RgbImage) {
    let (width, height) = (image.width() as usize, image.height() as usize);
    let mut across = vec![0u8; image.len()];
    blur_line(image, &mut across, width, 3);
    blur_line(&across, image, height, 3 * width);
}

/// One pass of the filter along lines of `count` samples `stride` bytes apart, edges repeated.
fn blur_line(from: &[u8], to: &mut [u8], count: usize, stride: usize) {
    for (k, out) in to.iter_mut().enumerate() {
        let at = (k / stride) % count;
        let line_start = k - at * stride;
        let sample = |offset: isize| {
            let spot = (at as isize + offset).clamp(0, count as isize - 1) as usize;
            u32::from(from[line_start + spot * stride])
        };
        let sum = sample(-2) + 4 * sample(-1) + 6 * sample(0) + 4 * sample(1) + sample(2);
        *out = ((sum + 8) / 16) as u8;
    }
}

/// What the table shows at `p`: the floor beyond it, a dark edge, and squares inside.
pub fn colour_at(p: Pt) -> Rgb<u8> {
    let on_table = (0.0..=TABLE.width).contains(&p.x) && (0.0..=TABLE.depth).contains(&p.y);
    if !on_table {
        FLOOR
    } else if p.x < EDGE || p.y < EDGE || p.x > TABLE.width - EDGE || p.y > TABLE.depth - EDGE {
        EDGE_COLOUR
    } else if ((p.x / SQUARE).floor() as i64 + (p.y / SQUARE).floor() as i64) % 2 == 0 {
        LIGHT
    } else {
        GREEN
    }
}

/// Whether a pixel reads as the light squares rather than the green ones.
pub fn looks_light(pixel: Rgb<u8>) -> bool {
    let [r, g, b] = pixel.0.map(i32::from);
    r + g + b > (LIGHT.0.iter().chain(&GREEN.0).map(|&v| i32::from(v)).sum::<i32>()) / 2
}

/// `p` tapped up to `error` pixels off on each axis, evenly spread.
pub fn tap(rng: &mut ChaCha8Rng, p: PhotoPt, error: f64) -> PhotoPt {
    if error == 0.0 {
        return p;
    }
    PhotoPt::new(p.x + rng.random_range(-error..=error), p.y + rng.random_range(-error..=error))
}

/// A point anywhere on the table.
pub fn table_point(rng: &mut ChaCha8Rng) -> Pt {
    Pt::new(rng.random_range(0.0..=TABLE.width), rng.random_range(0.0..=TABLE.depth))
}

/// The `share` percentile of sorted `values`, nearest rank.
pub fn percentile(sorted: &[f64], share: f64) -> f64 {
    let rank = ((share * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}
