//! The top-down view's inner loop, written for 8-bit RGB. imageproc's generic warp fetches each of a
//! sample's four pixels through a bounds-checked, border-aware lookup and blends in f32: a 12-megapixel
//! photo redrawn at 3600 x 2400 took it 6 to 9 times as long as OpenCV. Here rows run in parallel; each row
//! first finds its sample positions a block at a time in a loop the compiler vectorises, then blends the
//! samples wholly inside the photo from two 8-byte reads in integers, SSE2 on x86-64 (docs/photo.md has
//! the figures). Samples by the photo's edges blend with the border colour as imageproc's do.

use image::{Rgb, RgbImage};
use rayon::prelude::*;

/// Sample positions are rounded to 1/128 px (OpenCV keeps 1/32): a blend is then off by at most one
/// level, where neighbouring pixels differ by more than 128.
const FRACTION_BITS: u32 = 7;
const ONE: i32 = 1 << FRACTION_BITS;
/// A pixel's four weights are each at most 2^14 and sum to exactly that.
const WEIGHT_BITS: u32 = 2 * FRACTION_BITS;
/// Positions found together, so the loop finding them runs four lanes wide.
const BLOCK: usize = 64;
const STEPS: [f32; BLOCK] = {
    let mut steps = [0.0; BLOCK];
    let mut i = 0;
    while i < BLOCK {
        steps[i] = i as f32;
        i += 1;
    }
    steps
};

/// Fills `out` with the photo sampled bilinearly at `map · (column, row, 1)`, in the photo's sample
/// coordinates (pixel centres at whole numbers). A sample's neighbours beyond the photo count as
/// `border`; a view pixel whose point is behind the camera (w ≤ 0) is `border` outright.
pub fn warp_bilinear(photo: &RgbImage, map: [f64; 9], border: Rgb<u8>, out: &mut RgbImage) {
    let out_width = out.width() as usize;
    if out_width == 0 || photo.width() == 0 || photo.height() == 0 {
        out.pixels_mut().for_each(|p| *p = border);
        return;
    }
    let source = Source::of(photo, border);
    out.par_chunks_mut(3 * out_width).enumerate().for_each(|(row, pixels)| source.fill_row_fastest(&map, row, pixels));
}

struct Source<'a> {
    bytes: &'a [u8],
    width: usize,
    height: usize,
    stride: usize,
    border: [u8; 3],
}

impl Source<'_> {
    fn of(photo: &RgbImage, border: Rgb<u8>) -> Source<'_> {
        let (width, height) = (photo.width() as usize, photo.height() as usize);
        Source { bytes: photo.as_raw(), width, height, stride: 3 * width, border: border.0 }
    }

    #[cfg(target_arch = "x86_64")]
    fn fill_row_fastest(&self, map: &[f64; 9], row: usize, pixels: &mut [u8]) {
        // SAFETY: SSE2 is part of the x86-64 baseline, so every CPU an x86-64 build runs on has it.
        unsafe { self.fill_row_sse2(map, row, pixels) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn fill_row_fastest(&self, map: &[f64; 9], row: usize, pixels: &mut [u8]) {
        self.fill_row(map, row, pixels, blend_words);
    }

    /// Compiled with SSE2 so the blend's intrinsics inline into the loop.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    fn fill_row_sse2(&self, map: &[f64; 9], row: usize, pixels: &mut [u8]) {
        self.fill_row(map, row, pixels, |upper, lower, weights| sse2::blend(upper, lower, weights));
    }

    /// One row of the view: `blend` weighs two 8-byte reads (a sample's top and bottom pixel pairs, and
    /// two bytes beyond) by `Weights`.
    #[inline(always)]
    fn fill_row(&self, m: &[f64; 9], row: usize, pixels: &mut [u8], blend: impl Fn(u64, u64, Weights) -> [u8; 3]) {
        let r = row as f64;
        // In single precision from here: with the map's largest entry 1 a position is good to a
        // thousandth of a pixel on a 16,384-pixel photo.
        let (x0, y0, w0) = ((m[1] * r + m[2]) as f32, (m[4] * r + m[5]) as f32, (m[7] * r + m[8]) as f32);
        let (mx, my, mw) = (m[0] as f32, m[3] as f32, m[6] as f32);
        let (x_most, y_most) = (self.width as f32 + 1.0, self.height as f32 + 1.0);
        // The last column and row whose 2 x 2 neighbourhood, read 8 bytes a row, lies in the photo.
        let (left_most, top_most) = (self.width as i32 - 3, self.height as i32 - 2);
        let (mut xs, mut ys) = ([0i32; BLOCK], [0i32; BLOCK]);
        for (b, block) in pixels.chunks_mut(3 * BLOCK).enumerate() {
            let first = (b * BLOCK) as f32;
            for i in 0..BLOCK {
                let c = first + STEPS[i];
                let w = w0 + mw * c;
                let ahead = w > 0.0;
                let inverse = 1.0 / w;
                // Behind the camera, or a little beyond the photo where every neighbour is border:
                // clamped there, positions stay small whatever the map.
                let x = if ahead { (x0 + mx * c) * inverse } else { -2.0 };
                let y = if ahead { (y0 + my * c) * inverse } else { -2.0 };
                xs[i] = fixed(x.max(-2.0).min(x_most));
                ys[i] = fixed(y.max(-2.0).min(y_most));
            }
            for (pixel, (&fixed_x, &fixed_y)) in block.chunks_exact_mut(3).zip(xs.iter().zip(&ys)) {
                let (left, top) = (fixed_x >> FRACTION_BITS, fixed_y >> FRACTION_BITS);
                let weights = Weights::at(fixed_x, fixed_y);
                let inside = left >= 0 && top >= 0 && left <= left_most && top <= top_most;
                let blended = if inside {
                    let at = top as usize * self.stride + 3 * left as usize;
                    let (upper, lower) = (self.word(at), self.word(at + self.stride));
                    blend(upper, lower, weights)
                } else {
                    self.at_the_edge(left, top, weights)
                };
                pixel.copy_from_slice(&blended);
            }
        }
    }

    fn word(&self, at: usize) -> u64 {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&self.bytes[at..at + 8]);
        u64::from_le_bytes(eight)
    }

    /// A sample by or beyond the photo's edge, its neighbours off the photo taken as border.
    fn at_the_edge(&self, left: i32, top: i32, weights: Weights) -> [u8; 3] {
        let pixel = |x: i32, y: i32| -> [u8; 3] {
            if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
                self.border
            } else {
                let at = y as usize * self.stride + 3 * x as usize;
                [self.bytes[at], self.bytes[at + 1], self.bytes[at + 2]]
            }
        };
        let pair = |a: [u8; 3], b: [u8; 3]| u64::from_le_bytes([a[0], a[1], a[2], b[0], b[1], b[2], 0, 0]);
        let upper = pair(pixel(left, top), pixel(left + 1, top));
        let lower = pair(pixel(left, top + 1), pixel(left + 1, top + 1));
        blend_words(upper, lower, weights)
    }
}

/// `v` (at least -2 and short of 65,000 pixels) in fixed point, to the nearest step. Adding 1.5 · 2^23
/// leaves the rounded value in the float's low mantissa bits: unlike a float-to-integer cast, which must
/// saturate, this vectorises.
#[inline(always)]
fn fixed(v: f32) -> i32 {
    const LIFT: f32 = 4.0;
    const MAGIC: f32 = 12_582_912.0;
    let lifted = (v + LIFT) * ONE as f32;
    ((lifted + MAGIC).to_bits() as i32) - (MAGIC.to_bits() as i32) - LIFT as i32 * ONE
}

/// The bilinear weights of a sample's top-left, top-right, bottom-left and bottom-right pixels.
#[derive(Clone, Copy)]
struct Weights([u32; 4]);

impl Weights {
    #[inline(always)]
    fn at(fixed_x: i32, fixed_y: i32) -> Weights {
        // The mask keeps the fraction above the floor, negatives included.
        let (right, bottom) = ((fixed_x & (ONE - 1)) as u32, (fixed_y & (ONE - 1)) as u32);
        let (left, top) = (ONE as u32 - right, ONE as u32 - bottom);
        Weights([left * top, right * top, left * bottom, right * bottom])
    }
}

/// The blend of two words of pixel pairs (three bytes of the left pixel, three of the right), channel by
/// channel.
#[inline(always)]
fn blend_words(upper: u64, lower: u64, weights: Weights) -> [u8; 3] {
    let [top_left, top_right, bottom_left, bottom_right] = weights.0;
    let byte = |word: u64, at: usize| ((word >> (8 * at)) & 0xFF) as u32;
    let channel = |k: usize| {
        let sum = byte(upper, k) * top_left
            + byte(upper, k + 3) * top_right
            + byte(lower, k) * bottom_left
            + byte(lower, k + 3) * bottom_right;
        ((sum + (1 << (WEIGHT_BITS - 1))) >> WEIGHT_BITS) as u8
    };
    [channel(0), channel(1), channel(2)]
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    use super::{WEIGHT_BITS, Weights};

    /// As `blend_words`, to the bit, in SSE2: each row's pixel pair interleaved channel by channel so
    /// one multiply-add weighs left and right together (weights of up to 2^14 fit its 16-bit lanes).
    #[target_feature(enable = "sse2")]
    pub fn blend(upper: u64, lower: u64, weights: Weights) -> [u8; 3] {
        let [top_left, top_right, bottom_left, bottom_right] = weights.0;
        let rows = _mm_unpacklo_epi64(_mm_cvtsi64_si128(upper as i64), _mm_cvtsi64_si128(lower as i64));
        // Each byte beside the one three on: left channel, then right.
        let ahead = _mm_srli_si128::<3>(rows);
        let zero = _mm_setzero_si128();
        let upper_pairs = _mm_unpacklo_epi8(_mm_unpacklo_epi8(rows, ahead), zero);
        let lower_pairs = _mm_unpacklo_epi8(_mm_unpackhi_epi8(rows, ahead), zero);
        let upper_weights = _mm_set1_epi32((top_left | top_right << 16) as i32);
        let lower_weights = _mm_set1_epi32((bottom_left | bottom_right << 16) as i32);
        let sum = _mm_add_epi32(_mm_madd_epi16(upper_pairs, upper_weights), _mm_madd_epi16(lower_pairs, lower_weights));
        let rounded = _mm_add_epi32(sum, _mm_set1_epi32(1 << (WEIGHT_BITS - 1)));
        let channels = _mm_srli_epi32::<{ WEIGHT_BITS as i32 }>(rounded);
        let bytes = _mm_packus_epi16(_mm_packs_epi32(channels, zero), zero);
        let [r, g, b, _] = _mm_cvtsi128_si32(bytes).to_le_bytes();
        [r, g, b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator for test bytes, so the tests need no seeded crate of their own.
    fn bytes(seed: u64, count: usize) -> Vec<u8> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (state >> 56) as u8
            })
            .collect()
    }

    #[test]
    fn the_blend_of_one_pixel_is_that_pixel_and_of_two_the_weighted_mean() {
        let word = |a: [u8; 3], b: [u8; 3]| u64::from_le_bytes([a[0], a[1], a[2], b[0], b[1], b[2], 0, 0]);
        let (dark, light) = ([10, 20, 30], [250, 240, 230]);
        let upper = word(dark, light);
        assert_eq!(blend_words(upper, upper, Weights::at(0, 0)), dark);
        assert_eq!(blend_words(upper, upper, Weights::at(ONE / 2, 0)), [130, 130, 130]);
        assert_eq!(blend_words(upper, upper, Weights::at(ONE / 4, ONE - 1)), [70, 75, 80]);
        // 255 everywhere at every weight stays 255.
        let white = word([255; 3], [255; 3]);
        for f in 0..ONE {
            assert_eq!(blend_words(white, white, Weights::at(f, ONE - 1 - f)), [255; 3]);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_blends_exactly_as_the_portable_words_do() {
        let data = bytes(7, 16 * 5000);
        for (n, chunk) in data.chunks_exact(16).enumerate() {
            let upper = u64::from_le_bytes(chunk[..8].try_into().unwrap());
            let lower = u64::from_le_bytes(chunk[8..].try_into().unwrap());
            let weights = Weights::at((n as i32 * 7) % (4 * ONE), (n as i32 * 13) % (3 * ONE));
            // SAFETY: SSE2 is part of the x86-64 baseline.
            let fast = unsafe { sse2::blend(upper, lower, weights) };
            assert_eq!(fast, blend_words(upper, lower, weights), "words {upper:x} {lower:x}, case {n}");
        }
    }

    #[test]
    fn fixed_point_rounds_to_the_nearest_step_either_side_of_zero() {
        let step = 1.0 / ONE as f32;
        assert_eq!(fixed(0.0), 0);
        assert_eq!(fixed(1.0), ONE);
        assert_eq!(fixed(2.4 * step), 2);
        assert_eq!(fixed(-2.0), -2 * ONE);
        assert_eq!(fixed(-1.6 * step), -2);
        assert_eq!(fixed(16_385.0), 16_385 * ONE);
    }

    #[test]
    fn an_empty_photo_leaves_the_view_all_border() {
        let mut out = RgbImage::new(3, 2);
        warp_bilinear(&RgbImage::new(0, 0), [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], Rgb([9, 8, 7]), &mut out);
        assert!(out.pixels().all(|p| *p == Rgb([9, 8, 7])));
    }

    #[test]
    fn the_identity_map_gives_the_photo_back() {
        let photo = RgbImage::from_raw(33, 21, bytes(3, 33 * 21 * 3)).unwrap();
        let mut out = RgbImage::new(33, 21);
        warp_bilinear(&photo, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], Rgb([0, 0, 0]), &mut out);
        assert_eq!(out, photo);
    }
}
