//! From the markers found to known points: each black square's corners put at their table inches.

use super::design::Marker;
use super::error::MarkerError;
use super::identify::FoundMarker;
use crate::measure::{Pt, Table};
use crate::photo::{Homography, KnownPoint, PhotoPt};

/// Two finds of one marker closer than this share of its side are one marker seen twice over.
const SAME_PLACE_SHARE: f64 = 0.5;
/// The 16 points may miss a single view of the table by this much (RMS, in pixels) from a camera's own
/// lens bending, or this share of a marker's side, before the markers are taken to be misplaced.
const MISFIT_PX: f64 = 2.0;
const MISFIT_SHARE: f64 = 0.04;

/// The four markers' square corners as known points, (0, 0)'s first and round clockwise, each marker's
/// from the corner nearest the table's own.
pub fn place(found: &[FoundMarker], table: Table) -> Result<Vec<KnownPoint>, MarkerError> {
    let markers = one_of_each(found, table)?;
    check_order(&markers, table)?;
    // The squares' centres alone fix a first view, near enough to tell which of each square's corners
    // is which, whichever way round its paper was laid.
    let centres: Vec<(f64, f64)> = markers.iter().map(|m| xy(m.centre())).collect();
    let table_centres: Vec<(f64, f64)> = Marker::ALL.iter().map(|m| square_centre(m.square_on_table(table))).collect();
    let to_table = Homography::fit(&centres, &table_centres)
        .ok_or(MarkerError::Misfit { table: table_words(table), miss_px: f64::INFINITY })?;
    let mut points = Vec::with_capacity(16);
    for (found, marker) in markers.iter().zip(Marker::ALL) {
        let square = marker.square_on_table(table);
        let miss = |turns: usize| -> f64 {
            (0..4)
                .map(|i| {
                    let p = found.corners[(i + turns) % 4];
                    to_table.apply(p.x, p.y).map_or(f64::INFINITY, |(x, y)| (x - square[i].x).hypot(y - square[i].y))
                })
                .sum()
        };
        let turns = (0..4).min_by(|&a, &b| miss(a).total_cmp(&miss(b))).unwrap_or(0);
        points.extend((0..4).map(|i| KnownPoint { photo: found.corners[(i + turns) % 4], table: square[i] }));
    }
    check_fit(&points, &markers, table)?;
    Ok(points)
}

fn one_of_each(found: &[FoundMarker], table: Table) -> Result<[FoundMarker; 4], MarkerError> {
    let mut chosen: [Option<FoundMarker>; 4] = [None; 4];
    for f in found {
        match &mut chosen[f.marker.0] {
            slot @ None => *slot = Some(*f),
            Some(kept) => {
                if kept.centre().distance(f.centre()) > SAME_PLACE_SHARE * kept.side_px() {
                    return Err(MarkerError::Twice { marker: f.marker.name(table) });
                }
                if f.wrong_bits < kept.wrong_bits {
                    *kept = *f;
                }
            }
        }
    }
    let missing: Vec<String> = Marker::ALL.iter().filter(|m| chosen[m.0].is_none()).map(|m| m.name(table)).collect();
    match missing.len() {
        0 => Ok(chosen.map(|c| c.expect("every marker found"))),
        4 => Err(MarkerError::NoneFound),
        1 => Err(MarkerError::Missing {
            found: 3,
            missing: format!("the {} one is missing", missing[0]),
            question: "is it in the photo and not covered?",
        }),
        n => Err(MarkerError::Missing {
            found: 4 - n,
            missing: format!("the {} ones are missing", and_list(&missing)),
            question: "are they in the photo and not covered?",
        }),
    }
}

/// Round the table clockwise as seen, the markers must come in the order of their corners: a pair
/// swapped would fit a table seen in a mirror.
fn check_order(markers: &[FoundMarker; 4], table: Table) -> Result<(), MarkerError> {
    let centres: Vec<PhotoPt> = markers.iter().map(FoundMarker::centre).collect();
    let (mx, my) = centres.iter().fold((0.0, 0.0), |(x, y), c| (x + c.x / 4.0, y + c.y / 4.0));
    let mut round: Vec<usize> = (0..4).collect();
    round.sort_by(|&a, &b| {
        let angle = |i: usize| (centres[i].y - my).atan2(centres[i].x - mx);
        angle(a).total_cmp(&angle(b))
    });
    let start = round.iter().position(|&i| i == 0).unwrap_or(0);
    let in_order = (0..4).all(|k| round[(start + k) % 4] == k);
    if in_order {
        return Ok(());
    }
    let seen: Vec<String> = (0..4).map(|k| Marker(round[(start + k) % 4]).name(table)).collect();
    Err(MarkerError::OutOfPlace { seen: seen.join(", ") })
}

/// One view of the table must carry all sixteen corners to where they were found.
fn check_fit(points: &[KnownPoint], markers: &[FoundMarker; 4], table: Table) -> Result<(), MarkerError> {
    let table_xy: Vec<(f64, f64)> = points.iter().map(|p| (p.table.x, p.table.y)).collect();
    let photo_xy: Vec<(f64, f64)> = points.iter().map(|p| xy(p.photo)).collect();
    let misfit = |miss_px| MarkerError::Misfit { table: table_words(table), miss_px };
    let to_photo = Homography::fit(&table_xy, &photo_xy).ok_or_else(|| misfit(f64::INFINITY))?;
    let squares: f64 = points
        .iter()
        .map(|p| {
            to_photo
                .apply(p.table.x, p.table.y)
                .map_or(f64::INFINITY, |(x, y)| (x - p.photo.x).powi(2) + (y - p.photo.y).powi(2))
        })
        .sum();
    let miss_px = (squares / points.len() as f64).sqrt();
    let side = markers.iter().map(FoundMarker::side_px).sum::<f64>() / 4.0;
    if miss_px > MISFIT_PX.max(MISFIT_SHARE * side) { Err(misfit(miss_px)) } else { Ok(()) }
}

fn square_centre(square: [Pt; 4]) -> (f64, f64) {
    ((square[0].x + square[2].x) / 2.0, (square[0].y + square[2].y) / 2.0)
}

fn xy(p: PhotoPt) -> (f64, f64) {
    (p.x, p.y)
}

fn table_words(table: Table) -> String {
    format!("{} x {}", table.width, table.depth)
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: Table = Table { width: 72.0, depth: 48.0 };

    /// Each marker as found on a photo of the table seen through `view`, laid `turns` quarter turns
    /// round from how it would read from the table's own corner.
    fn found_in(view: &Homography, corners_of: [Marker; 4], turns: [usize; 4]) -> Vec<FoundMarker> {
        Marker::ALL
            .iter()
            .map(|&place| {
                let square = place.square_on_table(TABLE).map(|p| {
                    let (x, y) = view.apply(p.x, p.y).unwrap();
                    PhotoPt::new(x, y)
                });
                let corners = std::array::from_fn(|i| square[(i + turns[place.0]) % 4]);
                FoundMarker { marker: corners_of[place.0], corners, wrong_bits: 0 }
            })
            .collect()
    }

    fn view() -> Homography {
        let table = [(0.0, 0.0), (72.0, 0.0), (72.0, 48.0), (0.0, 48.0)];
        Homography::fit(&table, &[(300.0, 200.0), (1700.0, 260.0), (1900.0, 1200.0), (120.0, 1150.0)]).unwrap()
    }

    #[test]
    fn corners_go_to_their_table_points_whichever_way_each_piece_lies() {
        let found = found_in(&view(), Marker::ALL, [0, 1, 2, 3]);
        let points = place(&found, TABLE).unwrap();
        for p in points {
            let (x, y) = view().apply(p.table.x, p.table.y).unwrap();
            assert!(p.photo.distance(PhotoPt::new(x, y)) < 1e-6);
        }
    }

    #[test]
    fn two_markers_swapped_are_out_of_place() {
        let found = found_in(&view(), [Marker(1), Marker(0), Marker(2), Marker(3)], [0; 4]);
        let err = place(&found, TABLE).unwrap_err();
        assert_eq!(err, MarkerError::OutOfPlace { seen: "(0, 0), (72, 48), (0, 48), (72, 0)".into() });
    }

    #[test]
    fn one_marker_in_two_places_is_found_twice() {
        let mut found = found_in(&view(), Marker::ALL, [0; 4]);
        found[3].marker = Marker(0);
        found.push(found_in(&view(), Marker::ALL, [0; 4])[3]);
        let err = place(&found, TABLE).unwrap_err();
        assert_eq!(
            err.to_string(),
            "found the (0, 0) marker twice: only one of each may be in the photo (put the spare sheet away)"
        );
    }
}
