//! The exact odds shown before a roll (`game odds`): a zone's fire as ordered, and the first Boxer melee an
//! `advance` will fight. Each outcome's value is the quantity the roll decides, Boxer points eliminated or
//! routed, defender points eliminated, so the mean is what the roll is expected to take; the lines name the
//! table's results.

use super::actions::EstateAction;
use super::map::each;
use super::play::{Compiled, Ctx_, fire_order};
use super::siege::{GunUse, Phase, Stage};
use super::view::{Faces, boxer_melee_faces, chances, fire_aims};
use super::EstateDeiBoxers;
use crate::game::GameError;
use crate::odds::{Dist, OddsView};
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
            let census = siege.census(&rules);
            let (mode, measure) = match order.guns {
                GunUse::Join => ("join", "Boxer points eliminated (S: none)"),
                GunUse::Tep(_) => ("tep", "Boxer points routed by the psychological test"),
                GunUse::Hold => ("hold", "Boxer points eliminated (S: none)"),
            };
            let want = match (&order.guns, order.target) {
                (GunUse::Tep(list), _) => list.first().map(|&(_, t)| t),
                (_, t) => t,
            };
            let want = want.map(|t| rules.map.zones[t as usize].id.as_str());
            let (choice, faces) = fire_aims(&rules, siege, &census, from_zone)
                .into_iter()
                .find(|(c, _)| c.guns == mode && Some(c.target.as_str()) == want)
                .ok_or_else(|| GameError::BadInput("no such fire".into()))?;
            let label = format!("fire from {from} at {}: {measure}", choice.target);
            Ok(Some(view(label, &faces)))
        }
        Act::Own(EstateAction::Advance { .. }) => {
            if siege.stage != (Stage::Combat { phase: Phase::BoxerMelee }) || siege.today.owed.is_some() {
                return Ok(None);
            }
            // The next Boxer melee the phase will fight: the first of those left, once the phase has begun.
            let census = siege.census(&rules);
            let fights = census.with_chinese & census.holds() & siege.today.melees.unwrap_or(!0);
            let Some(zone) = each(fights).next() else { return Ok(None) };
            let faces = boxer_melee_faces(&rules, siege, &census, zone);
            let label = format!("Boxer melee in {}: defender points eliminated (B: none)", rules.map.name(zone));
            Ok(Some(view(label, &faces)))
        }
        _ => Ok(None),
    }
}

/// The roll's distribution over its values, and a line for each of the table's results.
fn view(label: String, faces: &Faces) -> OddsView {
    let dist = Dist::from_weights(faces.iter().map(|&(_, value)| (value, 1.0 / 6.0))).normalised();
    let mut view = OddsView::new(label, &dist).with_dice(["1 D6".to_string()]);
    for line in chances(faces) {
        view.add_line(line.result, line.p);
    }
    view
}
