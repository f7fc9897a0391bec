//! The top-down view drawn by our own warp agrees with imageproc's generic one, which it replaced for
//! speed: on photos of the table, at the photo's edges, and past the horizon, where ours shows nothing.
mod photo_support;

use image::{Rgb, RgbImage};
use imageproc::geometric_transformations::{Border, Interpolation, warp_into_with};
use photo_support::{Camera, POSES, Pose, TABLE};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable::photo::{
    Calibration, OFF_PHOTO, TapError, TopDown, corner_points, decode, out_to_photo_samples, rectify,
};

/// imageproc's bilinear warp through the same map, in its single precision.
fn reference(photo: &RgbImage, map: [f64; 9], width: u32, height: u32) -> RgbImage {
    let m = map.map(|v| v as f32);
    let mut out = RgbImage::new(width, height);
    warp_into_with(
        photo,
        move |x, y| {
            let w = m[6] * x + m[7] * y + m[8];
            ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
        },
        Interpolation::Bilinear,
        Border::Constant(OFF_PHOTO),
        &mut out,
    );
    out
}

/// The largest difference of any channel of any pixel, and the mean one.
fn differences(a: &RgbImage, b: &RgbImage) -> (u8, f64) {
    assert_eq!(a.dimensions(), b.dimensions());
    let diffs = a.as_raw().iter().zip(b.as_raw()).map(|(&x, &y)| x.abs_diff(y));
    let (most, sum) = diffs.fold((0u8, 0u64), |(m, s), d| (m.max(d), s + u64::from(d)));
    (most, sum as f64 / a.as_raw().len() as f64)
}

#[test]
fn on_photos_of_the_table_ours_and_imageprocs_agree_to_a_level_or_two() {
    for (seed, pose) in [POSES[1], POSES[3]].into_iter().enumerate() {
        let camera = Camera::new(pose, 1600, 1200);
        let photo = decode(&camera.jpeg(seed as u64, 85)).unwrap().image;
        let calibration = Calibration::fit(corner_points(TABLE, camera.corners()), TapError::EXACT).unwrap();
        // A margin takes in the floor round the table and, from the low view, the photo's own edges.
        let view = TopDown { table: TABLE, pixels_per_inch: 12.0, margin: 6.0 };
        let (width, height) = view.size();
        let ours = rectify(&photo, &calibration, view);
        let theirs = reference(&photo, out_to_photo_samples(&calibration, view), width, height);
        let (most, mean) = differences(&ours, &theirs);
        println!("pose {seed}: {width} x {height}, largest difference {most}, mean {mean:.3}");
        assert!(most <= 2 && mean < 1.0, "largest difference {most}, mean {mean}");
    }
}

#[test]
fn at_the_photos_edges_samples_blend_with_the_border_as_imageprocs_do() {
    // A small photo seen through maps that reach past every edge, so most samples straddle one.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let photo = RgbImage::from_fn(7, 5, |_, _| Rgb([rng.random(), rng.random(), rng.random()]));
    for _ in 0..20 {
        let scale = rng.random_range(0.2..0.9);
        let map = [
            scale,
            rng.random_range(-0.1..0.1),
            rng.random_range(-2.5..-0.5),
            rng.random_range(-0.1..0.1),
            scale,
            rng.random_range(-2.5..-0.5),
            rng.random_range(-0.004..0.004),
            rng.random_range(-0.004..0.004),
            1.0,
        ];
        let mut ours = RgbImage::new(16, 12);
        sandtable::photo::warp_bilinear(&photo, map, OFF_PHOTO, &mut ours);
        let (most, _) = differences(&ours, &reference(&photo, map, 16, 12));
        assert!(most <= 2, "largest difference {most} through {map:?}");
    }
}

#[test]
fn past_the_horizon_the_view_shows_nothing_seen() {
    // A camera five feet from the table's middle, looking down at 20°: the table plane behind it is
    // within the four feet of margin round the table.
    let pose = Pose { azimuth_deg: 90.0, pitch_deg: 20.0, roll_deg: 0.0, aim: (36.0, 24.0), distance: 60.0 };
    let camera = Camera::new(pose, 800, 600);
    let photo = RgbImage::from_pixel(800, 600, Rgb([200, 180, 150]));
    let calibration = Calibration::fit(corner_points(TABLE, camera.corners()), TapError::EXACT).unwrap();
    let view = TopDown { table: TABLE, pixels_per_inch: 2.0, margin: 48.0 };
    let top_down = rectify(&photo, &calibration, view);
    let mut beyond = 0;
    for (column, row, pixel) in top_down.enumerate_pixels() {
        let p = view.table_point(f64::from(column), f64::from(row));
        if calibration.to_photo(p).is_none() {
            beyond += 1;
            assert_eq!(*pixel, OFF_PHOTO, "table point {p:?} is behind the camera");
        }
    }
    assert!(beyond > 1000, "only {beyond} pixels of the view are past the horizon");
}
