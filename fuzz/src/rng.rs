//! The fuzzer's randomness. SplitMix64 is written out here rather than taken from a crate so that a case
//! number names the same input on every machine and after any dependency upgrade: a reproducer quoted in
//! an issue as `--target action --case 81234` must keep meaning the same input.

pub struct Rng {
    state: u64,
}

impl Rng {
    /// The generator for one case. Mixing the target's name in keeps case N of one target unrelated to
    /// case N of another under the same seed.
    pub fn for_case(seed: u64, target: &str, index: u64) -> Rng {
        let salt =
            target.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        let mut rng = Rng { state: seed ^ mix(salt) };
        rng.state = mix(rng.next_u64() ^ index);
        rng
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.state)
    }

    /// A number in `0..n`; `n` must be at least 1. The slight modulo bias is of no matter to a fuzzer.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no answer");
        (self.next_u64() % n as u64) as usize
    }

    /// True once in `n` calls, on average.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index into `weights`, each chosen in proportion to its weight.
    pub fn weighted(&mut self, weights: &[usize]) -> usize {
        let mut roll = self.below(weights.iter().sum());
        for (i, &w) in weights.iter().enumerate() {
            if roll < w {
                return i;
            }
            roll -= w;
        }
        unreachable!("the roll is below the sum of the weights")
    }

    /// A float anywhere in `f64`'s range now and then, else a plain one a table might hold.
    pub fn float(&mut self) -> f64 {
        match self.below(4) {
            0 => f64::from_bits(self.next_u64()),
            1 => (self.next_u64() % 2_000_001) as f64 / 1000.0 - 1000.0,
            _ => (self.next_u64() % 200) as f64 / 2.0 - 20.0,
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_is_the_same_every_time_and_differs_by_target_and_index() {
        let draw = |target, index| Rng::for_case(17, target, index).next_u64();
        assert_eq!(draw("dice", 5), draw("dice", 5));
        assert_ne!(draw("dice", 5), draw("dice", 6));
        assert_ne!(draw("dice", 5), draw("action", 5));
    }
}
