//! What the harness fuzzes: issue 17's three front doors for untrusted text (scenarios, actions, dice)
//! and issue 34's five places its failures were found (the scenario editor's edits, the army desk, game
//! files, the HTTP door, and what each seat is sent). Each target turns a case's random stream into an
//! input it can show (`generate`) and runs that input against the engine (`exercise`), so a failing case
//! is printed from its number alone, without running it.

pub mod action;
pub mod army;
pub mod dice;
pub mod edit;
pub mod game_file;
pub mod http;
pub mod scenario;
pub mod seats;

use std::fmt;
use std::str::FromStr;

use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    Scenario,
    Action,
    Dice,
    Edit,
    Army,
    GameFile,
    Http,
    Seats,
}

impl Target {
    pub const ALL: [Target; 8] = [
        Target::Scenario,
        Target::Action,
        Target::Dice,
        Target::Edit,
        Target::Army,
        Target::GameFile,
        Target::Http,
        Target::Seats,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Scenario => "scenario",
            Target::Action => "action",
            Target::Dice => "dice",
            Target::Edit => "edit",
            Target::Army => "army",
            Target::GameFile => "game_file",
            Target::Http => "http",
            Target::Seats => "seats",
        }
    }

    /// Cases in the bounded run CI makes (a debug build, on two cores): fewer of the targets whose every
    /// case stores a game, replays a file or answers a dozen commands, so the run stays about two minutes.
    pub fn bounded_cases(self) -> u64 {
        match self {
            Target::Scenario | Target::Action | Target::Dice | Target::Edit | Target::Army => crate::BOUNDED_CASES,
            Target::GameFile => 800,
            Target::Http => 10_000,
            Target::Seats => 200,
        }
    }

    /// The input of case `index`, as text.
    pub fn describe(self, seed: u64, index: u64) -> String {
        let rng = &mut Rng::for_case(seed, self.name(), index);
        match self {
            Target::Scenario => scenario::generate(rng).to_string(),
            Target::Action => action::generate(rng).to_string(),
            Target::Dice => dice::generate(rng).to_string(),
            Target::Edit => edit::generate(rng).to_string(),
            Target::Army => army::generate(rng).to_string(),
            Target::GameFile => game_file::generate(rng).to_string(),
            Target::Http => http::generate(rng).to_string(),
            Target::Seats => seats::generate(rng).to_string(),
        }
    }

    /// Generates case `index`, ready to run against the engine; run, a broken promise of the engine
    /// panics. Generating is kept apart so that a case is timed by the engine's work alone (and the
    /// targets that keep a table between cases make it ready then, untimed).
    pub fn generate(self, seed: u64, index: u64) -> Box<dyn FnOnce()> {
        let rng = &mut Rng::for_case(seed, self.name(), index);
        fn boxed<I: 'static>(input: I, exercise: fn(&I)) -> Box<dyn FnOnce()> {
            Box::new(move || exercise(&input))
        }
        match self {
            Target::Scenario => boxed(scenario::generate(rng), scenario::exercise),
            Target::Action => boxed(action::generate(rng), action::exercise),
            Target::Dice => boxed(dice::generate(rng), dice::exercise),
            Target::Edit => boxed(edit::generate(rng), edit::exercise),
            Target::Army => boxed(army::generate(rng), army::exercise),
            Target::GameFile => boxed(game_file::prepare(game_file::generate(rng)), game_file::exercise),
            Target::Http => boxed(http::prepare(http::generate(rng)), http::exercise),
            Target::Seats => boxed(seats::prepare(seats::generate(rng)), seats::exercise),
        }
    }

    /// Builds what the target's cases start from (parsed scenarios, replayed golden logs, a table of its
    /// own) ahead of the first case, so that the one-off cost is not charged to it as slowness.
    pub fn warm_up(self) {
        match self {
            Target::Scenario => drop(crate::corpus::scenario_texts()),
            Target::Action => drop((crate::corpus::base_games(), crate::corpus::logged_actions())),
            Target::Dice => {}
            Target::Edit => edit::warm_up(),
            Target::Army => drop(sandtable::systems::when_empires_clash::charts()),
            Target::GameFile => game_file::warm_up(),
            Target::Http => http::warm_up(),
            Target::Seats => seats::warm_up(),
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
        Target::ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
            format!("no target {s:?}; targets are {}", names.join(", "))
        })
    }
}
