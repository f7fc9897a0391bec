//! How well measuring on a photo does on photos of a known table: five views from round the table,
//! softened, noisy and saved as JPEG, read back through the real decoder; corners tapped up to 2 px off.
//! `cargo test --test photo_accuracy -- --nocapture` prints the figures docs/photo.md quotes.
mod photo_support;

use photo_support::{Camera, POSES, SQUARE, TABLE, looks_light, percentile, table_point, tap};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sandtable::measure::Pt;
use sandtable::photo::{Calibration, TapError, TopDown, corner_points, decode, rectify};

const WIDTH: u32 = 2400;
const HEIGHT: u32 = 1800;
const PAIRS: usize = 1000;
/// Shorter than this a distance is read off the table, not a photo of it.
const SHORTEST: f64 = 1.0;

/// What one measurement got: its error against the truth and whether its error bar held the truth.
struct Outcome {
    relative: f64,
    covered: bool,
    relative_bar: f64,
}

fn outcome(measured: f64, uncertainty: f64, truth: f64) -> Outcome {
    let miss = (measured - truth).abs();
    Outcome { relative: miss / truth, covered: miss <= uncertainty, relative_bar: uncertainty / truth }
}

fn summary(name: &str, outcomes: &[Outcome]) -> (f64, f64) {
    let mut relative: Vec<f64> = outcomes.iter().map(|o| o.relative).collect();
    relative.sort_by(f64::total_cmp);
    let mut bars: Vec<f64> = outcomes.iter().map(|o| o.relative_bar).collect();
    bars.sort_by(f64::total_cmp);
    let coverage = outcomes.iter().filter(|o| o.covered).count() as f64 / outcomes.len() as f64;
    let pct = |v: f64| 100.0 * v;
    println!(
        "{name}: {} pairs, relative error p50 {:.3}% p95 {:.3}% p99 {:.3}% max {:.3}%; error bar (2σ) p50 {:.3}%; covers the truth {:.1}%",
        outcomes.len(),
        pct(percentile(&relative, 0.50)),
        pct(percentile(&relative, 0.95)),
        pct(percentile(&relative, 0.99)),
        pct(relative[relative.len() - 1]),
        pct(percentile(&bars, 0.50)),
        pct(coverage),
    );
    (relative[relative.len() - 1], coverage)
}

fn cameras() -> Vec<Camera> {
    POSES.iter().map(|&pose| Camera::new(pose, WIDTH, HEIGHT)).collect()
}

#[test]
fn five_photos_read_back_through_the_decoder_as_they_were_taken() {
    for (seed, camera) in cameras().iter().enumerate() {
        photo_reads_back_as_taken(camera, seed as u64);
    }
}

/// Measured from the photos' exact geometry: a measurement reads only the taps, so the pixels the
/// photos are made of (checked above) play no part in its error.
#[test]
fn a_thousand_distances_on_five_photos_are_within_one_percent_and_their_error_bars_hold() {
    let cameras = cameras();
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let (mut exact_ends, mut tapped_ends) = (Vec::new(), Vec::new());
    for n in 0..PAIRS {
        let camera = &cameras[n % cameras.len()];
        // Each pair has corners tapped afresh: an error bar is about the taps, so its coverage is
        // counted over many tappings, not one.
        let calibration = Calibration::fit(camera.tapped_corners(&mut rng, 2.0), TapError::TAPPED).unwrap();
        let (a, b) = loop {
            let (a, b) = (table_point(&mut rng), table_point(&mut rng));
            if (a.x - b.x).hypot(a.y - b.y) >= SHORTEST {
                break (a, b);
            }
        };
        let truth = (a.x - b.x).hypot(a.y - b.y);
        let (from, to) = (camera.photo_of(a), camera.photo_of(b));
        let m = calibration.measure_with(from, to, TapError::EXACT).unwrap();
        exact_ends.push(outcome(m.inches, m.uncertainty, truth));
        let m = calibration.measure(tap(&mut rng, from, 2.0), tap(&mut rng, to, 2.0)).unwrap();
        tapped_ends.push(outcome(m.inches, m.uncertainty, truth));
    }

    let (worst, coverage) = summary("ends exact, corners tapped ±2 px", &exact_ends);
    summary("ends and corners tapped ±2 px", &tapped_ends);
    assert!(worst < 0.01, "a distance was {:.2}% off", 100.0 * worst);
    assert!(coverage >= 0.95, "the error bars held the truth {:.1}% of the time", 100.0 * coverage);
}

/// The JPEG decodes to the photo taken: its size, the squares where the camera put them, and a top-down
/// view from its corners showing the squares where the table has them.
fn photo_reads_back_as_taken(camera: &Camera, seed: u64) {
    let photo = decode(&camera.jpeg(seed, 80)).expect("the JPEG decodes");
    assert_eq!((photo.width(), photo.height()), (WIDTH, HEIGHT));
    let centres: Vec<Pt> = (0..12)
        .flat_map(|i| (0..8).map(move |j| Pt::new(SQUARE * (f64::from(i) + 0.5), SQUARE * (f64::from(j) + 0.5))))
        .collect();
    let light = |p: Pt| (p.x / SQUARE).floor() as i64 % 2 == (p.y / SQUARE).floor() as i64 % 2;
    for &p in &centres {
        let spot = camera.photo_of(p);
        let pixel = *photo.image.get_pixel(spot.x as u32, spot.y as u32);
        assert_eq!(looks_light(pixel), light(p), "the photo at {spot:?}, table {p:?}, shows {pixel:?}");
    }
    let calibration = Calibration::fit(corner_points(TABLE, camera.corners()), TapError::EXACT).unwrap();
    let view = TopDown { table: TABLE, pixels_per_inch: 5.0, margin: 2.0 };
    let top_down = rectify(&photo.image, &calibration, view);
    for &p in &centres {
        let (c, r) = ((p.x + view.margin) * view.pixels_per_inch, (p.y + view.margin) * view.pixels_per_inch);
        let pixel = *top_down.get_pixel(c as u32, r as u32);
        assert_eq!(looks_light(pixel), light(p), "the top-down view at table {p:?} shows {pixel:?}");
    }
}
