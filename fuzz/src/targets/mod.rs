//! The three things issue 17 fuzzes. Each target turns a case's random stream into an input it can show
//! (`generate`) and runs that input against the engine (`exercise`), so a failing case is printed from
//! its number alone, without running it.

pub mod action;
pub mod dice;
pub mod scenario;

use std::fmt;
use std::str::FromStr;

use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    Scenario,
    Action,
    Dice,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Scenario, Target::Action, Target::Dice];

    pub fn name(self) -> &'static str {
        match self {
            Target::Scenario => "scenario",
            Target::Action => "action",
            Target::Dice => "dice",
        }
    }

    /// The input of case `index`, as text.
    pub fn describe(self, seed: u64, index: u64) -> String {
        let rng = &mut Rng::for_case(seed, self.name(), index);
        match self {
            Target::Scenario => scenario::generate(rng).to_string(),
            Target::Action => action::generate(rng).to_string(),
            Target::Dice => dice::generate(rng).to_string(),
        }
    }

    /// Generates case `index`, ready to run against the engine; run, a broken promise of the engine
    /// panics. Generating is kept apart so that a case is timed by the engine's work alone.
    pub fn generate(self, seed: u64, index: u64) -> Box<dyn FnOnce()> {
        let rng = &mut Rng::for_case(seed, self.name(), index);
        match self {
            Target::Scenario => {
                let input = scenario::generate(rng);
                Box::new(move || scenario::exercise(&input))
            }
            Target::Action => {
                let input = action::generate(rng);
                Box::new(move || action::exercise(&input))
            }
            Target::Dice => {
                let input = dice::generate(rng);
                Box::new(move || dice::exercise(&input))
            }
        }
    }

    /// Builds what the target's cases start from (parsed scenarios, replayed golden logs) ahead of the
    /// first case, so that the one-off cost is not charged to it as slowness.
    pub fn warm_up(self) {
        match self {
            Target::Scenario => drop(crate::corpus::scenario_texts()),
            Target::Action => drop((crate::corpus::base_games(), crate::corpus::logged_actions())),
            Target::Dice => {}
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("no target {s:?}; targets are scenario, action, dice"))
    }
}
