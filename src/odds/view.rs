use serde::{Deserialize, Serialize};

use super::Dist;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Outcome {
    pub value: i64,
    pub p: f64,
}

/// Odds as shown to a player and printed by `sandtable game odds --json`: what is being rolled, every
/// outcome with its exact chance, and the mean.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OddsView {
    pub label: String,
    pub outcomes: Vec<Outcome>,
    pub mean: f64,
    /// Chances of the events a player decides on ("the leader is killed", "the attacker wins"), each
    /// computed exactly beside the distribution.
    pub lines: Vec<OddsLine>,
    /// The dice to type for this action, in the order the `dice` field takes them ("10 D20 to hit",
    /// "then 1 D6 per natural 1 among the hits"), so a player rolling physical dice knows what to enter.
    pub dice: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OddsLine {
    pub label: String,
    pub p: f64,
}

impl OddsView {
    pub fn new(label: impl Into<String>, dist: &Dist) -> OddsView {
        OddsView {
            label: label.into(),
            outcomes: dist.entries().map(|(value, p)| Outcome { value, p: chance(p) }).collect(),
            mean: dist.mean(),
            lines: Vec::new(),
            dice: Vec::new(),
        }
    }

    pub fn with_dice(mut self, dice: impl IntoIterator<Item = String>) -> OddsView {
        self.dice = dice.into_iter().collect();
        self
    }

    pub fn add_line(&mut self, label: impl Into<String>, p: f64) {
        self.lines.push(OddsLine { label: label.into(), p: chance(p) });
    }
}

/// A chance summed from many exact terms can land a rounding step past 0 or 1 (1.0000000000000002), which
/// a player reading `--json` takes for an error: it is shown as the certainty or impossibility it is.
/// Likewise a chance summed to -0.0 is shown as 0, not "-0.00%".
fn chance(p: f64) -> f64 {
    p.clamp(0.0, 1.0) + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chance_summed_a_rounding_step_past_certainty_is_shown_as_certain() {
        // 1.0000000000000002, as a referee saw printed.
        let almost = 1.0 + f64::EPSILON;
        let mut odds = OddsView::new("a sure thing", &Dist::constant(1));
        odds.add_line("it happens", almost);
        odds.add_line("it does not", -f64::EPSILON);
        odds.add_line("nor this", -0.0);
        assert_eq!(odds.lines[0].p, 1.0);
        assert_eq!(odds.lines[1].p, 0.0);
        assert!(odds.lines[2].p.is_sign_positive(), "printed 0.00%, not -0.00%");
    }
}
