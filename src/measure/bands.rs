use super::EPSILON;

/// The range band a distance falls in, given each band's upper bound in increasing order
/// (`[12.0, 24.0]` for a 0–12 / 12–24 weapon). A distance exactly on a boundary belongs to the nearer
/// band, per RULINGS ("12 inches is short range"). `None` beyond the last bound: out of range.
pub fn band_of(distance: f64, upper_bounds: &[f64]) -> Option<usize> {
    upper_bounds.iter().position(|&bound| distance <= bound + EPSILON)
}

/// Like `band_of`, for the texts that place a boundary in the farther band themselves (The Natives are
/// Restless Tonight: "24" or more" is long range): a distance exactly on an inner boundary belongs to the
/// farther band. The last bound is still the weapon's reach, so a distance exactly on it is in range.
pub fn band_of_boundary_farther(distance: f64, upper_bounds: &[f64]) -> Option<usize> {
    let last = upper_bounds.len().checked_sub(1)?;
    let inner = &upper_bounds[..last];
    match inner.iter().position(|&bound| distance < bound - EPSILON) {
        Some(band) => Some(band),
        None if distance <= upper_bounds[last] + EPSILON => Some(last),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Pt, distance};
    use super::*;

    const SHORT_AND_LONG: [f64; 2] = [12.0, 24.0];

    #[test]
    fn twelve_inches_is_short_range_for_a_0_12_12_24_weapon() {
        assert_eq!(band_of(12.0, &SHORT_AND_LONG), Some(0));
    }

    #[test]
    fn distances_fall_in_their_bands() {
        assert_eq!(band_of(0.0, &SHORT_AND_LONG), Some(0));
        assert_eq!(band_of(6.0, &SHORT_AND_LONG), Some(0));
        assert_eq!(band_of(12.01, &SHORT_AND_LONG), Some(1));
        assert_eq!(band_of(24.0, &SHORT_AND_LONG), Some(1));
    }

    #[test]
    fn a_boundary_reached_by_adding_up_is_still_on_it() {
        // 22.1 - 10.1 is 12.000000000000002 in floating point.
        let measured = distance(Pt::new(10.1, 5.0), Pt::new(22.1, 5.0));
        assert!(measured > 12.0);
        assert_eq!(band_of(measured, &SHORT_AND_LONG), Some(0));
        assert_eq!(band_of_boundary_farther(measured, &[12.0, 24.0]), Some(1));
    }

    #[test]
    fn beyond_the_last_bound_is_out_of_range() {
        assert_eq!(band_of(24.1, &SHORT_AND_LONG), None);
        assert_eq!(band_of(1.0, &[]), None);
    }

    #[test]
    fn a_sighting_table_of_five_bands() {
        let sighting = [2.0, 4.0, 8.0, 12.0, 24.0];
        assert_eq!(band_of(2.0, &sighting), Some(0));
        assert_eq!(band_of(4.5, &sighting), Some(2));
        assert_eq!(band_of(24.0, &sighting), Some(4));
        assert_eq!(band_of(24.5, &sighting), None);
    }

    #[test]
    fn twenty_four_or_more_is_long_when_the_text_says_so() {
        let natives = [24.0, 48.0];
        assert_eq!(band_of_boundary_farther(23.9, &natives), Some(0));
        assert_eq!(band_of_boundary_farther(24.0, &natives), Some(1));
        assert_eq!(band_of_boundary_farther(48.0, &natives), Some(1));
        assert_eq!(band_of_boundary_farther(48.1, &natives), None);
        assert_eq!(band_of_boundary_farther(1.0, &[]), None);
    }
}
