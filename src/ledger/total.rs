//! The exact chances of a total of many throws: the convolution of every throw's chances. A long game
//! repeats a few throws many times (every 2D6+6 of a side's movement), so equal chances are grouped and
//! each group's sum made by repeated squaring; and totals too unlikely to change any figure shown are
//! dropped from the ends as the sum grows, so a side's thousand throws stay a few thousand outcomes wide.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::odds::Dist;

/// Chances below this are dropped from the ends of a growing sum. All that is ever dropped comes to less
/// than 1e-34 (a few hundred thousand outcomes at most, each below this), so every tail the ledger gives is
/// the whole convolution's to that: far below the rarest it words ("fewer than 1 game in a trillion").
/// Each further digit of the exponent widens the sum kept, and a squaring costs the square of its width.
pub const NEGLIGIBLE: f64 = 1e-40;

/// The chances of the sum of one throw of each.
pub fn total<'a>(throws: impl IntoIterator<Item = &'a Dist>) -> Dist {
    let mut groups: Vec<(&Dist, u32)> = Vec::new();
    let mut seen: HashMap<Vec<(i64, u64)>, usize> = HashMap::new();
    for chances in throws {
        let key = chances.entries().map(|(value, p)| (value, p.to_bits())).collect();
        match seen.entry(key) {
            Entry::Occupied(at) => groups[*at.get()].1 += 1,
            Entry::Vacant(slot) => {
                slot.insert(groups.len());
                groups.push((chances, 1));
            }
        }
    }
    groups.into_iter().fold(Dist::constant(0), |sum, (chances, n)| sum.add(&repeated(chances, n)).trimmed(NEGLIGIBLE))
}

/// The sum of `n` throws with the same chances.
fn repeated(chances: &Dist, n: u32) -> Dist {
    let mut sum = Dist::constant(0);
    let mut doubling = chances.clone();
    let mut left = n;
    while left > 0 {
        if left & 1 == 1 {
            sum = sum.add(&doubling).trimmed(NEGLIGIBLE);
        }
        left >>= 1;
        if left > 0 {
            doubling = doubling.add(&doubling).trimmed(NEGLIGIBLE);
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceExpr, Die};

    /// The chance of each total by counting every way the dice can fall, one combination of faces at a
    /// time: each die a list of what its faces count, all faces equally likely.
    fn counted(dice: &[Vec<i64>]) -> HashMap<i64, f64> {
        let combinations: usize = dice.iter().map(Vec::len).product();
        let mut ways: HashMap<i64, u64> = HashMap::new();
        for mut n in 0..combinations {
            let mut sum = 0;
            for faces in dice {
                sum += faces[n % faces.len()];
                n /= faces.len();
            }
            *ways.entry(sum).or_default() += 1;
        }
        ways.into_iter().map(|(sum, w)| (sum, w as f64 / combinations as f64)).collect()
    }

    #[test]
    fn the_total_is_every_way_the_dice_can_fall() {
        // Two 2D6 throws, two D4+1 and two shots that hit on 1 in 3, grouped in any order.
        let two_d6 = DiceExpr::parse("2D6").unwrap().distribution();
        let d4_plus_1 = DiceExpr::parse("D4+1").unwrap().distribution();
        let shot = Dist::bernoulli(1.0 / 3.0);
        let sum = total([&two_d6, &shot, &d4_plus_1, &two_d6, &d4_plus_1, &shot]);

        let d6: Vec<i64> = Die::D6.sides();
        let mut dice = vec![d6.clone(), d6.clone(), d6.clone(), d6];
        dice.extend([vec![2, 3, 4, 5], vec![2, 3, 4, 5], vec![1, 0, 0], vec![1, 0, 0]]);
        let ways = counted(&dice);

        assert_eq!((sum.min(), sum.max()), (8, 24 + 10 + 2));
        for value in 0..40 {
            let want = ways.get(&value).copied().unwrap_or(0.0);
            assert!((sum.p(value) - want).abs() < 1e-15, "total {value}: {} against {want}", sum.p(value));
            let at_least: f64 = ways.iter().filter(|(v, _)| **v >= value).map(|(_, p)| p).sum();
            let at_most: f64 = ways.iter().filter(|(v, _)| **v <= value).map(|(_, p)| p).sum();
            assert!((sum.p_at_least(value) - at_least).abs() < 1e-13, "at least {value}");
            assert!((sum.p_at_most(value) - at_most).abs() < 1e-13, "at most {value}");
        }
    }

    #[test]
    fn a_long_evening_keeps_its_tails_and_drops_only_what_no_figure_shows() {
        let two_d6 = DiceExpr::parse("2D6+6").unwrap().distribution();
        let whole = two_d6.sum_of(1500);
        let sum = total(std::iter::repeat_n(&two_d6, 1500));
        // The whole sum keeps every outcome an f64 does not round to nothing, some 38 standard deviations
        // each way; the ledger's about 13.
        let sd = (1500.0f64 * 35.0 / 6.0).sqrt();
        let (kept, held) = ((sum.max() - sum.min()) as f64 / sd, (whole.max() - whole.min()) as f64 / sd);
        assert!(kept < 28.0 && held > 70.0, "{kept:.1} sd kept of {held:.1}");
        assert!((sum.mean() - 1500.0 * 13.0).abs() < 1e-6);
        assert!((sum.total_probability() - 1.0).abs() < 1e-12);
        // Out to ten standard deviations (about 1 in 10^23) the tails are the whole sum's to the last
        // digits; beyond, they differ from it by less than 1e-34.
        for k in [0.0, 3.0, 6.0, 10.0, 15.0, 30.0] {
            let (high, low) = ((19_500.0 + k * sd).round() as i64, (19_500.0 - k * sd).round() as i64);
            let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b + 1e-34;
            assert!(near(sum.p_at_least(high), whole.p_at_least(high)), "{k} sd above");
            assert!(near(sum.p_at_most(low), whole.p_at_most(low)), "{k} sd below");
        }
    }
}
