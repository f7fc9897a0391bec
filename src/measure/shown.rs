//! Distances as a player reads them. A tenth of an inch is enough, except beside a limit the distance is
//! judged against: 24.04" beyond a 24" range must not read "24.0"", which looks like a wrong refusal.

use super::EPSILON;

/// `inches` to 0.1", with as many more places as keep it from reading as one of `limits` it is not on;
/// closer than a thousandth, it says which side of the limit it lies.
pub fn inches_beside(inches: f64, limits: &[f64]) -> String {
    let misread =
        |shown: f64| limits.iter().find(|&&limit| (shown - limit).abs() <= EPSILON && (inches - limit).abs() > EPSILON);
    for places in 1..=3 {
        let text = format!("{inches:.places$}");
        if misread(text.parse().unwrap_or(inches)).is_none() {
            return format!("{text}\"");
        }
    }
    let limit = misread(inches).or_else(|| misread((inches * 1000.0).round() / 1000.0)).copied().unwrap_or(inches);
    let side = if inches > limit { "just over" } else { "just under" };
    format!("{side} {limit}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tenth_is_enough_away_from_the_limits() {
        assert_eq!(inches_beside(17.26, &[12.0, 24.0]), "17.3\"");
        assert_eq!(inches_beside(24.0, &[24.0]), "24.0\"", "on the limit reads as the limit");
    }

    #[test]
    fn beside_a_limit_more_places_tell_the_sides_apart() {
        assert_eq!(inches_beside(24.04, &[24.0]), "24.04\"");
        assert_eq!(inches_beside(23.96, &[24.0]), "23.96\"");
        assert_eq!(inches_beside(24.0004, &[12.0, 24.0]), "just over 24\"");
        assert_eq!(inches_beside(11.9999999, &[12.0]), "just under 12\"");
    }
}
