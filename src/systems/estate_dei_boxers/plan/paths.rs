//! The soldiers' cheapest ways to a zone in one movement phase (6.5): the entry costs of `step_cost`, never
//! into a burning zone, and no step on past a zone of Boxers. Searched backwards from where the soldiers
//! are wanted, so one search serves every counter that might answer.

use super::super::map::{Zones, bit, each};
use super::super::siege::{Rules, Siege, step_cost};

pub const UNREACHED: u8 = u8::MAX;

/// What reaching one zone costs from each zone, and the first step of the way.
pub struct Toward {
    pub cost: [u8; 64],
    next: [u8; 64],
    goal: u8,
}

impl Toward {
    /// Every zone within `budget` MP of `goal`, Boxers standing in `boxers`.
    pub fn goal(rules: &Rules, siege: &Siege, boxers: Zones, goal: u8, budget: u8) -> Toward {
        let mut toward = Toward { cost: [UNREACHED; 64], next: [UNREACHED; 64], goal };
        if siege.marks.fires & bit(goal) != 0 {
            return toward;
        }
        toward.cost[goal as usize] = 0;
        // Costs are small whole numbers: settle the zones one cost at a time.
        let mut at_cost = [0 as Zones; 16];
        at_cost[0] = bit(goal);
        for cost in 0..=budget as usize {
            for via in each(at_cost[cost]) {
                if toward.cost[via as usize] as usize != cost {
                    continue;
                }
                // A zone the soldiers pass through: not burning, and no Boxers to stop them.
                let passable = via == goal || (siege.marks.fires | boxers) & bit(via) == 0;
                if !passable {
                    continue;
                }
                for from in each(rules.map.walk[via as usize]) {
                    let total = cost + step_cost(siege, rules, boxers, from, via) as usize;
                    if total <= budget as usize && total < toward.cost[from as usize] as usize {
                        toward.cost[from as usize] = total as u8;
                        toward.next[from as usize] = via;
                        at_cost[total] |= bit(from);
                    }
                }
            }
        }
        toward
    }

    pub fn reaches(&self, from: u8) -> bool {
        self.cost[from as usize] != UNREACHED
    }

    /// The zones entered from `from` to the goal, in order (empty when out of reach or already there).
    pub fn path(&self, from: u8) -> Vec<u8> {
        let mut path = Vec::new();
        if !self.reaches(from) {
            return path;
        }
        let mut at = from;
        while at != self.goal {
            at = self.next[at as usize];
            path.push(at);
        }
        path
    }
}
