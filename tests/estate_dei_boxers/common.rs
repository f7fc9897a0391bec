//! Shared set-up for the conformance tests: the shipped siege, typed dice and a told log.

use std::collections::VecDeque;

use sandtable::systems::estate_dei_boxers::map::Map;
use sandtable::systems::estate_dei_boxers::roster::Roster;
use sandtable::systems::estate_dei_boxers::siege::{At, Io, Rules, Siege};
use sandtable::systems::estate_dei_boxers::{charts, simulate};

pub struct Fixture {
    pub map: Map,
    pub roster: Roster,
}

impl Fixture {
    pub fn shipped() -> Fixture {
        let (map, roster) = simulate::shipped();
        Fixture { map, roster }
    }

    pub fn rules(&self) -> Rules<'_> {
        Rules::plain(&self.map, &self.roster, charts())
    }

    pub fn zone(&self, id: &str) -> u8 {
        self.map.zone(id).unwrap_or_else(|| panic!("no zone {id}"))
    }

    pub fn piece(&self, id: &str) -> usize {
        self.roster.find(id).unwrap_or_else(|| panic!("no counter {id}"))
    }

    /// A siege with every defender off the map but one civilian counter in the dry canal by the Water Gate
    /// (C3), a zone no arrow leads into: a clean table that is not yet the Boxers' total victory (7.1).
    pub fn empty(&self) -> Siege {
        let rules = self.rules();
        let mut s = Siege::new(&rules);
        for p in 0..self.roster.defenders {
            s.put(&rules, p, At::Lost);
        }
        s.begin();
        self.put(&mut s, "civilians-usa-1", "C3");
        s
    }

    pub fn put(&self, siege: &mut Siege, piece: &str, zone: &str) {
        let p = self.piece(piece);
        let full = self.roster.pieces[p].full;
        siege.set(
            &self.rules(),
            p,
            sandtable::systems::estate_dei_boxers::siege::Piece {
                points: full,
                at: At::Zone(self.zone(zone)),
                spent: 0,
            },
        );
    }
}

/// Dice typed in order; running out is a test failure. Every sentence is kept.
pub struct Typed {
    pub faces: VecDeque<u8>,
    pub picks: VecDeque<usize>,
    pub lines: Vec<String>,
}

impl Typed {
    pub fn new(faces: &[u8]) -> Typed {
        Typed { faces: faces.iter().copied().collect(), picks: VecDeque::new(), lines: Vec::new() }
    }
    pub fn said(&self, text: &str) -> bool {
        self.lines.iter().any(|l| l.contains(text))
    }
}

impl Io for Typed {
    const TELLS: bool = true;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8 {
        let label = label();
        self.faces
            .pop_front()
            .unwrap_or_else(|| panic!("no die typed for {label}; log so far:\n{}", self.lines.join("\n")))
    }
    fn pick(&mut self, _n: usize) -> usize {
        self.picks.pop_front().unwrap_or(0)
    }
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }
}

/// Seeded dice with every sentence kept: a whole siege told.
pub struct Told {
    pub rng: sandtable::systems::estate_dei_boxers::strategy::FastRng,
    pub lines: Vec<String>,
}

impl Io for Told {
    const TELLS: bool = true;
    fn d6(&mut self, _label: impl FnOnce() -> String) -> u8 {
        (self.rng.below(6) + 1) as u8
    }
    fn pick(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }
}

/// The app's side: a game of the shipped siege, or of a siege of the test's own, played by actions as the
/// CLI and the screens send them.
pub mod app {
    use std::sync::Arc;

    use sandtable::game::{Action, Game};
    use serde_json::Value;

    /// The shipped scenario's text, for sieges of a test's own on the same map.
    pub const SHIPPED: &str = include_str!("../../scenarios/estate-dei-boxers/the-55-days.toml");

    pub fn shipped(seed: u64) -> Game {
        let scenario = sandtable::rules::systems()
            .iter()
            .flat_map(|s| s.scenarios())
            .find(|s| s.path.ends_with("the-55-days.toml"))
            .expect("the shipped siege");
        Game::new(Arc::new(scenario.load().expect("it loads")), seed)
    }

    /// The shipped map with the counters of `siege` (a whole `[siege]` section) instead of the shipped ones.
    pub fn with_siege(siege: &str, seed: u64) -> Game {
        with_map(map(), siege, seed)
    }

    /// The shipped scenario's map (everything before its `[siege]`), for a test to change.
    pub fn map() -> &'static str {
        &SHIPPED[..SHIPPED.find("\n[siege]").expect("the shipped file has a [siege] section")]
    }

    /// A map of the test's own with the counters of `siege`.
    pub fn with_map(map: &str, siege: &str, seed: u64) -> Game {
        let source = format!("{map}\n{siege}");
        let scenario = sandtable::scenario::parse("conformance.toml", &source).unwrap_or_else(|e| panic!("{e}"));
        Game::new(Arc::new(scenario), seed)
    }

    /// Applies an action; its log line, or the refusal in words.
    pub fn act(game: &mut Game, json: Value) -> Result<String, String> {
        let action = Action::from_json(&json.to_string()).unwrap_or_else(|e| panic!("{json}: {e}"));
        let before = game.events().len();
        match game.apply(&action) {
            Ok(event) => {
                let event = event.clone();
                Ok(game.describe(&event))
            }
            Err(e) => {
                assert_eq!(game.events().len(), before, "a refusal records nothing");
                Err(e.to_string())
            }
        }
    }

    /// Applies an action the rules must refuse: the refusal, its words and the rule it names.
    pub fn refused(game: &mut Game, json: Value) -> sandtable::game::Refusal {
        let action = Action::from_json(&json.to_string()).unwrap_or_else(|e| panic!("{json}: {e}"));
        let before = game.events().len();
        match game.apply(&action) {
            Err(sandtable::game::GameError::Refused(refusal)) => {
                assert_eq!(game.events().len(), before, "a refusal records nothing");
                refusal
            }
            other => panic!("{json} was not refused by a rule: {other:?}"),
        }
    }

    /// Applies an action that must be taken; its log line.
    pub fn ok(game: &mut Game, json: Value) -> String {
        act(game, json.clone()).unwrap_or_else(|why| panic!("{json} was refused: {why}"))
    }

    /// The system's own part of the game's view, as the screens read it.
    pub fn estate(game: &Game) -> Value {
        let view = serde_json::to_value(sandtable::api::GameView::of(1, "test", game)).expect("views serialise");
        view["rules"]["view"].clone()
    }

    /// The stage as the view keys it: "draw", "redeploy", "combat/soldier_fire".
    pub fn stage(game: &Game) -> String {
        let stage = &estate(game)["stage"];
        match stage["phase"].as_str() {
            Some(phase) => format!("combat/{phase}"),
            None => stage["stage"].as_str().expect("a stage").to_string(),
        }
    }

    /// Where a counter stands now: its zone's id, or where it is off the map ("wounded", "cup").
    pub fn at(game: &Game, counter: &str) -> String {
        let view = estate(game);
        let c = view["counters"].as_array().unwrap().iter().find(|c| c["id"] == counter).expect("a counter");
        c["zone"].as_str().map_or_else(|| c["at"].as_str().unwrap().to_string(), str::to_string)
    }

    /// Advances until the stage is `to`, typing no dice; panics after a hundred steps.
    pub fn advance_to(game: &mut Game, to: &str) {
        for _ in 0..100 {
            if stage(game) == to {
                return;
            }
            ok(game, serde_json::json!({"type": "advance"}));
        }
        panic!("never reached {to}: stands at {}", stage(game));
    }
}
