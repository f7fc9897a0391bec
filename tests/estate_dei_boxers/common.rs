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
        Rules { map: &self.map, roster: &self.roster, tables: charts(), wounded_twelve: false, stone_walls: false }
    }

    pub fn zone(&self, id: &str) -> u8 {
        self.map.zone(id).unwrap_or_else(|| panic!("no zone {id}"))
    }

    pub fn piece(&self, id: &str) -> usize {
        self.roster.find(id).unwrap_or_else(|| panic!("no counter {id}"))
    }

    /// A siege with every defender off the map (in the wounded pool, civilians lost), for a clean table.
    pub fn empty(&self) -> Siege {
        let rules = self.rules();
        let mut s = Siege::new(&rules);
        for p in 0..self.roster.defenders {
            s.put(&rules, p, At::Lost);
        }
        s.begin();
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
