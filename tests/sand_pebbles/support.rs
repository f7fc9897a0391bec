//! A small Sand Pebbles table built in each test: two sides (the Western "allies" entering from the north
//! edge, the "boxers" from the south), the terrain and units the test places, and helpers that walk the
//! turn sequence with typed dice.

use std::sync::Arc;

use sandtable::game::{Action, Game, GameError, Refusal};
use sandtable::odds::OddsView;
use sandtable::roster::Unit;
use sandtable::scenario::parse;

pub struct Sp {
    pub game: Game,
}

/// A `[[units]]` entry: `figures` includes the leader.
pub fn unit(id: &str, side: &str, kind: &str, figures: u32, at: (f64, f64)) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nfigures = {figures}\nat = [{}, {}]\n\n",
        at.0, at.1
    )
}

/// A crew weapon: `crew` crewmen and no leader.
pub fn gun(id: &str, side: &str, kind: &str, crew: u32, at: (f64, f64)) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nfigures = {crew}\nleader = false\ncrew = {crew}\nat = [{}, {}]\n\n",
        at.0, at.1
    )
}

/// A rectangle of terrain with a cover class, and a river's flow if given.
pub fn area(name: &str, cover: &str, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> String {
    format!(
        "[[terrain]]\nname = \"{name}\"\ncover = \"{cover}\"\npolygon = [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]\n\n"
    )
}

impl Sp {
    pub fn new(body: &str) -> Sp {
        Sp::with_options("", body)
    }

    pub fn with_options(options: &str, body: &str) -> Sp {
        let source = format!(
            "[scenario]\nsystem = \"sand-pebbles\"\ntitle = \"Conformance table\"\ntable = {{ width = 72, depth = 48 }}\n\n\
             [options]\n{options}\n\n\
             [[sides]]\nid = \"allies\"\nname = \"Allies\"\nwestern = true\nedge = \"north\"\n\n\
             [[sides]]\nid = \"boxers\"\nname = \"Boxers\"\nedge = \"south\"\n\n{body}"
        );
        let scenario = parse("conformance.toml", &source).unwrap_or_else(|e| panic!("{e}\n{source}"));
        Sp { game: Game::new(Arc::new(scenario), 7) }
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
        self.game.odds(&Action::from_json(json).unwrap()).unwrap_or_else(|e| panic!("{json}: {e:?}"))
    }

    pub fn unit(&self, id: &str) -> &Unit {
        self.game.state().unit(id).unwrap()
    }

    pub fn alive(&self, id: &str) -> u32 {
        self.unit(id).alive_count()
    }

    /// Rolls movement initiative (typed) and has `first` move first: phase A.
    pub fn movement(&mut self, first: &str) {
        self.ok(r#"{"type":"initiative","dice":[6,1]}"#);
        self.ok(&format!(r#"{{"type":"choose_order","first":"{first}"}}"#));
    }

    /// From phase A with nothing owed, on to phase C with `first` firing first.
    pub fn on_to_fire(&mut self, first: &str) {
        self.ok(r#"{"type":"end_phase"}"#);
        self.ok(r#"{"type":"end_phase"}"#);
        self.ok(r#"{"type":"initiative","dice":[2,5]}"#);
        self.ok(&format!(r#"{{"type":"choose_order","first":"{first}"}}"#));
    }

    /// Straight to phase C: movement with the allies first, nobody moving.
    pub fn fire_phase(&mut self, first: &str) {
        self.movement("allies");
        self.on_to_fire(first);
    }
}
