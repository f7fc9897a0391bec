use serde::{Deserialize, Serialize};

/// One kind of die. Faces are what a player reads off the die, so a D10 shows 0–9 (its zero read as
/// zero) and percentile shows 1–100 (two D10 with "00" read as 100, per RULINGS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Die {
    D4,
    D6,
    D10,
    D12,
    D20,
    /// Percentile: 1–100.
    D100,
    /// "Average dice" of The Natives are Restless Tonight: faces 2, 3, 3, 4, 4, 5.
    Avg,
}

const AVERAGE_FACES: [i64; 6] = [2, 3, 3, 4, 4, 5];

impl Die {
    /// Every face once per physical side, so repeated values (average dice) carry their weight.
    pub fn sides(self) -> Vec<i64> {
        match self {
            Die::D4 => (1..=4).collect(),
            Die::D6 => (1..=6).collect(),
            Die::D10 => (0..=9).collect(),
            Die::D12 => (1..=12).collect(),
            Die::D20 => (1..=20).collect(),
            Die::D100 => (1..=100).collect(),
            Die::Avg => AVERAGE_FACES.to_vec(),
        }
    }

    pub fn lowest(self) -> i64 {
        self.sides().into_iter().min().expect("a die has faces")
    }

    pub fn highest(self) -> i64 {
        self.sides().into_iter().max().expect("a die has faces")
    }

    /// How far apart its lowest and highest faces are: a D6 spreads over 5, a D% over 99.
    pub fn spread(self) -> i64 {
        self.highest() - self.lowest()
    }

    pub fn side_count(self) -> usize {
        match self {
            Die::D4 => 4,
            Die::D6 | Die::Avg => 6,
            Die::D10 => 10,
            Die::D12 => 12,
            Die::D20 => 20,
            Die::D100 => 100,
        }
    }

    /// The face shown on side `index` (0-based), for mapping a uniform draw onto the die.
    pub fn face_of_side(self, index: usize) -> i64 {
        match self {
            Die::D10 => index as i64,
            Die::Avg => AVERAGE_FACES[index],
            _ => index as i64 + 1,
        }
    }

    pub fn is_face(self, face: i64) -> bool {
        match self {
            Die::Avg => AVERAGE_FACES.contains(&face),
            Die::D10 => (0..=9).contains(&face),
            _ => (1..=self.side_count() as i64).contains(&face),
        }
    }

    /// What a player would be told the legal faces are.
    pub fn face_range_text(self) -> &'static str {
        match self {
            Die::D4 => "1–4",
            Die::D6 => "1–6",
            Die::D10 => "0–9, a 10 read as 0",
            Die::D12 => "1–12",
            Die::D20 => "1–20",
            Die::D100 => "1–100 (00 is 100)",
            Die::Avg => "2, 3, 4 or 5",
        }
    }

    /// The die in a sentence: "a D6", "an average die".
    pub fn spoken(self) -> &'static str {
        match self {
            Die::D4 => "a D4",
            Die::D6 => "a D6",
            Die::D10 => "a D10",
            Die::D12 => "a D12",
            Die::D20 => "a D20",
            Die::D100 => "a D%",
            Die::Avg => "an average die",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Die::D4 => "D4",
            Die::D6 => "D6",
            Die::D10 => "D10",
            Die::D12 => "D12",
            Die::D20 => "D20",
            Die::D100 => "D%",
            Die::Avg => "AvD",
        }
    }

    pub fn from_name(name: &str) -> Option<Die> {
        Some(match name.to_ascii_uppercase().as_str() {
            "4" => Die::D4,
            "6" => Die::D6,
            "10" => Die::D10,
            "12" => Die::D12,
            "20" => Die::D20,
            "100" | "%" => Die::D100,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d10_reads_zero_to_nine() {
        assert_eq!(Die::D10.sides(), (0..=9).collect::<Vec<_>>());
        assert!(Die::D10.is_face(0));
        assert!(!Die::D10.is_face(10));
    }

    #[test]
    fn percentile_reads_one_to_hundred() {
        assert!(Die::D100.is_face(100));
        assert!(!Die::D100.is_face(0));
        assert_eq!(Die::D100.sides().len(), 100);
    }

    #[test]
    fn average_die_has_two_threes_and_two_fours() {
        assert_eq!(Die::Avg.sides(), vec![2, 3, 3, 4, 4, 5]);
        assert!(!Die::Avg.is_face(1));
        assert!(!Die::Avg.is_face(6));
    }

    #[test]
    fn a_seven_is_not_a_d6_face() {
        assert!(!Die::D6.is_face(7));
        assert!(!Die::D6.is_face(0));
    }
}
