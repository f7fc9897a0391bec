//! A game built from an inline scenario and played action by action, shared by the rules-conformance
//! suites (`tests/sand_pebbles/`, `tests/heliograph/`), which add their own set-up and turn helpers.

use std::sync::Arc;

use sandtable::game::{Action, Effect, Game, GameError, Outcome, Refusal};
use sandtable::odds::OddsView;
use sandtable::roster::Unit;
use sandtable::rules::{BattleResult, Luck, RuleSystem};
use sandtable::scenario::parse;

pub struct Play {
    pub game: Game,
}

/// A `[[terrain]]` rectangle with a cover class.
#[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
pub fn area(name: &str, cover: &str, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> String {
    format!(
        "[[terrain]]\nname = \"{name}\"\ncover = \"{cover}\"\npolygon = [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]\n\n"
    )
}

/// An odds view's outcomes as (value, chance) pairs, to set beside a distribution's entries.
#[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
pub fn shown(view: &OddsView) -> Vec<(i64, f64)> {
    view.outcomes.iter().map(|o| (o.value, o.p)).collect()
}

impl Play {
    /// A game of `source` (a whole scenario file) with `seed`; a scenario that fails its checks is a
    /// broken test, so it panics with the file.
    pub fn from_source(source: &str, seed: u64) -> Play {
        let scenario = parse("conformance.toml", source).unwrap_or_else(|e| panic!("{e}\n{source}"));
        Play { game: Game::new(Arc::new(scenario), seed) }
    }

    pub fn try_act(&mut self, json: &str) -> Result<String, GameError> {
        let action = Action::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        let event = self.game.apply(&action)?.clone();
        Ok(self.game.describe(&event))
    }

    /// Applies an action that must succeed and returns its log line.
    pub fn ok(&mut self, json: &str) -> String {
        self.try_act(json).unwrap_or_else(|e| panic!("{json} was refused: {e:?}"))
    }

    /// Applies an action that must be refused, checks nothing was recorded, and returns the refusal.
    pub fn refused(&mut self, json: &str) -> Refusal {
        let before = self.game.events().len();
        match self.try_act(json) {
            Err(GameError::Refused(r)) => {
                assert_eq!(self.game.events().len(), before, "a refusal records nothing");
                r
            }
            other => panic!("{json}: expected a refusal, got {other:?}"),
        }
    }

    pub fn odds(&self, json: &str) -> OddsView {
        self.try_odds(json).unwrap_or_else(|e| panic!("{json}: {e:?}"))
    }

    /// The newest log line, as the player reads it.
    #[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
    pub fn last_line(&self) -> String {
        self.game.describe(self.game.events().last().expect("an action was taken"))
    }

    /// The odds of an action that may be refused, as the engine answers.
    pub fn try_odds(&self, json: &str) -> Result<OddsView, GameError> {
        self.game.odds(&Action::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}")))
    }

    /// What the last action did to the table: its outcome's effects (a move's carried units included).
    pub fn effects(&self) -> &[Effect] {
        match &self.game.events().last().expect("an action was taken").outcome {
            Outcome::Resolved { effects, .. } | Outcome::Moved { effects, .. } => effects,
            _ => &[],
        }
    }

    /// The rule system's own changes among the last action's effects, in its own type.
    pub fn changes<S: RuleSystem>(&self) -> Vec<S::Change> {
        self.effects()
            .iter()
            .filter_map(|e| match e {
                Effect::System(change) => Some(change.read::<S>().expect("the game's own system's change").clone()),
                _ => None,
            })
            .collect()
    }

    /// The figures the last action took from `unit`.
    #[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
    pub fn lost(&self, unit: &str) -> usize {
        self.effects()
            .iter()
            .map(|e| match e {
                Effect::Losses { unit: u, figures } if u == unit => figures.len(),
                _ => 0,
            })
            .sum()
    }

    /// Applies an action that must succeed, and returns what its dice counted against their chances, as
    /// the system reports it to the luck ledger from the table before the entry.
    #[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
    pub fn luck(&mut self, json: &str) -> Vec<Luck> {
        let action = Action::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        let event = self.game.prepare(&action).unwrap_or_else(|e| panic!("{json} was refused: {e:?}"));
        let scenario = self.game.shared_scenario();
        let luck = scenario.rules.luck(&scenario, self.game.state(), &action, &event.outcome);
        self.game.commit(event);
        luck
    }

    /// The battle's result by the system's own victory rules, now.
    #[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
    pub fn result(&self) -> Option<BattleResult> {
        self.game.scenario().rules.result(self.game.scenario(), self.game.state())
    }

    /// The dice `unit` throws in a turn doing all it may, as the planner counts them.
    #[allow(dead_code, reason = "each suite compiles this file and uses the helpers it needs")]
    pub fn dice_per_turn(&self, unit: &str) -> Option<u32> {
        self.game.scenario().rules.dice_per_turn(self.game.scenario(), self.game.state(), self.unit(unit))
    }

    pub fn unit(&self, id: &str) -> &Unit {
        self.game.state().unit(id).unwrap()
    }

    pub fn alive(&self, id: &str) -> u32 {
        self.unit(id).alive_count()
    }
}
