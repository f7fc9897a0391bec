//! The morale tests phases E and F owe, and what each phase opens with: a test no die decides ("Always"
//! passes, "No" fails) is recorded by the app as its phase opens, and a phase left with nothing owed is
//! passed over.

use super::context::Ctx;
use super::morale::{recorded, test_for};
use super::turn::{Change, Charge, Phase, Turn};
use crate::roster::Unit;
use crate::rules::and_list;

/// Chargers still to test to finish their charge (phase E).
pub fn finishing<'a>(ctx: &Ctx<'a>, turn: &'a Turn) -> Vec<&'a Charge> {
    turn.charges.iter().filter(|c| c.attacker_passed.is_none() && ctx.live(c)).collect()
}

/// Defenders still to test to stand (phase F), each once however many charged it, with its chargers.
pub fn standing<'a>(ctx: &Ctx<'a>, turn: &Turn) -> Vec<(&'a Unit, Vec<&'a Unit>)> {
    let mut owed: Vec<(&Unit, Vec<&Unit>)> = Vec::new();
    for charge in turn.charges.iter().filter(|c| c.owes_stand_test() && ctx.live(c)) {
        let (Some(defender), Some(attacker)) = (ctx.state.unit(&charge.defender), ctx.state.unit(&charge.attacker))
        else {
            continue;
        };
        match owed.iter_mut().find(|(d, _)| d.id == defender.id) {
            Some((_, attackers)) => attackers.push(attacker),
            None => owed.push((defender, vec![attacker])),
        }
    }
    owed
}

/// "A and B": the chargers a defender stands against.
pub fn names(units: &[&Unit]) -> String {
    and_list(&units.iter().map(|u| u.name.as_str()).collect::<Vec<_>>())
}

/// Whom a unit tests against, in words: the unit it charged, or those charging it ("A and B").
pub fn opponents(ctx: &Ctx, turn: &Turn, unit: &Unit, charging: bool) -> String {
    if charging {
        return turn.charge_by(&unit.id).map(|c| ctx.name_of(&c.defender).to_string()).unwrap_or_default();
    }
    let attackers: Vec<&Unit> = turn
        .charges
        .iter()
        .filter(|c| c.defender == unit.id && c.attacker_passed == Some(true) && ctx.live(c))
        .filter_map(|c| ctx.state.unit(&c.attacker))
        .collect();
    names(&attackers)
}

/// The phase that follows `from` (phase D's second half, E or F), with the tests recorded as it opens.
pub fn after(ctx: &Ctx, from: Phase) -> (Phase, Vec<(String, Change)>) {
    let mut turn = ctx.turn.clone();
    let mut settled = Vec::new();
    let mut settle = |turn: &mut Turn, unit: &Unit, charging: bool| {
        let test = test_for(ctx, unit, charging);
        if let Some(passed) = test.decided() {
            let (line, change) = recorded(&test, passed, "", &opponents(ctx, turn, unit, charging));
            turn.apply(&change);
            settled.push((line, change));
        }
    };
    if from == Phase::FireSecond {
        let chargers: Vec<String> = finishing(ctx, &turn).iter().map(|c| c.attacker.clone()).collect();
        for unit in chargers.iter().filter_map(|id| ctx.state.unit(id)) {
            settle(&mut turn, unit, true);
        }
        if !finishing(ctx, &turn).is_empty() {
            return (Phase::ChargeMorale, settled);
        }
    }
    if from != Phase::StandMorale {
        let defenders: Vec<&Unit> = standing(ctx, &turn).into_iter().map(|(d, _)| d).collect();
        for unit in defenders {
            settle(&mut turn, unit, false);
        }
        if !standing(ctx, &turn).is_empty() {
            return (Phase::StandMorale, settled);
        }
    }
    (Phase::Melee, settled)
}
