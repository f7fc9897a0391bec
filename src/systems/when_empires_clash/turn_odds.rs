//! The odds at the start of a turn: who wins the initiative (each side throws its army's dice, ties thrown
//! again) and how many stands a side may activate (its throw plus its commander's rating).

use crate::dice::DiceExpr;
use crate::odds::Dist;

/// The chance the first side wins the initiative throw. Ties are thrown again until one side is higher,
/// so the chance is the first side's share of the throws that are not ties.
pub fn initiative(first: &DiceExpr, second: &DiceExpr) -> f64 {
    let margin = first.distribution().add(&second.distribution().negated());
    let (wins, loses) = (margin.p_at_least(1), margin.p_at_most(-1));
    wins / (wins + loses)
}

/// How many stands the side may activate: its throw plus its Command stand's value.
pub fn activations(dice: &DiceExpr, commander: u32) -> Dist {
    dice.distribution().shifted(i64::from(commander))
}
