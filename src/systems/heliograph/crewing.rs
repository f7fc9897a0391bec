//! Infantry taking over a Gatling whose crew is gone ("Crewing the Gatling Gun"): a full action at the
//! gun, after which those standing at it fire it with two dice each.

use super::context::Ctx;
use super::turn::Change;
use crate::game::{GameError, Outcome, Refusal};

pub const RULE: &str = "Heliograph, Fire Combat: Crewing the Gatling Gun";

/// Infantry at a Gatling whose crew is gone take it over; the gun then fires two dice per infantryman.
pub fn crew_gun(ctx: &Ctx, unit: &str, gun: &str) -> Result<Outcome, GameError> {
    let infantry = ctx.live_unit(unit)?;
    let gatling = ctx.unit(gun)?;
    ctx.activation_refusal(infantry, "crew a gun")?;
    if ctx.weapon(gatling).dice_per_crew.is_none() || gatling.side != infantry.side {
        return Err(Refusal::by_rule(format!("{} is not one of your Gatling guns", gatling.name), RULE).into());
    }
    if !ctx.profile(infantry).infantry {
        return Err(Refusal::by_rule(format!("{} are not infantry", infantry.name), RULE).into());
    }
    if gatling.crew_alive() > 0 {
        return Err(Refusal::by_rule(format!("{} still has its own crew", gatling.name), RULE).into());
    }
    let (Some(a), Some(b)) = (infantry.anchor(), gatling.figures.first().map(|f| f.pos)) else {
        return Err(Refusal::new("the gun has no position").into());
    };
    if crate::measure::distance(a, b) > ctx.charts.gatling_by_infantry.crew_reach {
        return Err(Refusal::by_rule(format!("move {} to the gun first", infantry.name), RULE).into());
    }
    let active = ctx.turn.active.as_ref().expect("checked active");
    let refuse = |why: String| Err(Refusal::by_rule(why, RULE).into());
    if active.moved {
        return refuse(format!(
            "{} moved to the gun this activation: crewing is a full action at the gun, in a later activation",
            infantry.name
        ));
    }
    if active.set_out() {
        return refuse(format!(
            "{} rolled to sight as a moving unit: crewing is a full action at the gun",
            infantry.name
        ));
    }
    if active.fired {
        return refuse(format!("{} fired this activation: crewing takes a full action without firing", infantry.name));
    }
    Ok(Outcome::Resolved {
        summary: format!("{} spend a full action taking over {}", infantry.name, gatling.name),
        rolls: Vec::new(),
        effects: vec![
            Change::Crewed { gun: gatling.id.clone(), by: infantry.id.clone() }.effect(),
            Change::Busy.effect(),
            Change::Fired.effect(),
        ],
    })
}
