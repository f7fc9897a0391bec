//! The set-up throws of a one-off battle, in the text's order: each side a D6 for its terrain pieces (the
//! higher places first), a D6 for the baselines (the higher chooses), a D6 for its deployment depth, a D6 for
//! its commander, and, for armies of thrown value, 8D6 each. Ties that decide who goes first or chooses are
//! thrown again; the counts themselves stand. Every throw is the app's or typed, in that order.

use serde::Serialize;

use super::super::tables::Tables;
use crate::dice::{DiceExpr, DiceFeed, GameRng, NamedRoll};

const MAX_TIES: usize = 64;

/// What the dice decided, each pair in the sides' order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Throws {
    pub pieces: [u32; 2],
    /// The side that places the first piece (0 or 1).
    pub places_first: usize,
    /// The side that chooses its baseline.
    pub chooses_baseline: usize,
    /// Squares in from each side's baseline it may deploy in.
    pub depth: [u32; 2],
    /// Each commander's rating (1 poor, 2 average, 3 exceptional).
    pub commanders: [u32; 2],
    /// Each army's value when thrown (8D6), else none: the armies are of the agreed value.
    pub values: Option<[u32; 2]>,
}

/// Throws the set-up, the app's dice or the faces typed in order; `names` label each side's throws.
pub fn throw(
    tables: &Tables,
    names: [&str; 2],
    thrown_values: bool,
    typed: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<(Throws, Vec<NamedRoll>), String> {
    let d6 = DiceExpr::parse("D6").expect("D6 parses");
    let mut at = Thrower { feed: DiceFeed::new(typed, rng), rolls: Vec::new(), names };
    let pieces = at.pair("terrain pieces", &d6)?;
    let places_first = at.higher("who places first", pieces, &d6)?;
    let baseline = at.pair("baseline", &d6)?;
    let chooses_baseline = at.higher("baseline", baseline, &d6)?;
    let depth = at.pair("deployment depth", &d6)?;
    let commander = at.pair("commander", &d6)?;
    let values = if thrown_values { Some(at.pair("army value", &tables.dice.one_off_army)?) } else { None };
    let Thrower { feed, rolls, .. } = at;
    feed.finish().map_err(|e| e.to_string())?;
    let rating = |face: i64| super::commander(tables, face).map_or(2, |c| c.value);
    let whole = |n: i64| u32::try_from(n).unwrap_or(0);
    let throws = Throws {
        pieces: pieces.map(whole),
        places_first,
        chooses_baseline,
        depth: depth.map(whole),
        commanders: commander.map(rating),
        values: values.map(|v| v.map(whole)),
    };
    Ok((throws, rolls))
}

struct Thrower<'a> {
    feed: DiceFeed<'a>,
    rolls: Vec<NamedRoll>,
    names: [&'a str; 2],
}

impl Thrower<'_> {
    /// Both sides throw `expr`, the first side first.
    fn pair(&mut self, what: &str, expr: &DiceExpr) -> Result<[i64; 2], String> {
        let mut totals = [0; 2];
        for (i, name) in self.names.iter().enumerate() {
            let roll = self.feed.roll(expr, &format!("{name}: {what}")).map_err(|e| e.to_string())?;
            totals[i] = roll.roll.total;
            self.rolls.push(roll);
        }
        Ok(totals)
    }

    /// The side with the higher of `first`, a tie thrown again on `expr` until one is higher.
    fn higher(&mut self, what: &str, first: [i64; 2], expr: &DiceExpr) -> Result<usize, String> {
        let mut faces = first;
        for _ in 0..MAX_TIES {
            if faces[0] != faces[1] {
                return Ok(usize::from(faces[1] > faces[0]));
            }
            faces = self.pair(&format!("{what} (a tie, thrown again)"), expr)?;
        }
        Err(format!("the dice for {what} kept tying; throw again"))
    }
}
