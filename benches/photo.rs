//! Measuring on a photo: a 12-megapixel phone JPEG decoded, a view fitted from its four corners, a
//! distance measured with its error bar, and the photo redrawn top-down at 50 px per inch (3600 x 2400) by
//! our warp and by imageproc's generic one. tools/bench-photo.sh times the same against OpenCV.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use image::RgbImage;
use image::codecs::jpeg::JpegEncoder;
use imageproc::geometric_transformations::{Border, Interpolation, warp_into_with};
use sandtable::measure::Table;
use sandtable::photo::{
    Calibration, OFF_PHOTO, PhotoPt, TapError, TopDown, corner_points, decode, out_to_photo_samples, rectify,
};

const TABLE: Table = Table { width: 72.0, depth: 48.0 };
/// Where a phone at the table's long side sees its corners on a 4000 x 3000 photo.
const CORNERS: [PhotoPt; 4] = [
    PhotoPt::new(700.5, 650.5),
    PhotoPt::new(3300.5, 600.5),
    PhotoPt::new(3800.5, 2600.5),
    PhotoPt::new(250.5, 2700.5),
];

/// A photo with detail everywhere (squares and a fine ripple), as a JPEG of quality 90: about the
/// work a real one gives the decoder.
fn phone_jpeg() -> Vec<u8> {
    let photo = RgbImage::from_fn(4000, 3000, |x, y| {
        let square = ((x / 50 + y / 50) % 2) as u8 * 90;
        let ripple = ((x * 7 + y * 13) % 23) as u8;
        image::Rgb([60 + square + ripple, 80 + square, 50 + ripple * 2])
    });
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(&photo).expect("it encodes");
    bytes
}

fn photo(c: &mut Criterion) {
    let bytes = phone_jpeg();
    let photo = decode(&bytes).expect("it decodes");
    let calibration = Calibration::fit(corner_points(TABLE, CORNERS), TapError::TAPPED).expect("it fits");
    let view = TopDown { table: TABLE, pixels_per_inch: 50.0, margin: 0.0 };

    let mut group = c.benchmark_group("photo");
    group.sample_size(10);
    group.bench_function("decode a 12-megapixel JPEG", |b| b.iter(|| decode(black_box(&bytes)).unwrap()));
    group.bench_function("fit four corners", |b| {
        b.iter(|| Calibration::fit(corner_points(TABLE, black_box(CORNERS)), TapError::TAPPED).unwrap())
    });
    let (from, to) = (PhotoPt::new(1000.0, 2000.0), PhotoPt::new(3000.0, 1200.0));
    group.bench_function("measure with its error bar", |b| b.iter(|| calibration.measure(black_box(from), to)));
    group.bench_function("rectify to 3600 x 2400", |b| b.iter(|| rectify(&photo.image, &calibration, view)));
    let m = out_to_photo_samples(&calibration, view).map(|v| v as f32);
    let (width, height) = view.size();
    let mut out = RgbImage::new(width, height);
    group.bench_function("imageproc's generic warp to 3600 x 2400", |b| {
        b.iter(|| {
            warp_into_with(
                &photo.image,
                |x, y| {
                    let w = m[6] * x + m[7] * y + m[8];
                    ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
                },
                Interpolation::Bilinear,
                Border::Constant(OFF_PHOTO),
                &mut out,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, photo);
criterion_main!(benches);
