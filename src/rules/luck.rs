//! What a thrown roll promised against what it gave, for the luck ledger. A system says, for an entry
//! its procedures resolved, what its dice counted (hits, kills, morale passes), the exact chance of each
//! count before they were thrown, and the count that came.

use super::RuleSystem;
use crate::game::Effect;
use crate::odds::Dist;

/// The measures more than one system counts. The ledger adds up the rows of every system by the word
/// alone, so a measure two systems share must be spelt once, here, or their throws fall into two rows;
/// a word only one system counts stays in that system.
pub mod measure_words {
    pub const HITS: &str = "hits";
    pub const KILLS: &str = "kills";
    pub const MORALE_PASSES: &str = "morale passes";
    pub const MELEE_WINS: &str = "melee wins";
    pub const INITIATIVE_WINS: &str = "initiative wins";
}

#[derive(Debug, Clone, PartialEq)]
pub struct Luck {
    /// The side whose dice these were.
    pub side: String,
    /// What was counted, in the words a ledger groups by: "hits", "kills", "morale passes".
    pub measure: String,
    /// The exact chance of each count as the table stood before the throw.
    pub expected: Dist,
    pub actual: i64,
}

/// `S`'s own changes among an entry's effects: what its procedures said came of the throw.
pub fn own_changes<S: RuleSystem>(effects: &[Effect]) -> impl Iterator<Item = &S::Change> {
    effects.iter().filter_map(|e| match e {
        Effect::System(change) => change.read::<S>().ok(),
        _ => None,
    })
}

/// Figures an entry took from the units `of` names: the count a throw's kills are held against.
pub fn figures_lost(effects: &[Effect], of: impl Fn(&str) -> bool) -> i64 {
    effects
        .iter()
        .map(|e| match e {
            Effect::Losses { unit, figures } if of(unit) => figures.len() as i64,
            _ => 0,
        })
        .sum()
}

/// A system's own verdict on a battle: the victory level its rules name, who holds the field.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BattleResult {
    /// In the system's own words: "Decisive victory for the Boers", "The legations held".
    pub verdict: String,
    /// The side the verdict favours, where it names one.
    pub winner: Option<String>,
    /// Whether the rules have ended the battle; false: how it would stand if the players stopped now.
    pub ended: bool,
    /// Victory points by side id, where the system counts them.
    pub points: std::collections::BTreeMap<String, i64>,
}
