use nalgebra::Point2;
use serde::{Deserialize, Serialize};

/// A point on the table in inches (x across from the left edge, y down from the top edge).
///
/// Kept separate from nalgebra's `Point2` so it can be serialized for the log and exported to the UI;
/// convert with `From`/`Into` when doing geometry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
}

impl From<Point2<f64>> for Pt {
    fn from(p: Point2<f64>) -> Pt {
        Pt { x: p.x, y: p.y }
    }
}

impl From<Pt> for Point2<f64> {
    fn from(p: Pt) -> Point2<f64> {
        Point2::new(p.x, p.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_to_and_from_nalgebra_without_change() {
        let p = Pt::new(12.5, -3.0);
        let q: Point2<f64> = p.into();
        assert_eq!((q.x, q.y), (12.5, -3.0));
        assert_eq!(Pt::from(q), p);
    }

    #[test]
    fn serializes_with_plain_x_and_y() {
        let json = serde_json::to_string(&Pt::new(1.5, 2.0)).unwrap();
        assert_eq!(json, r#"{"x":1.5,"y":2.0}"#);
        assert_eq!(serde_json::from_str::<Pt>(&json).unwrap(), Pt::new(1.5, 2.0));
    }
}
