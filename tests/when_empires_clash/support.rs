//! A battle on a small board, built stand by stand, and the turn's opening throws typed in: enough to set
//! up any paragraph of the text and play it with the app's own procedures.

use crate::play::Play;

/// Red deploys from the south edge with 2D6, Blue from the north with a D12; both commanders average (2).
/// "Each side's army must have a Command stand": a side given none has one in its far corner (Red's in L12,
/// Blue's in L1), out of every test's way.
pub struct Battle {
    board: String,
    /// Each stand's side, kind and its `[[units]]` entry.
    stands: Vec<(String, String, String)>,
    dice: [&'static str; 2],
    /// Options of the ruleset turned on, by name.
    options: Vec<String>,
    /// Lengths of entrenchment Red and Blue bring (`entrenchments` on the side).
    entrenchments: [u32; 2],
}

impl Battle {
    /// A 12 x 12 board; `board` adds keys or tables under `[board]` (woods, roads, hills, obstacles).
    pub fn new(board: &str) -> Battle {
        Battle {
            board: board.to_string(),
            stands: Vec::new(),
            dice: ["2D6", "D12"],
            options: Vec::new(),
            entrenchments: [0, 0],
        }
    }

    /// Other dice for Red and Blue than 2D6 and a D12.
    pub fn dice(mut self, red: &'static str, blue: &'static str) -> Battle {
        self.dice = [red, blue];
        self
    }

    /// The ruleset's option `name` turned on.
    pub fn option(mut self, name: &str) -> Battle {
        self.options.push(name.to_string());
        self
    }

    /// Red and Blue bring these lengths of entrenchment.
    pub fn entrenched(mut self, red: u32, blue: u32) -> Battle {
        self.entrenchments = [red, blue];
        self
    }

    /// A stand: `extra` adds its own keys (`weapon = "..."`, `rear = true`, ...). `facing` in degrees.
    pub fn stand(mut self, id: &str, side: &str, kind: &str, square: &str, facing: u32, extra: &str) -> Battle {
        self.stands.push((
            side.to_string(),
            kind.to_string(),
            format!(
                "[[units]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nsquare = \"{square}\"\nfacing = {facing}\n{extra}\n"
            ),
        ));
        self
    }

    /// Every stand's entry, with a Command stand for a side given none.
    fn units(&self) -> String {
        let mut units: Vec<String> = self.stands.iter().map(|(_, _, entry)| entry.clone()).collect();
        for (side, corner, facing) in [("red", "L12", 0), ("blue", "L1", 180)] {
            if !self.stands.iter().any(|(s, kind, _)| s == side && kind.starts_with("command_")) {
                units.push(format!(
                    "[[units]]\nid = \"{side}-command\"\nname = \"{side}-command\"\nside = \"{side}\"\nkind = \"command_on_foot\"\nsquare = \"{corner}\"\nfacing = {facing}\n"
                ));
            }
        }
        units.join("\n")
    }

    pub fn source(&self) -> String {
        let options: String = self.options.iter().map(|o| format!("{o} = true\n")).collect();
        let options = if options.is_empty() { String::new() } else { format!("[options]\n{options}\n") };
        let dug = |lengths: u32| if lengths > 0 { format!("entrenchments = {lengths}\n") } else { String::new() };
        format!(
            r#"[scenario]
system = "when-empires-clash"
title = "Conformance"

{options}[board]
squares = [12, 12]
{board}

[[sides]]
id = "red"
name = "Red"
edge = "south"
dice = "{red_dice}"
commander = 2
{red_dug}
[[sides]]
id = "blue"
name = "Blue"
edge = "north"
dice = "{blue_dice}"
commander = 2
{blue_dug}
{stands}"#,
            board = self.board,
            red_dice = self.dice[0],
            blue_dice = self.dice[1],
            red_dug = dug(self.entrenchments[0]),
            blue_dug = dug(self.entrenchments[1]),
            stands = self.units()
        )
    }

    pub fn play(&self) -> Play {
        Play::from_source(&self.source(), 1)
    }

    /// The battle with `side` holding the initiative and 9 activations (7 thrown + 2), ready to activate.
    pub fn with_initiative(&self, side: &str) -> Play {
        let mut play = self.play();
        start(&mut play, side);
        play
    }
}

/// Throws the initiative for `side` (Red's 2D6 then Blue's D12), takes it and throws 7 for activations.
pub fn start(play: &mut Play, side: &str) {
    let dice = if side == "red" { "[6,6,1]" } else { "[1,1,12]" };
    play.ok(&format!(r#"{{"type":"initiative","dice":{dice}}}"#));
    play.ok(&format!(r#"{{"type":"take_initiative","side":"{side}"}}"#));
    let throw = if side == "red" { "[3,4]" } else { "[7]" };
    play.ok(&format!(r#"{{"type":"throw_activations","dice":{throw}}}"#));
}

/// Red holds the initiative whoever wins the app's throw (the winner takes it or passes it), and throws
/// its activations on `red_dice`.
pub fn start_with(play: &mut Play, red_dice: &str) {
    play.ok(r#"{"type":"initiative"}"#);
    play.ok(r#"{"type":"take_initiative","side":"red"}"#);
    let throw = if red_dice == "2D6" { "6,6" } else { "12" };
    play.ok(&format!(r#"{{"type":"throw_activations","dice":[{throw}]}}"#));
}

impl Play {
    pub fn activate(&mut self, unit: &str) -> String {
        self.ok(&format!(r#"{{"type":"activate","unit":"{unit}"}}"#))
    }

    pub fn move_to(&mut self, unit: &str, to: &str) -> String {
        self.ok(&format!(r#"{{"type":"move_to","unit":"{unit}","to":"{to}"}}"#))
    }

    /// The square a stand stands in, as the table view names it ("C4"), "(rear)" after it for the rear one.
    pub fn square(&self, unit: &str) -> String {
        let view = sandtable::api::GameView::of(1, "conformance", &self.game);
        let report = view.units.into_iter().find(|u| u.id == unit).expect("a unit of the battle");
        let place = report.rules.place.unwrap_or_default();
        place.split(" facing").next().unwrap_or_default().to_string()
    }

    /// What the view offers `unit` to do with `action`: the squares or stands it may pick, or why not.
    pub fn offer(&self, unit: &str, action: &str) -> sandtable::rules::Offer {
        let view = sandtable::api::GameView::of(1, "conformance", &self.game);
        let report = view.units.into_iter().find(|u| u.id == unit).expect("a unit of the battle");
        report.rules.offers.into_iter().find(|o| o.action == action).unwrap_or_else(|| panic!("no {action} offer"))
    }

    /// The lines the view gives of where the battle stands: each army's losses.
    pub fn status(&self) -> Vec<String> {
        sandtable::api::GameView::of(1, "conformance", &self.game).status
    }

    /// The system's own part of the view, as JSON.
    pub fn own_view(&self) -> serde_json::Value {
        let view = sandtable::api::GameView::of(1, "conformance", &self.game);
        serde_json::to_value(&view.rules).expect("views serialise")["view"].clone()
    }
}
