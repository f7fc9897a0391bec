use serde::{Deserialize, Serialize};

/// One roll a procedure asked typed dice for: what it is for, its dice, and where its faces sit in the
/// typed list. Procedures ask in the order the rules call for the dice, and a later roll may depend on
/// an earlier one's faces (a leader's D6 for each natural 1), so these are what a form needs to ask for
/// dice step by step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DiceAsk {
    pub label: String,
    /// The dice, as an expression: "10D20", "1D6".
    pub expr: String,
    /// The first face of this roll in the typed list.
    pub from: usize,
    /// How many faces it takes.
    pub count: usize,
}
