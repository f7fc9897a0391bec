//! Brightness read off the photo: a small grey copy to search, and single samples of the full photo
//! where the markers are read and their edges placed.

use image::{GrayImage, Luma, RgbImage};

/// A grey copy of the photo shrunk by a whole `factor`, each pixel the mean of a `factor` x `factor`
/// block, so no edge moves: a pixel (i, j) of the copy covers photo points [i·f, (i+1)·f).
pub fn shrunk(photo: &RgbImage, factor: u32) -> GrayImage {
    let (width, height) = (photo.width() / factor, photo.height() / factor);
    let raw = photo.as_raw();
    let stride = photo.width() as usize * 3;
    let block = u64::from(factor * factor);
    let mut out = GrayImage::new(width.max(1), height.max(1));
    for j in 0..height {
        let mut sums = vec![0u64; width as usize];
        for row in j * factor..(j + 1) * factor {
            let line = &raw[row as usize * stride..row as usize * stride + width as usize * factor as usize * 3];
            for (i, sum) in sums.iter_mut().enumerate() {
                let start = i * factor as usize * 3;
                *sum += line[start..start + factor as usize * 3]
                    .chunks_exact(3)
                    .map(|p| u64::from(luma(p[0], p[1], p[2])))
                    .sum::<u64>();
            }
        }
        for (i, sum) in sums.into_iter().enumerate() {
            out.put_pixel(i as u32, j, Luma([(sum / block) as u8]));
        }
    }
    out
}

/// Rec. 601 luma in fixed point: what a printed black and white look like to the camera, colour cast
/// aside.
fn luma(r: u8, g: u8, b: u8) -> u16 {
    ((u32::from(r) * 77 + u32::from(g) * 150 + u32::from(b) * 29) >> 8) as u16
}

/// The photo's brightness at a continuous point (pixel centres at half pixels), bilinear between the
/// four nearest pixels; `None` off the photo.
pub fn sample(photo: &RgbImage, x: f64, y: f64) -> Option<f64> {
    let (sx, sy) = (x - 0.5, y - 0.5);
    let (w, h) = (f64::from(photo.width()), f64::from(photo.height()));
    if !(sx >= 0.0 && sy >= 0.0 && sx <= w - 1.0 && sy <= h - 1.0) {
        return None;
    }
    let (x0, y0) = (sx.floor() as u32, sy.floor() as u32);
    let (x1, y1) = ((x0 + 1).min(photo.width() - 1), (y0 + 1).min(photo.height() - 1));
    let (fx, fy) = (sx - f64::from(x0), sy - f64::from(y0));
    let at = |x: u32, y: u32| {
        let p = photo.get_pixel(x, y).0;
        f64::from(luma(p[0], p[1], p[2]))
    };
    let top = at(x0, y0) * (1.0 - fx) + at(x1, y0) * fx;
    let bottom = at(x0, y1) * (1.0 - fx) + at(x1, y1) * fx;
    Some(top * (1.0 - fy) + bottom * fy)
}
