//! The result of a fire or close combat, and its exact odds. Both stands throw their army's dice (2D6 or a
//! D12) and add what applies. RULINGS: the initiator below the target: no effect (in close combat the
//! initiator recoils); the target at or below the initiator but above half of it: the target recoils; the
//! target at or below half: destroyed, with "half" compared as 2 x target <= initiator, no rounding.

use crate::dice::DiceExpr;
use crate::odds::Dist;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatResult {
    /// Fire: ineffective. Close combat: the initiator recoils.
    InitiatorHeld,
    TargetRecoils,
    TargetDestroyed,
}

pub fn result(initiator: i64, target: i64) -> CombatResult {
    if initiator < target {
        CombatResult::InitiatorHeld
    } else if 2 * target <= initiator {
        CombatResult::TargetDestroyed
    } else {
        CombatResult::TargetRecoils
    }
}

/// The chance of each result, summed exactly over every pair of throws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Odds {
    pub initiator_held: f64,
    pub target_recoils: f64,
    pub target_destroyed: f64,
}

/// One side of a combat: its army's dice and everything added to (or taken from) the throw. A side that takes
/// no part (a gun towed this turn) throws no dice.
#[derive(Debug, Clone)]
pub struct Side {
    pub dice: Option<DiceExpr>,
    pub added: i64,
}

impl Side {
    pub fn score(&self) -> Dist {
        self.dice.as_ref().map_or_else(|| Dist::constant(0), DiceExpr::distribution).shifted(self.added)
    }
}

/// "2D6+3", or "no dice: 0" for a side that throws none.
impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.dice {
            Some(dice) => write!(f, "{dice}{:+}", self.added),
            None => write!(f, "no dice: {}", self.added),
        }
    }
}

pub fn odds(initiator: &Side, target: &Side) -> Odds {
    let (a, b) = (initiator.score(), target.score());
    let mut odds = Odds { initiator_held: 0.0, target_recoils: 0.0, target_destroyed: 0.0 };
    for (x, px) in a.entries() {
        for (y, py) in b.entries() {
            let p = px * py;
            match result(x, y) {
                CombatResult::InitiatorHeld => odds.initiator_held += p,
                CombatResult::TargetRecoils => odds.target_recoils += p,
                CombatResult::TargetDestroyed => odds.target_destroyed += p,
            }
        }
    }
    odds
}
