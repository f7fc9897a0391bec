use serde::{Deserialize, Serialize};

use super::{Pt, path_length};

/// How far past its allowance a move may measure and still pass: a route drawn to exactly the
/// allowance comes out a few millionths over after floating-point sums, and no player can measure
/// closer than about a twentieth of an inch anyway.
pub const MOVE_TOLERANCE: f64 = 0.05;

/// A move that fits its allowance: what it cost and what is left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MoveCheck {
    /// The route's measured length in inches.
    pub length: f64,
    /// Inches charged on top of the length by the rule system (turning, terrain).
    pub extra_cost: f64,
    /// `length + extra_cost`.
    pub used: f64,
    pub allowance: f64,
    /// Never negative, even when the tolerance let the move run a hair over.
    pub left: f64,
}

/// A move longer than its allowance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[error("move of {used:.1}\" exceeds the allowance of {allowance:.1}\"")]
pub struct MoveRefused {
    pub used: f64,
    pub allowance: f64,
}

/// Checks a route against a movement allowance. `extra_cost` is how systems charge for things that
/// are not distance (Sand Pebbles: 6" for a 90° turn), so a caller never has to fake a longer path.
pub fn check_move(path: &[Pt], allowance: f64, extra_cost: f64) -> Result<MoveCheck, MoveRefused> {
    let length = path_length(path);
    let used = length + extra_cost;
    if used > allowance + MOVE_TOLERANCE {
        return Err(MoveRefused { used, allowance });
    }
    Ok(MoveCheck { length, extra_cost, used, allowance, left: (allowance - used).max(0.0) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn straight(length: f64) -> Vec<Pt> {
        vec![Pt::new(10.0, 10.0), Pt::new(10.0 + length, 10.0)]
    }

    #[test]
    fn a_move_within_the_allowance_reports_what_is_left() {
        let check = check_move(&straight(8.0), 12.0, 0.0).unwrap();
        assert_eq!(check, MoveCheck { length: 8.0, extra_cost: 0.0, used: 8.0, allowance: 12.0, left: 4.0 });
    }

    #[test]
    fn a_move_of_exactly_the_allowance_passes_despite_rounding() {
        // 22.1 - 10.1 measures 12.000000000000002 in floating point.
        let route = [Pt::new(10.1, 5.0), Pt::new(22.1, 5.0)];
        let check = check_move(&route, 12.0, 0.0).unwrap();
        assert!(check.used > 12.0);
        assert_eq!(check.left, 0.0);
    }

    #[test]
    fn a_route_drawn_a_hair_long_is_within_measuring_tolerance() {
        assert!(check_move(&straight(12.04), 12.0, 0.0).is_ok());
        assert!(check_move(&straight(12.06), 12.0, 0.0).is_err());
    }

    #[test]
    fn a_move_over_the_tolerance_is_refused() {
        let refused = check_move(&straight(12.1), 12.0, 0.0).unwrap_err();
        assert!((refused.used - 12.1).abs() < 1e-9);
        assert_eq!(refused.allowance, 12.0);
    }

    #[test]
    fn turn_costs_count_against_the_allowance() {
        let check = check_move(&straight(5.0), 12.0, 6.0).unwrap();
        assert_eq!((check.used, check.left), (11.0, 1.0));
        assert!(check_move(&straight(7.0), 12.0, 6.0).is_err());
    }

    #[test]
    fn refusal_reads_in_inches_to_one_decimal() {
        let refused = check_move(&straight(14.2), 12.0, 0.0).unwrap_err();
        assert_eq!(refused.to_string(), "move of 14.2\" exceeds the allowance of 12.0\"");
    }

    #[test]
    fn standing_still_is_always_allowed() {
        let check = check_move(&[Pt::new(1.0, 1.0)], 0.0, 0.0).unwrap();
        assert_eq!((check.used, check.left), (0.0, 0.0));
    }
}
