//! The exact odds shown before a roll (`game odds`): a zone's fire as ordered, every die of it, and the
//! first throw an `advance` makes in the Boxers' melee, the soldiers' melee or the Boxers' morale. Each
//! outcome's value is what the procedure takes with those faces (`exact`), Boxer points eliminated or
//! routed, defender points eliminated, so the mean is what the roll is expected to take; the lines name the
//! table's results.

use super::EstateDeiBoxers;
use super::actions::EstateAction;
use super::exact;
use super::map::{bit, each};
use super::play::{Compiled, Ctx_, LOSSES, counter, fire_order, suggested_fire};
use super::siege::{FireOrder, GunUse, Phase, Rules, Siege, Stage, check_losses};
use crate::game::{GameError, Refusal};
use crate::odds::OddsView;
use crate::rules::Act;

pub fn odds(ctx: &Ctx_, action: Act<'_, EstateDeiBoxers>) -> Result<Option<OddsView>, GameError> {
    let c = Compiled::of(&ctx.setup.scenario);
    let rules = c.rules(ctx.charts, &|n| ctx.option(n));
    let siege = ctx.turn.siege();
    match action {
        Act::Own(EstateAction::Fire { from, target, guns, tep_target, tep_targets, .. }) => {
            let (from_zone, order) = fire_order(
                &rules,
                siege,
                &from,
                target.as_deref(),
                guns.as_deref(),
                tep_target.as_deref(),
                tep_targets.as_ref(),
            )?;
            Ok(Some(fire_odds(&rules, siege, from_zone, &order, &format!("fire from {from}"))))
        }
        Act::Own(EstateAction::TakeLosses { counters, .. }) if siege.today.owed.is_some() => {
            let order = counters.iter().map(|c| counter(&rules, c)).collect::<Result<Vec<_>, _>>()?;
            check_losses(siege, &rules, &order).map_err(|why| Refusal::by_rule(why, LOSSES))?;
            Ok(losses_odds(&rules, siege, &order))
        }
        Act::Own(EstateAction::Advance { .. }) if siege.today.owed.is_some() => Ok(losses_odds(&rules, siege, &[])),
        Act::Own(EstateAction::Advance { .. }) if siege.stage == Stage::Combat { phase: Phase::SoldierFire } => {
            let Some((from, order)) = suggested_fire(&rules, siege) else { return Ok(None) };
            let whose = format!("Sandtable's suggestion, its first fire (6.3): fire from {}", rules.map.name(from));
            Ok(Some(fire_odds(&rules, siege, from, &order, &whose)))
        }
        Act::Own(EstateAction::Advance { .. }) => {
            let census = siege.census(&rules);
            // The phase's first throw: of its melees, the first of those left once the phase has begun.
            let left = siege.today.melees.unwrap_or(!0);
            let name = |z: u8| rules.map.name(z);
            let (label, ways, fanatics) = match siege.stage {
                Stage::Combat { phase: Phase::BoxerMelee } => {
                    let Some(z) = each(census.with_chinese & census.holds() & left).next() else { return Ok(None) };
                    let label = format!("Boxer melee in {}: defender points eliminated (B: none)", name(z));
                    (label, exact::boxer_melee_in(&rules, siege, z), false)
                }
                Stage::Combat { phase: Phase::SoldierMelee } => {
                    let fights = census.with_chinese & (census.with_soldiers | census.with_guns) & left;
                    let Some(z) = each(fights).next() else { return Ok(None) };
                    let label = format!("soldiers' melee in {}: Boxer points eliminated (S: none)", name(z));
                    (label, exact::soldier_melee_in(&rules, siege, z), census.with_fanatics & bit(z) != 0)
                }
                Stage::Combat { phase: Phase::Morale } => {
                    let Some(z) = each(siege.marks.hit & census.with_chinese).next() else { return Ok(None) };
                    (format!("Boxer morale in {}: Boxer points that flee", name(z)), exact::morale_in(&rules, siege, z), false)
                }
                Stage::Event => ("the event test (5.3): the event".into(), exact::first_throw(&rules, siege, 2), false),
                Stage::Bombard => ("the bombardment (5.2): the quarter".into(), exact::first_throw(&rules, siege, 2), false),
                Stage::Attack => ("the Boxers' entry zone (5.1.4)".into(), exact::first_throw(&rules, siege, 1), false),
                Stage::Wounded { points: 0 } => {
                    ("the wounded's return (5.1.6): points back".into(), exact::first_throw(&rules, siege, 1), false)
                }
                Stage::Combat { phase: Phase::Fires } => {
                    ("fires (6.1): put out, or spreading".into(), exact::first_throw(&rules, siege, 1), false)
                }
                _ => return Ok(None),
            };
            if ways.iter().all(|w| w.dice.is_empty()) {
                return Ok(None);
            }
            Ok(Some(exact::odds_view(label, &ways, fanatics)))
        }
        _ => Ok(None),
    }
}

/// A zone's fire as ordered, every die of it: the Boxer points it eliminates or routes, under `heading`.
fn fire_odds(rules: &Rules, siege: &Siege, from: u8, order: &FireOrder, heading: &str) -> OddsView {
    let fanatics = aims(order) & siege.census(rules).with_fanatics != 0;
    let label = format!("{heading}: {}: Boxer points eliminated or routed", order_words(rules, order));
    exact::odds_view(label, &exact::fire(rules, siege, from, order), fanatics)
}

/// The losses owed taken, then the officers' risk where soldiers fell; none when no officer risks death.
fn losses_odds(rules: &Rules, siege: &Siege, order: &[usize]) -> Option<OddsView> {
    let owed = siege.today.owed?;
    let ways = exact::after_losses(rules, siege, order);
    if ways.iter().all(|w| w.dice.is_empty()) {
        return None;
    }
    let label = format!("the officers' risk after the losses in {} (6.4): officers who fall", rules.map.name(owed.zone));
    Some(exact::odds_view(label, &ways, false))
}

/// The zones an order aims at: the soldiers' target and each gun's test.
fn aims(order: &FireOrder) -> u64 {
    let tests = match &order.guns {
        GunUse::Tep(list) => list.iter().fold(0, |m, &(_, t)| m | bit(t)),
        _ => 0,
    };
    order.target.map_or(0, bit) | tests
}

/// An order in words: "the soldiers and guns at GB1", "psychological tests at FU1, TW2".
fn order_words(rules: &Rules, order: &FireOrder) -> String {
    let name = |z: u8| rules.map.name(z).to_string();
    let volley = order.target.map(|t| match order.guns {
        GunUse::Join => format!("the soldiers and guns at {}", name(t)),
        _ => format!("the soldiers at {}", name(t)),
    });
    let tests = match &order.guns {
        GunUse::Tep(list) => {
            let zones: Vec<String> = each(aims(&FireOrder { target: None, guns: order.guns.clone() })).map(name).collect();
            (!list.is_empty()).then(|| format!("the guns' psychological test at {}", zones.join(", ")))
        }
        _ => None,
    };
    volley.into_iter().chain(tests).collect::<Vec<_>>().join(", ")
}
