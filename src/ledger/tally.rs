//! A side's throws of one measure added up: what was expected, what came, and how rarely it comes.

use super::{Throw, total};
use crate::odds::Dist;

/// One side's throws of one measure, added up.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// As the throws name it: None for the free rolls no side owns.
    pub side: Option<String>,
    pub measure: String,
    pub throws: u32,
    /// The mean of the exact chances of the total.
    pub expected: f64,
    pub actual: i64,
    /// The standard deviation of the total.
    pub sd: f64,
    /// How rare the difference is: the chance of a total at least this high when above what was expected,
    /// at most this low when below.
    pub tail: f64,
}

impl Tally {
    /// Each side's throws of each measure added up: the sides in the order `sides` names them (any other
    /// after, then the free rolls), each side's measures in the order first thrown.
    pub fn all<'a>(throws: impl IntoIterator<Item = &'a Throw>, sides: &[String]) -> Vec<Tally> {
        let mut groups: Vec<(&Option<String>, &str, Vec<&Dist>, i64)> = Vec::new();
        for throw in throws {
            match groups.iter_mut().find(|(side, measure, ..)| **side == throw.side && *measure == throw.measure) {
                Some((.., chances, actual)) => {
                    chances.push(&throw.expected);
                    *actual += throw.actual;
                }
                None => groups.push((&throw.side, &throw.measure, vec![&throw.expected], throw.actual)),
            }
        }
        let rank = |side: &Option<String>| match side {
            Some(name) => sides.iter().position(|s| s == name).unwrap_or(sides.len()),
            None => sides.len() + 1,
        };
        // Stable: within a side, measures keep the order they were first thrown.
        groups.sort_by_key(|(side, ..)| rank(side));
        groups
            .into_iter()
            .map(|(side, measure, chances, actual)| Tally::of(side.clone(), measure, &chances, actual))
            .collect()
    }

    fn of(side: Option<String>, measure: &str, throws: &[&Dist], actual: i64) -> Tally {
        let sum = total(throws.iter().copied());
        let expected = sum.mean();
        Tally {
            side,
            measure: measure.to_string(),
            throws: throws.len() as u32,
            expected,
            actual,
            sd: sum.variance().sqrt(),
            tail: tail(&sum, actual).min(1.0),
        }
    }

    /// Whether the total came above what was expected.
    pub fn above(&self) -> bool {
        self.actual as f64 > self.expected
    }
}

/// The chance of doing at least as well as `actual` when it is above the mean (or on it), at most as
/// badly when below. The mean is read with a hair's room, so a total equal to it by arithmetic, not by
/// its last bit, counts as on it.
fn tail(sum: &Dist, actual: i64) -> f64 {
    if actual as f64 >= sum.mean() - 1e-9 { sum.p_at_least(actual) } else { sum.p_at_most(actual) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceExpr;

    fn throw(side: Option<&str>, measure: &str, expr: &str, actual: i64) -> Throw {
        Throw {
            seq: 0,
            turn: 1,
            kind: "roll".into(),
            side: side.map(str::to_string),
            measure: measure.into(),
            expected: DiceExpr::parse(expr).unwrap().distribution(),
            actual,
        }
    }

    #[test]
    fn each_side_and_measure_is_added_up_apart_in_the_scenario_order() {
        let throws = [
            throw(None, "free roll totals", "D6", 6),
            throw(Some("Boxers"), "hits", "D6", 1),
            throw(Some("Guard"), "movement inches", "2D6", 12),
            throw(Some("Boxers"), "movement inches", "2D6", 3),
            throw(Some("Guard"), "movement inches", "2D6", 11),
            throw(Some("Boxers"), "hits", "D6", 2),
        ];
        let sides = ["Guard".to_string(), "Boxers".to_string()];
        let rows: Vec<(Option<String>, String, u32, i64)> =
            Tally::all(&throws, &sides).into_iter().map(|t| (t.side, t.measure, t.throws, t.actual)).collect();
        let row = |side: Option<&str>, measure: &str, throws, actual| {
            (side.map(str::to_string), measure.into(), throws, actual)
        };
        assert_eq!(
            rows,
            [
                row(Some("Guard"), "movement inches", 2, 23),
                row(Some("Boxers"), "hits", 2, 3),
                row(Some("Boxers"), "movement inches", 1, 3),
                row(None, "free roll totals", 1, 6),
            ]
        );
    }

    #[test]
    fn two_2d6_totals_against_counting_every_way_they_fall() {
        // Two throws of 2D6: 4 dice, 1296 ways; 23 or more comes 5 of them (6, 6, 6, 5 in any order, and four 6s).
        let mut ways = [0u32; 25];
        for n in 0..1296u32 {
            let sum: u32 = (0..4).map(|k| n / 6u32.pow(k) % 6 + 1).sum();
            ways[sum as usize] += 1;
        }
        let at_least = |v: usize| ways[v..].iter().sum::<u32>() as f64 / 1296.0;
        let at_most = |v: usize| ways[..=v].iter().sum::<u32>() as f64 / 1296.0;
        let sides = ["Guard".to_string()];
        for (faces, want) in [((12, 11), at_least(23)), ((3, 4), at_most(7)), ((7, 7), at_least(14))] {
            let throws = [throw(Some("Guard"), "m", "2D6", faces.0), throw(Some("Guard"), "m", "2D6", faces.1)];
            let t = &Tally::all(&throws, &sides)[0];
            assert!((t.expected - 14.0).abs() < 1e-12);
            assert!((t.sd - (4.0f64 * 35.0 / 12.0).sqrt()).abs() < 1e-12);
            assert!((t.tail - want).abs() < 1e-15, "{faces:?}: {} against {want}", t.tail);
        }
        assert_eq!(at_least(23), 5.0 / 1296.0);
    }
}
