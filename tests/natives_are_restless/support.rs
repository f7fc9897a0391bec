//! A small siege built in each test: a 48" table, the defenders' units and terrain the test places, the
//! natives' figures off the table, and helpers to muster the four opening groups and draw typed cards.

use sandtable::api::GameView;
use sandtable::systems::natives_are_restless::{SiegeView, Turn};

pub use crate::play::{Play as Siege, area};

/// A squad: an Officer/NCO and `figures - 1` men, in a line east of him.
pub fn squad(id: &str, at: (f64, f64)) -> String {
    unit(id, "colonial_foot", 7, at)
}

pub fn unit(id: &str, kind: &str, figures: u32, at: (f64, f64)) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"defenders\"\nkind = \"{kind}\"\nfigures = {figures}\nat = [{}, {}]\n\n",
        at.0, at.1
    )
}

/// A machine gun with four crew facing `facing`.
pub fn gun(id: &str, at: (f64, f64), facing: f64) -> String {
    format!(
        "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"defenders\"\nkind = \"machine_gun\"\nfigures = 4\nleader = false\ncrew = 4\nat = [{}, {}]\nfacing = {facing}\n\n",
        at.0, at.1
    )
}

/// The natives' figures most tests raise from: every kind of the ruleset's generic natives, and a gun.
const NATIVES: &str = "[{ kind = \"native_warriors\", figures = 60 }, { kind = \"native_riflemen\", figures = 20 }, \
     { kind = \"native_fanatics\", figures = 20 }, { kind = \"native_horsemen\", figures = 10 }, \
     { kind = \"boxer_field_gun\", figures = 1 }]";

impl Siege {
    pub fn new(body: &str) -> Siege {
        Siege::with_options("", body)
    }

    pub fn with_options(options: &str, body: &str) -> Siege {
        Siege::supplied(options, "", body)
    }

    /// A siege with `supplies` (`rifle_ammunition = 1`) in its `[siege]`.
    pub fn supplied(options: &str, supplies: &str, body: &str) -> Siege {
        Siege::raised_from(options, supplies, NATIVES, body)
    }

    /// A siege whose natives are raised from `natives` (`[{ kind = "native_warriors", figures = 60 }]`).
    pub fn raised_from(options: &str, supplies: &str, natives: &str, body: &str) -> Siege {
        let source = format!(
            "[scenario]\nsystem = \"natives-are-restless\"\ntitle = \"Conformance siege\"\ntable = {{ width = 48, depth = 48 }}\n\n\
             [options]\n{options}\n\n\
             [siege]\n{supplies}\n\
             natives = {natives}\n\n\
             [[sides]]\nid = \"defenders\"\nname = \"Defenders\"\narmy = \"defenders\"\n\n\
             [[sides]]\nid = \"natives\"\nname = \"Natives\"\narmy = \"natives\"\n\n{body}"
        );
        Siege::from_source(&source, 11)
    }

    /// The opening muster: four groups of four basic natives (average dice 2 and 2, a 1), natives-1 to -4
    /// on the north, east, south and west edges.
    pub fn mustered(body: &str) -> Siege {
        let mut siege = Siege::new(body);
        siege.muster_basic();
        siege
    }

    pub fn muster_basic(&mut self) {
        for _ in 0..4 {
            self.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
        }
        for _ in 0..4 {
            self.ok(r#"{"type":"raise"}"#);
        }
    }

    /// Draws a card from a physical deck.
    pub fn draw(&mut self, card: &str) -> String {
        self.ok(&format!(r#"{{"type":"draw_card","card":"{card}"}}"#))
    }

    /// Puts a unit's leader (or first figure) at `at`, its others in a line east of it, as a correction.
    pub fn put(&mut self, unit: &str, at: (f64, f64)) {
        self.ok(&format!(r#"{{"type":"correct_position","unit":"{unit}","to":{{"x":{},"y":{}}}}}"#, at.0, at.1));
    }

    /// Stands `unit`'s live figures, in the order of their numbers, at `points`, as a correction.
    pub fn stand(&mut self, unit: &str, points: &[(f64, f64)]) {
        let ids: Vec<u32> = self.unit(unit).alive().map(|f| f.id).collect();
        assert_eq!(ids.len(), points.len(), "{unit} has {} figures standing", ids.len());
        let figures: Vec<String> = ids
            .iter()
            .zip(points)
            .map(|(id, (x, y))| format!(r#"{{"figure":{id},"at":{{"x":{x},"y":{y}}}}}"#))
            .collect();
        self.ok(&format!(r#"{{"type":"correct_position","unit":"{unit}","figures":[{}]}}"#, figures.join(",")));
    }

    /// What the view offers `unit` of `action` now.
    pub fn offer(&self, unit: &str, action: &str) -> sandtable::rules::Offer {
        let view = GameView::seen(0, "", &self.game, &sandtable::rules::Seat::Table);
        let unit = view.units.iter().find(|u| u.id == unit).expect("the unit is in the view");
        unit.rules.offers.iter().find(|o| o.action == action).cloned().unwrap_or_else(|| panic!("no {action} offer"))
    }

    /// The view bars `action` for `unit` with the very words the action, taken, is refused with.
    pub fn barred_as_refused(&mut self, unit: &str, action: &str, json: &str) -> String {
        let barred = self.offer(unit, action).barred.unwrap_or_else(|| panic!("{action} is offered to {unit}"));
        let refusal = self.refused(json);
        assert!(barred.contains(&refusal.message), "offer barred with {barred:?}; the action refused with {refusal:?}");
        barred
    }

    pub fn turn(&self) -> &Turn {
        self.game.state().rules.get::<Turn>().expect("a Natives game has the Natives turn")
    }

    /// The siege's own part as the table's one shared screen sees it.
    pub fn siege_view(&self) -> SiegeView {
        self.siege_view_from(&sandtable::rules::Seat::Table)
    }

    pub fn siege_view_from(&self, seat: &sandtable::rules::Seat) -> SiegeView {
        let view = GameView::seen(0, "", &self.game, seat);
        serde_json::from_value(serde_json::to_value(&view.rules).unwrap()["view"].clone()).unwrap()
    }
}
