//! Fitting a photo's view of the table: exact on exact points, both ways round, the refusals of corners
//! that cannot fix a view, and what a badly placed extra point does to the fit.
mod photo_support;

use photo_support::{Camera, POSES, TABLE, tap};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sandtable::measure::Pt;
use sandtable::photo::{Calibration, CalibrationError, KnownPoint, PhotoPt, TapError, corner_points};

fn camera() -> Camera {
    Camera::new(POSES[3], 2400, 1800)
}

/// Table points over the whole table, corners and edges included.
fn spread_points() -> Vec<Pt> {
    (0..=12).flat_map(|i| (0..=8).map(move |j| Pt::new(6.0 * f64::from(i), 6.0 * f64::from(j)))).collect()
}

/// The 7 x 5 grid of points a foot apart, corners included, as known points.
fn grid(camera: &Camera, rng: &mut ChaCha8Rng, error: f64) -> Vec<KnownPoint> {
    (0..7)
        .flat_map(|i| (0..5).map(move |j| Pt::new(12.0 * f64::from(i), 12.0 * f64::from(j))))
        .map(|table| camera.known(rng, table, error))
        .collect()
}

fn assert_close(a: Pt, b: Pt, tolerance: f64) {
    assert!((a.x - b.x).abs() < tolerance && (a.y - b.y).abs() < tolerance, "{a:?} is not {b:?}");
}

fn assert_near_photo(a: PhotoPt, b: PhotoPt, tolerance: f64) {
    assert!(a.distance(b) < tolerance, "{a:?} is not {b:?}");
}

#[test]
fn four_exact_corners_put_every_spot_where_it_is() {
    for pose in POSES {
        let camera = Camera::new(pose, 2400, 1800);
        let calibration = Calibration::fit(corner_points(TABLE, camera.corners()), TapError::EXACT).unwrap();
        assert_eq!(calibration.residual_px(), None, "four points leave no residual to tell");
        for p in spread_points() {
            assert_close(calibration.to_table(camera.photo_of(p)).unwrap(), p, 1e-9);
            assert_near_photo(calibration.to_photo(p).unwrap(), camera.photo_of(p), 1e-8);
        }
        let (a, b) = (Pt::new(3.0, 40.0), Pt::new(65.0, 7.5));
        let m = calibration.measure(camera.photo_of(a), camera.photo_of(b)).unwrap();
        assert!((m.inches - (62.0f64).hypot(32.5)).abs() < 1e-9, "{}", m.inches);
        assert_eq!(m.uncertainty, 0.0, "exact taps leave nothing uncertain");
    }
}

#[test]
fn a_grid_of_exact_points_fits_exactly_by_least_squares() {
    let camera = camera();
    let points = grid(&camera, &mut ChaCha8Rng::seed_from_u64(1), 0.0);
    assert_eq!(points.len(), 35);
    let calibration = Calibration::fit(points, TapError::EXACT).unwrap();
    assert!(calibration.residual_px().unwrap() < 1e-9, "{:?}", calibration.residual_px());
    for p in spread_points() {
        assert_close(calibration.to_table(camera.photo_of(p)).unwrap(), p, 1e-9);
    }
}

#[test]
fn photo_to_table_to_photo_and_back_again_come_home() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for pose in POSES {
        let camera = Camera::new(pose, 2400, 1800);
        // Tapped corners give a view a little off the camera's, which must still undo itself exactly.
        let calibration = Calibration::fit(camera.tapped_corners(&mut rng, 2.0), TapError::TAPPED).unwrap();
        for p in spread_points() {
            let on_photo = calibration.to_photo(p).unwrap();
            assert_close(calibration.to_table(on_photo).unwrap(), p, 1e-9);
            let spot = camera.photo_of(p);
            let on_table = calibration.to_table(spot).unwrap();
            assert_near_photo(calibration.to_photo(on_table).unwrap(), spot, 1e-8);
        }
    }
}

#[test]
fn a_grid_tapped_at_random_tells_how_far_taps_stray() {
    // Taps spread evenly over ±2 px have a standard deviation of 2/√3 px on each axis.
    let camera = camera();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut residuals: Vec<f64> = (0..40)
        .map(|_| Calibration::fit(grid(&camera, &mut rng, 2.0), TapError::TAPPED).unwrap().residual_px().unwrap())
        .collect();
    residuals.sort_by(f64::total_cmp);
    let median = residuals[residuals.len() / 2];
    let sigma = 2.0 / 3f64.sqrt();
    assert!((median - sigma).abs() < 0.1 * sigma, "median residual {median} px, taps' σ {sigma} px");
}

#[test]
fn a_badly_placed_extra_point_raises_the_residual_and_widens_every_error_bar() {
    let camera = camera();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let points = grid(&camera, &mut rng, 2.0);
    let good = Calibration::fit(points.clone(), TapError::TAPPED).unwrap();
    let mut with_bad = points;
    // A square's corner tapped, and the one a square along given for it.
    with_bad.push(KnownPoint { photo: camera.photo_of(Pt::new(30.0, 30.0)), table: Pt::new(36.0, 30.0) });
    let bad = Calibration::fit(with_bad, TapError::TAPPED).unwrap();
    let (good_residual, bad_residual) = (good.residual_px().unwrap(), bad.residual_px().unwrap());
    assert!(good_residual < 1.5, "{good_residual}");
    assert!(bad_residual > 3.0 * good_residual, "{bad_residual} against {good_residual}");
    let (from, to) = (camera.photo_of(Pt::new(10.0, 10.0)), camera.photo_of(Pt::new(50.0, 35.0)));
    let (m_good, m_bad) = (good.measure(from, to).unwrap(), bad.measure(from, to).unwrap());
    assert!(m_bad.uncertainty > 1.5 * m_good.uncertainty, "{} against {}", m_bad.uncertainty, m_good.uncertainty);
    let (l_good, l_bad) = (good.locate(from).unwrap(), bad.locate(from).unwrap());
    assert!(l_bad.uncertainty > 1.5 * l_good.uncertainty, "{} against {}", l_bad.uncertainty, l_good.uncertainty);
}

#[test]
fn more_tap_error_means_a_wider_error_bar_and_none_means_none() {
    let camera = camera();
    let points = corner_points(TABLE, camera.corners());
    let (from, to) = (camera.photo_of(Pt::new(12.0, 30.0)), camera.photo_of(Pt::new(40.0, 12.0)));
    let width =
        |px: f64| Calibration::fit(points.clone(), TapError(px)).unwrap().measure(from, to).unwrap().uncertainty;
    assert_eq!(width(0.0), 0.0);
    let (one, two) = (width(1.0), width(2.0));
    assert!(one > 0.0 && (two / one - 2.0).abs() < 1e-3, "{one} then {two}: the error bar grows with the taps'");
}

fn refusal(taps: &[PhotoPt]) -> CalibrationError {
    let tables = sandtable::photo::table_corners(TABLE);
    let points = taps.iter().zip(tables.iter().cycle()).map(|(&photo, &table)| KnownPoint { photo, table }).collect();
    Calibration::fit(points, TapError::TAPPED).expect_err("these corners cannot fix a view")
}

fn assert_says(e: &CalibrationError, words: &[&str]) {
    let message = e.to_string();
    for w in words {
        assert!(message.contains(w), "{message:?} does not say {w:?}");
    }
}

#[test]
fn a_corner_tapped_twice_is_refused_and_asked_about() {
    let [a, b, c, _] = camera().corners();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // The last tap lands a pixel or so from the third: the same corner tapped again.
    let e = refusal(&[a, b, c, tap(&mut rng, c, 1.0)]);
    assert!(matches!(e, CalibrationError::SameSpot { .. }), "{e:?}");
    assert_says(&e, &["(72\", 48\")", "(0\", 48\")", "tapped twice"]);
}

#[test]
fn three_corners_on_one_line_are_refused() {
    let [a, b, c, _] = camera().corners();
    // The fourth tap halfway between the second and third, on the table's edge.
    let mid = PhotoPt::new(0.5 * (b.x + c.x), 0.5 * (b.y + c.y));
    let e = refusal(&[a, b, c, mid]);
    assert!(matches!(e, CalibrationError::OnOneLine { .. }), "{e:?}");
    assert_says(&e, &["one line", "tap the corners of the table itself"]);
}

#[test]
fn corners_tapped_across_in_a_bow_tie_are_refused() {
    let [a, b, c, d] = camera().corners();
    let e = refusal(&[a, b, d, c]);
    assert_eq!(e, CalibrationError::Crossed);
    assert_says(&e, &["cross", "tap them in order round the table"]);
}

#[test]
fn corners_tapped_round_the_wrong_way_are_refused_as_a_mirror() {
    let [a, b, c, d] = camera().corners();
    for order in [[a, d, c, b], [b, a, d, c]] {
        let e = refusal(&order);
        assert_eq!(e, CalibrationError::Mirrored);
        assert_says(&e, &["mirror", "clockwise"]);
    }
}

#[test]
fn fewer_than_four_points_are_refused() {
    let [a, b, c, _] = camera().corners();
    for given in [&[][..], &[a], &[a, b, c]] {
        let e = refusal(given);
        assert_eq!(e, CalibrationError::TooFew { given: given.len() });
        assert_says(&e, &["four table corners"]);
    }
}

#[test]
fn one_table_point_given_for_two_taps_is_refused() {
    let camera = camera();
    let mut points = corner_points(TABLE, camera.corners());
    points.push(KnownPoint { photo: camera.photo_of(Pt::new(36.0, 24.0)), table: Pt::new(72.0, 0.0) });
    let e = Calibration::fit(points, TapError::TAPPED).unwrap_err();
    assert!(matches!(e, CalibrationError::SameTablePoint { .. }), "{e:?}");
    assert_says(&e, &["(72\", 0\")", "given twice", "give each"]);
}

#[test]
fn many_points_strung_along_one_line_are_refused() {
    let camera = camera();
    let points: Vec<KnownPoint> = (0..6)
        .map(|i| Pt::new(12.0 * f64::from(i), 24.0))
        .map(|table| KnownPoint { photo: camera.photo_of(table), table })
        .collect();
    let e = Calibration::fit(points, TapError::TAPPED).unwrap_err();
    assert!(matches!(e, CalibrationError::OnOneLine { .. }), "{e:?}");
    assert_says(&e, &["all the points", "one line"]);
}

#[test]
fn a_spot_beyond_the_horizon_is_not_on_the_table() {
    // From 30° the table's far side is short of the horizon, so the sky above it is on the photo.
    let camera = Camera::new(POSES[1], 2400, 1800);
    let calibration = Calibration::fit(corner_points(TABLE, camera.corners()), TapError::TAPPED).unwrap();
    let sky = PhotoPt::new(1200.0, -5000.0);
    assert!(camera.to_photo.inverse().unwrap().apply(sky.x, sky.y).is_none(), "the camera sees sky there");
    let e = calibration.to_table(sky).unwrap_err();
    assert!(matches!(e, CalibrationError::BeyondHorizon { .. }), "{e:?}");
    assert_says(&e, &["horizon", "tap a spot on the table"]);
    assert!(calibration.measure(sky, camera.photo_of(Pt::new(36.0, 24.0))).is_err());
    assert!(calibration.locate(sky).is_err());
}
