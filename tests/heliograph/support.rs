//! A small Heliograph table built in each test: the U.S. side entering from the west edge, the Moros from
//! the east, the terrain and units the test places, and helpers for the activation toss with typed dice.

use std::sync::Arc;

use sandtable::game::{Action, Game, GameError, Refusal, Rules};
use sandtable::odds::OddsView;
use sandtable::roster::Unit;
use sandtable::scenario::parse;
use sandtable::systems::heliograph::Turn;

pub struct Hg {
    pub game: Game,
}

/// A `[[units]]` entry with its base morale; `figures` includes the leader.
pub fn unit(id: &str, side: &str, kind: &str, figures: u32, at: (f64, f64), morale: u32) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nfigures = {figures}\nat = [{}, {}]\nmorale = {morale}\n\n",
        at.0, at.1
    )
}

/// A support weapon: `crew` crewmen and no leader.
pub fn gun(id: &str, side: &str, kind: &str, crew: u32, at: (f64, f64)) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nfigures = {crew}\nleader = false\ncrew = {crew}\nat = [{}, {}]\nmorale = 60\n\n",
        at.0, at.1
    )
}

pub fn area(name: &str, cover: &str, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> String {
    format!(
        "[[terrain]]\nname = \"{name}\"\ncover = \"{cover}\"\npolygon = [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]\n\n"
    )
}

impl Hg {
    pub fn new(body: &str) -> Hg {
        Hg::with_options("", body)
    }

    pub fn with_options(options: &str, body: &str) -> Hg {
        let source = format!(
            "[scenario]\nsystem = \"heliograph\"\ntitle = \"Conformance table\"\ntable = {{ width = 72, depth = 48 }}\n\n\
             [options]\n{options}\n\n\
             [[sides]]\nid = \"us\"\nname = \"U.S.\"\nedge = \"west\"\n\n\
             [[sides]]\nid = \"moros\"\nname = \"Moros\"\nedge = \"east\"\n\n{body}"
        );
        let scenario = parse("conformance.toml", &source).unwrap_or_else(|e| panic!("{e}\n{source}"));
        Hg { game: Game::new(Arc::new(scenario), 11) }
    }

    pub fn try_act(&mut self, json: &str) -> Result<String, GameError> {
        let action = Action::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        let event = self.game.apply(&action)?.clone();
        Ok(self.game.describe(&event))
    }

    pub fn ok(&mut self, json: &str) -> String {
        self.try_act(json).unwrap_or_else(|e| panic!("{json} was refused: {e:?}"))
    }

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
        self.game.odds(&Action::from_json(json).unwrap()).unwrap_or_else(|e| panic!("{json}: {e:?}"))
    }

    pub fn unit(&self, id: &str) -> &Unit {
        self.game.state().unit(id).unwrap()
    }

    pub fn alive(&self, id: &str) -> u32 {
        self.unit(id).alive_count()
    }

    pub fn turn(&self) -> &Turn {
        match &self.game.state().rules {
            Rules::Heliograph(turn) => turn,
            _ => panic!("a Heliograph game has the Heliograph turn"),
        }
    }

    /// Wins the toss for `side` with typed dice and activates `unit`; once the other side has no units
    /// left to activate, there is no toss.
    pub fn activate(&mut self, side: &str, unit: &str) {
        let dice = if side == "us" { "[9,0]" } else { "[0,9]" };
        match self.try_act(&format!(r#"{{"type":"initiative","dice":{dice}}}"#)) {
            Ok(_) => {}
            Err(GameError::Refused(r)) if r.message.contains("units left to activate") => {}
            Err(e) => panic!("the toss for {side} was refused: {e:?}"),
        }
        self.ok(&format!(r#"{{"type":"activate","unit":"{unit}"}}"#));
    }
}
