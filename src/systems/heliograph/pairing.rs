//! Who fights whom in a melee: "Maximum of two figures can melee one figure." The app pairs in roster order
//! unless the table lets the attacker choose (`attacker_pairs`); spare defenders double up on fewer
//! attackers only under `defenders_double_up`.

use serde::{Deserialize, Serialize};

use super::context::{Ctx, MELEE};
use crate::game::{GameError, Refusal};
use crate::roster::{Figure, Unit};

/// One fight as typed by the attacker: figure ids of each unit. One side has one figure, the other one or two.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    pub attackers: Vec<u32>,
    pub defenders: Vec<u32>,
}

/// One fight within the melee: one figure against one or two.
pub struct Fight<'a> {
    pub attackers: Vec<&'a Figure>,
    pub defenders: Vec<&'a Figure>,
}

pub fn fights<'a>(
    ctx: &Ctx,
    attacker: &'a Unit,
    defender: &'a Unit,
    chosen: Option<&[Pairing]>,
) -> Result<Vec<Fight<'a>>, GameError> {
    match chosen {
        None => Ok(in_roster_order(ctx, attacker, defender)),
        Some(pairs) if ctx.option("attacker_pairs") => chosen_by_attacker(ctx, attacker, defender, pairs),
        Some(_) => Err(Refusal::by_rule(
            "the app pairs the figures in roster order; the option attacker_pairs lets the attacker choose",
            MELEE,
        )
        .into()),
    }
}

/// Attackers take the defenders one each in order, then a second on each, never more than two on one.
/// With `defenders_double_up`, defenders left over when the attackers are fewer join the fights the same way.
fn in_roster_order<'a>(ctx: &Ctx, attacker: &'a Unit, defender: &'a Unit) -> Vec<Fight<'a>> {
    let max = ctx.charts.melee.max_on_one;
    let (attackers, defenders): (Vec<&Figure>, Vec<&Figure>) = (attacker.alive().collect(), defender.alive().collect());
    if defenders.len() > attackers.len() && ctx.option("defenders_double_up") {
        let groups = spread(&attackers, &defenders, max);
        return groups.into_iter().map(|(one, many)| Fight { attackers: vec![one], defenders: many }).collect();
    }
    spread(&defenders, &attackers, max)
        .into_iter()
        .map(|(one, many)| Fight { attackers: many, defenders: vec![one] })
        .collect()
}

/// The figures of `many` taken over those of `few` in order, one on each, then a second on each, never
/// more than `max` on one; each of `few` with those on it, leaving out any with none.
fn spread<'a>(few: &[&'a Figure], many: &[&'a Figure], max: usize) -> Vec<(&'a Figure, Vec<&'a Figure>)> {
    if few.is_empty() {
        return Vec::new();
    }
    let mut groups: Vec<(&Figure, Vec<&Figure>)> = few.iter().map(|f| (*f, Vec::new())).collect();
    for (i, figure) in many.iter().take(max * few.len()).enumerate() {
        groups[i % few.len()].1.push(figure);
    }
    groups.retain(|(_, on)| !on.is_empty());
    groups
}

fn chosen_by_attacker<'a>(
    ctx: &Ctx,
    attacker: &'a Unit,
    defender: &'a Unit,
    pairs: &[Pairing],
) -> Result<Vec<Fight<'a>>, GameError> {
    let max = ctx.charts.melee.max_on_one;
    let refuse = |message: String| -> GameError { Refusal::by_rule(message, MELEE).into() };
    // The ids of each side's figures already in a fight.
    let (mut attacking, mut defending): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let pick = |unit: &'a Unit, id: u32, taken: &mut Vec<u32>| -> Result<&'a Figure, GameError> {
        let figure = unit
            .alive()
            .find(|f| f.id == id)
            .ok_or_else(|| refuse(format!("{} has no standing figure {id}", unit.name)))?;
        if taken.contains(&id) {
            return Err(refuse(format!("figure {id} of {} is paired twice", unit.name)));
        }
        taken.push(id);
        Ok(figure)
    };
    let mut fights = Vec::new();
    for pair in pairs {
        let (a, d) = (pair.attackers.len(), pair.defenders.len());
        let shape_ok = (a == 1 && (1..=max).contains(&d)) || (d == 1 && (1..=max).contains(&a));
        if !shape_ok {
            return Err(refuse(format!(
                "a fight is one figure against one to {max}: {a} attackers against {d} defenders is not one"
            )));
        }
        if d > 1 && !ctx.option("defenders_double_up") {
            return Err(refuse("two defenders on one attacker needs the option defenders_double_up".to_string()));
        }
        let attackers =
            pair.attackers.iter().map(|id| pick(attacker, *id, &mut attacking)).collect::<Result<_, _>>()?;
        let defenders =
            pair.defenders.iter().map(|id| pick(defender, *id, &mut defending)).collect::<Result<_, _>>()?;
        fights.push(Fight { attackers, defenders });
    }
    // Every attacker in contact fights while a defender still has room for another on him.
    let idle = attacker.alive().filter(|f| !attacking.contains(&f.id)).count();
    let room = defender.alive().filter(|d| {
        let on = fights.iter().find(|f| f.defenders.len() == 1 && f.defenders[0].id == d.id);
        !defending.contains(&d.id) || on.is_some_and(|f| f.attackers.len() < max)
    });
    if idle > 0 && room.count() > 0 {
        return Err(refuse(format!(
            "{} of {}'s figures stand out while a defender has room for another on him: every figure fights",
            idle, attacker.name
        )));
    }
    if fights.is_empty() {
        return Err(refuse("name at least one fight".to_string()));
    }
    Ok(fights)
}
