//! Reading a found square's cells and telling which marker it is and which way round it lies.

use image::RgbImage;

use super::design::{BITS, CELLS, CORRECTABLE, Code, Marker};
use super::gray::sample;
use crate::photo::{Homography, PhotoPt};

/// A marker read off the photo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FoundMarker {
    pub marker: Marker,
    /// The black square's corners on the photo in the order printed: top-left, top-right,
    /// bottom-right, bottom-left of the sheet as it reads.
    pub corners: [PhotoPt; 4],
    /// Bits read wrong and put right by the code.
    pub wrong_bits: u32,
}

impl FoundMarker {
    /// The square's centre on the photo: where its diagonals cross, which perspective keeps.
    pub fn centre(&self) -> PhotoPt {
        let [a, b, c, d] = self.corners;
        let (r, s) = ((c.x - a.x, c.y - a.y), (d.x - b.x, d.y - b.y));
        let cross = r.0 * s.1 - r.1 * s.0;
        let t = ((b.x - a.x) * s.1 - (b.y - a.y) * s.0) / cross;
        PhotoPt::new(a.x + t * r.0, a.y + t * r.1)
    }

    pub fn side_px(&self) -> f64 {
        (0..4).map(|i| self.corners[i].distance(self.corners[(i + 1) % 4])).sum::<f64>() / 4.0
    }
}

/// Border cells that may read light (a glint, a speck) before the square is taken for something else.
const BORDER_SLIPS: usize = 2;
/// Printed black and white must differ by this much (of 255) to be read at all.
const LEAST_CONTRAST: f64 = 24.0;
/// Where the white round the square is read, in cells out from its edge: clear of the words printed
/// further out on the piece.
const WHITE_OUT: f64 = 0.3;

/// The marker in the square with these corners (clockwise as seen), if its border is whole and its bits
/// are one marker's code at one rotation to within the correctable bits.
pub fn identify(photo: &RgbImage, corners: [PhotoPt; 4]) -> Option<FoundMarker> {
    let n = CELLS as f64;
    let grid = [(0.0, 0.0), (n, 0.0), (n, n), (0.0, n)];
    let to_photo = Homography::fit(&grid, &corners.map(|p| (p.x, p.y)))?;
    let at = |u: f64, v: f64| to_photo.apply(u, v).and_then(|(x, y)| sample(photo, x, y));
    // Each cell read over its middle, away from blur at its edges.
    let mut cells = [[0.0; CELLS]; CELLS];
    for (row, line) in cells.iter_mut().enumerate() {
        for (column, cell) in line.iter_mut().enumerate() {
            let mut sum = 0.0;
            for (du, dv) in [(0.0, 0.0), (-0.2, -0.2), (0.2, -0.2), (0.2, 0.2), (-0.2, 0.2)] {
                sum += at(column as f64 + 0.5 + du, row as f64 + 0.5 + dv)?;
            }
            *cell = sum / 5.0;
        }
    }
    let mut white: Vec<f64> = (0..CELLS)
        .flat_map(|k| {
            let k = k as f64 + 0.5;
            [(k, -WHITE_OUT), (k, n + WHITE_OUT), (-WHITE_OUT, k), (n + WHITE_OUT, k)]
        })
        .map(|(u, v)| at(u, v))
        .collect::<Option<_>>()?;
    let mut border: Vec<f64> =
        (0..CELLS * CELLS).filter(|i| is_border(i / CELLS, i % CELLS)).map(|i| cells[i / CELLS][i % CELLS]).collect();
    let (white, black) = (median(&mut white), median(&mut border));
    if white - black < LEAST_CONTRAST {
        return None;
    }
    let middle = (white + black) / 2.0;
    if border.iter().filter(|&&v| v > middle).count() > BORDER_SLIPS {
        return None;
    }
    let seen = |turns: usize| -> Code {
        let mut code = 0;
        for row in 0..BITS {
            for column in 0..BITS {
                let (r, c) = printed_to_seen(row + 1, column + 1, turns);
                if cells[r][c] < middle {
                    code |= 1 << (row * BITS + column);
                }
            }
        }
        code
    };
    // `turns`: how many corners round from the first one seen the printed top-left is.
    let mut best: Option<(u32, Marker, usize)> = None;
    let mut runner_up = u32::MAX;
    for turns in 0..4 {
        let code = seen(turns);
        for marker in Marker::ALL {
            let wrong = (code ^ marker.code()).count_ones();
            match best {
                Some((w, ..)) if wrong >= w => runner_up = runner_up.min(wrong),
                _ => {
                    runner_up = runner_up.min(best.map_or(u32::MAX, |b| b.0));
                    best = Some((wrong, marker, turns));
                }
            }
        }
    }
    let (wrong_bits, marker, turns) = best?;
    if wrong_bits > CORRECTABLE || runner_up <= wrong_bits {
        return None;
    }
    Some(FoundMarker { marker, corners: std::array::from_fn(|i| corners[(i + turns) % 4]), wrong_bits })
}

fn is_border(row: usize, column: usize) -> bool {
    row == 0 || column == 0 || row == CELLS - 1 || column == CELLS - 1
}

/// The cell as seen (row, column from the first corner seen) that holds the printed cell (`row`,
/// `column`) when the printed top-left is `turns` corners clockwise round from the first corner seen.
fn printed_to_seen(row: usize, column: usize, turns: usize) -> (usize, usize) {
    (0..turns).fold((row, column), |(r, c), _| (c, CELLS - 1 - r))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
