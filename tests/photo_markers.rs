//! Corner markers found on synthetic photos: a table of known size with the printed markers laid in its
//! corners (some turned), seen in perspective, blurred, noisy, unevenly lit and through JPEG.
mod common;

use common::stderr;

use std::sync::OnceLock;
use std::time::Instant;

use image::{Rgb, RgbImage};
use sandtable::measure::{Pt, Table};
use sandtable::photo::markers::{
    CELL_MM, MARKER_MM, MM_PER_INCH, Marker, MarkerError, PIECE_MM, Paper, QUIET_MM, find_markers, marker_sheet,
};
use sandtable::photo::{Calibration, Homography, PhotoPt, TapError, decode};

const TABLE: Table = Table { width: 72.0, depth: 48.0 };

/// A made-up photo of the table: where its corners land on the photo, how each marker's piece is turned
/// in its corner (quarter turns clockwise), and what spoils the picture.
struct Scene {
    size: (u32, u32),
    corners: [(f64, f64); 4],
    turns: [usize; 4],
    blur: f32,
    noise: f64,
    /// The light falls from full at the top-left to this share of it at the bottom-right.
    dim_to: f64,
    jpeg: Option<u8>,
    /// A marker a hand (or a figure) covers half of.
    covered: Option<usize>,
    without_markers: bool,
}

impl Scene {
    fn new(size: (u32, u32), corners: [(f64, f64); 4]) -> Scene {
        Scene {
            size,
            corners,
            turns: [0, 1, 2, 3],
            blur: 1.0,
            noise: 4.0,
            dim_to: 0.5,
            jpeg: Some(85),
            covered: None,
            without_markers: false,
        }
    }

    fn to_photo(&self) -> Homography {
        let table = [(0.0, 0.0), (TABLE.width, 0.0), (TABLE.width, TABLE.depth), (0.0, TABLE.depth)];
        Homography::fit(&table, &self.corners).unwrap()
    }

    fn truth(&self, p: Pt) -> PhotoPt {
        let (x, y) = self.to_photo().apply(p.x, p.y).unwrap();
        PhotoPt::new(x, y)
    }

    /// Brightness of the scene at a table point (before light and camera), 0 to 255 per channel.
    fn colour_at(&self, x: f64, y: f64) -> [f64; 3] {
        if !(0.0..=TABLE.width).contains(&x) || !(0.0..=TABLE.depth).contains(&y) {
            return [45.0, 38.0, 32.0];
        }
        if !self.without_markers {
            for marker in Marker::ALL {
                if let Some(v) = self.piece_at(marker, x, y) {
                    return [v, v, v * 0.97];
                }
            }
        }
        // Felt with a mottle, so the table is not a flat field the threshold could rely on.
        let mottle = 12.0 * ((x * 1.7).sin() * (y * 2.3).cos()) + 6.0 * ((x * 9.1 + y * 7.3).sin());
        [70.0 + mottle, 105.0 + mottle, 55.0 + mottle]
    }

    /// The piece of `marker` at a table point, if it lies there: white paper, its black cells, the
    /// words printed along its edges (as grey bars), and a hand over half of it if covered.
    fn piece_at(&self, marker: Marker, x: f64, y: f64) -> Option<f64> {
        let piece = PIECE_MM / MM_PER_INCH;
        let corner = marker.table_corner(TABLE);
        let left = if corner.x > 0.0 { corner.x - piece } else { 0.0 };
        let top = if corner.y > 0.0 { corner.y - piece } else { 0.0 };
        let (mut a, mut b) = ((x - left) * MM_PER_INCH, (y - top) * MM_PER_INCH);
        if !(0.0..PIECE_MM).contains(&a) || !(0.0..PIECE_MM).contains(&b) {
            return None;
        }
        if self.covered == Some(marker.0) && b > PIECE_MM * 0.45 {
            return Some(60.0);
        }
        // Laid turned clockwise: the printed point under (a, b) is found by turning back.
        for _ in 0..self.turns[marker.0] {
            (a, b) = (b, PIECE_MM - a);
        }
        let in_square = |v: f64| (QUIET_MM..QUIET_MM + MARKER_MM).contains(&v);
        if in_square(a) && in_square(b) {
            let (column, row) = (((a - QUIET_MM) / CELL_MM) as usize, ((b - QUIET_MM) / CELL_MM) as usize);
            return Some(if marker.cells()[row][column] { 22.0 } else { 232.0 });
        }
        let words = |v: f64| (1.6..4.2).contains(&v) || (PIECE_MM - 4.2..PIECE_MM - 1.6).contains(&v);
        let middle = |v: f64| (PIECE_MM / 2.0 - 17.0..PIECE_MM / 2.0 + 17.0).contains(&v);
        if (words(b) && middle(a)) || (words(a) && middle(b)) {
            return Some(120.0);
        }
        Some(232.0)
    }

    fn render(&self) -> RgbImage {
        // The map written out, not nalgebra's: this loop runs unoptimised in a debug build.
        let h = self.to_photo().inverse().unwrap().0;
        let m: [f64; 9] = std::array::from_fn(|i| h[(i / 3, i % 3)]);
        let to_table = |u: f64, v: f64| {
            let w = m[6] * u + m[7] * v + m[8];
            ((m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w)
        };
        let (w, h) = self.size;
        let near_a_piece = |x: f64, y: f64| {
            let reach = PIECE_MM / MM_PER_INCH + 1.0;
            (x < reach || x > TABLE.width - reach) && (y < reach || y > TABLE.depth - reach)
        };
        let mut image = RgbImage::new(w, h);
        let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
        for j in 0..h {
            for i in 0..w {
                let (cx, cy) = to_table(f64::from(i) + 0.5, f64::from(j) + 0.5);
                // Edges near the pieces are drawn at their true place within the pixel.
                let n = if near_a_piece(cx, cy) { 4 } else { 1 };
                let mut sum = [0.0; 3];
                for sj in 0..n {
                    for si in 0..n {
                        let (px, py) = (
                            f64::from(i) + (f64::from(si) + 0.5) / f64::from(n),
                            f64::from(j) + (f64::from(sj) + 0.5) / f64::from(n),
                        );
                        let (x, y) = to_table(px, py);
                        let c = self.colour_at(x, y);
                        (0..3).for_each(|k| sum[k] += c[k]);
                    }
                }
                let light =
                    1.0 - (1.0 - self.dim_to) * (f64::from(i) / f64::from(w) + f64::from(j) / f64::from(h)) / 2.0;
                let area = f64::from(n * n);
                let pixel = sum.map(|s| s / area * light);
                image.put_pixel(i, j, Rgb(pixel.map(|v| v.round().clamp(0.0, 255.0) as u8)));
            }
        }
        if self.blur > 0.0 {
            image = imageproc::filter::gaussian_blur_f32(&image, self.blur);
        }
        if self.noise > 0.0 {
            for p in image.pixels_mut() {
                for c in p.0.iter_mut() {
                    *c = (f64::from(*c) + self.noise * noise.normal()).round().clamp(0.0, 255.0) as u8;
                }
            }
        }
        match self.jpeg {
            Some(quality) => {
                let mut bytes = Vec::new();
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(&image).unwrap();
                decode(&bytes).unwrap().image
            }
            None => image,
        }
    }
}

/// A small seeded generator for the camera's grain, so every run draws the same photo.
struct Noise(u64);

impl Noise {
    fn uniform(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    fn normal(&mut self) -> f64 {
        let (u, v) = (self.uniform(), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// Views of the table as a player takes them: from the long side standing, from a corner, steeply
/// from low down, and nearly overhead.
fn views() -> Vec<Scene> {
    let mut views = vec![
        Scene::new((2400, 1800), [(260.0, 420.0), (2150.0, 380.0), (2330.0, 1700.0), (90.0, 1730.0)]),
        Scene::new((2400, 1800), [(700.0, 260.0), (2250.0, 640.0), (1500.0, 1720.0), (120.0, 980.0)]),
        Scene::new((2400, 1600), [(640.0, 300.0), (1760.0, 310.0), (2350.0, 1450.0), (40.0, 1480.0)]),
        Scene::new((1800, 2400), [(1700.0, 150.0), (1720.0, 2250.0), (120.0, 2300.0), (90.0, 120.0)]),
    ];
    views[1].turns = [2, 2, 0, 1];
    views[2].turns = [1, 3, 2, 0];
    views[2].blur = 1.6;
    views[2].noise = 6.0;
    views[2].jpeg = Some(70);
    views[3].turns = [0, 0, 0, 0];
    views[3].dim_to = 0.3;
    views
}

/// Each view drawn once for all the tests that look at it.
fn view(v: usize) -> &'static (Scene, RgbImage) {
    static DRAWN: [OnceLock<(Scene, RgbImage)>; 4] = [const { OnceLock::new() }; 4];
    DRAWN[v].get_or_init(|| {
        let scene = views().swap_remove(v);
        let photo = scene.render();
        (scene, photo)
    })
}

#[test]
fn every_marker_is_found_where_it_is_and_named_right() {
    for v in 0..4 {
        let (scene, photo) = view(v);
        let started = Instant::now();
        let points = find_markers(photo, TABLE).unwrap_or_else(|e| panic!("view {v}: {e}"));
        let took = started.elapsed();
        assert_eq!(points.len(), 16, "view {v}");
        let misses: Vec<f64> = points.iter().map(|p| p.photo.distance(scene.truth(p.table))).collect();
        let worst = misses.iter().fold(0.0f64, |a, &b| a.max(b));
        let rms = (misses.iter().map(|m| m * m).sum::<f64>() / misses.len() as f64).sqrt();
        eprintln!("view {v}: worst corner {worst:.3} px, rms {rms:.3} px, found in {took:?} (debug)");
        // The steep view's far markers are a dozen pixels deep, blurred and through a coarse JPEG.
        let allowed = if v == 2 { 1.5 } else { 1.0 };
        assert!(worst < allowed, "view {v}: a corner is {worst:.2} px off: {misses:?}");
        // The first four are (0, 0)'s marker, from the corner nearest the table's.
        let corner = QUIET_MM / MM_PER_INCH;
        assert!((points[0].table.x - corner).abs() < 1e-9 && (points[0].table.y - corner).abs() < 1e-9);
    }
}

#[test]
fn distances_from_the_markers_alone_are_within_one_percent() {
    for v in 0..4 {
        let (scene, photo) = view(v);
        let points = find_markers(photo, TABLE).unwrap();
        let calibration = Calibration::fit(points, TapError(0.5)).unwrap();
        let mut picks = Noise(1234 + v as u64);
        let mut worst = 0.0f64;
        for _ in 0..200 {
            let mut spot = || Pt::new(picks.uniform() * TABLE.width, picks.uniform() * TABLE.depth);
            let (a, b) = (spot(), spot());
            let truth = (a.x - b.x).hypot(a.y - b.y);
            if truth < 6.0 {
                continue;
            }
            let measured = calibration.measure(scene.truth(a), scene.truth(b)).unwrap();
            let share = (measured.inches - truth).abs() / truth;
            worst = worst.max(share);
            assert!(share < 0.01, "view {v}: {truth:.2}\" measured {:.2}\"", measured.inches);
        }
        eprintln!("view {v}: worst distance error {:.3}%", 100.0 * worst);
    }
}

#[test]
fn a_covered_marker_is_named() {
    let mut scene = views().remove(0);
    scene.covered = Some(2);
    let err = find_markers(&scene.render(), TABLE).unwrap_err();
    assert!(matches!(err, MarkerError::Missing { found: 3, .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "found 3 of the 4 markers: the (72, 48) one is missing — is it in the photo and not covered?"
    );
}

#[test]
fn a_photo_without_markers_says_so() {
    let mut scene = views().remove(0);
    scene.without_markers = true;
    let err = find_markers(&scene.render(), TABLE).unwrap_err();
    assert_eq!(err, MarkerError::NoneFound);
    assert!(err.to_string().starts_with("found none of the four corner markers"));
}

#[test]
fn the_wrong_table_size_is_refused() {
    let err = find_markers(&view(0).1, Table { width: 60.0, depth: 48.0 }).unwrap_err();
    assert!(matches!(err, MarkerError::Misfit { .. }), "{err:?}");
}

#[test]
fn the_sheet_prints_at_true_size_with_every_white_cell_of_the_codes() {
    for (paper, size) in
        [(Paper::A4, "width=\"210mm\" height=\"297mm\""), (Paper::Letter, "width=\"215.9mm\" height=\"279.4mm\"")]
    {
        let svg = marker_sheet(paper);
        assert!(svg.starts_with("<svg") && svg.contains(size), "{paper:?}");
        assert!(svg.contains("Print at 100% (no fit to page); the black square must measure 60 mm."));
        for words in
            ["(0, 0) — top-left", "(width, 0) — top-right", "(width, depth) — bottom-right", "(0, depth) — bottom-left"]
        {
            assert!(svg.contains(words), "{words}");
        }
        let white_cells: usize =
            Marker::ALL.iter().map(|m| m.cells().iter().flatten().filter(|&&black| !black).count()).sum();
        let cell_rects = svg.matches(&format!("width=\"{CELL_MM}\" height=\"{CELL_MM}\"")).count();
        assert_eq!(cell_rects, white_cells);
        assert_eq!(svg.matches(&format!("width=\"{MARKER_MM}\" height=\"{MARKER_MM}\" fill=\"#000\"")).count(), 4);
    }
}

/// A view written as a PNG for the command line to open.
fn photo_file(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("table.png");
    view(0).1.save(&path).unwrap();
    path
}

#[test]
fn the_command_line_finds_the_markers_and_measures_by_them() {
    let t = common::Table::new();
    let photo = photo_file(t.dir.path());
    let photo = photo.to_str().unwrap();
    let found: serde_json::Value =
        serde_json::from_str(&t.ok(&["photo", "find-markers", photo, "--table", "72x48", "--json"])).unwrap();
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 16);
    let scene = &view(0).0;
    for p in found {
        let table = Pt::new(p["table"]["x"].as_f64().unwrap(), p["table"]["y"].as_f64().unwrap());
        let photo = PhotoPt::new(p["photo"]["x"].as_f64().unwrap(), p["photo"]["y"].as_f64().unwrap());
        assert!(photo.distance(scene.truth(table)) < 1.0);
    }
    let text = t.ok(&["photo", "find-markers", photo, "--table", "72x48"]);
    assert!(text.starts_with("(0, 0): ") && text.contains("\n(72, 48): "), "{text}");

    let (a, b) = (scene.truth(Pt::new(10.0, 12.0)), scene.truth(Pt::new(58.0, 40.0)));
    let (from, to) = (format!("{},{}", a.x, a.y), format!("{},{}", b.x, b.y));
    let measured: serde_json::Value = serde_json::from_str(&t.ok(&[
        "photo",
        "measure",
        photo,
        "--markers",
        "--table",
        "72x48",
        "--from",
        &from,
        "--to",
        &to,
        "--json",
    ]))
    .unwrap();
    let truth = 48f64.hypot(28.0);
    let inches = measured["inches"].as_f64().unwrap();
    assert!((inches - truth).abs() / truth < 0.01, "{inches} for {truth}");
    assert_eq!(measured["points"], 16);

    let neither = t.run(&["photo", "measure", photo, "--table", "72x48", "--from", &from, "--to", &to]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(stderr(&neither).contains("--corners"), "{}", stderr(&neither));
    let both = t.run(&[
        "photo",
        "measure",
        photo,
        "--markers",
        "--corners",
        "0,0;1,0;1,1;0,1",
        "--table",
        "72x48",
        "--from",
        &from,
        "--to",
        &to,
    ]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn the_command_line_writes_the_sheet_and_names_a_missing_marker() {
    let t = common::Table::new();
    let sheet = t.dir.path().join("sheet.svg");
    t.ok(&["photo", "markers", "--paper", "letter", "-o", sheet.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&sheet).unwrap(), marker_sheet(Paper::Letter));
    let bad = t.run(&["photo", "markers", "--paper", "a3", "-o", sheet.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));

    let mut scene = views().swap_remove(3);
    scene.covered = Some(0);
    let path = t.dir.path().join("covered.png");
    scene.render().save(&path).unwrap();
    let out = t.run(&["photo", "find-markers", path.to_str().unwrap(), "--table", "72x48"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the (0, 0) one is missing — is it in the photo and not covered?"),
        "{}",
        stderr(&out)
    );
}

#[tokio::test]
async fn the_app_finds_the_markers_on_an_open_photo_and_fits_its_view_by_them() {
    use base64::Engine;
    use sandtable::api::{Api, PhotoViewOf};

    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let mut png = Vec::new();
    view(0).1.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let data = base64::engine::general_purpose::STANDARD.encode(&png);
    let opened = api.open_photo("table.png".into(), data).await.unwrap();

    let points = api.find_photo_markers(opened.id.clone(), TABLE).await.unwrap();
    assert_eq!(points.len(), 16);
    let view = PhotoViewOf { photo: opened.id.clone(), table: TABLE, points, tap_error: None, found_markers: true };
    let fitted = api.calibrate_photo(view).await.unwrap();
    assert!(fitted.residual_px.unwrap() < 0.5, "{:?}", fitted.residual_px);

    let sheet = api.photo_marker_sheet("A4".into()).await.unwrap();
    assert_eq!(sheet, marker_sheet(Paper::A4));
    let err = api.photo_marker_sheet("a5".into()).await.unwrap_err();
    assert!(err.message.contains("a4") && err.message.contains("letter"), "{}", err.message);
    let gone = api.find_photo_markers("no-such-photo".into(), TABLE).await.unwrap_err();
    assert!(gone.message.contains("no longer open"), "{}", gone.message);
}
