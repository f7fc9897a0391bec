//! The numbers a scenario file holds, read strictly: TOML allows `nan` and `inf`, and serde reads a
//! three-number array into a two-number one by dropping the third. Either would put a figure nowhere on
//! the table or somewhere its author did not mean, so each is refused at its line.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// Bounds on a scenario, far above any table a club sets up, low enough that a slip of the keyboard is
/// refused before the app builds what it asks for.
pub mod bounds {
    /// Inches on either side of the table (83 feet).
    pub const MAX_TABLE: f64 = 1000.0;
    /// Figures in one unit.
    pub const MAX_FIGURES: u32 = 500;
    /// Inches between figures set out in a line.
    pub const MAX_SPACING: f64 = 24.0;
    /// Sides on one table: every text is two armies, a few scenarios add a third.
    pub const MAX_SIDES: usize = 8;
    /// The size of a scenario file.
    pub const MAX_FILE_BYTES: usize = 1 << 20;
}

/// A number that is a number: not NaN, not infinite.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Finite(pub f64);

impl<'de> Deserialize<'de> for Finite {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Finite, D::Error> {
        let value = f64::deserialize(deserializer)?;
        match value.is_finite() {
            true => Ok(Finite(value)),
            false => Err(D::Error::custom(format!("{value} is not a number of inches or degrees"))),
        }
    }
}

/// A point on the table as written: `[x, y]`, in inches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Xy {
    pub x: f64,
    pub y: f64,
}

impl<'de> Deserialize<'de> for Xy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Xy, D::Error> {
        let numbers = Vec::<f64>::deserialize(deserializer)?;
        match numbers[..] {
            [x, y] if x.is_finite() && y.is_finite() => Ok(Xy { x, y }),
            [x, y] => Err(D::Error::custom(format!("[{x}, {y}] is not a point: x and y must be numbers"))),
            _ => Err(D::Error::custom(format!("a point is [x, y], two numbers; this has {}", numbers.len()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Probe {
        at: Xy,
        #[allow(dead_code)]
        facing: Finite,
    }

    fn read(text: &str) -> Result<Probe, String> {
        toml::from_str(text).map_err(|e| e.message().to_string())
    }

    #[test]
    fn points_are_two_finite_numbers() {
        assert_eq!(read("at = [24, 13.5]\nfacing = 90").unwrap().at, Xy { x: 24.0, y: 13.5 });
        for (text, says) in [
            ("at = [24, 13, 999]\nfacing = 0", "this has 3"),
            ("at = [24]\nfacing = 0", "this has 1"),
            ("at = [nan, 13]\nfacing = 0", "not a point"),
            ("at = [24, inf]\nfacing = 0", "not a point"),
            ("at = [1, 2]\nfacing = nan", "NaN is not a number"),
            ("at = [1, 2]\nfacing = -inf", "-inf is not a number"),
        ] {
            let err = read(text).err().unwrap_or_default();
            assert!(err.contains(says), "{text}: {err}");
        }
    }
}
