//! Times the photo path on one JPEG for tools/bench-photo.sh, which times OpenCV on the same work beside
//! it: decoding, the top-down view by our warp and by imageproc's generic one, and decoding, standing up
//! and redrawing together as the app does for display, of the photo and of the same photo stored on its
//! side with an EXIF orientation (SIDEWAYS.jpg). Prints `name milliseconds` lines (best of the runs), the
//! view's map for OpenCV, and writes our view as raw RGB for the script to compare.
//!
//!   cargo run --release --example photo_speed -- PHOTO.jpg SIDEWAYS.jpg 'x,y;x,y;x,y;x,y' RUNS VIEW.rgb

use std::time::{Duration, Instant};

use imageproc::geometric_transformations::{Border, Interpolation, warp_into_with};
use sandtable::measure::Table;
use sandtable::photo::{Calibration, OFF_PHOTO, PhotoPt, TapError, TopDown, corner_points, decode, rectify};

const TABLE: Table = Table { width: 72.0, depth: 48.0 };
const PIXELS_PER_INCH: f64 = 50.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [photo, sideways, corners, runs, out] = args.as_slice() else {
        eprintln!("usage: photo_speed PHOTO.jpg SIDEWAYS.jpg 'x,y;x,y;x,y;x,y' RUNS VIEW.rgb");
        std::process::exit(2);
    };
    let bytes = std::fs::read(photo).expect("the photo is readable");
    let sideways = std::fs::read(sideways).expect("the sideways photo is readable");
    let corners: Vec<PhotoPt> = corners
        .split(';')
        .map(|pair| {
            let (x, y) = pair.split_once(',').expect("x,y");
            PhotoPt::new(x.trim().parse().expect("a number"), y.trim().parse().expect("a number"))
        })
        .collect();
    let corners: [PhotoPt; 4] = corners.try_into().expect("four corners");
    let runs: usize = runs.parse().expect("a number of runs");
    let calibration = Calibration::fit(corner_points(TABLE, corners), TapError::EXACT).expect("the corners fit");
    let view = TopDown { table: TABLE, pixels_per_inch: PIXELS_PER_INCH, margin: 0.0 };
    let (width, height) = view.size();
    let m = sandtable::photo::out_to_photo_samples(&calibration, view);
    let m32 = m.map(|v| v as f32);

    let photo = decode(&bytes).expect("the photo decodes");
    println!("photo {} {}", photo.width(), photo.height());
    println!("view {width} {height}");
    println!("map {}", m.map(|v| format!("{v:e}")).join(" "));

    report("decode", best_of(runs, || drop(decode(&bytes).unwrap())));
    report("rectify", best_of(runs, || drop(rectify(&photo.image, &calibration, view))));
    let mut reference = image::RgbImage::new(width, height);
    report(
        "imageproc_warp",
        best_of(runs, || {
            warp_into_with(
                &photo.image,
                |x, y| {
                    let w = m32[6] * x + m32[7] * y + m32[8];
                    ((m32[0] * x + m32[1] * y + m32[2]) / w, (m32[3] * x + m32[4] * y + m32[5]) / w)
                },
                Interpolation::Bilinear,
                Border::Constant(OFF_PHOTO),
                &mut reference,
            )
        }),
    );
    report(
        "decode_and_rectify",
        best_of(runs, || {
            let photo = decode(&bytes).unwrap();
            drop(rectify(&photo.image, &calibration, view));
        }),
    );
    let stood_up = decode(&sideways).expect("the sideways photo decodes");
    assert_eq!(stood_up.image.dimensions(), photo.image.dimensions(), "the sideways photo stands up as the other");
    report("decode_sideways", best_of(runs, || drop(decode(&sideways).unwrap())));
    report(
        "decode_sideways_and_rectify",
        best_of(runs, || {
            let photo = decode(&sideways).unwrap();
            drop(rectify(&photo.image, &calibration, view));
        }),
    );
    let ours = rectify(&photo.image, &calibration, view);
    std::fs::write(out, ours.as_raw()).expect("the view is written");
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn report(name: &str, time: Duration) {
    println!("{name} {:.2}", time.as_secs_f64() * 1000.0);
}
