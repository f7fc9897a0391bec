use thiserror::Error;

/// Why the corner markers could not fix the photo's view, in words a player can act on.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MarkerError {
    #[error(
        "found none of the four corner markers: lay the printed markers in the table's corners, keep them flat and uncovered, and take the photo with all four in view, lit and in focus (or tap the corners instead)"
    )]
    NoneFound,
    #[error("found {found} of the 4 markers: {missing} — {question}")]
    Missing { found: usize, missing: String, question: &'static str },
    #[error("found the {marker} marker twice: only one of each may be in the photo (put the spare sheet away)")]
    Twice { marker: String },
    #[error(
        "the markers are not each in their own corner: going clockwise round the table the photo shows {seen}; lay each in the corner its label names"
    )]
    OutOfPlace { seen: String },
    #[error(
        "the markers do not lie as they would on a {table} table (they miss the best fit by {miss_px:.1} pixels): check the table's size, and that each marker lies flat in its own corner, flush with both edges"
    )]
    Misfit { table: String, miss_px: f64 },
}
