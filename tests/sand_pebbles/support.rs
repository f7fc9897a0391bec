//! A small Sand Pebbles table built in each test: two sides (the Western "allies" entering from the north
//! edge, the "boxers" from the south), the terrain and units the test places, and helpers that walk the
//! turn sequence with typed dice.

use sandtable::systems::sand_pebbles::{Phase, Turn};

use crate::play::Play;
pub use crate::play::{Play as Sp, area};

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

impl Play {
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
        Play::from_source(&source, 7)
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

    pub fn turn(&self) -> &Turn {
        self.game.state().rules.get::<Turn>().expect("a Sand Pebbles game has the Sand Pebbles turn")
    }

    /// Whether `unit` owes a morale test the player takes now (one no die decides is recorded by the app).
    pub fn owes_test(&self, unit: &str) -> bool {
        self.try_odds(&format!(r#"{{"type":"morale","unit":"{unit}"}}"#)).is_ok()
    }

    /// From the second fire phase on to phase G: each test still owed is taken with the die given for its
    /// unit (or the app's, for `None`), and each phase is closed.
    pub fn tests_to_melee(&mut self, dice: &[(&str, Option<i64>)]) {
        self.ok(r#"{"type":"end_phase"}"#);
        while self.turn().phase != Phase::Melee {
            for (unit, die) in dice {
                if self.owes_test(unit) {
                    let typed = die.map(|d| format!(r#","dice":[{d}]"#)).unwrap_or_default();
                    self.ok(&format!(r#"{{"type":"morale","unit":"{unit}"{typed}}}"#));
                }
            }
            self.ok(r#"{"type":"end_phase"}"#);
        }
    }
}
