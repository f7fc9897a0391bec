use thiserror::Error;

/// Why known points cannot calibrate a photo, in words a player can act on.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CalibrationError {
    #[error("{given} point(s) given: the four table corners (or four or more known points) are needed")]
    TooFew { given: usize },
    #[error("the points for {first} and {second} are the same spot on the photo: was one tapped twice?")]
    SameSpot { first: String, second: String },
    #[error("the table point {point} is given twice: give each known point once")]
    SameTablePoint { point: String },
    #[error(
        "the points for {points} lie on one line, so they cannot fix the table's perspective: tap the corners of the table itself"
    )]
    OnOneLine { points: String },
    #[error(
        "the corners cross over: tap them in order round the table, (0, 0), (width, 0), (width, depth), (0, depth)"
    )]
    Crossed,
    #[error(
        "the corners go round the wrong way (the view would be a mirror image): tap them clockwise as the table is drawn, starting at (0, 0)"
    )]
    Mirrored,
    #[error("no view of the table fits these points")]
    NoFit,
    #[error(
        "the point at {x:.1}, {y:.1} on the photo is beyond the table's horizon, so it is not on the table's plane: tap a spot on the table"
    )]
    BeyondHorizon { x: f64, y: f64 },
    #[error("the point at {x:.1}, {y:.1} is outside the photo ({width} x {height} pixels)")]
    OffPhoto { x: f64, y: f64, width: u32, height: u32 },
}
