//! The files a player may open as a photo of the table: each one Sandtable cannot read is refused, by the
//! reader and by `sandtable photo`, with what it is and what to do; the ones it reads come out upright.
//! Every file is made here, byte by byte where a codec would not write it.
mod common;

use common::Table;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{ExtendedColorType, ImageEncoder, Rgb, RgbImage, RgbaImage};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable::photo::{Photo, PhotoError, PhotoFormat, decode};

const RED: Rgb<u8> = Rgb([220, 30, 30]);
const BLUE: Rgb<u8> = Rgb([30, 40, 220]);

/// 48 x 32, its top half red and bottom half blue, so any turn shows.
fn two_tone() -> RgbImage {
    RgbImage::from_fn(48, 32, |_, y| if y < 16 { RED } else { BLUE })
}

/// A picture with detail everywhere, so its compressed data is long enough to cut short.
fn busy(seed: u64) -> RgbImage {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    RgbImage::from_fn(256, 192, |_, _| Rgb([rng.random(), rng.random(), rng.random()]))
}

fn jpeg(image: &RgbImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(image).unwrap();
    bytes
}

fn png(image: &RgbImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes).write_image(image, image.width(), image.height(), ExtendedColorType::Rgb8).unwrap();
    bytes
}

/// The EXIF block a camera writes, holding only the orientation tag (0x0112), big-endian.
fn exif_app1(orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a".to_vec();
    tiff.extend(8u32.to_be_bytes()); // the first IFD right after this header
    tiff.extend(1u16.to_be_bytes()); // one entry
    tiff.extend(0x0112u16.to_be_bytes());
    tiff.extend(3u16.to_be_bytes()); // SHORT
    tiff.extend(1u32.to_be_bytes());
    tiff.extend(orientation.to_be_bytes());
    tiff.extend([0, 0]);
    tiff.extend(0u32.to_be_bytes()); // no next IFD
    let mut segment = vec![0xFF, 0xE1];
    segment.extend((2 + 6 + tiff.len() as u16).to_be_bytes());
    segment.extend(b"Exif\0\0");
    segment.extend(tiff);
    segment
}

/// A JPEG as a phone saves a photo taken held upright: the sensor's pixels on their side, and an EXIF
/// orientation saying how to stand them up.
fn jpeg_with_orientation(image: &RgbImage, orientation: u16) -> Vec<u8> {
    let plain = jpeg(image);
    assert_eq!(&plain[..2], &[0xFF, 0xD8]);
    [&plain[..2], &exif_app1(orientation)[..], &plain[2..]].concat()
}

/// The CRC-32 of PNG chunks (ISO 3309), bit by bit: a test writes a handful of chunks.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend(kind);
    chunk.extend(data);
    chunk.extend(crc32(&[&kind[..], data].concat()).to_be_bytes());
    chunk
}

/// A well-formed PNG whose header claims `width` x `height` RGB pixels, with an image stream of a few
/// bytes: what a decompression bomb looks like before its pixels are asked for.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut header = width.to_be_bytes().to_vec();
    header.extend(height.to_be_bytes());
    header.extend([8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, adaptive filters, not interlaced
    // zlib's stream of nothing: a real bomb's few kilobytes would inflate to the claimed size.
    let idat = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01];
    [&b"\x89PNG\r\n\x1a\n"[..], &png_chunk(b"IHDR", &header), &png_chunk(b"IDAT", &idat), &png_chunk(b"IEND", &[])]
        .concat()
}

/// Where each chunk of a PNG starts, by kind.
fn png_chunk_at(png: &[u8], kind: &[u8; 4]) -> usize {
    let mut at = 8;
    while at + 8 <= png.len() {
        let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        if &png[at + 4..at + 8] == kind {
            return at;
        }
        at += 12 + length;
    }
    panic!("no {kind:?} chunk");
}

/// An ISO base media file's first box, `ftyp`, naming `brand`: all a HEIC or AVIF reader looks at first.
fn ftyp(brand: &[u8; 4]) -> Vec<u8> {
    let mut file = 24u32.to_be_bytes().to_vec();
    file.extend(b"ftyp");
    file.extend(brand);
    file.extend(0u32.to_be_bytes());
    file.extend(b"mif1");
    file.extend(brand);
    file.extend(b"\0\0\0\x08free");
    file
}

fn gif() -> Vec<u8> {
    // A 1 x 1 GIF89a: header, screen, two-colour table, image, one LZW-coded pixel, trailer.
    let mut file = b"GIF89a\x01\x00\x01\x00\x80\x00\x00".to_vec();
    file.extend([0, 0, 0, 255, 255, 255]);
    file.extend(b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;");
    file
}

/// What `sandtable photo measure` says of `bytes` saved as `name`: its exit code and error line.
fn cli_on(name: &str, bytes: &[u8]) -> (Option<i32>, String) {
    let t = Table::new();
    let path = t.dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = t.run(&[
        "photo",
        "measure",
        path.to_str().unwrap(),
        "--corners",
        "10,10;40,10;40,30;10,30",
        "--table",
        "72x48",
        "--from",
        "12,12",
        "--to",
        "30,20",
    ]);
    (out.status.code(), common::stderr(&out))
}

/// The file refused by the reader as `expected`, and by the command line with exit code 2 and the same
/// words after the file's name.
fn refused(name: &str, bytes: &[u8], expected: impl Fn(&PhotoError) -> bool, words: &[&str]) {
    let Err(e) = decode(bytes) else { panic!("{name} is read as a photo") };
    assert!(expected(&e), "{name}: {e:?}");
    let message = e.to_string();
    for w in words {
        assert!(message.contains(w), "{name}: {message:?} does not say {w:?}");
    }
    let (code, stderr) = cli_on(name, bytes);
    assert_eq!(code, Some(2), "{name}: {stderr}");
    assert!(stderr.contains(name) && stderr.contains(&message), "{name}: the command line said {stderr:?}");
}

#[test]
fn an_empty_file_is_refused() {
    refused("empty.jpg", &[], |e| *e == PhotoError::Empty, &["empty"]);
}

#[test]
fn random_bytes_are_not_a_photo() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let bytes: Vec<u8> = (0..4096).map(|_| rng.random()).collect();
    refused("noise.jpg", &bytes, |e| *e == PhotoError::NotAPhoto, &["not a JPEG, PNG or WebP"]);
}

#[test]
fn a_jpeg_cut_short_is_damaged() {
    let whole = jpeg(&busy(1));
    let cut = &whole[..whole.len() * 3 / 5];
    refused("cut.jpg", cut, |e| matches!(e, PhotoError::Corrupt { format: "JPEG", .. }), &["damaged", "again"]);
}

#[test]
fn a_png_with_a_broken_checksum_is_damaged() {
    let mut file = png(&busy(2));
    let idat = png_chunk_at(&file, b"IDAT");
    // A byte of the image data changed and its chunk's CRC left as it was.
    file[idat + 8 + 40] ^= 0x5A;
    refused("crc.png", &file, |e| matches!(e, PhotoError::Corrupt { format: "PNG", .. }), &["damaged", "again"]);
}

#[test]
fn a_png_cut_short_in_its_image_data_is_damaged() {
    let file = png(&busy(3));
    let idat = png_chunk_at(&file, b"IDAT");
    let cut = &file[..idat + 8 + 2000];
    refused("cut.png", cut, |e| matches!(e, PhotoError::Corrupt { format: "PNG", .. }), &["damaged", "again"]);
}

#[test]
fn a_heic_is_named_and_answered_with_jpeg() {
    for brand in [b"heic", b"heix", b"mif1"] {
        refused(
            "IMG_0001.HEIC",
            &ftyp(brand),
            |e| matches!(e, PhotoError::Unsupported { format: "HEIC", .. }),
            &["HEIC", "JPEG", "Most Compatible"],
        );
    }
}

#[test]
fn an_avif_and_a_gif_are_named_and_answered_with_jpeg() {
    refused(
        "photo.avif",
        &ftyp(b"avif"),
        |e| matches!(e, PhotoError::Unsupported { format: "AVIF", .. }),
        &["AVIF", "JPEG"],
    );
    refused("photo.gif", &gif(), |e| matches!(e, PhotoError::Unsupported { format: "GIF", .. }), &["GIF", "JPEG"]);
}

#[test]
fn a_png_claiming_ten_billion_pixels_is_refused_from_its_header() {
    let bomb = png_claiming(100_000, 100_000);
    assert!(bomb.len() < 100, "the whole file is {} bytes", bomb.len());
    refused(
        "bomb.png",
        &bomb,
        |e| matches!(e, PhotoError::TooLarge { format: "PNG", width: 100_000, height: 100_000, .. }),
        &["100000 x 100000", "64 megapixels", "lower resolution"],
    );
}

#[test]
fn a_photo_just_over_64_megapixels_is_refused_and_one_at_it_is_not() {
    // 8192 x 7813 is 64,004,096 pixels, each side well within the 16,384 allowed.
    refused(
        "big.png",
        &png_claiming(8192, 7813),
        |e| matches!(e, PhotoError::TooLarge { width: 8192, height: 7813, .. }),
        &["8192 x 7813", "64 megapixels"],
    );
    // At 64,000,000 exactly the header passes, and the few bytes of data are then found wanting.
    let e = decode(&png_claiming(8000, 8000)).unwrap_err();
    assert!(matches!(e, PhotoError::Corrupt { format: "PNG", .. }), "{e:?}");
}

fn assert_upright(photo: &Photo) {
    // Stood up, the sensor's top row (red) is the photo's right-hand side.
    assert_eq!((photo.width(), photo.height()), (32, 48));
    let near = |p: Rgb<u8>, want: Rgb<u8>| p.0.iter().zip(want.0).all(|(&a, b)| a.abs_diff(b) < 40);
    for y in [2, 24, 45] {
        assert!(near(*photo.image.get_pixel(29, y), RED), "right at row {y}: {:?}", photo.image.get_pixel(29, y));
        assert!(near(*photo.image.get_pixel(2, y), BLUE), "left at row {y}: {:?}", photo.image.get_pixel(2, y));
    }
}

#[test]
fn a_jpeg_taken_on_its_side_is_stood_up_by_its_exif_orientation() {
    let bytes = jpeg_with_orientation(&two_tone(), 6);
    let photo = decode(&bytes).unwrap();
    assert_eq!(photo.format, PhotoFormat::Jpeg);
    assert_upright(&photo);
    // The command line works on the upright photo: (31, 47), the bottom-right corner, is on it.
    let t = Table::new();
    let path = t.dir.path().join("side.jpg");
    std::fs::write(&path, &bytes).unwrap();
    let out = t.ok(&[
        "photo",
        "locate",
        path.to_str().unwrap(),
        "--corners",
        "1,1;31,1;31,47;1,47",
        "--table",
        "30x46",
        "--at",
        "31,47",
        "--json",
    ]);
    let found: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!((found["at"]["x"].as_f64().unwrap() - 30.0).abs() < 1e-9, "{found}");
    assert!((found["at"]["y"].as_f64().unwrap() - 46.0).abs() < 1e-9, "{found}");
}

#[test]
fn the_same_jpeg_without_orientation_stays_as_stored() {
    let photo = decode(&jpeg(&two_tone())).unwrap();
    assert_eq!((photo.width(), photo.height()), (48, 32));
    assert_eq!(decode(&jpeg_with_orientation(&two_tone(), 1)).unwrap().image, photo.image);
}

#[test]
fn png_and_webp_photos_are_read_as_made() {
    let picture = busy(4);
    let from_png = decode(&png(&picture)).unwrap();
    assert_eq!((from_png.format, &from_png.image), (PhotoFormat::Png, &picture));

    let mut webp = Vec::new();
    WebPEncoder::new_lossless(&mut webp)
        .write_image(&picture, picture.width(), picture.height(), ExtendedColorType::Rgb8)
        .unwrap();
    let from_webp = decode(&webp).unwrap();
    assert_eq!((from_webp.format, &from_webp.image), (PhotoFormat::WebP, &picture));

    // A screenshot with an alpha channel loses it and keeps its colours.
    let with_alpha = RgbaImage::from_fn(20, 10, |x, y| image::Rgba([x as u8 * 10, y as u8 * 20, 90, 255]));
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes).write_image(&with_alpha, 20, 10, ExtendedColorType::Rgba8).unwrap();
    let photo = decode(&bytes).unwrap();
    assert_eq!(*photo.image.get_pixel(3, 4), Rgb([30, 80, 90]));
}

#[test]
fn a_table_size_or_tap_error_past_reason_is_refused_by_name() {
    let t = Table::new();
    let path = t.dir.path().join("table.png");
    std::fs::write(&path, png(&two_tone())).unwrap();
    let measure = |table: &str, tap: &str| {
        let out = t.run(&[
            "photo",
            "measure",
            path.to_str().unwrap(),
            "--corners",
            "1,1;47,1;47,31;1,31",
            "--table",
            table,
            "--tap-error",
            tap,
            "--from",
            "5,5",
            "--to",
            "20,30",
        ]);
        (out.status.code(), common::stderr(&out))
    };
    for table in ["72x0.0001", "1e9x48", "0x48"] {
        let (code, stderr) = measure(table, "2");
        assert_eq!(code, Some(2), "{table}: {stderr}");
        assert!(stderr.contains("--table") && stderr.contains("from 1 to 1200 inches"), "{table}: {stderr}");
    }
    let (code, stderr) = measure("72x48", "1e9");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--tap-error must be from 0 to 100 pixels"), "{stderr}");
    assert_eq!(measure("72x48", "2").0, Some(0));
}
