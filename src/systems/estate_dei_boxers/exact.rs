//! Exact odds by following the procedure itself, for `game odds` and the view's fire and melee odds: every
//! sequence of faces a roll can show is played on a copy of the siege, so what each outcome takes is what
//! the procedure does with those faces (fanatics absorbing or weakened, no more than the points present,
//! every die of the action: the soldiers' volley and each gun's test), never a reading of the table beside
//! it. Enumerated, never sampled.

use super::map::each;
use super::siege::{
    FireOrder, Io, LossesOnce, Rules, Siege, Waits, boxer_melee, loss_capacity, morale_test, settle_owed,
    soldier_melee,
};
use super::view::Chance;
use crate::odds::{Dist, OddsView};

/// One way the dice can fall: its chance, what it takes, the points the table's results name and their
/// words, and the dice it threw.
pub struct Way {
    pub p: f64,
    pub value: i64,
    pub named: i64,
    pub results: Vec<String>,
    pub dice: Vec<String>,
}

/// Dice from a script of faces. Past the script, the first `branching` dice ask for one face more (the
/// sequence is then played again for each face); later dice read a 1, what they decide being no part of
/// what is measured (an officer's risk after a melee's losses).
pub struct Script<'a> {
    faces: &'a [u8],
    used: usize,
    branching: usize,
    wanted: bool,
    named: i64,
    results: Vec<String>,
    dice: Vec<String>,
}

impl Script<'static> {
    /// Every die reads a 1: for following a procedure to a decision, not for measuring it.
    pub fn ones() -> Script<'static> {
        Script { faces: &[], used: 0, branching: 0, wanted: false, named: 0, results: Vec::new(), dice: Vec::new() }
    }
}

impl Io for Script<'_> {
    const TELLS: bool = false;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8 {
        let i = self.used;
        self.used += 1;
        if let Some(&face) = self.faces.get(i) {
            self.dice.push(label());
            return face;
        }
        self.wanted |= i < self.branching;
        1
    }
    fn pick(&mut self, _n: usize) -> usize {
        0
    }
    fn say(&mut self, _line: String) {}
    fn table_says(&mut self, named: i64, words: impl FnOnce() -> String) {
        if self.used <= self.faces.len() {
            self.named += named;
            self.results.push(words());
        }
    }
}

/// Every way the first `branching` dice `run` throws can fall, with what `run` measures after each.
pub fn every_way(branching: usize, run: impl Fn(&mut Script) -> i64) -> Vec<Way> {
    let mut ways = Vec::new();
    let mut scripts: Vec<Vec<u8>> = vec![Vec::new()];
    while let Some(faces) = scripts.pop() {
        let mut io =
            Script { faces: &faces, used: 0, branching, wanted: false, named: 0, results: Vec::new(), dice: Vec::new() };
        let value = run(&mut io);
        if io.wanted {
            scripts.extend((1..=6).rev().map(|face| [faces.as_slice(), &[face]].concat()));
        } else {
            let p = (1.0 / 6.0f64).powi(faces.len() as i32);
            ways.push(Way { p, value, named: io.named, results: io.results, dice: io.dice });
        }
    }
    ways
}

/// The first throw of the step the siege stands at (the event test, the bombardment's quarter, the entry
/// zone, the wounded's return, a fire fought or spreading), its `dice` dice: what the table names.
pub fn first_throw(rules: &Rules, siege: &Siege, dice: usize) -> Vec<Way> {
    every_way(dice, |io| {
        let mut s = siege.clone();
        s.run(rules, io, &mut Waits, true);
        io.named
    })
}

/// Boxer points on the map.
fn boxer_points(rules: &Rules, siege: &Siege) -> i64 {
    siege.census(rules).boxers.iter().map(|&p| i64::from(p)).sum()
}

/// The defenders' points losses can take: soldier points, a gun's steps (the gun, then its crew) and
/// civilian points, wherever they stand.
fn defender_points(rules: &Rules, siege: &Siege) -> i64 {
    let census = siege.census(rules);
    let held: i64 = each(census.holds())
        .map(|z| {
            let (soldiers, guns) = loss_capacity(siege, rules, z);
            i64::from(soldiers) + i64::from(guns)
        })
        .sum();
    held + census.civilians.iter().map(|&p| i64::from(p)).sum::<i64>()
}

/// A zone's fire as ordered (6.3, 3.1, 3.2), every die of it: the Boxer points it eliminates or routes.
pub fn fire(rules: &Rules, siege: &Siege, from: u8, order: &FireOrder) -> Vec<Way> {
    let before = boxer_points(rules, siege);
    every_way(usize::MAX, |io| {
        let mut s = siege.clone();
        s.fire(rules, io, from, order);
        before - boxer_points(rules, &s)
    })
}

/// The Boxers' melee in `zone` (6.4): the defender points it eliminates, its losses taken by Sandtable's
/// rule (any choice of counters takes as many points).
pub fn boxer_melee_in(rules: &Rules, siege: &Siege, zone: u8) -> Vec<Way> {
    let before = defender_points(rules, siege);
    every_way(1, |io| {
        let mut s = siege.clone();
        boxer_melee(&mut s, rules, io, zone);
        settle_owed(&mut s, rules, io, &mut LossesOnce(Some(Vec::new())));
        before - defender_points(rules, &s)
    })
}

/// The losses owed taken (by `order`, or Sandtable's rule when it is empty), then each officer's risk of
/// death where soldiers fell (6.4, FAQ 1.5.1): the officers who fall.
pub fn after_losses(rules: &Rules, siege: &Siege, order: &[usize]) -> Vec<Way> {
    let officers: Vec<usize> = (0..rules.roster.defenders).filter(|&p| rules.roster.pieces[p].kind.is_officer()).collect();
    let mut ways = every_way(usize::MAX, |io| {
        let mut s = siege.clone();
        settle_owed(&mut s, rules, io, &mut LossesOnce(Some(order.to_vec())));
        officers.iter().filter(|&&p| s.pieces[p] != siege.pieces[p]).count() as i64
    });
    for way in &mut ways {
        way.named = way.value;
        way.results = vec![match way.value {
            0 => "every officer survives".into(),
            1 => "1 officer falls".into(),
            n => format!("{n} officers fall"),
        }];
    }
    ways
}

/// The soldiers' melee in `zone` (6.6): the Boxer points it eliminates.
pub fn soldier_melee_in(rules: &Rules, siege: &Siege, zone: u8) -> Vec<Way> {
    let before = boxer_points(rules, siege);
    every_way(1, |io| {
        let mut s = siege.clone();
        soldier_melee(&mut s, rules, io, zone);
        before - boxer_points(rules, &s)
    })
}

/// The Boxers' morale test in `zone` (6.7): the Boxer points that flee.
pub fn morale_in(rules: &Rules, siege: &Siege, zone: u8) -> Vec<Way> {
    let before = boxer_points(rules, siege);
    every_way(1, |io| {
        let mut s = siege.clone();
        morale_test(&mut s, rules, io, zone);
        before - boxer_points(rules, &s)
    })
}

/// A way's results in words, and what it takes where that is not what the table names: fanatics absorbing
/// or weakened (`fanatics`: they stand where it falls), fewer points there than named.
fn words(way: &Way, fanatics: bool) -> String {
    let named = way.results.join("; ");
    let (value, table) = (way.value, way.named);
    match () {
        _ if value == table => named,
        _ if fanatics && value == 0 => format!("{named}: the fanatics absorb them"),
        _ if fanatics => format!("{named}: the fanatics lose {value}"),
        _ if value < table => format!("{named}: only {value} there"),
        _ => format!("{named}: {value} taken"),
    }
}

/// The chance of each result, ways reading the same being one result, in the order they first come.
pub fn chances(ways: &[Way], fanatics: bool) -> Vec<Chance> {
    let mut out: Vec<Chance> = Vec::new();
    for way in ways {
        let result = words(way, fanatics);
        match out.iter_mut().find(|c| c.result == result) {
            Some(c) => c.p += way.p,
            None => out.push(Chance { result, p: way.p }),
        }
    }
    out
}

/// The odds of a roll over what it takes, with a line for each result and the dice it throws in order.
pub fn odds_view(label: String, ways: &[Way], fanatics: bool) -> OddsView {
    let dist = Dist::from_weights(ways.iter().map(|w| (w.value, w.p))).normalised();
    let longest = ways.iter().max_by_key(|w| w.dice.len());
    let dice = longest.map(|w| w.dice.iter().map(|label| format!("1 D6: {label}")).collect::<Vec<_>>());
    let mut view = OddsView::new(label, &dist).with_dice(dice.unwrap_or_default());
    for chance in chances(ways, fanatics) {
        view.add_line(chance.result, chance.p);
    }
    view
}
