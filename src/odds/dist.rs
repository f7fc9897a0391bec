use crate::dice::Die;

/// A discrete probability distribution over consecutive integers: `p[i]` is the chance of `offset + i`.
/// Dense storage keeps convolution a tight loop; dice totals are never sparse enough to need more.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist {
    offset: i64,
    p: Vec<f64>,
}

impl Dist {
    pub fn constant(value: i64) -> Dist {
        Dist { offset: value, p: vec![1.0] }
    }

    /// Equal weight per listed value; repeats add weight (average dice list 3 and 4 twice).
    pub fn uniform(values: &[i64]) -> Dist {
        assert!(!values.is_empty(), "a uniform distribution needs at least one value");
        let weight = 1.0 / values.len() as f64;
        Dist::from_weights(values.iter().map(|&v| (v, weight)))
    }

    pub fn of_die(die: Die) -> Dist {
        Dist::uniform(&die.sides())
    }

    /// One trial that succeeds with chance `p`: 1 on success, 0 otherwise.
    pub fn bernoulli(p: f64) -> Dist {
        Dist { offset: 0, p: vec![1.0 - p, p] }
    }

    /// Successes in `n` independent trials of chance `p` each (hits from `n` dice).
    pub fn binomial(n: u32, p: f64) -> Dist {
        Dist::bernoulli(p).sum_of(n)
    }

    pub fn from_weights(weights: impl IntoIterator<Item = (i64, f64)>) -> Dist {
        let pairs: Vec<(i64, f64)> = weights.into_iter().collect();
        let lo = pairs.iter().map(|&(v, _)| v).min().expect("a distribution needs at least one value");
        let hi = pairs.iter().map(|&(v, _)| v).max().unwrap();
        let mut p = vec![0.0; (hi - lo + 1) as usize];
        for (v, w) in pairs {
            p[(v - lo) as usize] += w;
        }
        Dist { offset: lo, p }
    }

    /// The same chances as shares of their total, each at most 1: folding many outcomes into a few (kills
    /// capped at a unit's figures) can round the total a hair past 1.
    pub fn normalised(&self) -> Dist {
        let total: f64 = self.p.iter().sum();
        Dist { offset: self.offset, p: self.p.iter().map(|p| (p / total).min(1.0)).collect() }
    }

    /// The distribution of the sum of one draw from each (independent) distribution.
    pub fn add(&self, other: &Dist) -> Dist {
        let mut p = vec![0.0; self.p.len() + other.p.len() - 1];
        for (i, &a) in self.p.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            // One run of `other` scaled into place: a loop the compiler vectorises, with no index checks.
            for (sum, &b) in p[i..i + other.p.len()].iter_mut().zip(&other.p) {
                *sum += a * b;
            }
        }
        Dist { offset: self.offset + other.offset, p }
    }

    /// The sum of `n` independent copies, by repeated squaring so 200 dice cost a handful of convolutions.
    pub fn sum_of(&self, n: u32) -> Dist {
        let mut result = Dist::constant(0);
        let mut base = self.clone();
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                result = result.add(&base);
            }
            k >>= 1;
            if k > 0 {
                base = base.add(&base);
            }
        }
        result
    }

    /// The same without the outcomes at either end whose chance is below `floor`: a total of thousands of
    /// throws spans values far too unlikely for any figure to show, and dropping them keeps each further
    /// convolution short. Outcomes between the kept ends stay, however small.
    pub fn trimmed(&self, floor: f64) -> Dist {
        match (self.p.iter().position(|&p| p >= floor), self.p.iter().rposition(|&p| p >= floor)) {
            (Some(first), Some(last)) => Dist { offset: self.offset + first as i64, p: self.p[first..=last].to_vec() },
            _ => self.clone(),
        }
    }

    /// The spread of outcomes about the mean: the mean of the squared distance from it.
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.entries().map(|(v, p)| (v as f64 - mean).powi(2) * p).sum()
    }

    pub fn shifted(&self, by: i64) -> Dist {
        Dist { offset: self.offset + by, p: self.p.clone() }
    }

    pub fn negated(&self) -> Dist {
        let mut p = self.p.clone();
        p.reverse();
        Dist { offset: -(self.offset + self.p.len() as i64 - 1), p }
    }

    /// Any outcome-to-outcome function, such as "hits below a threshold count as one".
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Dist {
        Dist::from_weights(self.entries().map(|(v, p)| (f(v), p)))
    }

    /// Chance of `value`.
    pub fn p(&self, value: i64) -> f64 {
        let i = value - self.offset;
        if i < 0 || i >= self.p.len() as i64 { 0.0 } else { self.p[i as usize] }
    }

    pub fn p_at_least(&self, threshold: i64) -> f64 {
        self.entries().filter(|&(v, _)| v >= threshold).map(|(_, p)| p).sum()
    }

    pub fn p_at_most(&self, threshold: i64) -> f64 {
        self.entries().filter(|&(v, _)| v <= threshold).map(|(_, p)| p).sum()
    }

    /// Outcomes with a non-zero chance, lowest first.
    pub fn entries(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.p.iter().enumerate().filter(|(_, p)| **p > 0.0).map(|(i, &p)| (self.offset + i as i64, p))
    }

    pub fn min(&self) -> i64 {
        self.entries().next().map(|(v, _)| v).unwrap_or(self.offset)
    }

    pub fn max(&self) -> i64 {
        self.entries().last().map(|(v, _)| v).unwrap_or(self.offset)
    }

    pub fn mean(&self) -> f64 {
        self.entries().map(|(v, p)| v as f64 * p).sum()
    }

    pub fn total_probability(&self) -> f64 {
        self.p.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn two_d6_has_the_triangle() {
        let d = Dist::of_die(Die::D6).sum_of(2);
        assert!(close(d.p(7), 6.0 / 36.0));
        assert!(close(d.p(2), 1.0 / 36.0));
        assert!(close(d.p(12), 1.0 / 36.0));
        assert_eq!(d.p(13), 0.0);
        assert!(close(d.mean(), 7.0));
    }

    #[test]
    fn d10_includes_zero() {
        let d = Dist::of_die(Die::D10);
        assert!(close(d.p(0), 0.1));
        assert_eq!(d.max(), 9);
    }

    #[test]
    fn binomial_matches_the_formula() {
        // 9 dice hitting on 1-8 of a D20: P(exactly 3 hits) = C(9,3) 0.4^3 0.6^6.
        let d = Dist::binomial(9, 0.4);
        assert!(close(d.p(3), 84.0 * 0.4f64.powi(3) * 0.6f64.powi(6)));
        assert!(close(d.total_probability(), 1.0));
    }

    #[test]
    fn thresholds_add_up() {
        let d = Dist::of_die(Die::D20);
        assert!(close(d.p_at_least(15), 0.3));
        assert!(close(d.p_at_most(14) + d.p_at_least(15), 1.0));
    }

    #[test]
    fn negation_mirrors() {
        let d = Dist::of_die(Die::D6).negated();
        assert_eq!((d.min(), d.max()), (-6, -1));
        assert!(close(d.p(-3), 1.0 / 6.0));
    }

    #[test]
    fn average_dice_weigh_three_and_four_double() {
        let d = Dist::of_die(Die::Avg);
        assert!(close(d.p(3), 2.0 / 6.0));
        assert!(close(d.p(5), 1.0 / 6.0));
        assert!(close(d.mean(), 3.5));
    }

    #[test]
    fn sum_of_many_dice_stays_a_distribution() {
        let d = Dist::of_die(Die::D6).sum_of(200);
        assert!(close(d.total_probability(), 1.0));
        assert_eq!((d.min(), d.max()), (200, 1200));
        assert!((d.mean() - 700.0).abs() < 1e-6);
    }

    #[test]
    fn map_merges_outcomes() {
        let d = Dist::of_die(Die::D6).map(|v| if v >= 5 { 1 } else { 0 });
        assert!(close(d.p(1), 1.0 / 3.0));
    }

    #[test]
    fn trimming_drops_only_the_unlikely_ends() {
        let d = Dist::from_weights([(0, 1e-40), (1, 0.5), (2, 1e-40), (3, 0.5), (4, 1e-40)]);
        let t = d.trimmed(1e-30);
        assert_eq!((t.min(), t.max()), (1, 3));
        assert_eq!(t.p(2), 1e-40, "a small chance between the kept ends stays");
        assert_eq!(Dist::constant(4).trimmed(2.0), Dist::constant(4), "nothing kept: left whole");
    }

    #[test]
    fn two_d6_spread_is_35_over_6() {
        assert!(close(Dist::of_die(Die::D6).sum_of(2).variance(), 35.0 / 6.0));
    }
}
