//! The luck of an entry: the entry is followed again from the table as it stood, on its recorded faces
//! and the cup draws its day recorded, and each throw the procedure reads reports what it counted, the
//! exact chance of each count as the table stood just before that throw, and the count that came. An
//! entry that does not come out the same when followed (one stored before the cup's draws were kept, or
//! played under other charts) reports nothing rather than a guess.

use std::collections::BTreeMap;

use super::EstateDeiBoxers;
use super::play::{self, Ctx_, Throws};
use super::roster::Cup;
use super::siege::throws::{Throw, Whose};
use super::turn::Change;
use crate::dice::GameRng;
use crate::game::{Action, Effect, Outcome};
use crate::odds::Dist;
use crate::rules::{Act, Luck};

/// An entry followed again: the faces it recorded, typed in order; the counters its day's attacks drew
/// from the cup (the attack, the mine's attack); and each throw's count as it is read.
pub struct Follow {
    pub faces: Vec<i64>,
    pub draws: [Cup; 2],
    counts: Vec<(Throw, Dist, i64)>,
}

impl Follow {
    /// Keeps a throw: the chance of each count over every total of its dice, and the count of the total
    /// thrown.
    pub fn count(&mut self, throw: Throw, count: impl Fn(u8) -> i64) {
        let mut ways: BTreeMap<i64, u32> = BTreeMap::new();
        let totals: Vec<u8> = match throw.dice {
            1 => (1..=6).collect(),
            _ => (1..=6).flat_map(|a| (1..=6).map(move |b| a + b)).collect(),
        };
        for &total in &totals {
            *ways.entry(count(total)).or_default() += 1;
        }
        // Whole counts of ways over their number, as the odds view divides them.
        let expected = Dist::from_weights(ways.into_iter().map(|(n, w)| (n, f64::from(w) / totals.len() as f64)));
        self.counts.push((throw, expected, count(throw.total)));
    }
}

pub fn luck(ctx: &Ctx_, action: Act<'_, EstateDeiBoxers>, outcome: &Outcome) -> Vec<Luck> {
    let Outcome::Resolved { rolls, effects, .. } = outcome else { return Vec::new() };
    if rolls.is_empty() {
        return Vec::new();
    }
    let changes: Vec<&Change> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::System(change) => change.read::<EstateDeiBoxers>().ok(),
            _ => None,
        })
        .collect();
    // A day's draws are in the day as the entry left it; an entry that drew none leaves them as they were.
    let today = changes
        .iter()
        .rev()
        .find_map(|c| match c {
            Change::Today { today } => Some(*today),
            _ => None,
        })
        .unwrap_or(ctx.turn.siege().today);
    let mut follow = Follow {
        faces: rolls.iter().map(|r| r.roll.total).collect(),
        draws: [today.drawn, today.mine_drawn],
        counts: Vec::new(),
    };
    // Never drawn from: every die is typed and every draw given back; one that is not shows in the effects.
    let mut rng = GameRng::for_event(0, 0);
    let throws = Throws { rng: &mut rng, follow: Some(&mut follow) };
    let again = match action {
        Act::Shared(Action::DrawCard { .. }) => {
            let Some(drawn) = changes.iter().find(|c| matches!(c, Change::Drawn { .. })) else { return Vec::new() };
            play::play_card(ctx, (*drawn).clone(), throws)
        }
        Act::Own(own) => play::dispatch(ctx, &own, throws),
        Act::Shared(_) => return Vec::new(),
    };
    let same =
        matches!(&again, Ok(Outcome::Resolved { rolls: r, effects: e, .. }) if e == effects && r.len() == rolls.len());
    if !same {
        return Vec::new();
    }
    follow
        .counts
        .into_iter()
        .filter_map(|(throw, expected, actual)| {
            let side = side_of(ctx, throw.whose)?;
            Some(Luck { side, measure: throw.measure.to_string(), expected, actual })
        })
        .collect()
}

/// The scenario's first side is the Great Powers', its second the Boxers', as the shipped siege lists them.
pub fn side_of(ctx: &Ctx_, whose: Whose) -> Option<String> {
    let index = match whose {
        Whose::Defenders => 0,
        Whose::Boxers => 1,
    };
    ctx.scenario.sides.get(index).map(|s| s.id.clone())
}
