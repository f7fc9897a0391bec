//! A small Heliograph table built in each test: the U.S. side entering from the west edge, the Moros from
//! the east, the terrain and units the test places, and helpers for the activation toss with typed dice.

use sandtable::api::GameView;
use sandtable::game::GameError;
use sandtable::systems::heliograph::Turn;

use crate::play::Play;
pub use crate::play::{Play as Hg, area};

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

impl Play {
    pub fn new(body: &str) -> Hg {
        Hg::with_options("", body)
    }

    pub fn with_options(options: &str, body: &str) -> Hg {
        Hg::seeded(options, body, 11)
    }

    pub fn seeded(options: &str, body: &str, seed: u64) -> Hg {
        let source = format!(
            "[scenario]\nsystem = \"heliograph\"\ntitle = \"Conformance table\"\ntable = {{ width = 72, depth = 48 }}\n\n\
             [options]\n{options}\n\n\
             [[sides]]\nid = \"us\"\nname = \"U.S.\"\nedge = \"west\"\n\n\
             [[sides]]\nid = \"moros\"\nname = \"Moros\"\nedge = \"east\"\n\n{body}"
        );
        Play::from_source(&source, seed)
    }

    pub fn turn(&self) -> &Turn {
        self.game.state().rules.get::<Turn>().expect("a Heliograph game has the Heliograph turn")
    }

    /// Whether the table shows the unit only as a hidden counter.
    pub fn concealed(&self, unit: &str) -> bool {
        GameView::of(0, "", &self.game)
            .units
            .iter()
            .find(|u| u.id == unit)
            .expect("the unit is in the game")
            .rules
            .concealed
    }

    /// The notes the unit's card shows, in the engine's words.
    pub fn notes(&self, unit: &str) -> Vec<String> {
        let view = GameView::of(0, "", &self.game);
        let unit = view.units.into_iter().find(|u| u.id == unit).expect("the unit is in the game");
        unit.rules.notes.into_iter().map(|n| n.text).collect()
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
